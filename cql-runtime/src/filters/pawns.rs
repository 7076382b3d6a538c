//! The pawn structure filters ([`PawnStructure`], shared with the
//! compiler): `passedpawns`, `doubledpawns`.

use shakmaty::{Bitboard, Board, Color, File, Role};

pub use cql_vocabulary::PawnStructure;

/// The pawns of either colour that the pawn structure filter `structure` names.
#[inline]
pub fn pawns(structure: PawnStructure, board: &Board) -> Bitboard {
    match structure {
        PawnStructure::Passed => passed_pawns(board),
        PawnStructure::Doubled => doubled_pawns(board),
        PawnStructure::Connected => connected_pawns(board),
        PawnStructure::Isolated => board.pawns() & !connected_pawns(board),
    }
}

/// `connectedpawns`: the pawns of either colour with a pawn of their colour
/// on an adjacent file, whatever its rank (CQL 6.2's `P & horizontal 1
/// vertical 0 7 P`); the other pawns are `isolatedpawns`.
pub fn connected_pawns(board: &Board) -> Bitboard {
    let mut connected = Bitboard::EMPTY;
    for color in Color::ALL {
        let pawns = board.by_piece(Role::Pawn.of(color));
        let files = File::ALL.into_iter().filter(|&file| pawns.intersects(Bitboard::from_file(file)));
        let occupied_files = files.fold(Bitboard::EMPTY, |all, file| all | Bitboard::from_file(file));
        connected |= pawns & Bitboard(sideways(occupied_files.0));
    }
    connected
}

/// `doubledpawns`: the pawns with another pawn of their colour on their file.
pub fn doubled_pawns(board: &Board) -> Bitboard {
    let mut doubled = Bitboard::EMPTY;
    for color in Color::ALL {
        let pawns = board.by_piece(Role::Pawn.of(color));
        for file in File::ALL {
            let on_file = pawns & Bitboard::from_file(file);
            if on_file.more_than_one() {
                doubled |= on_file;
            }
        }
    }
    doubled
}

/// `passedpawns`: the pawns of either colour with no pawn of the other
/// colour in front of them on their own or an adjacent file. Each side's
/// pawns are held up on the squares behind the other side's pawns, on
/// their files and the files beside them (filled by shifts, a few
/// operations for the whole board).
#[inline]
pub fn passed_pawns(board: &Board) -> Bitboard {
    let white = board.by_piece(Role::Pawn.of(Color::White)).0;
    let black = board.by_piece(Role::Pawn.of(Color::Black)).0;
    // The squares strictly below each black pawn stop white pawns; those
    // strictly above each white pawn stop black pawns.
    let held_white = beside(fill_down(black >> 8));
    let held_black = beside(fill_up(white << 8));
    Bitboard((white & !held_white) | (black & !held_black))
}

/// `squares` and every square below them on their files.
fn fill_down(mut squares: u64) -> u64 {
    squares |= squares >> 8;
    squares |= squares >> 16;
    squares | (squares >> 32)
}

/// `squares` and every square above them on their files.
fn fill_up(mut squares: u64) -> u64 {
    squares |= squares << 8;
    squares |= squares << 16;
    squares | (squares << 32)
}

/// `squares` and the squares beside them on the same rank.
fn beside(squares: u64) -> u64 {
    squares | sideways(squares)
}

/// The squares one file to either side of `squares`, on the same rank.
pub(crate) fn sideways(squares: u64) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    ((squares << 1) & !FILE_A) | ((squares >> 1) & !FILE_H)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CQL 6.2's answer: a pawn is connected to a pawn of its colour on an
    /// adjacent file whatever their ranks; doubled pawns alone on their
    /// file are isolated.
    #[test]
    fn connected_and_isolated_pawns_split_the_pawns() {
        let b = crate::filters::board("4k3/p1p4p/1p5p/3P4/1P1P4/8/P5P1/4K3 w - - 0 1");
        let connected = crate::filters::squares(&["a2", "b4", "b6", "a7", "c7"]);
        assert_eq!(pawns(PawnStructure::Connected, &b), connected);
        let isolated = crate::filters::squares(&["g2", "d4", "d5", "h6", "h7"]);
        assert_eq!(pawns(PawnStructure::Isolated, &b), isolated);
    }
    use crate::filters::board;
    use shakmaty::Square;

    /// The squares in front of `pawn` (from `color`'s side) on its file and
    /// the files beside it, square by square: the definition.
    fn front_span(pawn: Square, color: Color) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|square| {
                let ahead = if color.is_white() { square.rank() > pawn.rank() } else { square.rank() < pawn.rank() };
                ahead && (i32::from(square.file()) - i32::from(pawn.file())).abs() <= 1
            })
            .collect()
    }

    #[test]
    fn the_fills_find_the_pawns_the_definition_finds() {
        let fens = [
            "4k3/8/7p/P2p4/4P3/8/8/4K3 w - - 0 1",
            "4k3/pp1p1p1p/8/2P1P3/1P6/P6P/5P2/4K3 w - - 0 1",
            "4k3/p6p/1p4p1/8/8/1P4P1/P6P/4K3 w - - 0 1",
            "4k3/8/8/3pP3/3Pp3/8/8/4K3 w - - 0 1",
        ];
        for fen in fens {
            let b = board(fen);
            let mut expected = Bitboard::EMPTY;
            for color in Color::ALL {
                let enemies = b.by_piece(Role::Pawn.of(!color));
                for pawn in b.by_piece(Role::Pawn.of(color)) {
                    if (front_span(pawn, color) & enemies).is_empty() {
                        expected.add(pawn);
                    }
                }
            }
            assert_eq!(passed_pawns(&b), expected, "{fen}");
        }
    }

    #[test]
    fn a_pawn_is_passed_when_no_enemy_pawn_can_stop_it() {
        // White a5 is passed; white e4 faces black d5's file; black h6 is passed.
        let b = board("4k3/8/7p/P2p4/4P3/8/8/4K3 w - - 0 1");
        let names: Vec<String> = passed_pawns(&b).into_iter().map(|s| s.to_string()).collect();
        assert_eq!(names, vec!["a5", "h6"]);
    }
}
