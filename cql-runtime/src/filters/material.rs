//! The filter about the material on the board: `power`.

use shakmaty::{Bitboard, Board, Role};

/// `power X`: the value of the pieces on the squares of X, counting a pawn
/// 1, a knight or bishop 3, a rook 5, a queen 9, a king 0.
pub fn power(squares: Bitboard, board: &Board) -> Option<i64> {
    let value = |role: Role| match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    };
    Some(Role::ALL.iter().map(|&role| value(role) * (board.by_role(role) & squares).count() as i64).sum())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    #[test]
    fn power_counts_the_classical_piece_values() {
        let start = Board::default();
        assert_eq!(power(start.by_color(Color::White), &start), Some(39));
        assert_eq!(power(Bitboard::EMPTY, &start), Some(0));
    }
}
