//! The filters whose values are positions: `parent`, `currentposition` /
//! `∙`, `initialposition`; and `P:F`, F evaluated at position P, which binds
//! tightest of all and groups to the right (the table's primary level,
//! `precedence.rs`).

use super::{
    Parsed, Parser,
    precedence::{Level, MakeUnary},
};
use crate::syntax::{
    ast::{Filter, FilterKind, Relative},
    lex::TokenKind,
    symbol::Symbol,
};

impl Parser<'_> {
    /// One of the keywords, as the position it names.
    pub(super) fn position_of(relative: Relative) -> FilterKind {
        FilterKind::PositionOf(relative)
    }

    /// `P:F` after the `:`, where `position` (P) started at `start`.
    pub(super) fn evaluated_at(&mut self, position: Filter, start: usize) -> Parsed<Filter> {
        let filter = self.colon_operand()?;
        let kind = FilterKind::At { position: Box::new(position), filter: Box::new(filter) };
        Ok(Filter { kind, span: self.span_from(start) })
    }

    /// What follows `:`: a primary filter, which may have prefix operators
    /// (`parent:#△`, CQL's own example; `child:not check`).
    pub(super) fn colon_operand(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let prefix: Option<MakeUnary> = match self.peek_kind() {
            Some(TokenKind::Word(word)) if word == "not" => Some(FilterKind::Not),
            Some(TokenKind::Symbol(Symbol::Hash)) => Some(FilterKind::Count),
            Some(TokenKind::Symbol(Symbol::Minus)) => Some(FilterKind::Negate),
            Some(TokenKind::Symbol(Symbol::Tilde)) => Some(FilterKind::Complement),
            _ => None,
        };
        let Some(prefix) = prefix else { return self.level(Level::Primary) };
        self.next();
        let operand = self.colon_operand()?;
        Ok(Filter { kind: prefix(Box::new(operand)), span: self.span_from(start) })
    }
}
