//! The moves a `move` filter or a dash filter considers, by source: the
//! game's moves from here, the move that led here, or the legal or
//! pseudo-legal moves of the position; and the position after one of them,
//! where a filter's target is evaluated.

use std::ops::Deref;

use shakmaty::{Bitboard, Move, Position};
use smallvec::SmallVec;

pub use cql_vocabulary::{MoveSource, MoveSquare};

use crate::{cursor::Cursor, generation::pseudolegal_moves, move_view::MoveView, tree::NodeId};

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
    /// `mv`, which is not a move of the game.
    fn not_in_game(mv: Move) -> Candidate {
        Candidate { view: MoveView::of_move(mv), node: None, primary: None, mv: Some(mv) }
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

/// The moves of one source at one position that pass a filter's test:
/// without allocating for up to 8 of them (nearly always), on the heap beyond.
pub type Candidates = SmallVec<[Candidate; 8]>;

impl Cursor<'_> {
    /// The moves `source` offers here that pass `test`, in order (game moves
    /// in PGN order).
    pub fn candidates(&self, source: MoveSource, test: impl Fn(&Candidate) -> bool) -> Candidates {
        let mut candidates = Candidates::new();
        self.for_each_candidate(source, |candidate| {
            if test(candidate) {
                candidates.push(*candidate);
            }
        });
        candidates
    }

    /// The squares the game's moves from here leave, as a dash filter's
    /// `from` sees them ([`MoveView::origins`]): `x――` holds here exactly
    /// where `x` meets them (short of the whole board, which drops meet too).
    pub fn game_move_origins(&self) -> Bitboard {
        let mut origins = Bitboard::EMPTY;
        self.for_each_candidate(MoveSource::Game, |candidate| origins |= candidate.view.origins());
        origins
    }

    /// Calls `f` with each move `source` offers here, in order, without
    /// storing them.
    pub fn for_each_candidate(&self, source: MoveSource, mut f: impl FnMut(&Candidate)) {
        match source {
            MoveSource::Game => {
                // The first child is the primary move.
                for (index, node) in self.next_nodes().enumerate() {
                    if let Some(view) = self.move_view(node) {
                        f(&Candidate { view, node: Some(node), primary: Some(index == 0), mv: None });
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
                    f(&Candidate::not_in_game(mv));
                }
            }
            MoveSource::Pseudolegal => {
                // In variants, whose kings' safety shakmaty's rules decide,
                // the pseudo-legal moves are the legal ones.
                let position = self.position();
                let moves = match position.as_standard() {
                    Some(chess) => pseudolegal_moves(chess),
                    None => position.legal_moves().to_vec(),
                };
                for mv in moves {
                    f(&Candidate::not_in_game(mv));
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
}
