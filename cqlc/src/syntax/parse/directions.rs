//! The direction filters `up down left right northeast ... diagonal
//! orthogonal anydirection`, with their optional ranges, and
//! `between(x y)`.

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Directions, Distance, FilterKind},
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// `up [N [M]] F` and the other direction filters, after the keyword.
    /// The distances are whole numbers, negative ones going the other way,
    /// or numeric variables assigned earlier in the query (one that an
    /// operator follows is not a distance: `up D + 1 R` is refused).
    pub(super) fn direction(&mut self, keyword: &str) -> Parsed<FilterKind> {
        let directions = Directions::named(keyword).expect("a direction keyword");
        let start = self.here().start;
        let mut distances = Vec::new();
        while distances.len() < 2 {
            let negative = self.is(Symbol::Minus) && matches!(self.peek_kind_after(1), Some(TokenKind::Number(_)));
            if negative {
                self.next();
            }
            match self.peek_kind() {
                Some(TokenKind::Number(n)) => {
                    distances.push(Distance::Steps(if negative { -n } else { *n }));
                    self.next();
                }
                Some(TokenKind::Word(name)) if self.is_numeric_variable(name) && !self.operator_after(1) => {
                    distances.push(Distance::Variable(name.clone()));
                    self.next();
                }
                _ => break,
            }
        }
        let range = match &distances[..] {
            [] => None,
            [n] => Some((n.clone(), n.clone())),
            [Distance::Steps(low), Distance::Steps(high)] if low > high => {
                let keyword = keyword.to_owned();
                return Err(Diagnostic::new(self.span_from(start), SyntaxError::BackwardsDirectionRange { keyword }));
            }
            [low, high] => Some((low.clone(), high.clone())),
            _ => unreachable!("at most two distances"),
        };
        let squares = Box::new(self.level(Level::Complement)?);
        Ok(FilterKind::Direction { directions, range, squares })
    }

    /// `between(x y)`, after `between` (the token `keyword`).
    pub(super) fn between(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        let open = self.expect(Symbol::OpenParen, Expected::BetweenOpen)?;
        let mut operands = self.sequence(Symbol::OpenParen, open.span)?;
        if operands.len() != 2 {
            return Err(Diagnostic::new(self.span_from(keyword.span.start), SyntaxError::BetweenArity));
        }
        let second = Box::new(operands.pop().expect("two"));
        Ok(FilterKind::Between(Box::new(operands.pop().expect("two")), second))
    }
}
