//! The common move words of standard chess, resolved from attack sets
//! without generating the position's moves: a king's step, or a piece or
//! pawn move that is no en passant or promotion. Generating the candidates
//! (`san_candidates`) copies a list of up to 256 moves for each move of each
//! game; this finds the one move from the few squares that attack the
//! destination, and checks only whether the king is attacked once it is
//! made (which covers pins and checks alike). Anything else (or a word that
//! does not name exactly one legal move) is left to the general resolution,
//! which reports it as that would.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Rank, Role, Square, attacks};

use super::move_word::Described;
use crate::position::attackers_on_empty_board;

impl Described {
    /// The move this describes in `chess`, if it is a common one that is
    /// legal and the only one fitting; `None` to leave the word to
    /// [`Described::resolve`].
    pub(super) fn quick_resolve(&self, chess: &Chess) -> Option<Move> {
        let board = chess.board();
        let us = chess.turn();
        let role = self.role.unwrap_or(Role::Pawn);
        if self.promotion.is_some() || board.by_color(us).contains(self.to) {
            return None;
        }
        if role == Role::King {
            return self.quick_king_move(chess);
        }
        let last_rank = if us.is_white() { Rank::Eighth } else { Rank::First };
        if role == Role::Pawn && self.to.rank() == last_rank {
            return None;
        }
        let king = board.king_of(us)?;
        let occupied = board.occupied();
        let ours = board.by_piece(role.of(us));
        let capture = board.role_at(self.to);
        let origins = match role {
            Role::Pawn if capture.is_some() => attacks::pawn_attacks(!us, self.to) & ours,
            // En passant goes the general way.
            Role::Pawn if chess.maybe_ep_square() == Some(self.to) => return None,
            Role::Pawn => pawn_push_origin(self.to, us, ours, occupied),
            Role::Knight => attacks::knight_attacks(self.to) & ours,
            Role::Bishop => attacks::bishop_attacks(self.to, occupied) & ours,
            Role::Rook => attacks::rook_attacks(self.to, occupied) & ours,
            Role::Queen => attacks::queen_attacks(self.to, occupied) & ours,
            Role::King => return None,
        };
        let fitting = origins & self.origins_written(role);
        // Usually one piece fits what is written; else exactly one of
        // those that fit may leave its king safe.
        let from = match fitting.single_square() {
            Some(from) => Some(from).filter(|&from| leaves_king_safe(chess, king, from, self.to)),
            None => {
                let mut safe = fitting.into_iter().filter(|&from| leaves_king_safe(chess, king, from, self.to));
                safe.next().filter(|_| safe.next().is_none())
            }
        }?;
        Some(Move::Normal { role, from, capture, to: self.to, promotion: None })
    }
}

impl Described {
    /// A king's step to a square no enemy piece attacks once the king has
    /// left its square (castling, two squares along the rank, goes the
    /// general way).
    fn quick_king_move(&self, chess: &Chess) -> Option<Move> {
        let board = chess.board();
        let king = board.king_of(chess.turn())?;
        if !self.fits_origin(Role::King, king) || !attacks::king_attacks(king).contains(self.to) {
            return None;
        }
        let occupied = board.occupied().without(king);
        board.attacks_to(self.to, !chess.turn(), occupied).is_empty().then(|| Move::Normal {
            role: Role::King,
            from: king,
            capture: board.role_at(self.to),
            to: self.to,
            promotion: None,
        })
    }
}

/// The square a pawn of `us` on `pawns` pushes to `to` from (one step, or
/// two from its first rank over an empty square), if any.
fn pawn_push_origin(to: Square, us: Color, pawns: Bitboard, occupied: Bitboard) -> Bitboard {
    let back = |square: Square| square.offset(if us.is_white() { -8 } else { 8 });
    let Some(one) = back(to) else { return Bitboard::EMPTY };
    if pawns.contains(one) {
        return Bitboard::from_square(one);
    }
    let double_rank = if us.is_white() { Rank::Fourth } else { Rank::Fifth };
    match back(one) {
        Some(two) if to.rank() == double_rank && !occupied.contains(one) && pawns.contains(two) => {
            Bitboard::from_square(two)
        }
        _ => Bitboard::EMPTY,
    }
}

/// Whether the side to move's king on `king` is attacked by no enemy
/// piece (one on `to` being captured) once a piece other than the king has
/// gone from `from` to `to`.
fn leaves_king_safe(chess: &Chess, king: Square, from: Square, to: Square) -> bool {
    let board = chess.board();
    let us = chess.turn();
    let enemies = board.by_color(!us).without(to);
    // Most moves leave no enemy where it could attack the king even on an
    // empty board: then no occupancy need be looked up.
    if (attackers_on_empty_board(board, us, king) & enemies).is_empty() {
        return true;
    }
    let occupied = board.occupied().without(from).with(to);
    (board.attacks_to(king, !us, occupied) & enemies).is_empty()
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, File, Position, Role, Square, fen::Fen, san::San};

    use super::super::move_word::{Described, MoveWord};

    /// Positions with pins, checks, en passant, promotions and pieces that
    /// need disambiguating, each with some moves played from it.
    const FENS: [&str; 6] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "4k3/8/8/2N1N3/8/2N1N3/8/4K3 w - - 0 1",
        "3r2k1/8/8/8/3B4/8/3K4/8 w - - 0 1",
    ];

    /// Every legal move, written as SAN and read back the quick way, is the
    /// move itself, or left to the general resolution; never another move.
    #[test]
    fn the_quick_way_finds_each_legal_move_or_leaves_it() {
        let mut quick = 0;
        for fen in FENS {
            let start: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let mut positions = vec![start];
            for depth in 0..3 {
                let mut next = Vec::new();
                for position in &positions {
                    for mv in position.legal_moves() {
                        let san = San::from_move(position, mv).to_string();
                        if let Some(described) = Described::parse(san.as_bytes())
                            && let Some(found) = described.quick_resolve(position)
                        {
                            assert_eq!(
                                found,
                                mv,
                                "{san} in {}",
                                Fen::from_position(position, shakmaty::EnPassantMode::Legal)
                            );
                            quick += 1;
                        }
                        if depth < 2 && next.len() < 2_000 {
                            next.push(position.clone().play(mv).unwrap());
                        }
                    }
                }
                positions = next;
            }
        }
        assert!(quick > 10_000, "the quick way took {quick} moves");
    }

    /// Every word naming a role and a destination (with and without its
    /// origin's file), in positions with pins and checks, is resolved the
    /// quick way to the move the general resolution finds, or left to it:
    /// never to a move the general resolution would refuse.
    #[test]
    fn the_quick_way_never_accepts_what_the_general_way_refuses() {
        let mut quick = 0;
        for fen in FENS.iter().chain(&CHECKS) {
            let start: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let mut positions = vec![start.clone()];
            positions.extend(start.legal_moves().into_iter().map(|mv| start.clone().play(mv).unwrap()));
            for position in &positions {
                for role in Role::ALL {
                    for to in Square::ALL {
                        let files = std::iter::once(None).chain(File::ALL.map(Some));
                        for file in files {
                            let described = Described { role: Some(role), file, rank: None, to, promotion: None };
                            let described =
                                if role == Role::Pawn { Described { role: None, ..described } } else { described };
                            if let Some(found) = described.quick_resolve(position) {
                                assert_eq!(
                                    Ok(found),
                                    MoveWord::Normal(described).resolve(position),
                                    "{described:?} in {}",
                                    Fen::from_position(position, shakmaty::EnPassantMode::Legal)
                                );
                                quick += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(quick > 5_000, "the quick way took {quick} words");
    }

    /// The origins written, as a set, are the squares whose file and rank
    /// fit what is written, one by one (a pawn's move without a file
    /// staying on its file).
    #[test]
    fn the_origins_written_are_those_that_fit() {
        let fits = |described: &Described, role: Role, from: Square| {
            described.file.is_none_or(|file| file == from.file())
                && described.rank.is_none_or(|rank| rank == from.rank())
                && (role != Role::Pawn || described.file.is_some() || from.file() == described.to.file())
        };
        let files = std::iter::once(None).chain(File::ALL.map(Some));
        for file in files {
            let ranks = std::iter::once(None).chain(shakmaty::Rank::ALL.map(Some));
            for rank in ranks {
                for to in [Square::E4, Square::A8, Square::H1] {
                    let described = Described { role: None, file, rank, to, promotion: None };
                    for role in Role::ALL {
                        let fitting: Vec<Square> =
                            Square::ALL.into_iter().filter(|&from| fits(&described, role, from)).collect();
                        let written: Vec<Square> = described.origins_written(role).into_iter().collect();
                        assert_eq!(written, fitting, "{described:?} {role:?}");
                    }
                }
            }
        }
    }

    /// Positions in check: single, double, by a knight, a pawn and a slider,
    /// with pinned pieces that could block or capture.
    const CHECKS: [&str; 5] = [
        "4k3/8/8/1b6/8/3N4/4P3/4K3 w - - 0 1",
        "4k3/8/5n2/8/8/8/3r4/R3K2R w - - 0 1",
        "4k3/4r3/8/8/1b6/8/3P1N2/4K3 w - - 0 1",
        "4k3/8/8/8/8/3p4/4K3/2B5 w - - 0 1",
        "r3k3/8/8/8/8/8/2n5/R3K2R w - - 0 1",
    ];

    /// A pinned piece's move along the pin is found; off it, it is left to
    /// the general resolution (which reports it); and `Nd4` where two
    /// knights reach d4 but one is pinned is the other knight's.
    #[test]
    fn pins_are_respected() {
        let position =
            |fen: &str| -> Chess { fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap() };
        let bishop = position("3r2k1/8/8/8/3B4/8/3K4/8 w - - 0 1");
        assert!(Described::parse(b"Be5").unwrap().quick_resolve(&bishop).is_none());
        let rook = position("3r2k1/8/8/8/3R4/8/3K4/8 w - - 0 1");
        assert!(Described::parse(b"Rd5").unwrap().quick_resolve(&rook).is_some());
        let knights = position("3r2k1/8/8/8/8/2N5/3N4/3K4 w - - 0 1");
        let mv = Described::parse(b"Ne4").unwrap().quick_resolve(&knights).unwrap();
        assert_eq!(mv.from(), Some(shakmaty::Square::C3));
    }
}
