//! What a filter costs to evaluate, roughly. The lowering passes that
//! reorder filters or sets and the code generator's intersections ask
//! [`Node::cost`] which part to evaluate first. Every kind of filter is
//! rated here, in one exhaustive match: a new filter must say what it costs.

use super::{CurrentMoveTest, Dash, Expr, ImaginaryTest, MoveSource, Moves, Node, PositionTest};

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
        self.expr.children().into_iter().map(Node::cost).fold(own_cost(&self.expr), Cost::max)
    }
}

/// What evaluating `expr` costs itself, not counting the filters it is made of.
fn own_cost(expr: &Expr) -> Cost {
    match expr {
        Expr::Bool(_)
        | Expr::Number(_)
        | Expr::ColorValue { .. }
        | Expr::Str(_)
        | Expr::Squares(_)
        | Expr::Pieces { .. }
        | Expr::Compound(_)
        | Expr::Not(_)
        | Expr::And(..)
        | Expr::Or(..)
        | Expr::Compare(..)
        | Expr::SetEquality { .. }
        | Expr::CompareStrings(..)
        | Expr::ComparePositions(..)
        | Expr::CommonSquares(..)
        | Expr::Union(..)
        | Expr::Intersection(..)
        | Expr::Complement(_)
        | Expr::SquareColor { .. }
        | Expr::Arithmetic(..)
        | Expr::Negate(_)
        | Expr::Abs(_)
        | Expr::Count(_)
        | Expr::Subset(..)
        | Expr::Attack(..)
        | Expr::Comment(_)
        | Expr::Message { .. }
        | Expr::If { .. }
        | Expr::PathStatus(_)
        | Expr::PositionOf(_)
        | Expr::At { .. }
        | Expr::TreeNumber(_)
        | Expr::SideToMove
        | Expr::Child(_)
        | Expr::PositionWithId(_)
        | Expr::Lineage(..)
        | Expr::Lca(..)
        | Expr::Distance(..)
        | Expr::Call(_)
        | Expr::NoTransform(_)
        | Expr::CurrentTransform(_)
        | Expr::Images(_)
        | Expr::Sort { .. }
        | Expr::Power(_)
        | Expr::Direction { .. }
        | Expr::Pawns(_)
        | Expr::Year
        | Expr::GameData(_)
        | Expr::Result(_)
        | Expr::Between(..)
        | Expr::Pin { .. }
        | Expr::Ray { .. }
        | Expr::SquareValue(..)
        | Expr::MakeSquare(_)
        | Expr::Strings(..)
        | Expr::Sqrt(_)
        | Expr::Extremum { .. }
        | Expr::While { .. }
        | Expr::EachMatch { .. }
        | Expr::Loop(_)
        | Expr::Var(_)
        | Expr::Entry { .. }
        | Expr::AssignEntry { .. }
        | Expr::EntryCount(_)
        | Expr::Unbind { .. }
        | Expr::IsBound(_)
        | Expr::SetTag { .. }
        | Expr::Assert { .. }
        | Expr::EachKey { .. }
        | Expr::Assign { .. }
        | Expr::ForEach { .. }
        | Expr::Imaginary(ImaginaryTest::CurrentMutation) => Cost::Cheap,
        Expr::Position(test) => match test {
            PositionTest::Mate | PositionTest::Stalemate => Cost::Moves,
            PositionTest::Check
            | PositionTest::WhiteToMove
            | PositionTest::BlackToMove
            | PositionTest::Initial
            | PositionTest::Mainline
            | PositionTest::Variation
            | PositionTest::Terminal
            | PositionTest::Try
            | PositionTest::VirtualMainline => Cost::Cheap,
        },
        Expr::CurrentMove(test) => match test {
            CurrentMoveTest::Primary | CurrentMoveTest::Secondary => Cost::Cheap,
            CurrentMoveTest::From
            | CurrentMoveTest::To
            | CurrentMoveTest::EnPassant
            | CurrentMoveTest::EnPassantSquare
            | CurrentMoveTest::NullMove
            | CurrentMoveTest::Castle
            | CurrentMoveTest::ShortCastle
            | CurrentMoveTest::LongCastle => Cost::CurrentMove,
        },
        Expr::Move(filter) => match filter.moves {
            Moves::Forward(source) => source_cost(source),
            Moves::Reverse(_) => Cost::Search,
        },
        Expr::Dash(Dash { source, .. }) | Expr::CountMoves(Dash { source, .. }) => source_cost(*source),
        // Playing moves that are not in the game, and testing the result.
        Expr::Imagine { .. }
        | Expr::Imaginary(ImaginaryTest::LegalPosition)
        | Expr::Variant(_)
        | Expr::ComposersMate(_) => Cost::Moves,
        // Walking the game tree, or generating moves backwards.
        Expr::Path(_)
        | Expr::Find { .. }
        | Expr::Echo(_)
        | Expr::ConsecutiveMoves { .. }
        | Expr::Imaginary(ImaginaryTest::ReachablePosition) => Cost::Search,
    }
}

/// What reading the moves from `source` costs: the game's are in its tree,
/// the others are generated.
fn source_cost(source: MoveSource) -> Cost {
    match source {
        MoveSource::Game => Cost::Cheap,
        MoveSource::Previous => Cost::CurrentMove,
        MoveSource::Legal | MoveSource::LegalCastling | MoveSource::Pseudolegal => Cost::Moves,
    }
}
