//! Checking the filters about the state of the game at the current
//! position: `check`, `mate`, `stalemate`, `wtm`, `btm`, `initial`,
//! `mainline`, `variation`.

use super::Checker;
use crate::{
    ir::{Expr, Node, PositionTest, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// A test of the current position: true or false.
    pub(super) fn game_state(&self, filter: &Filter, test: PositionTest) -> Node {
        self.node(filter, Expr::Position(test), Type::Boolean)
    }
}
