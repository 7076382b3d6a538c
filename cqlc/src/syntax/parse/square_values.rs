//! The values of a square: `rank S`, `file S`, `colortype S`, `type S`,
//! `typename S`, `piecename S` (each of the one square of S), and
//! `makesquare (F R)` / `makesquare "e4"`, the square they name.

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{BinaryOp, Filter, FilterKind, SquareValue},
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// `rank S` and the others, after the keyword. S is read with its set
    /// operators and arrows, not arithmetic (`rank e4 + 1` is 5).
    pub(super) fn square_value(&mut self, value: SquareValue) -> Parsed<FilterKind> {
        Ok(FilterKind::SquareValue(value, Box::new(self.level(Level::Attack)?)))
    }

    /// `makesquare (F R)`, `makesquare (S)` or `makesquare S` (S a string
    /// and its concatenations), after `makesquare` (the token `keyword`).
    /// `makesquare "e4" & P` is the square's pieces.
    pub(super) fn make_square(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        if let Some(TokenKind::Str(_)) = self.peek_kind() {
            // The string and its concatenations, not what a set operator
            // after them applies to.
            let start = self.here().start;
            let mut name = self.level(Level::Primary)?;
            while self.eat(Symbol::Plus) {
                let next = self.level(Level::Primary)?;
                let kind = FilterKind::Binary(BinaryOp::Add, Box::new(name), Box::new(next));
                name = Filter { kind, span: self.span_from(start) };
            }
            return Ok(FilterKind::MakeSquare(vec![name]));
        }
        let open = self.expect(Symbol::OpenParen, Expected::MakeSquareOpen)?;
        let operands = self.sequence(Symbol::OpenParen, open.span)?;
        if !(1..=2).contains(&operands.len()) {
            return Err(Diagnostic::new(self.span_from(keyword.span.start), SyntaxError::MakeSquareArity));
        }
        Ok(FilterKind::MakeSquare(operands))
    }
}
