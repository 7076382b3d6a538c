//! What a filter costs to evaluate, roughly. The lowering passes that
//! reorder filters or sets and the code generator's intersections ask
//! [`Node::cost`] which part to evaluate first.

use super::{CurrentMoveTest, Expr, ImaginaryTest, MoveSource, Moves, Node, PositionTest};

/// The rough cost of evaluating a filter, cheapest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cost {
    /// Bitboard tests and arithmetic.
    Cheap,
    /// Reading the move that led to the position (`from`, `to`): finding
    /// the position before it and what the move did there.
    CurrentMove,
    /// Generating the moves of a position.
    Moves,
    /// Generating moves backwards, or walking the game tree.
    Search,
}

impl Node {
    /// The most expensive work anywhere in this filter.
    pub fn cost(&self) -> Cost {
        let own = match &self.expr {
            Expr::Position(PositionTest::Mate | PositionTest::Stalemate) => Cost::Moves,
            Expr::Move(filter) => match filter.moves {
                Moves::Forward(MoveSource::Legal | MoveSource::Pseudolegal) => Cost::Moves,
                Moves::Reverse(_) => Cost::Search,
                Moves::Forward(_) => Cost::Cheap,
            },
            Expr::Path(_) | Expr::Imaginary(ImaginaryTest::ReachablePosition) => Cost::Search,
            Expr::Imaginary(ImaginaryTest::LegalPosition) | Expr::Variant(_) => Cost::Moves,
            Expr::CurrentMove(CurrentMoveTest::Primary | CurrentMoveTest::Secondary) => Cost::Cheap,
            Expr::CurrentMove(_) => Cost::CurrentMove,
            _ => Cost::Cheap,
        };
        self.expr.children().into_iter().map(Node::cost).fold(own, Cost::max)
    }
}
