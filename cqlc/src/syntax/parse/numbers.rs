//! The numeric filters: number literals and `abs`. Arithmetic (`+ - * / %`),
//! unary minus and the comparisons are operators of the precedence table
//! (`precedence.rs`).

use super::{Parsed, Parser, precedence::Level};
use crate::syntax::ast::FilterKind;

impl Parser<'_> {
    /// A number literal.
    pub(super) fn number(value: i64) -> FilterKind {
        FilterKind::Number(value)
    }

    /// `abs F`, after `abs`. It takes a whole sum, `abs rank x - rank y`, as
    /// CQL 6.2's precedence table has it.
    pub(super) fn abs(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::Abs(Box::new(self.level(Level::Additive)?)))
    }
}
