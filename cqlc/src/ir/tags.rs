//! The query's tag test: its filters that read only a game's tags, and that
//! every matching position must match ([`Query::tag_test`]). Their value is
//! the same at every position of a game, so the searcher evaluates them once
//! on the game's tags, before it reads the moves, and skips the game's moves
//! if they fail.

use super::{Expr, GameField, Node, Query, StringFunction};

impl Query {
    /// The filters of the tag test: those of the query's body (looking into
    /// braces and `and`) that read only tags and write nothing; none if the
    /// query must see every game.
    pub fn tag_test(&self) -> Vec<&Node> {
        if self.sees_every_game() {
            return Vec::new();
        }
        let conjuncts = self.body.iter().flat_map(Node::conjuncts);
        conjuncts.filter(|node| reads_only_tags(node) && reads_a_tag(node) && !node.writes()).collect()
    }
}

/// Whether `node` reads a tag (and is more than a constant).
fn reads_a_tag(node: &Node) -> bool {
    node.any(&|node: &Node| matches!(node.expr, Expr::GameData(_) | Expr::Year))
}

/// Whether `node`'s value comes from the game's tags alone, so is the same
/// at every position (every kind of filter is placed here: a new one must
/// say).
fn reads_only_tags(node: &Node) -> bool {
    let parts = || node.expr.children().into_iter().all(reads_only_tags);
    match &node.expr {
        Expr::GameData(field) => match field {
            GameField::Player { .. }
            | GameField::Event
            | GameField::Site
            | GameField::Date
            | GameField::EventDate
            | GameField::Eco
            | GameField::Elo { .. }
            | GameField::Tag(_)
            | GameField::GameNumber
            | GameField::Award { .. } => true,
            // Known from the game's text before its tags are read.
            GameField::HasCook => true,
            GameField::Fen
            | GameField::OriginalComment
            | GameField::HasNag(_)
            | GameField::RemoveComment
            | GameField::LastGameNumber => false,
        },
        Expr::Year | Expr::Bool(_) | Expr::Number(_) | Expr::Str(_) | Expr::ColorValue { .. } => true,
        Expr::Strings(function, _) => match function {
            StringFunction::Concatenation
            | StringFunction::Length
            | StringFunction::Contains
            | StringFunction::Index
            | StringFunction::Slice { .. }
            | StringFunction::Str
            | StringFunction::Int
            | StringFunction::Lowercase
            | StringFunction::Uppercase
            | StringFunction::IndexOf
            | StringFunction::AsciiCode
            | StringFunction::AsciiCharacter => parts(),
            // A match keeps its groups for later filters; files are read
            // and written in the order of the games.
            StringFunction::Match(_)
            | StringFunction::Group { .. }
            | StringFunction::ReadFile
            | StringFunction::WriteFile => false,
        },
        Expr::Compound(_)
        | Expr::Not(_)
        | Expr::And(..)
        | Expr::Or(..)
        | Expr::If { .. }
        | Expr::Compare(..)
        | Expr::CompareStrings(..)
        | Expr::Arithmetic(..)
        | Expr::Negate(_)
        | Expr::Abs(_)
        | Expr::Extremum { .. }
        | Expr::Sqrt(_)
        | Expr::NoTransform(_) => parts(),
        Expr::Images(set) => set.instantiated().iter().all(reads_only_tags) && parts(),
        // The result is read after the moves, as CQL 6.2 reads it.
        Expr::Result(_)
        | Expr::Squares(_)
        | Expr::Pieces { .. }
        | Expr::Position(_)
        | Expr::SetEquality { .. }
        | Expr::ComparePositions(..)
        | Expr::CommonSquares(..)
        | Expr::Union(..)
        | Expr::Intersection(..)
        | Expr::Complement(_)
        | Expr::SquareColor { .. }
        | Expr::Count(_)
        | Expr::Subset(..)
        | Expr::Attack(..)
        | Expr::Comment(_)
        | Expr::Message { .. }
        | Expr::Dash(_)
        | Expr::Path(_)
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
        | Expr::Sort { .. }
        | Expr::Power(_)
        | Expr::Direction { .. }
        | Expr::Pawns(_)
        | Expr::Imaginary(_)
        | Expr::Imagine { .. }
        | Expr::Variant(_)
        | Expr::Between(..)
        | Expr::Pin { .. }
        | Expr::Ray { .. }
        | Expr::SquareValue(..)
        | Expr::MakeSquare(_)
        | Expr::ComposersMate(_)
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
        | Expr::ForEach { .. } => false,
    }
}
