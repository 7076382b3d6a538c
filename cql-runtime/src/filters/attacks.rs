//! The attack filters `→` (`attacks`) and `←` (`attackedby`).
//!
//! A piece attacks a square if a king of the other colour standing there
//! would be in check from it: pins do not matter, a piece attacks squares
//! held by its own side, pawns attack their two forward diagonals, sliders
//! stop at the first occupied square.
//!
//! Chains of three or more sets (`♖→♞→♚`, `T→C→from`) describe pieces and
//! squares in line: squares `s1, ..., sn` (one from each set, all different)
//! such that a queen, rook or bishop on `s1` looks along one of its lines
//! through `s2, ..., sn` in that order, every other square up to `sn` being
//! empty. The middle squares may be empty or occupied (`♖→♞→♚` is a pin,
//! `T→C→from` says T's line crosses the empty square C).

use cql_vocabulary::Directions;
use shakmaty::{Bitboard, Board, Color, Square, attacks};
use smallvec::SmallVec;

use super::pawns::sideways;

/// The pieces of either colour that attack `square` (each slider line
/// looked up once for both colours).
fn attackers_of(board: &Board, square: Square) -> Bitboard {
    let occupied = board.occupied();
    let pawns = (attacks::pawn_attacks(Color::White, square) & board.black() & board.pawns())
        | (attacks::pawn_attacks(Color::Black, square) & board.white() & board.pawns());
    (attacks::rook_attacks(square, occupied) & board.rooks_and_queens())
        | (attacks::bishop_attacks(square, occupied) & board.bishops_and_queens())
        | (attacks::knight_attacks(square) & board.knights())
        | (attacks::king_attacks(square) & board.kings())
        | pawns
}

/// `x → y`: the squares of `x` whose piece attacks a square of `y`. (The
/// board comes last so that generated code can compute the sets with the
/// cursor before it borrows the board, here and below.) From the side with
/// fewer squares: the attackers of few targets (`△→♚`), or the attacks of
/// few pieces.
pub fn attacking(x: Bitboard, y: Bitboard, board: &Board) -> Bitboard {
    let pieces = x & board.occupied();
    if y.count() < pieces.count() {
        return y.into_iter().fold(Bitboard::EMPTY, |found, square| found | attackers_of(board, square)) & pieces;
    }
    let mut found = Bitboard::EMPTY;
    each_attack(board, pieces, |square, attacks| {
        if attacks.intersects(y) {
            found.add(square);
        }
    });
    found
}

/// Calls `f` with the square of each piece on `pieces` and the squares it
/// attacks, looked up by the pieces' roles.
fn each_attack(board: &Board, pieces: Bitboard, mut f: impl FnMut(Square, Bitboard)) {
    let occupied = board.occupied();
    for color in Color::ALL {
        for square in pieces & board.pawns() & board.by_color(color) {
            f(square, attacks::pawn_attacks(color, square));
        }
    }
    for square in pieces & board.knights() {
        f(square, attacks::knight_attacks(square));
    }
    for square in pieces & board.bishops() {
        f(square, attacks::bishop_attacks(square, occupied));
    }
    for square in pieces & board.rooks() {
        f(square, attacks::rook_attacks(square, occupied));
    }
    for square in pieces & board.queens() {
        f(square, attacks::queen_attacks(square, occupied));
    }
    for square in pieces & board.kings() {
        f(square, attacks::king_attacks(square));
    }
}

/// `y ← x`: the squares of `y` attacked by a piece on a square of `x` (from
/// the side with fewer squares, as [`attacking`]).
pub fn attacked_by(y: Bitboard, x: Bitboard, board: &Board) -> Bitboard {
    let pieces = x & board.occupied();
    if y.count() < pieces.count() {
        return y.into_iter().filter(|&square| attackers_of(board, square).intersects(pieces)).collect();
    }
    attacks_of_pieces(board, pieces) & y
}

/// Every square attacked by a piece on one of `pieces`: pawns' attacks for
/// all of them at once, each other piece's looked up by its role.
fn attacks_of_pieces(board: &Board, pieces: Bitboard) -> Bitboard {
    let pawns = pieces & board.pawns();
    // A pawn attacks the squares beside the one in front of it.
    let (white_pawns, black_pawns) = ((pawns & board.white()).0, (pawns & board.black()).0);
    let mut attacked = Bitboard(sideways(white_pawns << 8) | sideways(black_pawns >> 8));
    each_attack(board, pieces & !board.pawns(), |_, attacks| attacked |= attacks);
    attacked
}

/// `x1 → x2 → ... → xn` for n ≥ 3: the squares of `x1` that start such a line.
pub fn attacking_chain(sets: &[Bitboard], board: &Board) -> Bitboard {
    chain_ends(board, sets).0
}

/// `xn ← ... ← x2 ← x1` (the same line, read from its end): the squares of
/// `xn` (the first of `sets` as written) at the end of such a line. `sets` are
/// in the order written: `[xn, ..., x1]`.
pub fn attacked_by_chain(sets: &[Bitboard], board: &Board) -> Bitboard {
    let forward: SmallVec<[Bitboard; 8]> = sets.iter().rev().copied().collect();
    chain_ends(board, &forward).1
}

/// The first and last squares of every line `x1 → ... → xn` on `board`.
fn chain_ends(board: &Board, sets: &[Bitboard]) -> (Bitboard, Bitboard) {
    match *sets {
        [first, middle, last] => three_in_line(board, first, middle, last),
        _ => chain_ends_by_rays(board, sets),
    }
}

/// [`chain_ends`] for any number of sets: an x-ray along the lines.
fn chain_ends_by_rays(board: &Board, sets: &[Bitboard]) -> (Bitboard, Bitboard) {
    super::rays::ray_ends(board, Directions::ANYDIRECTION, sets, true)
}

/// [`chain_ends`] for three sets (a pin, a line through a square), from
/// attack sets: a slider on `first` attacks a square of `middle`, and a
/// square of `last` lies beyond it on the same line, nothing between them.
fn three_in_line(board: &Board, first: Bitboard, middle: Bitboard, last: Bitboard) -> (Bitboard, Bitboard) {
    let occupied = board.occupied();
    let sliders = board.queens() | board.rooks() | board.bishops();
    let (mut firsts, mut lasts) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for start in first & sliders {
        let Some(piece) = board.piece_at(start) else { continue };
        for through in attacks::attacks(start, piece, occupied) & middle {
            // Along the line from `through`, away from `start`.
            let behind = attacks::between(start, through).with(start);
            let ends = last & attacks::ray(start, through) & attacks::queen_attacks(through, occupied) & !behind;
            if ends.any() {
                firsts.add(start);
                lasts |= ends;
            }
        }
    }
    (firsts, lasts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::{board, squares};
    use shakmaty::{Color, Role};
    /// `x → y` and `y ← x` are what each piece's own attacks give, whichever
    /// way they are computed (from the smaller set).
    #[test]
    fn attackers_of_few_squares_are_the_pieces_attacking_them() {
        // The second has pawns of both colours on the edge files, whose
        // attacks must not wrap round the board.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "k7/P6p/p6P/1P4p1/p6P/P6p/p6P/K7 w - - 0 1",
        ] {
            let b = &board(fen);
            let corners = squares(&["e8", "d4", "a1"]);
            let sets = [Bitboard::FULL, b.white(), b.black(), b.pawns(), b.kings(), corners, Bitboard::EMPTY];
            for (&x, &y) in sets.iter().flat_map(|x| sets.iter().map(move |y| (x, y))) {
                let mut slow_attacking = Bitboard::EMPTY;
                let mut slow_attacked = Bitboard::EMPTY;
                for square in x & b.occupied() {
                    let piece = b.piece_at(square).unwrap();
                    let attacks = attacks::attacks(square, piece, b.occupied());
                    if attacks.intersects(y) {
                        slow_attacking.add(square);
                    }
                    slow_attacked |= attacks & y;
                }
                assert_eq!(attacking(x, y, b), slow_attacking, "{x:?} → {y:?}");
                assert_eq!(attacked_by(y, x, b), slow_attacked, "{y:?} ← {x:?}");
            }
        }
    }

    #[test]
    fn the_examples_of_the_cql_documentation_in_the_start_position() {
        let start = Board::default();
        let white_pawns = start.by_piece(Role::Pawn.of(Color::White));
        let f3 = squares(&["f3"]);
        // ♙→f3 is [g2,e2]; △→f3 is [g2,e2,g1].
        assert_eq!(attacking(white_pawns, f3, &start), squares(&["e2", "g2"]));
        assert_eq!(attacking(start.by_color(Color::White), f3, &start), squares(&["e2", "g2", "g1"]));
        // ♙←♘ is [e2,d2]: the pawns attacked (defended) by the knights.
        let knights = start.by_piece(Role::Knight.of(Color::White));
        assert_eq!(attacked_by(white_pawns, knights, &start), squares(&["d2", "e2"]));
    }

    #[test]
    fn a_queen_in_the_open_attacks_27_squares() {
        let b = board("8/8/8/3Q4/8/8/8/K1k5 w - - 0 1");
        let queen = squares(&["d5"]);
        assert_eq!(attacked_by(Bitboard::FULL, queen, &b).count(), 27);
    }

    /// Three sets in line by attack sets are what walking the lines finds.
    #[test]
    fn three_in_line_by_attack_sets_is_the_walk_along_lines() {
        let positions = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "k7/8/8/8/n7/8/P7/R3K3 w - - 0 1",
            "4k3/8/2b5/8/3Q4/8/6B1/R3K2R w - - 0 1",
            "3q4/8/8/3n4/8/3R4/8/3K2kb w - - 0 1",
        ];
        for fen in positions {
            let b = board(fen);
            let sets = [
                Bitboard::FULL,
                b.white(),
                b.black(),
                b.kings(),
                !b.occupied(),
                b.queens() | b.rooks(),
                squares(&["e4", "d5", "a1", "h8", "d3"]),
            ];
            for x in sets {
                for y in sets {
                    for z in sets {
                        assert_eq!(
                            three_in_line(&b, x, y, z),
                            chain_ends_by_rays(&b, &[x, y, z]),
                            "{fen}: {x:?} {y:?} {z:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_chain_of_three_is_a_pin_or_a_line_through_an_empty_square() {
        // Rook a1, knight a4, king a8: the knight is pinned.
        let b = board("k7/8/8/8/n7/8/8/R3K3 w - - 0 1");
        let (rook, knight, king) = (squares(&["a1"]), squares(&["a4"]), squares(&["a8"]));
        assert_eq!(attacking_chain(&[rook, knight, king], &b), rook);
        assert_eq!(attacked_by_chain(&[king, knight, rook], &b), king);
        // Through an empty square a2 as the middle set.
        assert_eq!(attacking_chain(&[rook, squares(&["a2"]), knight], &b), rook);
        // The wrong order does not line up.
        assert_eq!(attacking_chain(&[rook, king, knight], &b), Bitboard::EMPTY);
        // Another piece in the way breaks the line: king e1 is not on it, but put
        // something on a2.
        let blocked = board("k7/8/8/8/n7/8/P7/R3K3 w - - 0 1");
        assert_eq!(attacking_chain(&[rook, knight, king], &blocked), Bitboard::EMPTY);
    }
}
