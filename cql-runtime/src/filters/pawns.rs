//! The pawn structure filters ([`PawnStructure`], shared with the
//! compiler): `passedpawns`, `doubledpawns`.

use shakmaty::{Bitboard, Board, Color, File, Rank, Role, Square};

pub use cql_vocabulary::PawnStructure;

/// The pawns of either colour that the pawn structure filter `structure` names.
pub fn pawns(structure: PawnStructure, board: &Board) -> Bitboard {
    match structure {
        PawnStructure::Passed => passed_pawns(board),
        PawnStructure::Doubled => doubled_pawns(board),
    }
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
/// colour in front of them on their own or an adjacent file.
pub fn passed_pawns(board: &Board) -> Bitboard {
    let mut passed = Bitboard::EMPTY;
    for color in Color::ALL {
        let enemies = board.by_piece(Role::Pawn.of(!color));
        for pawn in board.by_piece(Role::Pawn.of(color)) {
            if (front_span(pawn, color) & enemies).is_empty() {
                passed.add(pawn);
            }
        }
    }
    passed
}

/// The squares in front of `pawn` (from `color`'s side) on its file and the
/// files beside it.
fn front_span(pawn: Square, color: Color) -> Bitboard {
    let mut span = Bitboard::EMPTY;
    let files = (pawn.file() as i32 - 1).max(0)..=(pawn.file() as i32 + 1).min(7);
    for rank in 0..8u32 {
        let ahead = match color {
            Color::White => rank > pawn.rank() as u32,
            Color::Black => rank < pawn.rank() as u32,
        };
        if ahead {
            for file in files.clone() {
                span.add(Square::from_coords(File::new(file as u32), Rank::new(rank)));
            }
        }
    }
    span
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::board;

    #[test]
    fn a_pawn_is_passed_when_no_enemy_pawn_can_stop_it() {
        // White a5 is passed; white e4 faces black d5's file; black h6 is passed.
        let b = board("4k3/8/7p/P2p4/4P3/8/8/4K3 w - - 0 1");
        let names: Vec<String> = passed_pawns(&b).into_iter().map(|s| s.to_string()).collect();
        assert_eq!(names, vec!["a5", "h6"]);
    }
}
