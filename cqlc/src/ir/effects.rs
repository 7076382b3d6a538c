//! What evaluating a filter may do besides computing its value: write to
//! the comment log, change what other filters see (variables, sort values,
//! path state, printed messages), or need the cursor mutably. Each kind of
//! filter is classified here, in one exhaustive match, so a new filter must
//! say what it does; the passes that care ask [`Node::may_comment`],
//! [`Node::writes`], [`Node::writes_itself`], [`Node::binds_itself`],
//! [`Node::may_move_past`] and [`Node::needs_cursor_mutably`].

use super::{Expr, GameField, Node, SquareValue, StringFunction};

/// What a filter does itself, not counting the filters it is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Effects {
    /// Writes to the comment log what a filter that fails must take back
    /// (a comment, a path's notes, the comment a `move` keeps).
    comments: bool,
    /// Changes something other filters or the output see: a comment, a
    /// variable, a sort value, a path's state, a printed message.
    writes: bool,
    /// Needs the cursor mutably (visits another position, writes, assigns),
    /// so its value cannot be computed in the arguments of a call that
    /// already borrows the cursor.
    mutable_cursor: bool,
    /// Assigns, binds or unbinds a variable (or a dictionary's entry).
    binds: bool,
}

impl Effects {
    const NONE: Effects = Effects { comments: false, writes: false, mutable_cursor: false, binds: false };
    const MUTABLE: Effects = Effects { mutable_cursor: true, ..Effects::NONE };
    const WRITES: Effects = Effects { writes: true, ..Effects::MUTABLE };
    const COMMENTS: Effects = Effects { comments: true, ..Effects::WRITES };
    const BINDS: Effects = Effects { binds: true, ..Effects::WRITES };
    const BINDS_AND_COMMENTS: Effects = Effects { binds: true, ..Effects::COMMENTS };
}

/// What the filter `expr` does itself.
fn own_effects(expr: &Expr) -> Effects {
    match expr {
        Expr::Bool(_)
        | Expr::Number(_)
        | Expr::ColorValue { .. }
        | Expr::Str(_)
        | Expr::Squares(_)
        | Expr::Pieces { .. }
        | Expr::Position(_)
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
        | Expr::If { .. }
        | Expr::PathStatus(_)
        | Expr::PositionOf(_)
        | Expr::Power(_)
        | Expr::Direction { .. }
        | Expr::Pawns(_)
        | Expr::Year
        | Expr::GameData(
            GameField::Player { .. }
            | GameField::Event
            | GameField::Site
            | GameField::Date
            | GameField::EventDate
            | GameField::Eco
            | GameField::Elo { .. }
            | GameField::Tag(_)
            | GameField::GameNumber
            | GameField::LastGameNumber
            | GameField::Fen
            | GameField::OriginalComment
            | GameField::HasNag(_)
            | GameField::HasCook
            | GameField::Award { .. },
        )
        | Expr::Imaginary(_)
        | Expr::Variant(_)
        | Expr::Result(_)
        | Expr::Between(..)
        | Expr::Pin { .. }
        | Expr::Ray { .. }
        | Expr::ComposersMate(_)
        | Expr::MakeSquare(_)
        | Expr::Sqrt(_)
        | Expr::Extremum { .. }
        | Expr::While { .. }
        | Expr::Loop(_)
        | Expr::CurrentMove(_)
        | Expr::TreeNumber(_)
        | Expr::SideToMove
        | Expr::Child(_)
        | Expr::PositionWithId(_)
        | Expr::Lineage(..)
        | Expr::Lca(..)
        | Expr::Distance(..)
        | Expr::Var(_)
        | Expr::Entry { .. }
        | Expr::EntryCount(_)
        | Expr::IsBound(_)
        | Expr::NoTransform(_)
        | Expr::CurrentTransform(_) => Effects::NONE,
        // Visiting the positions after (or before) moves, taking back what fails;
        // a generated function takes the cursor mutably.
        Expr::Dash(_)
        | Expr::CountMoves(_)
        | Expr::At { .. }
        | Expr::Imagine { .. }
        | Expr::Images(_)
        | Expr::Call(_) => Effects::MUTABLE,
        Expr::Move(filter) if filter.custodial.is_some() => Effects::COMMENTS,
        Expr::Move(_) => Effects::MUTABLE,
        // The pieces' numbers are worked out once per game, when first asked.
        Expr::SquareValue(SquareValue::PieceId, _) => Effects::MUTABLE,
        Expr::SquareValue(..) => Effects::NONE,
        Expr::Comment(_) | Expr::Path(_) => Effects::COMMENTS,
        Expr::Find { spec, .. } if !spec.quiet => Effects::COMMENTS,
        Expr::Find { .. } => Effects::MUTABLE,
        // The variables, and the notes (the header's `quiet` is known only
        // when the search runs).
        Expr::Echo(_) => Effects::BINDS_AND_COMMENTS,
        Expr::ConsecutiveMoves { quiet: false, .. } => Effects::COMMENTS,
        Expr::ConsecutiveMoves { .. } => Effects::MUTABLE,
        Expr::Message { .. } | Expr::Sort { .. } => Effects::WRITES,
        Expr::Assign { .. } | Expr::ForEach { .. } => Effects::BINDS,
        // A regular expression's match keeps its groups for `\1`.
        Expr::Strings(StringFunction::Match(_) | StringFunction::WriteFile, _) | Expr::EachMatch { .. } => {
            Effects::WRITES
        }
        // Printing a position (or a variable holding one) may note it there.
        Expr::Strings(StringFunction::Str, _) => Effects::MUTABLE,
        Expr::Strings(..) => Effects::NONE,
        Expr::AssignEntry { .. } | Expr::Unbind { .. } | Expr::EachKey { .. } => Effects::BINDS,
        Expr::Assert { .. } => Effects::WRITES,
        Expr::SetTag { .. } | Expr::GameData(GameField::RemoveComment) => Effects::WRITES,
    }
}

impl Node {
    /// Whether evaluating this filter may write to the comment log what a
    /// filter that recovers from its failure (`or`, `not`, `⬓`) must take
    /// back. A message prints at once: nothing in it is taken back.
    pub fn may_comment(&self) -> bool {
        match &self.expr {
            Expr::Message { .. } => false,
            expr => own_effects(expr).comments || expr.children().into_iter().any(Node::may_comment),
        }
    }

    /// Whether evaluating this filter may change anything another filter or
    /// the output sees (so it must keep its place among other filters).
    pub fn writes(&self) -> bool {
        self.any(&|node| own_effects(&node.expr).writes)
    }

    /// Whether this filter may be evaluated after `others` rather than
    /// before, or not at all: neither it nor any of them writes, so none
    /// can change what another reads.
    pub fn may_move_past<'n>(&self, others: impl IntoIterator<Item = &'n Node>) -> bool {
        !self.writes() && others.into_iter().all(|other| !other.writes())
    }

    /// Whether evaluating this filter itself, not counting the filters it is
    /// made of, may change anything another filter or the output sees.
    pub fn writes_itself(&self) -> bool {
        own_effects(&self.expr).writes
    }

    /// Whether this filter itself, not counting the filters it is made of,
    /// assigns, binds or unbinds a variable or a dictionary's entry (a
    /// call's variables are assigned by the filters of its body).
    pub fn binds_itself(&self) -> bool {
        own_effects(&self.expr).binds
    }

    /// Whether evaluating this filter may need the cursor mutably.
    pub fn needs_cursor_mutably(&self) -> bool {
        self.any(&|node| own_effects(&node.expr).mutable_cursor)
    }
}
