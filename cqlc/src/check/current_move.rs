//! Checking the filters about the current move, the move that led to the
//! current position: `from`, `to`, `enpassant`, ...

use super::Checker;
use crate::{
    ir::{CurrentMoveTest, Expr, Node, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `from`, `to`, `enpassant`, ...: filters about the current move.
    pub(super) fn current_move(&self, filter: &Filter, test: CurrentMoveTest) -> Node {
        let ty = match test {
            CurrentMoveTest::From | CurrentMoveTest::To | CurrentMoveTest::EnPassantSquare => Type::Set,
            _ => Type::Boolean,
        };
        self.node(filter, Expr::CurrentMove(test), ty)
    }
}
