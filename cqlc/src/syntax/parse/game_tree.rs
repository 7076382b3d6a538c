//! The filters about the game tree: `find`, the position numbers (`ply`,
//! `depth`, `movenumber`, `positionid`, `sidetomove`), the positions named
//! from here (`child`, `position N`) and the relations of two positions
//! (`ancestor(x y)`, `descendant(x y)`, `lca(x y)`, `distance(x y)`; the
//! operators `≺ ≼ ≻ ≽` are in the precedence table).

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Bounds, Filter, FilterKind, FindSpec, Lineage},
        error::{Expected, SyntaxError},
        keywords::is_keyword,
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// After `find`: `quiet`, `<--` and `all` or a range, in any order;
    /// then the filter looked for.
    pub(super) fn find(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        let mut spec = FindSpec { backward: false, quiet: false, all: false };
        let mut range = None;
        loop {
            if self.eat_word("quiet") {
                spec.quiet = true;
            } else if self.eat(Symbol::LineBack) {
                spec.backward = true;
            } else if self.eat_word("all") {
                spec.all = true;
            } else if range.is_none()
                && let Some(read) = self.range_before(Symbol::LineBack)
            {
                range = Some(read);
            } else {
                break;
            }
        }
        if spec.all && range.is_some() {
            return Err(Diagnostic::new(self.span_from(keyword.span.start), SyntaxError::FindAllAndRange));
        }
        let body = Box::new(self.filter()?);
        Ok(FilterKind::Find { spec, range, body })
    }

    /// A range before what follows it: one or two endpoints, each a number
    /// or a variable's name (a word that is no keyword and is followed by
    /// a number, a word or `then`, so that `find x == y` is not a range);
    /// or `count`, CQL 6.2's range of any count (-100000 to 100000, 0
    /// among them: `find count F` counts, and matches where none is found).
    pub(super) fn range_before(&mut self, then: Symbol) -> Option<Bounds> {
        if self.is_word("count") {
            let span = self.here();
            self.next();
            let bound = |n| Box::new(Filter { kind: FilterKind::Number(n), span: span.clone() });
            return Some((bound(-100_000), bound(100_000)));
        }
        let first = self.range_endpoint(then)?;
        let last = self.range_endpoint(then).unwrap_or_else(|| first.clone());
        Some((Box::new(first), Box::new(last)))
    }

    /// A range's endpoint, if one is next.
    fn range_endpoint(&mut self, then: Symbol) -> Option<Filter> {
        let token = self.peek()?.clone();
        let kind = match &token.kind {
            TokenKind::Number(n) => FilterKind::Number(*n),
            TokenKind::Word(word)
                if !is_keyword(word)
                    && match self.peek_kind_after(1) {
                        Some(TokenKind::Number(_) | TokenKind::Word(_)) => true,
                        Some(TokenKind::Symbol(symbol)) => *symbol == then,
                        _ => false,
                    } =>
            {
                FilterKind::Variable(word.clone())
            }
            _ => return None,
        };
        self.next();
        Some(Filter { kind, span: token.span })
    }

    /// Refuses `a[<]b`, a relation of positions spelled with brackets
    /// that touches the squares before it: CQL 6.2 reads `a[` as the start
    /// of a set of squares (`a[1-4]`), and stops.
    pub(super) fn refuse_bracket_after_squares(&self, left: &Filter) -> Parsed<()> {
        let Some(token) = self.peek() else { return Ok(()) };
        let spelling = &self.source[token.span.clone()];
        if token.glued && spelling.starts_with('[') && matches!(left.kind, FilterKind::Designator(_)) {
            let error = SyntaxError::BracketAfterSquares { spelling: spelling.to_owned() };
            return Err(Diagnostic::new(token.span.clone(), error));
        }
        Ok(())
    }

    /// After `child`: `(N)`, the index of the move, if it follows.
    pub(super) fn child(&mut self) -> Parsed<FilterKind> {
        if !self.is(Symbol::OpenParen) {
            return Ok(FilterKind::Child(None));
        }
        let index = self.atom()?;
        Ok(FilterKind::Child(Some(Box::new(index))))
    }

    /// After `position`: the id, a number.
    pub(super) fn position_with_id(&mut self) -> Parsed<FilterKind> {
        // `position 0 : child` is `(position 0):child`: a `:` ends the id.
        let outer = std::mem::replace(&mut self.in_move_parameters, true);
        let id = self.level(super::precedence::Level::Additive);
        self.in_move_parameters = outer;
        let id = id?;
        Ok(FilterKind::PositionWithId(Box::new(id)))
    }

    /// After `ancestor`, `descendant`, `lca` or `distance` (the token
    /// `keyword`, the word `word`): `(x y)`, two positions.
    pub(super) fn position_pair(&mut self, keyword: &Token, word: &str) -> Parsed<FilterKind> {
        let (left, right) = self.two_positions(keyword, word)?;
        Ok(match word {
            "ancestor" => FilterKind::Lineage(Lineage::Before, left, right),
            "descendant" => FilterKind::Lineage(Lineage::After, left, right),
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
