//! Whether the side to move can step its king to a square no enemy piece
//! attacks: a legal move found without generating them all, which settles
//! `mate` and `stalemate` at once in nearly every position.

use shakmaty::{Chess, Position, attacks};

/// Whether the king of the side to move has a legal step (castling aside)
/// in the standard chess position `chess`.
pub fn king_can_step(chess: &Chess) -> bool {
    let board = chess.board();
    let us = chess.turn();
    let Some(king) = board.king_of(us) else { return false };
    let occupied = board.occupied().without(king);
    (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .any(|to| board.attacks_to(to, !us, occupied).is_empty())
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, Position, Role, fen::Fen};

    use super::king_can_step;

    /// A king step is found exactly when the legal moves hold one.
    #[test]
    fn a_king_step_is_found_when_the_king_has_one() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1",
            "6rk/6pp/8/8/8/8/8/6KR w - - 0 1",
            "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
            "4k3/8/4q3/8/8/8/8/4K3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in fens {
            let chess: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let steps = chess.legal_moves().iter().any(|mv| mv.role() == Role::King && !mv.is_castle());
            assert_eq!(king_can_step(&chess), steps, "{fen}");
        }
    }
}
