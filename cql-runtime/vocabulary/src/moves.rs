//! Where the `move` filter and the dash filter take their moves from, and
//! what of them a set-valued `move` filter collects.

/// The moves a filter considers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSource {
    /// The moves of the game from the current position: the primary one, and
    /// with `variations` the others (`move`, `F――G`).
    Game,
    /// The move that led to the current position (`move previous`,
    /// `currentmove F――G`).
    Previous,
    /// The legal moves of the position (`move legal`, `legal F――G`).
    Legal,
    /// The legal moves of the position that castle, in the order of
    /// `Legal`: its moves for a filter that passes castling moves only
    /// (`legal ――(castle)`), generated without the others.
    LegalCastling,
    /// The moves of the position if the mover's king's safety did not matter
    /// (`move pseudolegal`, `pseudolegal F――G`).
    Pseudolegal,
}

impl MoveSource {
    /// Whether the moves are generated from the position (`legal`,
    /// `pseudolegal`), not read from the game.
    pub fn is_generated(self) -> bool {
        matches!(self, MoveSource::Legal | MoveSource::LegalCastling | MoveSource::Pseudolegal)
    }
}

/// Which moves that could have led to a position count (`move legal
/// reverse`, `move pseudolegal reverse`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Legality {
    /// Legal moves from legal positions: in the previous position the side
    /// to move now is not in check (it was not its turn), the move does not
    /// leave the mover's king in check (so a position whose side not to move
    /// is in check has no legal reverse move), castling is not out of,
    /// through or into check, and the previous position is one a game can
    /// have (kings, castling rights that fit the pieces, checks one move can
    /// give).
    Legal,
    /// The same with king safety left out, as pseudo-legal moves leave it
    /// out: the side to move now may be in check in the previous position,
    /// and the move may have left the mover's king in check (in a position
    /// only play that ignores king safety reaches). Castling keeps its own
    /// rule about check, as pseudo-legal castling does.
    Pseudolegal,
}

/// Which squares of its moves a set-valued `move` filter collects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSquare {
    /// `move from ...`
    From,
    /// `move to ...`
    To,
    /// `move capture ...`
    Capture,
}
