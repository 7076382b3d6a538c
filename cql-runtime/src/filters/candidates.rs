//! The moves a `move` filter or a dash filter considers, by source: the
//! game's moves from here, the move that led here, or the legal or
//! pseudo-legal moves of the position; and the position after one of them,
//! where a filter's target is evaluated.

use std::ops::Deref;

use shakmaty::{Bitboard, CastlingSide, Move, Position};
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
            MoveSource::LegalCastling => {
                let position = self.position();
                let (castles, turn) = (position.castles(), position.turn());
                // Only a side the mover has the right to castle on is generated.
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide]
                    .into_iter()
                    .filter(|&side| castles.has(turn, side))
                {
                    for mv in position.castling_moves(side) {
                        f(&Candidate::not_in_game(mv));
                    }
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

#[cfg(test)]
mod tests {
    use shakmaty::{EnPassantMode, fen::Fen};

    use super::{Candidate, MoveSource};
    use crate::{
        EvalSettings, Game,
        cursor::Cursor,
        pgn::{GameParser, RawGame},
        position::positions_within,
        state::GameState,
        tree::NodeId,
    };

    /// The moves `source` offers at the start of the game of `pgn`, as (from, to).
    fn offered(pgn: &str, source: MoveSource, test: impl Fn(&Candidate) -> bool) -> Vec<(u32, u32)> {
        let mut game = Game::default();
        GameParser::default().parse(&RawGame::new(1, 1, pgn.as_bytes()), &mut game).expect("a game");
        let (settings, mut state) = (EvalSettings::default(), GameState::default());
        let at = Cursor::new(&game, NodeId::ROOT, &settings, &mut state);
        let mut moves = Vec::new();
        at.for_each_candidate(source, |candidate| {
            if test(candidate) {
                moves.push((u32::from(candidate.from), u32::from(candidate.to)));
            }
        });
        moves
    }

    /// The legal castling moves are the legal moves that castle, in the same
    /// order: in positions two plies from ones where either side may castle
    /// either way (through attacked squares, out of check, blocked), and in
    /// Chess960 starting positions.
    #[test]
    fn the_legal_castling_moves_are_the_legal_moves_that_castle() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/3B4/8/8/8/8/R3K2R b KQkq - 0 1",
        ];
        let mut castling = 0;
        for fen in fens {
            for position in positions_within(fen, 2) {
                let fen = Fen::from_position(&position, EnPassantMode::Legal);
                let pgn = format!("[FEN \"{fen}\"]\n\n*\n");
                let all = offered(&pgn, MoveSource::Legal, |mv| mv.is_castling(None));
                assert_eq!(offered(&pgn, MoveSource::LegalCastling, |_| true), all, "{fen}");
                castling += all.len();
            }
        }
        let chess960 = [
            "[Variant \"Chess960\"]\n[FEN \"qrkbbrnn/pppppppp/8/8/8/8/PPPPPPPP/QRKBBRNN w KQkq - 0 1\"]\n\n*\n",
            "[Variant \"Chess960\"]\n[FEN \"rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1\"]\n\n*\n",
        ];
        for pgn in chess960 {
            let all = offered(pgn, MoveSource::Legal, |mv| mv.is_castling(None));
            assert_eq!(offered(pgn, MoveSource::LegalCastling, |_| true), all, "{pgn}");
            castling += all.len();
        }
        assert!(castling > 1000, "{castling} castling moves compared");
    }
}
