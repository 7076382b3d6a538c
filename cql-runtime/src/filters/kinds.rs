//! Piece designators at run time: the squares of a board that hold the
//! kinds of piece a designator names ([`Kinds`], shared with the compiler).

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_squares_of_pieces_and_empty_squares() {
        let board = Board::default();
        assert_eq!(Kinds::WHITE_KING.squares(&board), Bitboard::from_square(shakmaty::Square::E1));
        assert_eq!((Kinds::WHITE_BISHOP | Kinds::BLACK_KING).squares(&board).count(), 3);
        assert_eq!(Kinds::EMPTY.squares(&board).count(), 32);
        assert_eq!(Kinds::ANY_PIECE.squares(&board).count(), 32);
        assert_eq!(kind_of(Color::Black, Role::Queen), Kinds::BLACK_QUEEN);
    }
}
