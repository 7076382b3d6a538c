//! The constants of generated code, written as a person would (named piece
//! kinds, squares by name). While a function shared by several uses is
//! written (the images of a transform that differ only in constants, or
//! the calls of a CQL function, see [`super::transforms`] and
//! [`super::functions`]), a constant the uses differ in is a parameter of
//! it instead ([`FamilyFrame`]).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use super::{Emitter, format::doc_lines};
use crate::ir;

/// A constant of generated code.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Constant {
    /// A constant of the query that uses of a shared function may differ in.
    Mapped(ir::Constant),
    /// The query text a piece of code comes from. Never a parameter: a
    /// shared function's body shows the text of its first use.
    Note(String),
}

impl From<ir::Constant> for Constant {
    fn from(constant: ir::Constant) -> Constant {
        Constant::Mapped(constant)
    }
}

impl Constant {
    /// The constant as Rust.
    pub(super) fn code(&self) -> TokenStream {
        match self {
            Constant::Mapped(constant) => mapped_code(constant),
            Constant::Note(text) => quote!(#text),
        }
    }

    /// The Rust type of a parameter holding the constant.
    pub(super) fn rust_type(&self) -> TokenStream {
        match self {
            Constant::Mapped(ir::Constant::Kinds(_)) => quote!(Kinds),
            Constant::Mapped(ir::Constant::Squares(_) | ir::Constant::Shade { .. }) => quote!(Bitboard),
            Constant::Mapped(ir::Constant::Directions(_)) => quote!(Directions),
            Constant::Mapped(ir::Constant::Side { .. }) => quote!(Color),
            Constant::Mapped(ir::Constant::Result(_) | ir::Constant::TransformNames(_)) | Constant::Note(_) => {
                quote!(&'static str)
            }
            Constant::Mapped(ir::Constant::Var(_)) => quote!(Var),
            Constant::Mapped(ir::Constant::Number(_)) => quote!(i64),
        }
    }

    /// A name for a parameter that holds this constant, after its role
    /// (`pieces`, `squares`, `directions`, a variable's name), not its value
    /// in one image.
    pub(super) fn parameter_name(&self) -> String {
        match self {
            Constant::Mapped(constant) => match constant {
                ir::Constant::Kinds(_) => "pieces".to_owned(),
                ir::Constant::Squares(_) => "squares".to_owned(),
                ir::Constant::Directions(_) => "directions".to_owned(),
                ir::Constant::Side { .. } => "side".to_owned(),
                ir::Constant::Result(_) => "result".to_owned(),
                ir::Constant::Shade { .. } => "shade".to_owned(),
                ir::Constant::TransformNames(_) => "transform_names".to_owned(),
                ir::Constant::Var(var) => format!("{}_var", var.ident.to_lowercase()),
                ir::Constant::Number(_) => "number".to_owned(),
            },
            Constant::Note(_) => "note".to_owned(),
        }
    }
}

/// A constant a transform may change, as Rust.
fn mapped_code(constant: &ir::Constant) -> TokenStream {
    match constant {
        ir::Constant::Kinds(kinds) => quote!(#kinds),
        ir::Constant::Squares(mask) => squares(*mask),
        ir::Constant::Directions(directions) => quote!(#directions),
        ir::Constant::Side { white: true } => quote!(Color::White),
        ir::Constant::Side { white: false } => quote!(Color::Black),
        ir::Constant::Result(text) => quote!(#text),
        ir::Constant::Shade { light: true } => quote!(Bitboard::LIGHT_SQUARES),
        ir::Constant::Shade { light: false } => quote!(Bitboard::DARK_SQUARES),
        ir::Constant::TransformNames(names) => {
            let text = format!("<{names}>");
            quote!(#text)
        }
        ir::Constant::Var(var) => {
            let name = Ident::new(&var.ident, Span::call_site());
            quote!(#name)
        }
        ir::Constant::Number(n) => {
            let n = proc_macro2::Literal::i64_unsuffixed(*n);
            quote!(#n)
        }
    }
}

/// The parameters of a family's function being written.
#[derive(Default)]
pub(super) struct FamilyFrame {
    /// Each constant the family's images differ in (its value in the
    /// template) and the parameter that holds it.
    pub(super) slots: Vec<(ir::Constant, Ident)>,
    /// Constants that an enclosing shared function takes as parameters,
    /// which this one takes too, and the parameter that holds each.
    pub(super) passed: Vec<(Constant, Ident)>,
    /// The parameters of [`FamilyFrame::slots`] the code written reads.
    pub(super) used: Vec<Ident>,
    /// Tables of the images of transforms inside the family's template,
    /// whose cells the family's images differ in, and the parameter that
    /// holds each: each image passes its own.
    pub(super) tables: Vec<(ImageTable, Ident)>,
}

/// A table of the constants of a transform's images, one row per image.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ImageTable {
    /// The text of the images' first, for the table's doc.
    pub(super) text: String,
    /// Each row's cells.
    pub(super) rows: Vec<Vec<ir::Constant>>,
}

impl ImageTable {
    /// Whether column `column` holds single squares, which the table holds
    /// as `Square`s.
    pub(super) fn single_squares(&self, column: usize) -> bool {
        self.rows.iter().all(|row| matches!(row[column], ir::Constant::Squares(mask) if mask.count_ones() == 1))
    }

    /// The type of a row: a tuple of the columns' types, or the type of
    /// the one column.
    pub(super) fn row_type(&self) -> TokenStream {
        let columns = self.rows.first().map_or(0, Vec::len);
        let types: Vec<TokenStream> = (0..columns)
            .map(|column| {
                if self.single_squares(column) {
                    quote!(Square)
                } else {
                    Constant::from(self.rows[0][column].clone()).rust_type()
                }
            })
            .collect();
        tuple(types)
    }

    /// The table with each constant replaced as `replace` says.
    pub(super) fn replaced(&self, replace: impl Fn(&ir::Constant) -> ir::Constant) -> ImageTable {
        let rows = self.rows.iter().map(|row| row.iter().map(&replace).collect()).collect();
        ImageTable { text: self.text.clone(), rows }
    }

    /// The rows as Rust.
    fn rows_code(&self) -> Vec<TokenStream> {
        let cell = |column: usize, constant: &ir::Constant| match constant {
            ir::Constant::Squares(mask) if self.single_squares(column) => square(mask.trailing_zeros()),
            constant => mapped_code(constant),
        };
        self.rows.iter().map(|row| tuple(row.iter().enumerate().map(|(column, c)| cell(column, c)).collect())).collect()
    }

    /// The Rust type of a parameter holding the table.
    pub(super) fn reference_type(&self) -> TokenStream {
        let row = self.row_type();
        let rows = proc_macro2::Literal::usize_unsuffixed(self.rows.len());
        quote!(&'static [#row; #rows])
    }
}

/// One value, or a tuple of several.
pub(super) fn tuple(parts: Vec<TokenStream>) -> TokenStream {
    match parts.as_slice() {
        [one] => one.clone(),
        _ => quote!((#(#parts),*)),
    }
}

impl FamilyFrame {
    /// Whether `name` is the name of one of its parameters.
    pub(super) fn has_parameter(&self, name: &str) -> bool {
        let slots = self.slots.iter().map(|(_, ident)| ident);
        let passed = self.passed.iter().map(|(_, ident)| ident);
        slots.chain(passed).chain(self.tables.iter().map(|(_, ident)| ident)).any(|ident| ident == name)
    }

    /// The parameter holding `constant`, if there is one.
    pub(super) fn parameter(&self, constant: &Constant) -> Option<&Ident> {
        let slot = match constant {
            Constant::Mapped(mapped) => self.slots.iter().find(|(value, _)| value == mapped).map(|(_, ident)| ident),
            _ => None,
        };
        slot.or_else(|| self.passed.iter().find(|(known, _)| known == constant).map(|(_, ident)| ident))
    }
}

impl Emitter {
    /// `constant` as Rust: in a shared function being written, the
    /// parameter that holds it, if it is one.
    pub(super) fn constant(&self, constant: Constant) -> TokenStream {
        let mut frames = self.frames.borrow_mut();
        let Some((family, enclosing)) = frames.split_last_mut() else { return constant.code() };
        if let Some(parameter) = family.parameter(&constant).cloned() {
            if !family.used.contains(&parameter) {
                family.used.push(parameter.clone());
            }
            return quote!(#parameter);
        }
        let varies = enclosing.iter().any(|frame| frame.parameter(&constant).is_some());
        if matches!(constant, Constant::Note(_)) || !varies {
            return constant.code();
        }
        let name = parameter_name(&constant.parameter_name(), |name| family.has_parameter(name));
        family.passed.push((constant, name.clone()));
        quote!(#name)
    }

    /// A reference to `table` where the code being written is: a constant
    /// of its own outside shared functions, or a parameter of the family's
    /// function being written when the family's images differ in its cells
    /// (and no function encloses that one); none elsewhere.
    pub(super) fn table(&self, table: ImageTable) -> Option<TokenStream> {
        {
            let mut frames = self.frames.borrow_mut();
            match frames.as_mut_slice() {
                [] => {}
                [family] => {
                    let varies = |constant: &ir::Constant| family.slots.iter().any(|(value, _)| value == constant);
                    if table.rows.iter().flatten().any(varies) {
                        if let Some((_, name)) = family.tables.iter().find(|(known, _)| *known == table) {
                            return Some(quote!(#name));
                        }
                        let name = parameter_name("images", |name| family.has_parameter(name));
                        family.tables.push((table, name.clone()));
                        return Some(quote!(#name));
                    }
                }
                _ => return None,
            }
        }
        Some(self.table_constant(&table))
    }

    /// A reference to `table` as a constant of its own.
    pub(super) fn table_constant(&self, table: &ImageTable) -> TokenStream {
        let rows = table.rows_code();
        let row_type = table.row_type();
        let count = rows.len();
        let identity = format!("table {row_type} {}", quote!(#(#rows),*));
        let doc = doc_lines(&format!("The constants of the {count} images of `{}`, one row each.", table.text));
        let length = proc_macro2::Literal::usize_unsuffixed(count);
        let name = self.item(identity, "IMAGES", |name| {
            quote! {
                #(#[doc = #doc])*
                const #name: [#row_type; #length] = [#(#rows),*];
            }
        });
        quote!(&#name)
    }

    /// `note("...")`: marks the code that follows as coming from `source`.
    pub(super) fn note(&self, source: &str) -> TokenStream {
        let text = self.constant(Constant::Note(source.to_owned()));
        quote!(note(#text);)
    }

    /// The parameters of the shared function being written that the code
    /// written so far reads (none outside shared functions): the constants
    /// its uses may differ in there.
    pub(super) fn parameters_read(&self) -> Vec<Ident> {
        let frames = self.frames.borrow();
        let Some(family) = frames.last() else { return Vec::new() };
        let passed = family.passed.iter().filter(|(constant, _)| !matches!(constant, Constant::Note(_)));
        let tables = family.tables.iter().map(|(_, ident)| ident);
        family.used.iter().chain(passed.map(|(_, ident)| ident)).chain(tables).cloned().collect()
    }

    /// Whether a shared function's body is being written, whose constants
    /// may be its parameters: code written now cannot be a function of its
    /// own.
    pub(super) fn in_shared_function(&self) -> bool {
        !self.frames.borrow().is_empty()
    }

    /// Whether the shared functions being written take variables as
    /// parameters (calls of a CQL function passing different ones).
    pub(super) fn takes_variables(&self) -> bool {
        let is_variable = |constant: &ir::Constant| matches!(constant, ir::Constant::Var(_));
        self.frames.borrow().iter().any(|frame| {
            frame.slots.iter().any(|(constant, _)| is_variable(constant))
                || frame.passed.iter().any(|(constant, _)| matches!(constant, Constant::Mapped(c) if is_variable(c)))
        })
    }

    /// The code `write` writes as the body of a family's function whose
    /// parameters are `slots`, and the parameters it took besides.
    pub(super) fn in_family(
        &self,
        slots: Vec<(ir::Constant, Ident)>,
        write: impl FnOnce() -> TokenStream,
    ) -> (TokenStream, FamilyFrame) {
        self.frames.borrow_mut().push(FamilyFrame { slots, ..FamilyFrame::default() });
        let code = write();
        let frame = self.frames.borrow_mut().pop().unwrap_or_default();
        (code, frame)
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
    use crate::ir::{Directions, Kinds};

    #[test]
    fn names_squares() {
        assert_eq!(squares(1 << 55).to_string(), "Bitboard :: from_square (Square :: H7)");
        assert_eq!(squares(0xff).to_string(), "Bitboard (0x0000_0000_0000_00ff)");
    }

    #[test]
    fn parameters_are_named_after_their_role() {
        let name = |constant: ir::Constant| Constant::from(constant).parameter_name();
        assert_eq!(name(ir::Constant::Kinds(Kinds::WHITE_QUEEN)), "pieces");
        assert_eq!(name(ir::Constant::Squares(1 << 55)), "squares");
        assert_eq!(name(ir::Constant::Directions(Directions::UP)), "directions");
    }

    #[test]
    fn in_a_family_a_slot_is_its_parameter_and_what_an_enclosing_family_varies_is_passed_on() {
        let emitter = Emitter::default();
        let (rook, king) = (ir::Constant::Kinds(Kinds::WHITE_ROOK), ir::Constant::Kinds(Kinds::WHITE_KING));
        let (outer, frame) = emitter.in_family(vec![(king.clone(), format_ident!("pieces"))], || {
            let (inner, frame) = emitter.in_family(vec![(rook.clone(), format_ident!("pieces"))], || {
                let codes = [rook.clone(), king.clone(), ir::Constant::Squares(1)].map(|c| emitter.constant(c.into()));
                quote!(#(#codes)*)
            });
            assert_eq!(frame.passed, [(Constant::from(king.clone()), format_ident!("pieces_2"))]);
            inner
        });
        assert_eq!(outer.to_string(), "pieces pieces_2 Bitboard :: from_square (Square :: A1)");
        assert!(frame.passed.is_empty());
    }
}
