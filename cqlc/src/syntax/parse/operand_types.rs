//! What the parser knows of a filter's type, for the operators CQL 6.2
//! reads only after an operand of a type they take.
//!
//! CQL 6.2's parser reads `-` as subtraction only after a number: after
//! anything else the filter ends there and `-` starts the next one, a
//! negative number (`K-3` is `K` and `-3`; `1-3` is `-2`). It reads a dash
//! as the move of what touches it only after a set: after anything else
//! the dash starts the next filter (`check――e4` in a path is `check` and
//! `――e4`). Which filters are numbers or sets is mostly known from their
//! syntax; where it is not (a variable), the operator applies, and the
//! checker says if that is wrong.

use super::Parser;
use crate::{
    syntax::ast::{
        BinaryOp, CurrentMoveTest, DashSource, Filter, FilterKind, MoveParamKind, PathStatus, StringFunction,
    },
    warning::{Warning, WarningKind},
};

impl Parser<'_> {
    /// `-` is next, after `left`, which is no number: it starts the next
    /// filter, which is rarely what was meant. A warning.
    pub(super) fn warn_minus_after(&mut self, left: &Filter) {
        let left = self.source[left.span.clone()].to_owned();
        self.warn(Warning { span: self.here(), kind: WarningKind::MinusAfterNonNumber { left } });
    }
}

/// Whether `filter` may be a number: false only when its syntax says it
/// is none (a piece designator, `true`, a position, a string, a dash
/// filter without a numeric target, ...).
pub(super) fn may_be_numeric(filter: &Filter) -> bool {
    use FilterKind as F;
    match &filter.kind {
        F::Number(_) | F::Negate(_) | F::Abs(_) | F::Count(_) | F::CountMoves(_) | F::Year | F::Power(_) => true,
        F::Sort { .. } | F::Path(_) | F::Variable(_) | F::Call { .. } | F::If { .. } => true,
        F::TreeNumber(_) | F::SideToMove | F::ColorValue { .. } | F::Distance(..) | F::ConsecutiveMoves { .. } => true,
        F::SquareValue(value, _) => !value.is_string(),
        F::Sqrt(_) => true,
        F::GameData(field) => field.is_numeric(),
        F::Persistent { .. } | F::Atomic(_) | F::Dictionary { .. } | F::AssignEntry { .. } => false,
        F::Unbind { .. } | F::IsBound { .. } | F::Assert(_) | F::AssertVariations(_) | F::SetTag { .. } => false,
        F::Entry { .. } => true,
        F::Strings(function, _) => function.is_numeric() || *function == StringFunction::AsciiCode,
        F::Extremum { operands, .. } => operands.iter().all(may_be_numeric),
        F::Echo { body, .. } => may_be_numeric(body),
        F::Find { spec, range, .. } => spec.all || range.is_some(),
        F::Binary(op, _, _) => !matches!(op, BinaryOp::Union | BinaryOp::Intersection),
        F::Compare(_, left, right) => may_be_numeric(left) && may_be_numeric(right),
        F::PathStatus(status) => matches!(status, PathStatus::Count | PathStatus::CountUnfocused),
        F::Move(filter) => filter.params.iter().any(|param| param.kind == MoveParamKind::Count),
        F::Dash(dash) | F::CurrentMoveIs(dash) => {
            dash.target.as_ref().and_then(|t| t.last()).is_some_and(may_be_numeric)
        }
        F::Compound(filters) => filters.last().is_some_and(may_be_numeric),
        F::Transform { range: Some(_), .. } => true,
        F::Paren(inner) | F::NoTransform(inner) | F::Transform { body: inner, .. } => may_be_numeric(inner),
        F::At { filter, .. } => may_be_numeric(filter),
        F::Str(_)
        | F::CurrentTransform
        | F::Bool(_)
        | F::Designator(_)
        | F::Position(_)
        | F::Not(_)
        | F::And(..)
        | F::Or(..)
        | F::Complement(_)
        | F::In(..)
        | F::Attack(..)
        | F::Comment(_)
        | F::Message { .. }
        | F::PositionOf(_)
        | F::Child(_)
        | F::PositionWithId(_)
        | F::Lineage(..)
        | F::Lca(..)
        | F::SquareColor { .. }
        | F::Direction { .. }
        | F::Pawns(_)
        | F::Imaginary(_)
        | F::Imagine { .. }
        | F::Variant(_)
        | F::Result(_)
        | F::Between(..)
        | F::Pin(_)
        | F::Ray { .. }
        | F::MakeSquare(_)
        | F::ComposersMate(_)
        | F::While { .. }
        | F::EachMatch { .. }
        | F::Loop(_)
        | F::CurrentMove(_)
        | F::Assign { .. }
        | F::ForEach { .. } => false,
    }
}

/// Whether `filter` may be a set of squares: false only when its syntax
/// says it is none (a number, `true`, `check`, a comparison, ...).
pub(super) fn may_be_set(filter: &Filter) -> bool {
    use FilterKind as F;
    match &filter.kind {
        F::Designator(_) | F::Complement(_) | F::Attack(..) | F::Direction { .. } | F::Between(..) => true,
        F::Pin(_) | F::Ray { .. } | F::MakeSquare(_) | F::ComposersMate(_) => true,
        F::Pawns(_) | F::SquareColor { .. } | F::ForEach { .. } | F::Move(_) => true,
        F::Variable(_) | F::Call { .. } | F::If { .. } | F::Entry { .. } => true,
        F::Binary(op, _, _) => matches!(op, BinaryOp::Union | BinaryOp::Intersection),
        F::CurrentMove(test) => {
            matches!(test, CurrentMoveTest::From | CurrentMoveTest::To | CurrentMoveTest::EnPassantSquare)
        }
        F::Dash(dash) | F::CurrentMoveIs(dash) => {
            dash.source != DashSource::Game || dash.target.as_ref().and_then(|t| t.last()).is_some_and(may_be_set)
        }
        F::Compound(filters) => filters.last().is_some_and(may_be_set),
        F::Transform { range: Some(_), .. } => false,
        F::Paren(inner) | F::NoTransform(inner) | F::Transform { body: inner, .. } => may_be_set(inner),
        F::At { filter, .. } => may_be_set(filter),
        F::Number(_)
        | F::Str(_)
        | F::CurrentTransform
        | F::Bool(_)
        | F::Position(_)
        | F::Not(_)
        | F::And(..)
        | F::Or(..)
        | F::Compare(..)
        | F::Negate(_)
        | F::Abs(_)
        | F::Count(_)
        | F::In(..)
        | F::Comment(_)
        | F::Message { .. }
        | F::Path(_)
        | F::PathStatus(_)
        | F::PositionOf(_)
        | F::Find { .. }
        | F::Echo { .. }
        | F::ConsecutiveMoves { .. }
        | F::TreeNumber(_)
        | F::SideToMove
        | F::ColorValue { .. }
        | F::Child(_)
        | F::PositionWithId(_)
        | F::Lineage(..)
        | F::Lca(..)
        | F::Distance(..)
        | F::Sort { .. }
        | F::Power(_)
        | F::Year
        | F::GameData(_)
        | F::Imaginary(_)
        | F::Imagine { .. }
        | F::Variant(_)
        | F::Result(_)
        | F::CountMoves(_)
        | F::SquareValue(..)
        | F::Sqrt(_)
        | F::Extremum { .. }
        | F::While { .. }
        | F::EachMatch { .. }
        | F::Persistent { .. }
        | F::Atomic(_)
        | F::Dictionary { .. }
        | F::AssignEntry { .. }
        | F::Unbind { .. }
        | F::IsBound { .. }
        | F::Assert(_)
        | F::AssertVariations(_)
        | F::SetTag { .. }
        | F::Strings(..)
        | F::Loop(_)
        | F::Assign { .. } => false,
    }
}
