//! The filters about the state of the game at a position: `check`, `mate`,
//! `stalemate`, `wtm`, `btm`, `initial`, `mainline`, `variation`.

use super::Parser;
use crate::syntax::ast::{FilterKind, PositionTest};

impl Parser<'_> {
    /// One of the keywords, as the test it names.
    pub(super) fn game_state(test: PositionTest) -> FilterKind {
        FilterKind::Position(test)
    }
}
