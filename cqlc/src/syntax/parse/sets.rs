//! The filters of sets of squares: piece designators and squares (`♘`,
//! `Ka1`, `a-h1-8`), and `light`/`dark`. `∪ ∩ ~`, `in` and `#` are
//! operators of the precedence table (`precedence.rs`).

use super::{Parsed, Parser, precedence::Level};
use crate::syntax::ast::{Designator, FilterKind};

impl Parser<'_> {
    /// A piece designator, as the lexer read it.
    pub(super) fn designator(designator: Designator) -> FilterKind {
        FilterKind::Designator(designator)
    }

    /// `light F` or `dark F`, after the keyword.
    pub(super) fn square_color(&mut self, light: bool) -> Parsed<FilterKind> {
        Ok(FilterKind::SquareColor { light, squares: Box::new(self.level(Level::Complement)?) })
    }
}
