//! The filters about pieces in line: `pin`, `ray` and `xray` (and the
//! chains `x1 → x2 → ... → xn`, which are x-rays).
//!
//! All are geometry on the board as it stands: whose turn it is, check,
//! and whether a pinned piece could move along its line do not matter.
//!
//! A **ray** `ray (x1 ... xn)` is squares `s1, ..., sn`, one of each set
//! in order, on one line from `s1` in one of the allowed directions, such
//! that every occupied square after `s1` up to `sn` is one of the middle
//! squares: a piece met must be taken by the next middle set, an empty
//! square may be taken or passed. Its value is the squares `sn` that end
//! one (every square of the last set up to and including the first piece
//! after `s(n-1)`). An **x-ray** (`xray`, `ray attack`) also asks that a
//! queen, a rook (along ranks and files) or a bishop (along diagonals)
//! stand on `s1`; a chain of attack arrows is an x-ray whose value is its
//! first squares.
//!
//! A **pin** is a queen, rook or bishop, a piece of the other colour in its
//! line, and beyond it a target (a piece of that other colour or an empty
//! square) with nothing else between: [`pins`].

use arrayvec::ArrayVec;
use cql_vocabulary::Directions;
use shakmaty::{Bitboard, Board, File, Rank, Role, Square, attacks};

/// The squares of the pins on `board` whose pinner is on `from`, pinned
/// piece on `through` and target on `to`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pins {
    /// The pinning queens, rooks and bishops.
    pub pinners: Bitboard,
    /// The pinned pieces.
    pub pinned: Bitboard,
    /// What they are pinned to (pieces, or empty squares).
    pub targets: Bitboard,
}

/// The pins of either colour: a queen, rook or bishop on `from`, a piece of
/// the other colour on `through` as the only piece between, and beyond it
/// on `to` a piece of that colour or an empty square (`pin` without `to`
/// means the kings).
pub fn pins(from: Bitboard, through: Bitboard, to: Bitboard, board: &Board) -> Pins {
    // A few targets (the kings, most often) are found faster from their side.
    if to.count() <= FEW_TARGETS { pins_toward(from, through, to, board) } else { pins_from(from, through, to, board) }
}

/// How many targets [`pins_toward`] takes.
const FEW_TARGETS: usize = 2;

/// [`pins`] from each target: the queens, rooks and bishops on its lines
/// that move along them, with exactly one piece between, the pinned one.
fn pins_toward(from: Bitboard, through: Bitboard, to: Bitboard, board: &Board) -> Pins {
    let mut pins = Pins::default();
    let occupied = board.occupied();
    let straight = board.rooks() | board.queens();
    let diagonal = board.bishops() | board.queens();
    for target in to {
        let lines = (attacks::rook_attacks(target, Bitboard::EMPTY) & straight)
            | (attacks::bishop_attacks(target, Bitboard::EMPTY) & diagonal);
        for pinner in lines & from {
            let Some(piece) = board.piece_at(pinner) else { continue };
            let theirs = board.by_color(!piece.color);
            if occupied.contains(target) && !theirs.contains(target) {
                continue;
            }
            let between = attacks::between(pinner, target) & occupied;
            if let Some(pinned) = between.single_square()
                && (through & theirs).contains(pinned)
            {
                pins.pinners.add(pinner);
                pins.pinned.add(pinned);
                pins.targets.add(target);
            }
        }
    }
    pins
}

/// [`pins`] from each queen, rook and bishop: the first piece on each of
/// its lines, if it is the other colour's, and what lies beyond it.
fn pins_from(from: Bitboard, through: Bitboard, to: Bitboard, board: &Board) -> Pins {
    let mut pins = Pins::default();
    let occupied = board.occupied();
    for pinner in from & (board.queens() | board.rooks() | board.bishops()) {
        let Some(piece) = board.piece_at(pinner) else { continue };
        let theirs = board.by_color(!piece.color);
        let targets = to & (theirs | !occupied);
        // The first piece on each of the pinner's lines, if it is theirs.
        for pinned in attacks::attacks(pinner, piece, occupied) & through & theirs {
            // Along the same line beyond it, up to and including the next piece.
            let behind = attacks::between(pinner, pinned).with(pinner);
            let found = attacks::queen_attacks(pinned, occupied) & attacks::ray(pinner, pinned) & !behind & targets;
            if found.any() {
                pins.pinners.add(pinner);
                pins.pinned.add(pinned);
                pins.targets |= found;
            }
        }
    }
    pins
}

/// `ray directions (x1 ... xn)`: the squares of `xn` that end a ray
/// through the sets in order.
pub fn ray(directions: Directions, sets: &[Bitboard], board: &Board) -> Bitboard {
    ray_ends(board, directions, sets, false).1
}

/// `xray (x1 ... xn)`: the squares of `xn` that end an x-ray through the
/// sets in order.
pub fn xray(sets: &[Bitboard], board: &Board) -> Bitboard {
    ray_ends(board, Directions::ANYDIRECTION, sets, true).1
}

/// The first and last squares of every ray (x-ray with `x_ray`) through
/// `sets` in order, along `directions`.
pub(crate) fn ray_ends(board: &Board, directions: Directions, sets: &[Bitboard], x_ray: bool) -> (Bitboard, Bitboard) {
    let (mut firsts, mut lasts) = (Bitboard::EMPTY, Bitboard::EMPTY);
    let Some((&first, rest)) = sets.split_first() else {
        return (firsts, lasts);
    };
    if rest.is_empty() {
        return (firsts, lasts);
    }
    let starts = if x_ray { first & (board.queens() | board.rooks() | board.bishops()) } else { first };
    for start in starts {
        let role = if x_ray { board.role_at(start) } else { None };
        for (bit, &step) in Directions::STEPS.iter().enumerate() {
            if directions.0 & 1 << bit == 0 || !role.is_none_or(|role| moves_along(role, step)) {
                continue;
            }
            let ends = line_ends(board, &line_from(start, step), rest);
            if ends.any() {
                firsts.add(start);
                lasts |= ends;
            }
        }
    }
    (firsts, lasts)
}

/// The squares of the last of `rest` where a line through `line` (squares
/// in order from the start, which is not among them) places the sets of
/// `rest` in order: a piece must be taken by the set whose turn it is, an
/// empty square may be taken or passed; the last set takes every square up
/// to and including the first piece.
fn line_ends(board: &Board, line: &[Square], rest: &[Bitboard]) -> Bitboard {
    fn place(occupied: Bitboard, line: &[Square], rest: &[Bitboard], ends: &mut Bitboard) {
        let Some((&set, later)) = rest.split_first() else {
            return;
        };
        for (i, &square) in line.iter().enumerate() {
            if set.contains(square) {
                if later.is_empty() {
                    ends.add(square);
                } else {
                    place(occupied, &line[i + 1..], later, ends);
                }
            }
            if occupied.contains(square) {
                return;
            }
        }
    }
    let mut ends = Bitboard::EMPTY;
    place(board.occupied(), line, rest, &mut ends);
    ends
}

/// A step along a line: (file, rank).
type Step = (i32, i32);

/// Whether a piece of `role` moves along `step`: a rook along ranks and
/// files, a bishop along diagonals, a queen along both.
fn moves_along(role: Role, (file_step, rank_step): Step) -> bool {
    let straight = file_step == 0 || rank_step == 0;
    match role {
        Role::Rook => straight,
        Role::Bishop => !straight,
        Role::Queen => true,
        Role::Pawn | Role::Knight | Role::King => false,
    }
}

/// The squares from `start` (excluded) to the edge of the board in `step`.
fn line_from(start: Square, (file_step, rank_step): Step) -> ArrayVec<Square, 7> {
    let mut squares = ArrayVec::new();
    let (mut file, mut rank) = (start.file() as i32, start.rank() as i32);
    loop {
        file += file_step;
        rank += rank_step;
        if !(0..8).contains(&file) || !(0..8).contains(&rank) {
            return squares;
        }
        squares.push(Square::from_coords(File::new(file as u32), Rank::new(rank as u32)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::{board, squares};

    /// From the targets' side or the pinners', the pins are the same: on
    /// boards full of pins, to every square alone, to each pair of kings
    /// and pieces, through every piece or only some.
    #[test]
    fn pins_are_the_same_found_from_either_end() {
        let boards = [
            "k7/8/2p5/3q4/n7/8/8/R3K2B w - - 0 1",
            "3r2k1/1b3ppp/8/3N4/2Q5/1P6/5B2/R3K2R w - - 0 1",
            "4k3/4r3/8/1b6/2P1N3/q3R3/3P4/4K2B b - - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
        ];
        let mut found = 0;
        for fen in boards {
            let b = board(fen);
            let throughs = [Bitboard::FULL, b.by_color(shakmaty::Color::White), b.knights() | b.pawns()];
            let mut tos: Vec<Bitboard> = Square::ALL.into_iter().map(Bitboard::from_square).collect();
            tos.push(b.kings());
            tos.push(b.kings() | b.queens());
            for through in throughs {
                for &to in &tos {
                    let froms = [Bitboard::FULL, b.by_color(shakmaty::Color::Black)];
                    for from in froms {
                        let pins = pins_toward(from, through, to, &b);
                        assert_eq!(pins, pins_from(from, through, to, &b), "{fen}: {from:?} {through:?} {to:?}");
                        found += usize::from(pins.pinned.any());
                    }
                }
            }
        }
        assert!(found > 50, "{found} sets of pins");
    }

    #[test]
    fn a_pin_is_one_piece_of_the_other_colour_between_a_slider_and_its_target() {
        // Rook a1 pins the knight a4 to the king a8; the bishop h1 sees the
        // queen d5 but the king a8 is behind two pieces (d5 and c6).
        let b = board("k7/8/2p5/3q4/n7/8/8/R3K2B w - - 0 1");
        let pins = pins(Bitboard::FULL, Bitboard::FULL, b.kings(), &b);
        assert_eq!(pins.pinners, squares(&["a1"]));
        assert_eq!(pins.pinned, squares(&["a4"]));
        assert_eq!(pins.targets, squares(&["a8"]));
        // A piece of the pinner's own colour between is a battery, no pin.
        let battery = board("k7/8/8/8/N7/8/8/R3K3 w - - 0 1");
        assert_eq!(super::pins(Bitboard::FULL, Bitboard::FULL, battery.kings(), &battery), Pins::default());
        // A knight pins nothing; empty squares beyond a pinned piece are targets.
        let knight = board("k7/8/8/8/n7/8/8/N3K3 w - - 0 1");
        assert_eq!(super::pins(Bitboard::FULL, Bitboard::FULL, b.kings(), &knight), Pins::default());
        let to_empty = super::pins(squares(&["a1"]), Bitboard::FULL, !b.occupied(), &b);
        assert_eq!(to_empty.targets, squares(&["a5", "a6", "a7"]));
    }

    #[test]
    fn a_ray_takes_each_piece_it_meets_and_ends_at_the_first_piece_of_the_last_set() {
        // Rook d4, knight d7, king d8.
        let b = board("3k4/3n4/8/8/3R4/8/8/4K3 w - - 0 1");
        let (rook, knight, king) = (squares(&["d4"]), squares(&["d7"]), squares(&["d8"]));
        assert_eq!(ray(Directions::ANYDIRECTION, &[rook, king], &b), Bitboard::EMPTY);
        assert_eq!(ray(Directions::ANYDIRECTION, &[rook, knight, king], &b), king);
        assert_eq!(ray(Directions::DOWN, &[rook, knight, king], &b), Bitboard::EMPTY);
        // Every empty square of the rook's lines, up to the first piece.
        assert_eq!(ray(Directions::ANYDIRECTION, &[rook, !b.occupied()], &b).count(), 25);
        // An x-ray starts only from a slider moving its own way.
        let king_start = squares(&["e1"]);
        assert_eq!(ray(Directions::ANYDIRECTION, &[king_start, Bitboard::FULL], &b).count(), 21);
        assert_eq!(xray(&[king_start, Bitboard::FULL], &b), Bitboard::EMPTY);
        assert_eq!(ray_ends(&b, Directions::ANYDIRECTION, &[rook, knight, king], true).0, rook);
    }
}
