//! Checking the pawn structure filters (`passedpawns`, ...): sets of squares.

use super::Checker;
use crate::{
    ir::{Expr, Node, PawnStructure, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// A pawn structure filter.
    pub(super) fn pawns(&self, filter: &Filter, structure: PawnStructure) -> Node {
        self.node(filter, Expr::Pawns(structure), Type::Set)
    }
}
