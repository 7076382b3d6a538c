//! The filters about the state of the game at the current position: `check`,
//! `mate`, `stalemate`, `wtm`/`btm` (the side to move), `initial` and
//! `mainline`.

use shakmaty::{Color, Position};

use crate::{cursor::Cursor, tree::NodeId};

impl Cursor<'_> {
    /// `wtm`/`btm`: the side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// `check`: whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// `mate`: whether the side to move is checkmated.
    pub fn is_mate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// `stalemate`: whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// `initial`: whether the current position is the one the game starts
    /// from (an imaginary position is not).
    pub fn is_initial(&self) -> bool {
        !self.is_imaginary() && self.node() == NodeId::ROOT
    }

    /// `mainline`: whether the current position is on the game's main line
    /// (an imaginary position is not).
    pub fn is_mainline(&self) -> bool {
        !self.is_imaginary() && self.tree().is_mainline(self.node())
    }
}
