//! The filters about the move that led to the current position: `from`,
//! `to`, `enpassant`, `enpassantsquare`, `nullmove`, `primary`,
//! `secondary`, `castle`, `o-o`, `o-o-o`.

use super::Parser;
use crate::syntax::ast::{CurrentMoveTest, FilterKind};

impl Parser<'_> {
    /// One of the keywords (or a castling token), as the test it names.
    pub(super) fn current_move(test: CurrentMoveTest) -> FilterKind {
        FilterKind::CurrentMove(test)
    }
}
