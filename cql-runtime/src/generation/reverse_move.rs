//! What reverse move generation finds: a move that could have led to a
//! position, with the position it was played from ([`ReverseMove`]), and
//! which of them it keeps ([`Legality`]).

use shakmaty::{Chess, Move};

/// Which reverse moves [`reverse_moves`](super::reverse_moves) keeps (shared
/// with the compiler).
pub use cql_vocabulary::Legality;

/// A move that could have led to a position, and the position it was played
/// from.
#[derive(Clone, Debug)]
pub struct ReverseMove {
    /// The move, as played from `previous`.
    pub mv: Move,
    /// The position before the move. What its board does not say is chosen
    /// so:
    ///
    /// - castling rights: the current ones, plus the right a castling used
    ///   (the fewest that explain the current ones; a king or rook move or a
    ///   capture may have destroyed more, which cannot be known);
    /// - en passant square: the one an en passant capture needs; else none,
    ///   or one the side to move now may have created with a double push
    ///   just before, where the mover could legally have taken en passant but
    ///   did not (FIDE's identity of positions counts legal en passant
    ///   captures, so that is a different previous position, with the same
    ///   move);
    /// - halfmove clock: one less than the current one when the move neither
    ///   captured nor moved a pawn (that move counted one); else it cannot be
    ///   known, and is 0 (always consistent);
    /// - fullmove number: one less than the current one when Black made the
    ///   move (never below 1).
    pub previous: Chess,
}
