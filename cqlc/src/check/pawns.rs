//! Checking the pawn structure filters: `passedpawns`.

use super::Checker;
use crate::{
    ir::{Expr, Node, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `passedpawns`: a set of squares.
    pub(super) fn passed_pawns(&self, filter: &Filter) -> Node {
        self.node(filter, Expr::PassedPawns, Type::Set)
    }
}
