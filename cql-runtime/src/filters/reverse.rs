//! The `move legal reverse` and `move pseudolegal reverse` filters: the moves
//! that could have led to the current position.
//!
//! As with `move previous`, the filter's sets (`from`, `to`, `capture`, ...)
//! are read in the position before the move, which here is a different
//! imaginary position for each reverse move: `move capture ♘ legal reverse`
//! asks whether the last move could have taken a white knight.

use shakmaty::{Bitboard, Move};

use crate::{
    cursor::Cursor,
    filters::{
        candidates::{Candidate, MoveSquare},
        moves::MoveView,
    },
    moves::{Legality, ReverseMove, reverse_moves},
};

impl Cursor<'_> {
    /// The reverse moves of the current position under `legality` that pass
    /// `test`, which is evaluated in the position the move was played from.
    /// A move that may have been played from more than one position (with or
    /// without an en passant square) is one move.
    pub fn reverse_moves_where(
        &mut self,
        legality: Legality,
        mut test: impl FnMut(&mut Self, &Candidate) -> bool,
    ) -> Vec<MoveView> {
        // Each move with what it took: Bb4xc3 taking a knight and taking a bishop are two moves.
        let mut found: Vec<(Move, MoveView)> = Vec::new();
        for ReverseMove { mv, previous } in reverse_moves(self.position(), legality) {
            let view = MoveView::of_move(&previous, mv);
            if found.iter().any(|(seen, _)| *seen == mv) {
                continue;
            }
            let candidate = Candidate { view, node: None, primary: None, mv: None };
            if self.imagine_before(previous, view, |at| test(at, &candidate)) {
                found.push((mv, view));
            }
        }
        found.into_iter().map(|(_, view)| view).collect()
    }
}

/// These squares of `moves`: their from, to or capture squares.
pub fn squares_of(moves: &[MoveView], square: MoveSquare) -> Bitboard {
    moves.iter().fold(Bitboard::EMPTY, |squares, mv| match square {
        MoveSquare::From => squares.with(mv.from),
        MoveSquare::To => squares.with(mv.to),
        MoveSquare::Capture => mv.captured.map_or(squares, |square| squares.with(square)),
    })
}
