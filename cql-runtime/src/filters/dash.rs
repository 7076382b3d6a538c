//! What the dash filter `F――G` / `F×G` uses: whether some move of a source
//! goes from F to G (and passes the target's filters after it), its value,
//! `countmoves`, the sides of the dash that `from` and `to` respect in its
//! target, and the position before the current move, where a dash over the
//! move that led here reads its sets. The `move` filter counts moves
//! (`move ... count`) and reads `move previous` sets with the same methods.
//!
//! A generated move (`legal`, `pseudolegal`) is identified by its from and
//! to squares: the four promotions of one pawn move are one move when moves
//! are counted, as CQL 6.2 counts them. A move of the game is one child of
//! the position in the game tree: three variations that promote on h8 to a
//! queen, a rook and a bishop are three moves (CQL 6.2's `countmoves ――`
//! there is 3), and so are two variations with the same move.

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, Square};

use crate::{
    cursor::Cursor,
    filters::{
        candidates::{Candidate, MoveSource},
        current_move::moved_squares,
    },
    state::Imagined,
};

/// The generated pawn moves that promote, seen so far: such a move is
/// identified by its from and to squares, so the four promotions of one pawn
/// move count once. At most 8 pawns stand on the seventh rank, each with at
/// most 3 squares to go to: 24 moves.
struct Promotions {
    /// Whether moves are generated (else each is a move of the game, which
    /// counts whatever its squares).
    generated: bool,
    seen: ArrayVec<(Square, Square), 24>,
}

impl Promotions {
    /// No promotion seen yet among the moves of `source`.
    fn of(source: MoveSource) -> Promotions {
        Promotions { generated: source.is_generated(), seen: ArrayVec::new() }
    }

    /// Whether `candidate` counts: a move of the game always does, a
    /// generated move if it is the first with its from and to squares (only
    /// promotions can share them).
    fn first(&mut self, candidate: &Candidate) -> bool {
        if !self.generated || candidate.promotion.is_none() {
            return true;
        }
        let key = (candidate.from, candidate.to);
        if self.seen.contains(&key) {
            return false;
        }
        let _ = self.seen.try_push(key);
        true
    }
}

impl Cursor<'_> {
    /// Whether some move of `source` passes `test` and, after it, `target`
    /// (a dash filter `F――G(target)`). The comments of a target that fails
    /// are taken back.
    pub fn any_move(
        &mut self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> bool,
    ) -> bool {
        self.first_move_value(source, test, |at| target(at).then_some(())).is_some()
    }

    /// Whether some move of `source` passes `test` (a dash filter without a
    /// target, `move` without `previous` or a value): the moves are looked
    /// at, not played.
    pub fn has_move(&self, source: MoveSource, test: impl Fn(&Candidate) -> bool) -> bool {
        let mut found = false;
        self.for_each_candidate(source, |candidate| found = found || test(candidate));
        found
    }

    /// The value of `target` after the first move of `source` (in order) that
    /// passes `test` and for which `target` has a value.
    pub fn first_move_value<T>(
        &mut self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<T> {
        for candidate in self.candidates(source, test) {
            let mark = self.mark();
            match self.after(&candidate, &mut target) {
                Some(value) => return Some(value),
                None => self.rollback(mark),
            }
        }
        None
    }

    /// The squares the pieces of the first move of `source` that passes
    /// `test` came from and went to, as `from` and `to` read them right after
    /// it in the target of a dash with `sides` (`piece T = ♘――(from)`):
    /// [`Cursor::first_move_value`] with that target, without going to the
    /// position after the move.
    pub fn first_move_squares(
        &self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        sides: (Bitboard, Bitboard),
    ) -> Option<(Bitboard, Bitboard)> {
        let mut found = None;
        self.for_each_candidate(source, |candidate| {
            if found.is_none() && test(candidate) {
                found = Some(moved_squares(&candidate.view, Some(sides)));
            }
        });
        found
    }

    /// The number of moves of `source` that pass `test`, counting the
    /// generated promotions of one pawn move once (`move ... count`,
    /// `countmoves`).
    pub fn count_moves(&self, source: MoveSource, test: impl Fn(&Candidate) -> bool) -> Option<i64> {
        let mut promotions = Promotions::of(source);
        let mut count = 0;
        self.for_each_candidate(source, |candidate| {
            if test(candidate) && promotions.first(candidate) {
                count += 1;
            }
        });
        Some(count)
    }

    /// The number of moves of `source` that pass `test` and after which
    /// `target` holds (`countmoves F――G(target)`).
    pub fn count_moves_where(
        &mut self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> bool,
    ) -> Option<i64> {
        let mut promotions = Promotions::of(source);
        let mut count = 0;
        for candidate in self.candidates(source, &test) {
            let mark = self.mark();
            if !self.after(&candidate, &mut target) {
                self.rollback(mark);
            } else if promotions.first(&candidate) {
                count += 1;
            }
        }
        Some(count)
    }

    /// Evaluates `f` (a dash's target) remembering the dash's sides, so that
    /// `from` and `to` keep to the pieces the dash is about.
    pub fn within_dash<R>(&mut self, from: Bitboard, to: Bitboard, f: impl FnOnce(&mut Self) -> R) -> R {
        let depth = self.state.imaginary.len();
        self.state.dash_sides.push((self.node(), depth, from, to));
        let result = f(self);
        self.state.dash_sides.pop();
        result
    }

    /// Evaluates `f` where the sets of the position before the current move
    /// are read: the parent position (`move previous from X` evaluates X
    /// there). At the root, nothing: `f` is not evaluated.
    pub fn before_current_move<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        if let Some(imaginary) = self.state.imaginary.last() {
            // The position the imagined move was made from, if it is known:
            // a speculative reverse move was made from the imaginary position.
            match imaginary.step {
                Imagined::Before(_) => return imaginary.speculative.then(|| f(self)),
                Imagined::Changed => return None,
                Imagined::After(_) => {}
            }
            let imagined = self.state.imaginary.pop().expect("an imaginary position");
            let result = f(self);
            self.state.imaginary.push(imagined);
            return Some(result);
        }
        let parent = self.tree().node(self.node()).parent()?;
        Some(self.visit(parent, f))
    }
}
