//! Piece designators at run time: which kinds of piece (or an empty square)
//! a designator names, and the squares of a board that hold them.

use std::ops::BitOr;

use shakmaty::{Bitboard, Board, Color, Role};

/// A set of piece kinds: the twelve pieces and the empty square. The bit of
/// a piece is `colour * 6 + role` (white first; pawn, knight, bishop, rook,
/// queen, king), bit 12 is the empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kinds(pub u16);

impl Kinds {
    /// `♔` `K`
    pub const WHITE_KING: Kinds = Kinds::piece(Color::White, Role::King);
    /// `♕` `Q`
    pub const WHITE_QUEEN: Kinds = Kinds::piece(Color::White, Role::Queen);
    /// `♖` `R`
    pub const WHITE_ROOK: Kinds = Kinds::piece(Color::White, Role::Rook);
    /// `♗` `B`
    pub const WHITE_BISHOP: Kinds = Kinds::piece(Color::White, Role::Bishop);
    /// `♘` `N`
    pub const WHITE_KNIGHT: Kinds = Kinds::piece(Color::White, Role::Knight);
    /// `♙` `P`
    pub const WHITE_PAWN: Kinds = Kinds::piece(Color::White, Role::Pawn);
    /// `♚` `k`
    pub const BLACK_KING: Kinds = Kinds::piece(Color::Black, Role::King);
    /// `♛` `q`
    pub const BLACK_QUEEN: Kinds = Kinds::piece(Color::Black, Role::Queen);
    /// `♜` `r`
    pub const BLACK_ROOK: Kinds = Kinds::piece(Color::Black, Role::Rook);
    /// `♝` `b`
    pub const BLACK_BISHOP: Kinds = Kinds::piece(Color::Black, Role::Bishop);
    /// `♞` `n`
    pub const BLACK_KNIGHT: Kinds = Kinds::piece(Color::Black, Role::Knight);
    /// `♟` `p`
    pub const BLACK_PAWN: Kinds = Kinds::piece(Color::Black, Role::Pawn);
    /// `△` `A`: any white piece.
    pub const WHITE: Kinds = Kinds(0x003f);
    /// `▲` `a`: any black piece.
    pub const BLACK: Kinds = Kinds(0x0fc0);
    /// `◭` `[Aa]`: any piece.
    pub const ANY_PIECE: Kinds = Kinds(0x0fff);
    /// `□` `_`: an empty square.
    pub const EMPTY: Kinds = Kinds(0x1000);

    /// The kind of the piece of `color` and `role`.
    pub const fn piece(color: Color, role: Role) -> Kinds {
        let colour = match color {
            Color::White => 0,
            Color::Black => 6,
        };
        Kinds(1 << (colour + role as u16 - 1))
    }

    /// Both sets of kinds.
    pub const fn with(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    /// The squares of `board` that hold a piece of these kinds (or are empty,
    /// if the empty square is one of them).
    pub fn squares(self, board: &Board) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        for color in Color::ALL {
            for role in Role::ALL {
                if self.0 & Kinds::piece(color, role).0 != 0 {
                    squares |= board.by_piece(role.of(color));
                }
            }
        }
        if self.0 & Kinds::EMPTY.0 != 0 {
            squares |= !board.occupied();
        }
        squares
    }

    /// The same kinds with the colours swapped (for `⬓`/`flipcolor`).
    pub const fn flip_colors(self) -> Kinds {
        Kinds(((self.0 & 0x003f) << 6) | ((self.0 >> 6) & 0x003f) | (self.0 & 0x1000))
    }
}

impl BitOr for Kinds {
    type Output = Kinds;

    fn bitor(self, other: Kinds) -> Kinds {
        self.with(other)
    }
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
        assert_eq!(Kinds::WHITE.flip_colors(), Kinds::BLACK);
        assert_eq!(Kinds::EMPTY.flip_colors(), Kinds::EMPTY);
    }
}
