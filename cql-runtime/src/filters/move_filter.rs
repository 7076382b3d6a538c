//! What only the `move` filter uses: whether some move of a source passes
//! the filter's tests (its comment kept after each), the squares of those
//! moves (`move from ...`), the moves that could have led to the current
//! position (`move legal reverse`, `move pseudolegal reverse`); the number
//! and squares of the legal or pseudo-legal moves between two sets, found
//! from the pieces' attacks without listing the moves (`move legal from ♘
//! count`); whether the side to move still has a castling right, without
//! which no castling move is generated (`legal ――(o-o)`).
//!
//! A reverse move filter's sets (`from`, `to`, `capture`, ...) are read in
//! the position before the move, as `move previous` reads them, which here
//! is a different imaginary position for each reverse move: `move capture ♘
//! legal reverse` asks whether the last move could have taken a white
//! knight.

use shakmaty::{Bitboard, CastlingSide, Move, Position, Square};

use crate::{
    cursor::Cursor,
    filters::{
        candidates::{Candidate, MoveSource, MoveSquare},
        speculation::Speculation,
    },
    generation::{Legality, ReverseMove, legal_destinations, pseudolegal_destinations, reverse_moves},
    move_view::MoveView,
    position::GamePosition,
};

impl Cursor<'_> {
    /// Whether the side to move has the right to castle on `side` (either
    /// side for `None`): without it, neither the legal nor the pseudo-legal
    /// moves castle, and a filter of castling moves need not generate them.
    pub fn may_castle(&self, side: Option<CastlingSide>) -> bool {
        let position = self.position();
        let castles = position.castles();
        let turn = position.turn();
        match side {
            Some(side) => castles.has(turn, side),
            None => castles.has_color(turn),
        }
    }

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

    /// The number of moves of `source` from a square of `from` (`None`: from
    /// anywhere, drops included) to a square of `to`, the four promotions of
    /// a pawn move counted once: [`count_moves`](Self::count_moves) with
    /// just those tests, without listing the moves where it can.
    pub fn count_moves_between(&self, source: MoveSource, from: Option<Bitboard>, to: Bitboard) -> Option<i64> {
        let mut count = 0;
        let counted = self.for_each_destination(source, from, to, |_, destinations| count += destinations.count());
        if counted { Some(count as i64) } else { self.count_moves(source, |mv| goes_between(mv, from, to)) }
    }

    /// The from or to squares of the moves of `source` from a square of
    /// `from` (`None`: from anywhere, drops included) to a square of `to`:
    /// [`move_squares`](Self::move_squares) with just those tests, without
    /// listing the moves where it can.
    pub fn move_squares_between(
        &self,
        source: MoveSource,
        square: MoveSquare,
        from: Option<Bitboard>,
        to: Bitboard,
    ) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        let collected = match square {
            MoveSquare::From => self.for_each_destination(source, from, to, |piece, _| squares.add(piece)),
            MoveSquare::To => self.for_each_destination(source, from, to, |_, destinations| squares |= destinations),
            MoveSquare::Capture => false,
        };
        if collected { squares } else { self.move_squares(source, square, |mv| goes_between(mv, from, to)) }
    }

    /// Calls `visit` with each piece that has moves of `source` from `from`
    /// to `to` and their destinations (and once more for each castling
    /// move), if the position is one of standard chess and the source
    /// generates moves; returns whether it did.
    fn for_each_destination(
        &self,
        source: MoveSource,
        from: Option<Bitboard>,
        to: Bitboard,
        visit: impl FnMut(Square, Bitboard),
    ) -> bool {
        let Some(position) = self.position().as_standard() else { return false };
        let from = from.unwrap_or(Bitboard::FULL);
        match source {
            MoveSource::Legal => legal_destinations(position, from, to, visit),
            MoveSource::Pseudolegal => pseudolegal_destinations(position, from, to, visit),
            MoveSource::Game | MoveSource::Previous | MoveSource::LegalCastling => return false,
        }
        true
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
            let view = MoveView::of_move(mv);
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

/// Whether `mv` goes from a square of `from` (`None`: from anywhere, a drop
/// too) to a square of `to`.
fn goes_between(mv: &Candidate, from: Option<Bitboard>, to: Bitboard) -> bool {
    from.is_none_or(|from| mv.starts_in(from)) && to.contains(mv.to)
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
