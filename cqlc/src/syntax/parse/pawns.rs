//! The pawn structure filters: `passedpawns`.

use super::Parser;
use crate::syntax::ast::FilterKind;

impl Parser<'_> {
    /// `passedpawns`.
    pub(super) fn passed_pawns() -> FilterKind {
        FilterKind::PassedPawns
    }
}
