//! The moves counted from the pieces' destinations
//! (`cql_runtime::generation::legal_destinations` and `pseudolegal_destinations`,
//! behind `move legal from ♘ count`), checked against the moves listed one
//! by one: shakmaty's legal moves and the runtime's `pseudolegal_moves`,
//! filtered by the same from and to squares, the four promotions of a pawn
//! move counted once (as `count_moves` counts them) and castling as the
//! king's move to its castling square.
//!
//! Positions: every position of the game trees of `../shared/corpora` (the
//! small corpora, Chess960 games included), the perft positions of the
//! chessprogramming wiki with their first three plies expanded, and a few
//! corner cases. Masks: every square; each piece kind's squares, as from and
//! as to squares; pseudo-random sets.

use std::{
    fs,
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
    thread,
};

use cql_runtime::{
    generation::{legal_destinations, pseudolegal_destinations, pseudolegal_moves},
    pgn::read_games,
};
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square, fen::Fen,
};

/// The perft positions of <https://www.chessprogramming.org/Perft_Results>:
/// the start, Kiwipete, and positions 3 to 6.
const PERFT: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Positions whose rules the destinations must get right, each named.
const CORNERS: [(&str, &str); 8] = [
    ("en passant would uncover the king along the rank", "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1"),
    ("en passant by a pawn pinned on a diagonal", "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2"),
    ("en passant takes the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"),
    ("double check: king steps only", "4r1k1/8/8/8/1b6/8/8/4K2R w K - 0 1"),
    ("a king may not step along the checking ray", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"),
    ("promotions, pushed and taking", "1n2k3/P7/8/8/8/8/6p1/4K2R b K - 0 1"),
    ("Chess960: the king steps to its castling square or castles there", "4k3/8/8/8/8/8/8/5K1R w H - 0 1"),
    ("Chess960: the king castles to the square it stands on", "4k3/8/8/8/8/8/8/1RK5 w B - 0 1"),
];

fn corpora() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora");
    let mut paths: Vec<PathBuf> = fs::read_dir(folder)
        .expect("the shared corpora")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "pgn"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 7, "corpora found: {paths:?}");
    paths
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap()
}

/// A move as `move ... count` tests it: its from square and the square it
/// goes to (a castling king's castling square); `None` for the promotions
/// to other pieces than a queen, which count with the queen's.
fn counted_squares(position: &Chess, mv: &Move) -> Option<(Square, Square)> {
    match *mv {
        Move::Castle { king, rook } => {
            let side = if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            Some((king, side.king_to(position.turn())))
        }
        Move::Normal { promotion: Some(role), .. } if role != Role::Queen => None,
        _ => Some((mv.from()?, mv.to())),
    }
}

/// What the listed moves say: how many go from `from` to `to`, and their
/// from and to squares.
fn listed(position: &Chess, moves: &[Move], from: Bitboard, to: Bitboard) -> (u32, Bitboard, Bitboard) {
    let mut found = (0, Bitboard::EMPTY, Bitboard::EMPTY);
    for (start, end) in moves.iter().filter_map(|mv| counted_squares(position, mv)) {
        if from.contains(start) && to.contains(end) {
            found.0 += 1;
            found.1.add(start);
            found.2.add(end);
        }
    }
    found
}

/// A way of generating destinations: legal or pseudo-legal.
type Generate = fn(&Chess, Bitboard, Bitboard, &mut dyn FnMut(Square, Bitboard));

/// What the destinations say, in the same terms.
fn destinations(generate: Generate, position: &Chess, from: Bitboard, to: Bitboard) -> (u32, Bitboard, Bitboard) {
    let mut found = (0, Bitboard::EMPTY, Bitboard::EMPTY);
    generate(position, from, to, &mut |piece, destinations| {
        found.0 += destinations.count() as u32;
        found.1.add(piece);
        found.2 |= destinations;
    });
    found
}

fn legal(position: &Chess, from: Bitboard, to: Bitboard, visit: &mut dyn FnMut(Square, Bitboard)) {
    legal_destinations(position, from, to, visit);
}

fn pseudolegal(position: &Chess, from: Bitboard, to: Bitboard, visit: &mut dyn FnMut(Square, Bitboard)) {
    pseudolegal_destinations(position, from, to, visit);
}

/// A pseudo-random square set (xorshift), different for each `seed`.
fn random_mask(seed: u64) -> Bitboard {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    Bitboard(x)
}

/// The (from, to) pairs of masks tried at `position`.
fn mask_pairs(position: &Chess, seed: u64) -> Vec<(Bitboard, Bitboard)> {
    let board = position.board();
    let mut pairs = vec![(Bitboard::FULL, Bitboard::FULL)];
    for color in Color::ALL {
        for role in Role::ALL {
            let squares = board.by_piece(Piece { color, role });
            pairs.push((squares, Bitboard::FULL));
            pairs.push((Bitboard::FULL, squares));
        }
    }
    pairs.push((Bitboard::FULL, !board.occupied()));
    pairs.push((random_mask(seed), random_mask(seed + 1)));
    pairs.push((Bitboard::FULL, random_mask(seed + 2)));
    pairs.push((random_mask(seed + 3), Bitboard::FULL));
    pairs
}

/// The differences between destinations and listed moves at `position`,
/// described; its random masks drawn from `seed`.
fn differences(position: &Chess, seed: u64) -> Vec<String> {
    let legal_moves = position.legal_moves();
    let pseudolegal_moves = pseudolegal_moves(position);
    let mut found = Vec::new();
    for (from, to) in mask_pairs(position, seed) {
        for (name, moves, generate) in
            [("legal", &legal_moves[..], legal as Generate), ("pseudolegal", &pseudolegal_moves[..], pseudolegal)]
        {
            let expected = listed(position, moves, from, to);
            let counted = destinations(generate, position, from, to);
            if counted != expected {
                let fen = Fen::from_position(position, EnPassantMode::Legal);
                found.push(format!("{fen}: {name} from {from:?} to {to:?}: counted {counted:?}, listed {expected:?}"));
            }
        }
    }
    found
}

/// `position` and every position up to `plies` moves after it.
fn expanded(position: Chess, plies: u32) -> Vec<Chess> {
    let mut positions = vec![position.clone()];
    if plies > 0 {
        for mv in position.legal_moves() {
            let mut after = position.clone();
            after.play_unchecked(mv);
            positions.extend(expanded(after, plies - 1));
        }
    }
    positions
}

fn assert_no_differences(positions: impl IntoIterator<Item = Chess>) -> u64 {
    let mut checked = 0;
    for position in positions {
        // Masks drawn from the board: different from position to position.
        let found = differences(&position, position.board().occupied().0);
        assert!(
            found.is_empty(),
            "{} differences, the first:\n{}",
            found.len(),
            found[..found.len().min(10)].join("\n")
        );
        checked += 1;
    }
    checked
}

#[test]
fn the_corner_cases_count_as_listed() {
    for (name, fen) in CORNERS {
        let position = position(fen);
        let found = differences(&position, 7);
        assert!(found.is_empty(), "{name}:\n{}", found.join("\n"));
    }
    // The corners hold what they are named after.
    let rank_pin = position(CORNERS[0].1);
    assert_eq!(destinations(legal, &rank_pin, Bitboard::FULL, Bitboard::from_square(Square::D3)).0, 0);
    assert_eq!(destinations(pseudolegal, &rank_pin, Bitboard::FULL, Bitboard::from_square(Square::D3)).0, 1);
    let both = position(CORNERS[6].1);
    let (king, g1) = (Bitboard::from_square(Square::F1), Bitboard::from_square(Square::G1));
    assert_eq!(destinations(legal, &both, king, g1).0, 2);
}

#[test]
fn the_perft_positions_and_their_first_three_plies_count_as_listed() {
    let checked: u64 = thread::scope(|scope| {
        let threads: Vec<_> =
            PERFT.iter().map(|fen| scope.spawn(|| assert_no_differences(expanded(position(fen), 3)))).collect();
        threads.into_iter().map(|thread| thread.join().unwrap()).sum()
    });
    assert!(checked > 250_000, "{checked} positions");
}

#[test]
fn every_position_of_the_corpora_counts_as_listed() {
    let checked = AtomicU64::new(0);
    thread::scope(|scope| {
        for path in corpora() {
            let checked = &checked;
            scope.spawn(move || {
                let games = read_games(&path).expect("the corpus opens");
                for game in games.filter_map(|read| read.ok()?.ok().map(|(game, _)| game)) {
                    let tree = game.tree();
                    let positions =
                        tree.preorder().into_iter().filter_map(|node| tree.position(node).as_standard().cloned());
                    checked.fetch_add(assert_no_differences(positions), Ordering::Relaxed);
                }
            });
        }
    });
    assert!(checked.into_inner() > 100_000);
}
