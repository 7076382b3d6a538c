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
    #[inline]
    fn squares(self, board: &Board) -> Bitboard {
        // Most designators name one kind of piece (tables of images too).
        let bits = self.0;
        if bits.is_power_of_two() && bits < Kinds::EMPTY.0 {
            let index = bits.trailing_zeros() as usize;
            let color = if index < 6 { Color::White } else { Color::Black };
            return board.by_piece(Role::ALL[index % 6].of(color));
        }
        let mut squares = if self.contains(Kinds::EMPTY) { !board.occupied() } else { Bitboard::EMPTY };
        for (color, kinds) in [(Color::White, Kinds::WHITE), (Color::Black, Kinds::BLACK)] {
            if self.contains(kinds) {
                squares |= board.by_color(color);
                continue;
            }
            // One bit per role of this colour present, pawn first.
            let mut roles = self.0 & kinds.0;
            while roles != 0 {
                let role = Role::ALL[roles.trailing_zeros() as usize % 6];
                squares |= board.by_piece(role.of(color));
                roles &= roles - 1;
            }
        }
        squares
    }
}

/// The number of squares in a set, as a numeric value.
#[inline]
pub fn count(set: Bitboard) -> Option<i64> {
    Some(set.count() as i64)
}

/// A set of squares as a comment shows it: one square bare (`e4`), else in
/// brackets in square order a1, b1, ..., h8 (`[g7,h7,g8]`, `[]` if empty).
pub fn format_set(set: Bitboard) -> String {
    let mut text = String::with_capacity(2 + 3 * set.count());
    if let Some(square) = set.single_square() {
        square.append_to_string(&mut text);
        return text;
    }
    text.push('[');
    for (i, square) in set.into_iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        square.append_to_string(&mut text);
    }
    text.push(']');
    text
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
    }

    /// Each kind alone, and unions across colours and with the empty
    /// square, in a middlegame position.
    #[test]
    fn every_kind_and_union_finds_its_pieces() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let board = fen.parse::<shakmaty::fen::Fen>().unwrap().into_setup().board;
        let mut union = (Kinds::NONE, Bitboard::EMPTY);
        for color in Color::ALL {
            for role in Role::ALL {
                let kind = Kinds::piece(color.is_white(), role as u8 - 1);
                assert_eq!(kind.squares(&board), board.by_piece(role.of(color)), "{color:?} {role:?}");
                if matches!(role, Role::Pawn | Role::Rook | Role::King) {
                    union = (union.0 | kind, union.1 | board.by_piece(role.of(color)));
                }
            }
        }
        assert_eq!(union.0.squares(&board), union.1);
        assert_eq!((union.0 | Kinds::EMPTY).squares(&board), union.1 | !board.occupied());
        assert_eq!(
            (Kinds::WHITE | Kinds::BLACK_QUEEN).squares(&board),
            board.white() | board.by_piece(Role::Queen.of(Color::Black))
        );
    }

    #[test]
    fn sets_print_as_cql_prints_them() {
        assert_eq!(format_set(Bitboard::from_square(Square::C7)), "c7");
        let blockers: Bitboard = [Square::G8, Square::G7, Square::H7].into_iter().collect();
        assert_eq!(format_set(blockers), "[g7,h7,g8]");
        assert_eq!(format_set(Bitboard::EMPTY), "[]");
    }
}
