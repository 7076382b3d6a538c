//! What only the `move` filter uses: whether some move of a source passes
//! the filter's tests (its comment kept after each), the squares of those
//! moves (`move from ...`), the moves that could have led to the current
//! position (`move legal reverse`, `move pseudolegal reverse`), and `move
//! drop`.
//!
//! A reverse move filter's sets (`from`, `to`, `capture`, ...) are read in
//! the position before the move, as `move previous` reads them, which here
//! is a different imaginary position for each reverse move: `move capture ♘
//! legal reverse` asks whether the last move could have taken a white
//! knight.

use shakmaty::{Bitboard, Move};

use crate::{
    cursor::Cursor,
    filters::candidates::{Candidate, MoveSource, MoveSquare},
    generation::{Legality, ReverseMove, reverse_moves},
    move_view::MoveView,
};

impl Cursor<'_> {
    /// Whether some move of `source` passes `test`; `target` (a comment the
    /// `move` filter keeps) is evaluated after each of them.
    pub fn each_move(
        &mut self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> bool,
    ) -> bool {
        let mut found = false;
        for candidate in self.candidates(source).into_iter().filter(|c| test(c)) {
            found = true;
            let mark = self.mark();
            if !self.after(&candidate, &mut target) {
                self.rollback(mark);
            }
        }
        found
    }

    /// The from, to or capture squares of the moves of `source` that pass
    /// `test` (`move from ...`).
    pub fn move_squares(&self, source: MoveSource, square: MoveSquare, test: impl Fn(&Candidate) -> bool) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        self.for_each_candidate(source, |candidate| {
            if test(candidate) {
                match square {
                    MoveSquare::From => squares.add(candidate.from),
                    MoveSquare::To => squares.add(candidate.to),
                    MoveSquare::Capture => squares.extend(candidate.captured),
                }
            }
        });
        squares
    }

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

/// `move drop P`: drops exist only in variants such as Crazyhouse, whose
/// games this runtime does not read yet, so no move is a drop. Says so on
/// standard error the first time a search asks.
pub fn drops_in_variants_only() -> bool {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        eprintln!("note: 'move drop' matches drops in variant games (Crazyhouse); variants are not supported yet");
    });
    false
}
