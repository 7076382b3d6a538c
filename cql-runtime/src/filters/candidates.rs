//! The moves a `move` filter or a dash filter considers, by source: the
//! game's moves from here, the move that led here, or the legal or
//! pseudo-legal moves of the position.
//!
//! A move is identified by its from and to squares: the four promotions of
//! one pawn move are one move when moves are counted.

use std::ops::Deref;

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, Chess, Move, Position, Role};
use smallvec::SmallVec;

pub use cql_vocabulary::{MoveSource, MoveSquare};

use crate::{cursor::Cursor, eval::Imagined, filters::moves::MoveView, moves::pseudolegal_moves, tree::NodeId};

/// One move a filter considers.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    /// The move.
    pub view: MoveView,
    /// For a move of the game, the position it leads to.
    pub node: Option<NodeId>,
    /// For a move of the game, whether it is the first from its position.
    pub primary: Option<bool>,
    /// For a move that is not in the game, the move to play.
    pub mv: Option<Move>,
}

impl Deref for Candidate {
    type Target = MoveView;

    fn deref(&self) -> &MoveView {
        &self.view
    }
}

impl Candidate {
    /// `mv`, played from `position`, which is not a move of the game.
    fn not_in_game(position: &Chess, mv: Move) -> Candidate {
        Candidate { view: MoveView::of_move(position, mv), node: None, primary: None, mv: Some(mv) }
    }

    /// Whether the move is a primary move of the game (`primary`).
    pub fn is_primary(&self) -> bool {
        self.primary == Some(true)
    }

    /// Whether the move starts a variation of the game (`secondary`).
    pub fn is_secondary(&self) -> bool {
        self.primary == Some(false)
    }
}

/// The moves of one source at one position: without allocating for up to
/// 64 of them (most positions), on the heap beyond.
pub type Candidates = SmallVec<[Candidate; 64]>;

/// The pawn moves that promote, seen so far: a move is identified by its
/// from and to squares, so the four promotions of one pawn move count once.
/// At most 8 pawns stand on the seventh rank, each with at most 3 squares to
/// go to: 24 moves.
#[derive(Default)]
struct Promotions(ArrayVec<(shakmaty::Square, shakmaty::Square), 24>);

impl Promotions {
    /// Whether `candidate` is the first move with its from and to squares
    /// (only promotions can share them).
    fn first(&mut self, candidate: &Candidate) -> bool {
        if candidate.promotion.is_none() {
            return true;
        }
        let key = (candidate.from, candidate.to);
        if self.0.contains(&key) {
            return false;
        }
        let _ = self.0.try_push(key);
        true
    }
}

impl Cursor<'_> {
    /// The moves `source` offers here, in order (game moves in PGN order).
    pub fn candidates(&self, source: MoveSource) -> Candidates {
        let mut candidates = Candidates::new();
        self.for_each_candidate(source, |candidate| {
            candidates.push(*candidate);
        });
        candidates
    }

    /// Calls `f` with each move `source` offers here, in order, without
    /// storing them.
    pub fn for_each_candidate(&self, source: MoveSource, mut f: impl FnMut(&Candidate)) {
        match source {
            MoveSource::Game => {
                for node in self.next_nodes() {
                    if let Some(view) = self.move_view(node) {
                        f(&Candidate { view, node: Some(node), primary: Some(self.tree().is_primary(node)), mv: None });
                    }
                }
            }
            MoveSource::Previous => {
                let primary = (!self.is_imaginary()).then(|| self.tree().is_primary(self.node()));
                if let Some(view) = self.current_move() {
                    f(&Candidate { view, node: None, primary, mv: None });
                }
            }
            MoveSource::Legal => {
                let position = self.position();
                for mv in position.legal_moves() {
                    f(&Candidate::not_in_game(position, mv));
                }
            }
            MoveSource::Pseudolegal => {
                let position = self.position();
                for mv in pseudolegal_moves(position) {
                    f(&Candidate::not_in_game(position, mv));
                }
            }
        }
    }

    /// Evaluates `target` at the position after `candidate` (the game's
    /// position, or an imaginary one for a move not in the game).
    pub fn after<R>(&mut self, candidate: &Candidate, target: impl FnOnce(&mut Self) -> R) -> R {
        match (candidate.node, candidate.mv) {
            (Some(node), _) => self.visit(node, target),
            (None, Some(mv)) => {
                let mut position = self.position().clone();
                position.play_unchecked(mv);
                self.imagine(position, candidate.view, target)
            }
            (None, None) => target(self),
        }
    }

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

    /// The value of `target` after the first move of `source` (in order) that
    /// passes `test` and for which `target` has a value.
    pub fn first_move_value<T>(
        &mut self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<T> {
        for candidate in self.candidates(source).into_iter().filter(|c| test(c)) {
            let mark = self.mark();
            match self.after(&candidate, &mut target) {
                Some(value) => return Some(value),
                None => self.rollback(mark),
            }
        }
        None
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
        for candidate in self.candidates(source).into_iter().filter(|c| test(c)) {
            found = true;
            let mark = self.mark();
            if !self.after(&candidate, &mut target) {
                self.rollback(mark);
            }
        }
        found
    }

    /// The number of moves of `source` that pass `test`, counting the
    /// promotions of one pawn move once (`move ... count`, `countmoves`).
    pub fn count_moves(&self, source: MoveSource, test: impl Fn(&Candidate) -> bool) -> Option<i64> {
        let mut promotions = Promotions::default();
        let mut count = 0;
        self.for_each_candidate(source, |candidate| {
            if test(candidate) && promotions.first(candidate) {
                count += 1;
            }
        });
        Some(count)
    }

    /// The number of legal moves here, the four promotions of a pawn move
    /// counted once (`move legal count`, `countmoves legal ――`).
    pub fn count_legal_moves(&self) -> Option<i64> {
        let position = self.position();
        let moves = position.legal_moves();
        let seventh = Bitboard::from_rank(position.turn().relative_rank(shakmaty::Rank::Seventh));
        if (position.our(Role::Pawn) & seventh).is_empty() {
            return Some(moves.len() as i64);
        }
        // The four promotions of a pawn move are generated together: count the queen's.
        let promotions = moves.iter().filter(|mv| mv.promotion().is_some_and(|role| role != Role::Queen)).count();
        Some((moves.len() - promotions) as i64)
    }

    /// The number of moves of `source` that pass `test` and after which
    /// `target` holds (`countmoves F――G(target)`).
    pub fn count_moves_where(
        &mut self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> bool,
    ) -> Option<i64> {
        let mut promotions = Promotions::default();
        let mut count = 0;
        for candidate in self.candidates(source).into_iter().filter(|c| test(c)) {
            let mark = self.mark();
            if !self.after(&candidate, &mut target) {
                self.rollback(mark);
            } else if promotions.first(&candidate) {
                count += 1;
            }
        }
        Some(count)
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

    /// Evaluates `f` where the sets of the position before the current move
    /// are read: the parent position (`move previous from X` evaluates X
    /// there). At the root, nothing: `f` is not evaluated.
    pub fn before_current_move<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        if let Some(imaginary) = self.state.imaginary.last() {
            // The position the imagined move was made from, if it is known.
            if matches!(imaginary.step, Imagined::Before(_)) {
                return None;
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
