//! Positions that are not in the game, where the cursor can stand: reached
//! by a move the game does not play (`legal ――(target)`), one a reverse
//! move was played from (`move legal reverse`), or one changed by hand
//! (`imagine`).

use crate::{move_view::MoveView, position::GamePosition};

/// A position that is not in the game: reached by a move from the position
/// it stands in, or one from which a move could have led to it.
#[derive(Clone, Debug)]
pub(crate) struct Imaginary {
    /// The position.
    pub(crate) position: GamePosition,
    /// How it relates to the position it stands in.
    pub(crate) step: Imagined,
    /// Whether a speculative move filter (`move legal reverse : F`) made
    /// it, so that `move previous` there names its move.
    pub(crate) speculative: bool,
}

/// How an imaginary position relates to the position it stands in.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Imagined {
    /// Reached by this move (`legal ――(target)`).
    After(MoveView),
    /// This move, played here, leads to the outer position (a reverse move).
    Before(MoveView),
    /// The outer position changed by hand (`imagine`): no move.
    Changed,
}
