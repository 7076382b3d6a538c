//! Checking `echo (s t) F`, which binds two position variables, and
//! `consecutivemoves (x y)`.

use super::{Checked, Checker};
use crate::{
    ir::{Echo, Expr, Type, VarKind},
    syntax::ast::Filter,
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
        range: Option<(i64, i64)>,
        left: &Filter,
        right: &Filter,
    ) -> Checked {
        let left = Box::new(self.typed(left, Type::Position, "the first position")?);
        let right = Box::new(self.typed(right, Type::Position, "the second position")?);
        Ok(self.node(filter, Expr::ConsecutiveMoves { quiet, range, left, right }, Type::Numeric))
    }
}
