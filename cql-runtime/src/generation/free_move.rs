//! Whether the side to move, not in check, has a knight or pawn that can
//! move: a legal move found from a few table lookups, which settles
//! `stalemate` at once in nearly every position where the king cannot step
//! (the opening's, say).

use shakmaty::{Bitboard, Chess, Color, Position, Square, attacks};

/// Whether the side to move in the standard chess position `chess`, which
/// must not be in check, has a knight move or a one-square pawn push by a
/// piece that is not pinned to its king. Pinned pieces are passed over,
/// though a pawn may push along its pin: `false` means only that no move
/// was found this way.
pub fn knight_or_pawn_can_move(chess: &Chess) -> bool {
    let board = chess.board();
    let us = chess.turn();
    let Some(king) = board.king_of(us) else { return false };
    let free = board.by_color(us) & !pinned(chess, king);
    let knight_moves = (board.knights() & free)
        .into_iter()
        .any(|knight| (attacks::knight_attacks(knight) & !board.by_color(us)).any());
    let pushed = match us {
        Color::White => (board.pawns() & free).shift(8),
        Color::Black => (board.pawns() & free).shift(-8),
    };
    knight_moves || (pushed & !board.occupied()).any()
}

/// The pieces of the side to move that stand alone between their king on
/// `king` and an enemy slider on the line.
fn pinned(chess: &Chess, king: Square) -> Bitboard {
    let board = chess.board();
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers & board.by_color(!chess.turn()) {
        let between = attacks::between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            pinned |= between;
        }
    }
    pinned & board.by_color(chess.turn())
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, Position, Role, fen::Fen};

    use super::knight_or_pawn_can_move;

    /// Whenever a move is found this way the position has a legal knight
    /// move or pawn push; and it is found in most positions, pins and all.
    #[test]
    fn a_move_found_is_a_legal_knight_move_or_pawn_push() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
            "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",
            "k7/8/8/8/8/2q5/1P6/K7 w - - 0 1",
        ];
        let (mut found, mut positions) = (0, 0);
        for fen in fens {
            let start: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let mut layer = vec![start];
            for _ in 0..3 {
                let mut next = Vec::new();
                for position in layer.iter().filter(|position| !position.is_check()) {
                    positions += 1;
                    if knight_or_pawn_can_move(position) {
                        found += 1;
                        let free = |role| position.legal_moves().iter().any(|mv| mv.role() == role);
                        assert!(
                            free(Role::Knight) || free(Role::Pawn),
                            "{}",
                            Fen::from_position(position, shakmaty::EnPassantMode::Legal)
                        );
                    }
                    next.extend(
                        position.legal_moves().into_iter().take(12).map(|mv| position.clone().play(mv).unwrap()),
                    );
                }
                layer = next;
            }
        }
        assert!(found * 10 > positions * 7, "found in {found} of {positions} positions");
    }

    /// A pinned knight and a pawn pinned across its file have no move found.
    #[test]
    fn pinned_pieces_are_passed_over() {
        let pinned: Chess =
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1".parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        assert!(!knight_or_pawn_can_move(&pinned));
        let pawn: Chess =
            "4k3/8/8/8/7b/8/5P2/4K3 w - - 0 1".parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        assert!(!knight_or_pawn_can_move(&pawn));
    }
}
