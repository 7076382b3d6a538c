//! Checking `echo (s t) F`, which binds two position variables, and
//! `consecutivemoves (x y)`.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Echo, Expr, Type, VarKind},
    syntax::ast::{self, Filter, FilterKind},
};

impl Checker<'_> {
    /// `echo`: a number if its body is one, else true or false.
    pub(super) fn echo(
        &self,
        filter: &Filter,
        (source, target): (&str, &str),
        quiet: bool,
        with_source: bool,
        body: &Filter,
    ) -> Checked {
        let source = self.declare(source, VarKind::Position, &filter.span)?;
        let target = self.declare(target, VarKind::Position, &filter.span)?;
        let body = self.filter(body)?;
        let ty = if body.ty == Type::Numeric { Type::Numeric } else { Type::Boolean };
        let best_only = ty == Type::Numeric && self.sorting.get() > 0;
        let echo = Echo { source, target, quiet, with_source, best_only, body };
        Ok(self.node(filter, Expr::Echo(Box::new(echo)), ty))
    }

    /// `consecutivemoves (x y)`: a number, of two positions.
    pub(super) fn consecutive_moves(
        &self,
        filter: &Filter,
        quiet: bool,
        range: Option<&ast::Bounds>,
        left: &Filter,
        right: &Filter,
    ) -> Checked {
        let range = range.map(|range| self.bounds(range)).transpose()?;
        // CQL 6.2 takes only variables here.
        let position = |filter: &Filter| match filter.kind {
            FilterKind::Variable(_) => self.typed(filter, Type::Position, "a position variable of 'consecutivemoves'"),
            _ => Err(Diagnostic::new(filter.span.clone(), CheckError::ConsecutiveMovesVariables)),
        };
        let (left, right) = (Box::new(position(left)?), Box::new(position(right)?));
        Ok(self.node(filter, Expr::ConsecutiveMoves { quiet, range, left, right }, Type::Numeric))
    }
}
