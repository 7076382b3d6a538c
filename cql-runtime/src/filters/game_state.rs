//! The filters about the state of the game at the current position: `check`,
//! `mate`, `stalemate`, `wtm`/`btm` (the side to move), `initial` and
//! `mainline`.

use shakmaty::{Color, Position};

use crate::{
    cursor::Cursor,
    generation::{king_can_step, knight_or_pawn_can_move},
    tree::NodeId,
};

impl Cursor<'_> {
    /// `wtm`/`btm`: the side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// `check`: whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// `mate`: whether the side to move is checkmated (in standard chess a
    /// king that can step away is not, which is seen without generating
    /// the moves).
    pub fn is_mate(&self) -> bool {
        let position = self.position();
        position.is_check() && !position.as_standard().is_some_and(king_can_step) && position.legal_moves().is_empty()
    }

    /// `stalemate`: whether the side to move is stalemated (not, in standard
    /// chess, if a knight or pawn can move or its king can step), and the
    /// game goes no further: as in CQL 6.2, a stalemated side that passes
    /// (a null move follows, in the main line or a variation) is not.
    pub fn is_stalemate(&self) -> bool {
        let position = self.position();
        (self.is_imaginary() || self.tree().node(self.node()).first_child().is_none())
            && !position.is_check()
            && !position.as_standard().is_some_and(|chess| knight_or_pawn_can_move(chess) || king_can_step(chess))
            && !position.is_variant_end()
            && position.legal_moves().is_empty()
    }

    /// `initial`: whether the current position is the one the game starts
    /// from (an imaginary position is not).
    #[inline]
    pub fn is_initial(&self) -> bool {
        !self.is_imaginary() && self.node() == NodeId::ROOT
    }

    /// `mainline`: whether the current position is on the game's main line
    /// (an imaginary position is not).
    #[inline]
    pub fn is_mainline(&self) -> bool {
        !self.is_imaginary() && self.tree().is_mainline(self.node())
    }
}
