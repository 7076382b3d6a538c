//! The constants of generated code, written as a person would (named piece
//! kinds, squares by name), and recorded instead while a transform's image
//! or a CQL function's body is written, so that images (or calls) differing
//! only in constants share one function ([`super::transforms`],
//! [`super::functions`]).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use super::Emitter;
use crate::ir::{Directions, Kinds, VarRef};

/// A constant that a transform's images may differ in.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Constant {
    /// Piece kinds.
    Kinds(Kinds),
    /// A set of squares.
    Squares(u64),
    /// A set of directions.
    Directions(Directions),
    /// A side (`wtm`: white).
    Side {
        /// White (else black).
        white: bool,
    },
    /// A game result (`1-0`).
    Result(String),
    /// A variable.
    Var(VarRef),
    /// A number written in the query.
    Number(i64),
    /// A table of the constants of a transform's images: its name and the
    /// Rust type of its rows.
    Table {
        /// The constant's name.
        name: Ident,
        /// The type of a row.
        row: String,
        /// How many rows.
        rows: usize,
    },
    /// The query text a piece of code comes from. Not a parameter of an
    /// image's function: its body shows the text of the first image.
    Note(String),
}

impl Constant {
    /// The constant as Rust.
    pub(super) fn code(&self) -> TokenStream {
        match self {
            Constant::Kinds(kinds) => quote!(#kinds),
            Constant::Squares(mask) => squares(*mask),
            Constant::Directions(directions) => quote!(#directions),
            Constant::Side { white: true } => quote!(Color::White),
            Constant::Side { white: false } => quote!(Color::Black),
            Constant::Result(text) | Constant::Note(text) => quote!(#text),
            Constant::Var(var) => {
                let name = Ident::new(&var.ident, Span::call_site());
                quote!(#name)
            }
            Constant::Number(n) => {
                let n = proc_macro2::Literal::i64_unsuffixed(*n);
                quote!(#n)
            }
            Constant::Table { name, .. } => quote!(&#name),
        }
    }

    /// The Rust type of a parameter holding the constant.
    pub(super) fn rust_type(&self) -> TokenStream {
        match self {
            Constant::Kinds(_) => quote!(Kinds),
            Constant::Squares(_) => quote!(Bitboard),
            Constant::Directions(_) => quote!(Directions),
            Constant::Side { .. } => quote!(Color),
            Constant::Result(_) | Constant::Note(_) => quote!(&'static str),
            Constant::Var(_) => quote!(Var),
            Constant::Number(_) => quote!(i64),
            Constant::Table { row, rows, .. } => {
                let row: TokenStream = row.parse().expect("a row type");
                let rows = proc_macro2::Literal::usize_unsuffixed(*rows);
                quote!(&'static [#row; #rows])
            }
        }
    }

    /// A name for a parameter that holds this constant, after its role
    /// (`pieces`, `squares`, `directions`, a variable's name), not its value
    /// in one image.
    pub(super) fn parameter_name(&self) -> String {
        match self {
            Constant::Kinds(_) => "pieces".to_owned(),
            Constant::Squares(_) => "squares".to_owned(),
            Constant::Directions(_) => "directions".to_owned(),
            Constant::Side { .. } => "side".to_owned(),
            Constant::Result(_) => "result".to_owned(),
            Constant::Note(_) => "note".to_owned(),
            Constant::Var(var) => format!("{}_var", var.ident.to_lowercase()),
            Constant::Number(_) => "number".to_owned(),
            Constant::Table { .. } => "images".to_owned(),
        }
    }

    /// The prefix of the placeholder that stands for it while recorded.
    fn placeholder_prefix(&self) -> &'static str {
        match self {
            Constant::Note(_) => "__note",
            _ => "__constant",
        }
    }
}

impl Emitter {
    /// `constant` as Rust, or, while an image is being recorded, a
    /// placeholder for it.
    pub(super) fn constant(&self, constant: Constant) -> TokenStream {
        let mut recorders = self.recorders.borrow_mut();
        let Some(recorded) = recorders.last_mut() else { return constant.code() };
        let placeholder = format_ident!("{}{}", constant.placeholder_prefix(), recorded.len());
        recorded.push(constant);
        quote!(#placeholder)
    }

    /// `note("...")`: marks the code that follows as coming from `source`.
    pub(super) fn note(&self, source: &str) -> TokenStream {
        let text = self.constant(Constant::Note(source.to_owned()));
        quote!(note(#text);)
    }

    /// Whether an image is being recorded.
    pub(super) fn is_recording(&self) -> bool {
        !self.recorders.borrow().is_empty()
    }

    /// The code `write` writes, with the constants it used recorded (in
    /// order) instead of written.
    pub(super) fn recording(&self, write: impl FnOnce() -> TokenStream) -> (TokenStream, Vec<Constant>) {
        self.recorders.borrow_mut().push(Vec::new());
        let code = write();
        let recorded = self.recorders.borrow_mut().pop().unwrap_or_default();
        (code, recorded)
    }
}

/// Names a parameter of a generated function cannot have: Rust's keywords,
/// and the names generated code gives its own locals and closures' parameters.
const RESERVED: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "try",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "yield",
    "_",
    "at",
    "mv",
    "from",
    "to",
    "capture",
    "en_passant_square",
    "squares",
    "square",
    "found",
    "position",
    "value",
    "text",
    "matched",
    "left",
    "right",
];

/// A parameter named after `stem` (`stem`, else `stem_2`, `stem_3` ...):
/// neither `taken` nor reserved (see [`RESERVED`]), nor a closure's name.
pub(super) fn parameter_name(stem: &str, taken: impl Fn(&str) -> bool) -> Ident {
    let free = |name: &str| !taken(name) && !RESERVED.contains(&name) && !name.starts_with("step_");
    let name = std::iter::once(stem.to_owned()).chain((2..).map(|n| format!("{stem}_{n}"))).find(|name| free(name));
    format_ident!("{}", name.unwrap_or_else(|| format!("{stem}_parameter")))
}

/// The index of the recorded constant a placeholder stands for.
pub(super) fn placeholder_index(ident: &Ident) -> Option<usize> {
    let name = ident.to_string();
    let digits = name.strip_prefix("__constant").or_else(|| name.strip_prefix("__note"))?;
    digits.parse().ok()
}

/// A constant set of squares: `Bitboard::from_square(Square::H7)`,
/// `Bitboard::FULL`, or the mask in hexadecimal, one byte per rank.
pub(super) fn squares(mask: u64) -> TokenStream {
    if mask == u64::MAX {
        return quote!(Bitboard::FULL);
    }
    if mask.count_ones() == 1 {
        let square = square(mask.trailing_zeros());
        return quote!(Bitboard::from_square(#square));
    }
    let digits = format!("{mask:016x}");
    let grouped: Vec<&str> = (0..4).map(|i| &digits[i * 4..i * 4 + 4]).collect();
    let literal: TokenStream = format!("0x{}", grouped.join("_")).parse().expect("a hexadecimal literal");
    quote!(Bitboard(#literal))
}

/// The square of index `index` (a1 is 0): `Square::H7`.
pub(super) fn square(index: u32) -> TokenStream {
    let square = Ident::new(&square_name(index).to_uppercase(), Span::call_site());
    quote!(Square::#square)
}

/// The name of the square of index `index`: `h7`.
fn square_name(index: u32) -> String {
    let file = (b'a' + (index % 8) as u8) as char;
    let rank = index / 8 + 1;
    format!("{file}{rank}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_squares() {
        assert_eq!(squares(1 << 55).to_string(), "Bitboard :: from_square (Square :: H7)");
        assert_eq!(squares(0xff).to_string(), "Bitboard (0x0000_0000_0000_00ff)");
    }

    #[test]
    fn parameters_are_named_after_their_role() {
        assert_eq!(Constant::Kinds(Kinds::WHITE_QUEEN).parameter_name(), "pieces");
        assert_eq!(Constant::Squares(1 << 55).parameter_name(), "squares");
        assert_eq!(Constant::Directions(Directions::UP).parameter_name(), "directions");
    }

    #[test]
    fn recorded_constants_become_placeholders() {
        let emitter = Emitter::default();
        let (code, recorded) = emitter.recording(|| emitter.constant(Constant::Kinds(Kinds::WHITE_ROOK)));
        assert_eq!(code.to_string(), "__constant0");
        assert_eq!(recorded, [Constant::Kinds(Kinds::WHITE_ROOK)]);
        assert_eq!(emitter.constant(Constant::Kinds(Kinds::WHITE_ROOK)).to_string(), "Kinds :: WHITE_ROOK");
    }
}
