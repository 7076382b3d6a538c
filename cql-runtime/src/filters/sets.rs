//! Sets of squares: piece designators at run time (the squares of a board
//! that hold the kinds of piece a designator names: [`Kinds`], shared with
//! the compiler), a set's size (`#S`), and how a comment prints a set.

use shakmaty::{Bitboard, Board, Color, Role};

pub use cql_vocabulary::Kinds;

/// The squares of a board that hold pieces of some kinds.
pub trait KindsOnBoard {
    /// The squares of `board` that hold a piece of these kinds (or are empty,
    /// if the empty square is one of them).
    fn squares(self, board: &Board) -> Bitboard;
}

impl KindsOnBoard for Kinds {
    fn squares(self, board: &Board) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        for color in Color::ALL {
            for role in Role::ALL {
                if self.contains(kind_of(color, role)) {
                    squares |= board.by_piece(role.of(color));
                }
            }
        }
        if self.contains(Kinds::EMPTY) {
            squares |= !board.occupied();
        }
        squares
    }
}

/// The kind of the piece of `color` and `role`.
pub const fn kind_of(color: Color, role: Role) -> Kinds {
    Kinds::piece(matches!(color, Color::White), role as u8 - 1)
}

/// The number of squares in a set, as a numeric value.
pub fn count(set: Bitboard) -> Option<i64> {
    Some(set.count() as i64)
}

/// A set of squares as a comment shows it: one square bare (`e4`), else in
/// brackets in square order a1, b1, ..., h8 (`[g7,h7,g8]`, `[]` if empty).
pub fn format_set(set: Bitboard) -> String {
    if let Some(square) = set.single_square() {
        return square.to_string();
    }
    let names: Vec<String> = set.into_iter().map(|square| square.to_string()).collect();
    format!("[{}]", names.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn finds_the_squares_of_pieces_and_empty_squares() {
        let board = Board::default();
        assert_eq!(Kinds::WHITE_KING.squares(&board), Bitboard::from_square(Square::E1));
        assert_eq!((Kinds::WHITE_BISHOP | Kinds::BLACK_KING).squares(&board).count(), 3);
        assert_eq!(Kinds::EMPTY.squares(&board).count(), 32);
        assert_eq!(Kinds::ANY_PIECE.squares(&board).count(), 32);
        assert_eq!(kind_of(Color::Black, Role::Queen), Kinds::BLACK_QUEEN);
    }

    #[test]
    fn sets_print_as_cql_prints_them() {
        assert_eq!(format_set(Bitboard::from_square(Square::C7)), "c7");
        let blockers: Bitboard = [Square::G8, Square::G7, Square::H7].into_iter().collect();
        assert_eq!(format_set(blockers), "[g7,h7,g8]");
        assert_eq!(format_set(Bitboard::EMPTY), "[]");
    }
}
