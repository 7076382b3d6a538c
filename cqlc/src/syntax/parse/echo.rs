//! `echo [quiet] (source target) [in all] F` and `consecutivemoves [quiet]
//! [N [M]] (x y)`.

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::FilterKind,
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// After `echo`.
    pub(super) fn echo(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        let quiet = self.eat_word("quiet");
        let variables = || SyntaxError::EchoVariables;
        if !self.eat(Symbol::OpenParen) {
            return Err(Diagnostic::new(keyword.span.clone(), variables()));
        }
        let name = |parser: &mut Self| match parser.peek_kind() {
            Some(TokenKind::Word(word)) => {
                let word = word.clone();
                parser.next();
                Ok(word)
            }
            _ => Err(Diagnostic::new(parser.here(), variables())),
        };
        let source = name(self)?;
        let target = name(self)?;
        self.expect(Symbol::CloseParen, Expected::CloseParen)?;
        let with_source =
            self.is_word("in") && matches!(self.peek_kind_after(1), Some(TokenKind::Word(w)) if w == "all");
        if with_source {
            self.at += 2;
        }
        let body = Box::new(self.filter()?);
        Ok(FilterKind::Echo { source, target, quiet, with_source, body })
    }

    /// After `consecutivemoves`: `quiet` and a range in either order, then
    /// the two positions in parentheses.
    pub(super) fn consecutive_moves(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        let mut quiet = self.eat_word("quiet");
        let range = self.range_before(Symbol::OpenParen);
        quiet |= self.eat_word("quiet");
        let (left, right) = self.two_positions(keyword, "consecutivemoves")?;
        Ok(FilterKind::ConsecutiveMoves { quiet, range, left, right })
    }
}
