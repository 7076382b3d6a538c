//! What only the `move` filter uses: whether some move of a source passes
//! the filter's tests (its comment kept after each), the squares of those
//! moves (`move from ...`), the moves that could have led to the current
//! position (`move legal reverse`, `move pseudolegal reverse`).
//!
//! A reverse move filter's sets (`from`, `to`, `capture`, ...) are read in
//! the position before the move, as `move previous` reads them, which here
//! is a different imaginary position for each reverse move: `move capture ♘
//! legal reverse` asks whether the last move could have taken a white
//! knight.

use shakmaty::{Bitboard, Move};

use crate::{
    cursor::Cursor,
    filters::{
        candidates::{Candidate, MoveSource, MoveSquare},
        speculation::Speculation,
    },
    generation::{Legality, ReverseMove, reverse_moves},
    move_view::MoveView,
    position::GamePosition,
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
        for candidate in self.candidates(source, test) {
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
                    MoveSquare::From if candidate.dropped.is_none() => squares.add(candidate.from),
                    MoveSquare::From => {}
                    MoveSquare::To => squares.add(candidate.to),
                    MoveSquare::Capture => squares.extend(candidate.captured),
                }
            }
        });
        squares
    }

    /// The reverse moves of the current position under `legality` that pass
    /// `test`, which is evaluated in the position the move was played from;
    /// of those, the ones where `target` (a speculative move filter's, else
    /// always true) matches in that position. A move that may have been
    /// played from more than one position (with or without an en passant
    /// square) is one move, considered in the first of them.
    pub fn reverse_moves_where(
        &mut self,
        legality: Legality,
        mut test: impl FnMut(&mut Self, &Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> bool,
    ) -> Speculation {
        // Each move with what it took: Bb4xc3 taking a knight and taking a bishop are two moves.
        let mut seen: Vec<Move> = Vec::new();
        let mut speculation = Speculation::default();
        // Reverse moves assume standard chess, in every variant (seed document 000).
        let Some(current) = self.position().to_standard() else { return Speculation::default() };
        for ReverseMove { mv, previous } in reverse_moves(&current, legality) {
            if seen.contains(&mv) {
                continue;
            }
            seen.push(mv);
            let view = MoveView::of_move(&previous, mv);
            let previous = GamePosition::Standard(previous);
            let candidate = Candidate { view, node: None, primary: None, mv: None };
            if !self.imagine_before(previous.clone(), view, |at| test(at, &candidate)) {
                continue;
            }
            speculation.considered += 1;
            if self.imagine_retraction(previous, view, true, &mut target) {
                speculation.matched.push(view);
            }
        }
        speculation
    }
}

/// These squares of `moves`: their from, to or capture squares.
pub fn squares_of(moves: &[MoveView], square: MoveSquare) -> Bitboard {
    moves.iter().fold(Bitboard::EMPTY, |squares, mv| match square {
        MoveSquare::From if mv.dropped.is_none() => squares.with(mv.from),
        MoveSquare::From => squares,
        MoveSquare::To => squares.with(mv.to),
        MoveSquare::Capture => mv.captured.map_or(squares, |square| squares.with(square)),
    })
}
