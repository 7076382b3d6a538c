//! The pawn structure filters: `passedpawns` and the others that
//! [`PawnStructure`] names.

use super::Parser;
use crate::syntax::ast::{FilterKind, PawnStructure};

impl Parser<'_> {
    /// A pawn structure filter: no arguments.
    pub(super) fn pawns(structure: PawnStructure) -> FilterKind {
        FilterKind::Pawns(structure)
    }
}
