//! Which positions of a game a query can match at ([`Query::positions`]):
//! only the start if every match needs `initial`; only the ends of lines
//! if every match needs `mate`, `stalemate` or `terminal` (which hold only
//! where the game goes no further: see [`Positions::Ends`]). The searcher
//! then evaluates the query only there.
//!
//! Evaluating a query where it does not match must leave nothing behind
//! for this to hold: the comments and sort values of a position that does
//! not match are taken back, but variables, paths' notes of what they
//! covered and printed messages stay. A query with any of those is
//! evaluated everywhere.

use cql_vocabulary::Positions;

use super::{Expr, Node, PositionTest, Query};

impl Query {
    /// The positions where the query can match.
    pub fn positions(&self) -> Positions {
        if self.body.iter().any(|node| node.any(&leaves_something_behind)) {
            return Positions::Every;
        }
        needed_by_all(&self.body)
    }
}

/// The positions where filters that must all match can match.
fn needed_by_all(nodes: &[Node]) -> Positions {
    nodes.iter().map(needed).fold(Positions::Every, both)
}

/// Whether evaluating `node` itself may leave something that is not taken
/// back when the position does not match (anything written but comments
/// and sort values).
pub(super) fn leaves_something_behind(node: &Node) -> bool {
    node.writes_itself() && !matches!(node.expr, Expr::Comment(_) | Expr::Sort { .. })
}

/// The positions where `node` can match (every kind of filter is placed
/// here: a new one must say where it can match).
fn needed(node: &Node) -> Positions {
    match &node.expr {
        Expr::Position(PositionTest::Initial) => Positions::Initial,
        Expr::Position(PositionTest::Mate | PositionTest::Stalemate | PositionTest::Terminal)
        | Expr::ComposersMate(_) => Positions::Ends,
        Expr::Compound(nodes) => needed_by_all(nodes),
        Expr::And(left, right) => both(needed(left), needed(right)),
        Expr::Or(left, right) => either(needed(left), needed(right)),
        Expr::Images(set) if set.range.is_none() => {
            set.instantiated().iter().map(needed).reduce(either).unwrap_or(Positions::Every)
        }
        Expr::NoTransform(inner) => needed(inner),
        Expr::Position(
            PositionTest::Check
            | PositionTest::WhiteToMove
            | PositionTest::BlackToMove
            | PositionTest::Mainline
            | PositionTest::Variation
            | PositionTest::Try
            | PositionTest::VirtualMainline,
        )
        | Expr::Bool(_)
        | Expr::Number(_)
        | Expr::ColorValue { .. }
        | Expr::Str(_)
        | Expr::Squares(_)
        | Expr::Pieces { .. }
        | Expr::Not(_)
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
        | Expr::Dash(_)
        | Expr::Path(_)
        | Expr::If { .. }
        | Expr::PathStatus(_)
        | Expr::PositionOf(_)
        | Expr::At { .. }
        | Expr::Find { .. }
        | Expr::Echo(_)
        | Expr::ConsecutiveMoves { .. }
        | Expr::TreeNumber(_)
        | Expr::SideToMove
        | Expr::Child(_)
        | Expr::PositionWithId(_)
        | Expr::Lineage(..)
        | Expr::Lca(..)
        | Expr::Distance(..)
        | Expr::Call(_)
        | Expr::CurrentTransform(_)
        | Expr::Images(_)
        | Expr::Sort { .. }
        | Expr::Power(_)
        | Expr::Direction { .. }
        | Expr::Pawns(_)
        | Expr::Year
        | Expr::GameData(_)
        | Expr::Imaginary(_)
        | Expr::Imagine { .. }
        | Expr::Variant(_)
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
        | Expr::Move(_)
        | Expr::CurrentMove(_)
        | Expr::CountMoves(_)
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
        | Expr::ForEach { .. } => Positions::Every,
    }
}

/// Where two filters that must both match can match: where either says
/// (the start, if one needs it and the other an end: a game without moves).
fn both(left: Positions, right: Positions) -> Positions {
    match (left, right) {
        (Positions::Every, only) | (only, Positions::Every) => only,
        (Positions::Initial, _) | (_, Positions::Initial) => Positions::Initial,
        (Positions::Ends, Positions::Ends) => Positions::Ends,
    }
}

/// Where one of two filters can match: where both say, else anywhere.
fn either(left: Positions, right: Positions) -> Positions {
    if left == right { left } else { Positions::Every }
}

#[cfg(test)]
mod tests {
    use cql_vocabulary::Positions;

    use crate::compile;

    fn positions(query: &str) -> Positions {
        compile(query).unwrap().output.positions()
    }

    #[test]
    fn mates_stalemates_and_line_ends_are_where_lines_end() {
        // smotheredmate and massivestalemate.
        assert_eq!(positions("cql() btm mate not ♚→□△"), Positions::Ends);
        assert_eq!(positions("cql() ⬓{wtm stalemate sort \"power\" power △ ≥15}"), Positions::Ends);
        assert_eq!(positions("cql() terminal comment(\"end\")"), Positions::Ends);
        assert_eq!(positions("cql() mate or stalemate"), Positions::Ends);
    }

    #[test]
    fn initial_is_the_start() {
        assert_eq!(positions("cql() initial ♔a1"), Positions::Initial);
        assert_eq!(positions("cql() {♔a1 initial} and mate"), Positions::Initial);
    }

    #[test]
    fn anything_else_can_match_anywhere() {
        assert_eq!(positions("cql() mate or check"), Positions::Every);
        assert_eq!(positions("cql() not mate"), Positions::Every);
        assert_eq!(positions("cql() initial or mate"), Positions::Every);
        assert_eq!(positions("cql() sort \"x\" {mate 1}"), Positions::Every);
    }

    #[test]
    fn what_stays_where_the_query_fails_keeps_every_position() {
        assert_eq!(positions("cql() x = 1 mate"), Positions::Every);
        assert_eq!(positions("cql() message(\"here\") mate"), Positions::Every);
        assert_eq!(positions("cql() ⊢ ―― check mate"), Positions::Every);
        assert_eq!(positions("cql() ◭P∊♕ mate"), Positions::Every);
        assert_eq!(positions("cql() x = sort \"s\" power △ mate"), Positions::Every);
    }
}
