//! The vocabulary written as Rust, as generated code names it: each value
//! by its constant or variant (`Kinds::WHITE_QUEEN`, `Relation::Less`), a
//! header by the parameters it sets.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{ToTokens, quote};

use crate::{
    Arithmetic, Directions, Header, Kinds, Legality, Lineage, MoveSource, MoveSquare, PawnStructure, Positions,
    Prefilter, Relation, Roles, Sort, TreeNumber, WrittenMove,
};

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// `Type::A`, `Type::A | Type::B` (a union: in parentheses where it
/// receives a method call), or `Type(bits)` for no name.
fn union_of(ty: &str, names: &[impl AsRef<str>], bits: TokenStream) -> TokenStream {
    let ty = ident(ty);
    let names: Vec<Ident> = names.iter().map(|name| ident(name.as_ref())).collect();
    match names.as_slice() {
        [] => quote!(#ty(#bits)),
        [one] => quote!(#ty::#one),
        many => quote!(#(#ty::#many)|*),
    }
}

impl ToTokens for Kinds {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(union_of("Kinds", &self.constant_names(), Literal::u16_unsuffixed(self.0).to_token_stream()));
    }
}

impl ToTokens for Roles {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(union_of("Roles", &self.constant_names(), Literal::u8_unsuffixed(self.0).to_token_stream()));
    }
}

impl ToTokens for Directions {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let names: Vec<&str> = self.constant_name().into_iter().collect();
        let bits: TokenStream = format!("0b{:08b}", self.0).parse().expect("a binary literal");
        tokens.extend(union_of("Directions", &names, bits));
    }
}

/// A variant of an enum whose Rust name is its `Debug` name.
macro_rules! variants {
    ($($ty:ident),*) => {$(
        impl ToTokens for $ty {
            fn to_tokens(&self, tokens: &mut TokenStream) {
                let (ty, variant) = (ident(stringify!($ty)), ident(&format!("{self:?}")));
                tokens.extend(quote!(#ty::#variant));
            }
        }
    )*};
}

variants!(Relation, Arithmetic, MoveSource, Legality, MoveSquare, PawnStructure, TreeNumber, Lineage, Positions);

/// `Some("text")` or `None`.
fn text<S: AsRef<str>>(value: &Option<S>) -> TokenStream {
    match value {
        Some(text) => {
            let text = text.as_ref();
            quote!(Some(#text))
        }
        None => quote!(None),
    }
}

/// `Some((first, last))`.
fn range((first, last): (u64, u64)) -> TokenStream {
    let (first, last) = (Literal::u64_unsuffixed(first), Literal::u64_unsuffixed(last));
    quote!(Some((#first, #last)))
}

impl<S: AsRef<str>> ToTokens for Header<S> {
    /// `Header { ... }` naming only the parameters the query sets.
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let mut fields = Vec::new();
        let mut set = |name: &str, value: TokenStream| {
            let name = ident(name);
            fields.push(quote!(#name: #value));
        };
        if self.input.is_some() {
            set("input", text(&self.input));
        }
        if self.output.is_some() {
            set("output", text(&self.output));
        }
        if self.variations {
            set("variations", quote!(true));
        }
        if let Some(gamenumber) = self.gamenumber {
            set("gamenumber", range(gamenumber));
        }
        if let Some(matchcount) = self.matchcount {
            set("matchcount", range(matchcount));
        }
        if self.sort_matchcount {
            set("sort_matchcount", quote!(true));
        }
        if self.matchstring.is_some() {
            set("matchstring", text(&self.matchstring));
        }
        if self.quiet {
            set("quiet", quote!(true));
        }
        if self.silent {
            set("silent", quote!(true));
        }
        if self.result.is_some() {
            set("result", text(&self.result));
        }
        if self.needs_variations.is_some() {
            set("needs_variations", text(&self.needs_variations));
        }
        tokens.extend(quote!(Header { #(#fields,)* ..Header::DEFAULT }));
    }
}

impl<S: AsRef<str>> ToTokens for Sort<S> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let label = self.label.as_ref();
        tokens.extend(if self.min { quote!(Sort::min(#label)) } else { quote!(Sort::max(#label)) });
        if self.quiet {
            tokens.extend(quote!(.quiet()));
        }
    }
}

impl ToTokens for Prefilter {
    /// The condition as built in generated code (`Prefilter::all([...])`,
    /// calls rather than `vec!` so that it is formatted).
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(match self {
            Prefilter::Always => quote!(Prefilter::Always),
            Prefilter::Never => quote!(Prefilter::Never),
            Prefilter::All(parts) => quote!(Prefilter::all([#(#parts),*])),
            Prefilter::AnyOf(parts) => quote!(Prefilter::any_of([#(#parts),*])),
            Prefilter::Move(written) => quote!(Prefilter::Move(#written)),
            Prefilter::Text(text) => quote!(Prefilter::Text(#text.into())),
        });
    }
}

impl ToTokens for WrittenMove {
    /// `WrittenMove { to: 0x..., movers: Roles::BISHOP, promotion: None }`.
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let WrittenMove { to, movers, promotion } = self;
        let to: TokenStream = format!("0x{to:016x}").parse().expect("a hexadecimal literal");
        let promotion = match promotion {
            Some(roles) => quote!(Some(#roles)),
            None => quote!(None),
        };
        tokens.extend(quote!(WrittenMove { to: #to, movers: #movers, promotion: #promotion }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(value: impl ToTokens) -> String {
        value.to_token_stream().to_string()
    }

    #[test]
    fn values_are_written_by_their_names() {
        assert_eq!(code(Kinds::WHITE_BISHOP), "Kinds :: WHITE_BISHOP");
        assert_eq!(code(Kinds::WHITE | Kinds::EMPTY), "Kinds :: WHITE | Kinds :: EMPTY");
        assert_eq!(code(Kinds::NONE), "Kinds (0)");
        assert_eq!(code(Roles::KNIGHT | Roles::QUEEN), "Roles :: KNIGHT | Roles :: QUEEN");
        assert_eq!(code(Directions::DIAGONAL), "Directions :: DIAGONAL");
        assert_eq!(code(Directions(0b0101)), "Directions (0b00000101)");
        assert_eq!(code(Relation::GreaterEqual), "Relation :: GreaterEqual");
        assert_eq!(code(MoveSource::Pseudolegal), "MoveSource :: Pseudolegal");
    }

    #[test]
    fn a_header_names_only_what_it_sets() {
        assert_eq!(code(Header::<String>::default()), "Header { .. Header :: DEFAULT }");
        let header = Header { input: Some("a.pgn".to_owned()), matchcount: Some((2, 9)), ..Header::default() };
        assert_eq!(
            code(header),
            "Header { input : Some (\"a.pgn\") , matchcount : Some ((2 , 9)) , .. Header :: DEFAULT }"
        );
    }
}
