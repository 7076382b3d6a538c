//! The numeric filters: number literals, `abs`, `sqrt`, `max` and `min`.
//! Arithmetic (`+ - * / %`), unary minus and the comparisons are operators
//! of the precedence table (`precedence.rs`).

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::FilterKind,
        error::{Expected, SyntaxError},
        lex::Token,
        symbol::Symbol,
    },
};

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

    /// `sqrt F`, after `sqrt`: a whole sum, as `abs` takes.
    pub(super) fn sqrt(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::Sqrt(Box::new(self.level(Level::Additive)?)))
    }

    /// `max(a b ...)` (`greatest`) or `min(a b ...)`, after the keyword
    /// (the token `keyword`). Between two operands `-` subtracts, as it
    /// does after any number (`max(3 -5 2)` is 2).
    pub(super) fn extremum(&mut self, keyword: &Token, greatest: bool) -> Parsed<FilterKind> {
        let name = if greatest { "max" } else { "min" };
        let open = self.expect(Symbol::OpenParen, Expected::ExtremumOpen { keyword: name })?;
        let operands = self.sequence(Symbol::OpenParen, open.span)?;
        if operands.len() < 2 {
            let error = SyntaxError::ExtremumArity { keyword: name };
            return Err(Diagnostic::new(self.span_from(keyword.span.start), error));
        }
        Ok(FilterKind::Extremum { greatest, operands })
    }
}
