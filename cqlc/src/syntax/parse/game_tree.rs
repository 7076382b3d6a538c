//! The filters about the game tree: `find`, the position numbers (`ply`,
//! `depth`, `movenumber`, `positionid`, `sidetomove`), the positions named
//! from here (`child`, `position N`) and the relations of two positions
//! (`ancestor(x y)`, `descendant(x y)`, `lca(x y)`, `distance(x y)`; the
//! operators `≺ ≼ ≻ ≽` are in the precedence table).

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Filter, FilterKind, FindSpec, Lineage},
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// After `find`: `quiet`, `<--` and `all` in any order, or a range
    /// last; then the filter looked for.
    pub(super) fn find(&mut self) -> Parsed<FilterKind> {
        let mut spec = FindSpec { backward: false, quiet: false, count: None };
        loop {
            if self.eat_word("quiet") {
                spec.quiet = true;
            } else if self.eat(Symbol::LineBack) {
                spec.backward = true;
            } else if self.eat_word("all") {
                spec.count = Some((1, i64::MAX));
            } else {
                break;
            }
        }
        if spec.count.is_none()
            && let Some(range) = self.number_range_before_filter()
        {
            spec.count = Some(range);
        }
        let body = Box::new(self.filter()?);
        Ok(FilterKind::Find { spec, body })
    }

    /// One or two numbers followed by a filter (`find 15 1000 F`: a range;
    /// one number is that number exactly), if the next tokens are that.
    fn number_range_before_filter(&mut self) -> Option<(i64, i64)> {
        let number = |kind: Option<&TokenKind>| match kind {
            Some(TokenKind::Number(n)) => Some(*n),
            _ => None,
        };
        let first = number(self.peek_kind())?;
        let second = number(self.peek_kind_after(1));
        // The last number of a range must be followed by the filter.
        let after = if second.is_some() { 2 } else { 1 };
        self.peek_kind_after(after)?;
        self.at += after;
        Some((first, second.unwrap_or(first)))
    }

    /// After `child`: the index of the move, if a number follows (0, the
    /// primary move, without).
    pub(super) fn child(&mut self) -> FilterKind {
        match self.peek_kind() {
            Some(TokenKind::Number(n)) => {
                let n = *n;
                self.next();
                FilterKind::Child(n)
            }
            _ => FilterKind::Child(0),
        }
    }

    /// After `position`: the id, a number.
    pub(super) fn position_with_id(&mut self) -> Parsed<FilterKind> {
        let id = self.level(super::precedence::Level::Primary)?;
        Ok(FilterKind::PositionWithId(Box::new(id)))
    }

    /// After `ancestor`, `descendant`, `lca` or `distance` (the token
    /// `keyword`, the word `word`): `(x y)`, two positions.
    pub(super) fn position_pair(&mut self, keyword: &Token, word: &str) -> Parsed<FilterKind> {
        let (left, right) = self.two_positions(keyword, word)?;
        Ok(match word {
            "ancestor" => FilterKind::Lineage(Lineage::BeforeOrSame, left, right),
            "descendant" => FilterKind::Lineage(Lineage::AfterOrSame, left, right),
            "lca" => FilterKind::Lca(left, right),
            _ => FilterKind::Distance(left, right),
        })
    }

    /// `(x y)` after the keyword `word` (the token `keyword`).
    pub(super) fn two_positions(&mut self, keyword: &Token, word: &str) -> Parsed<(Box<Filter>, Box<Filter>)> {
        let arity = || SyntaxError::TwoPositions { keyword: word.to_owned() };
        if !self.is(Symbol::OpenParen) {
            return Err(Diagnostic::new(keyword.span.clone(), arity()));
        }
        let open = self.expect(Symbol::OpenParen, Expected::CloseParen)?;
        let mut operands = self.sequence(Symbol::OpenParen, open.span)?;
        if operands.len() != 2 {
            return Err(Diagnostic::new(self.span_from(keyword.span.start), arity()));
        }
        let right = Box::new(operands.pop().expect("two"));
        let left = Box::new(operands.pop().expect("two"));
        Ok((left, right))
    }
}
