//! The loops: `while (T) B` (over a regular expression's matches, `while
//! (S ~~ "re") B`) and `loop B`.

use super::{Parsed, Parser};
use crate::syntax::{
    ast::{Filter, FilterKind, StringFunction},
    error::Expected,
    symbol::Symbol,
};

impl Parser<'_> {
    /// `while (T) B`, after `while`: one filter in the parentheses. A test
    /// that is a match `S ~~ "re"` (not in parentheses of its own) makes
    /// the loop go over the matches, as in CQL 6.2.
    pub(super) fn while_loop(&mut self) -> Parsed<FilterKind> {
        self.expect(Symbol::OpenParen, Expected::WhileOpen)?;
        let test = self.filter()?;
        self.expect(Symbol::CloseParen, Expected::CloseParen)?;
        let body = Box::new(self.filter()?);
        Ok(match test.kind {
            FilterKind::Strings(StringFunction::Match(pattern), mut target) if target.len() == 1 => {
                FilterKind::EachMatch { target: Box::new(target.remove(0)), pattern, body }
            }
            kind => FilterKind::While { test: Box::new(Filter { kind, span: test.span }), body },
        })
    }

    /// `loop B`, after `loop`.
    pub(super) fn loop_filter(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::Loop(Box::new(self.filter()?)))
    }
}
