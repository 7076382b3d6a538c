//! The loops: `while (T) B` and `loop B`.

use super::{Parsed, Parser};
use crate::syntax::{ast::FilterKind, error::Expected, symbol::Symbol};

impl Parser<'_> {
    /// `while (T) B`, after `while`: one filter in the parentheses.
    pub(super) fn while_loop(&mut self) -> Parsed<FilterKind> {
        self.expect(Symbol::OpenParen, Expected::WhileOpen)?;
        let test = self.filter()?;
        self.expect(Symbol::CloseParen, Expected::CloseParen)?;
        let body = self.filter()?;
        Ok(FilterKind::While { test: Box::new(test), body: Box::new(body) })
    }

    /// `loop B`, after `loop`.
    pub(super) fn loop_filter(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::Loop(Box::new(self.filter()?)))
    }
}
