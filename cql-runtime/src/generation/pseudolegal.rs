//! Pseudo-legal move generation on bitboards (the definition is on
//! [`pseudolegal_moves`]).

use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Rank, Role, Square, attacks};

/// Every pseudo-legal move of the side to move in `position`: what it could
/// play if its own king's safety did not matter. The definition is
/// python-chess's `Board.pseudo_legal_moves`:
///
/// - every piece moves by its own rules to an empty square or to one held by
///   the opponent: pins are ignored, a king may step into check, a side in
///   check may leave it unanswered;
/// - pawns push one square, two from their second rank, capture diagonally,
///   and promote on the last rank (each promotion a move of its own: queen,
///   rook, bishop, knight);
/// - en passant: every pawn beside the position's en passant square
///   ([`Position::maybe_ep_square`]) may take onto it, even a pinned one or
///   one whose capture uncovers its king along the rank;
/// - castling is pseudo-legal only where it is legal: not out of, through or
///   into check is part of castling's own rule (python-chess generates it
///   so too).
pub fn pseudolegal_moves(position: &Chess) -> Vec<Move> {
    let board = position.board();
    let mover = position.turn();
    let ours = board.by_color(mover);
    let occupied = board.occupied();
    let mut moves = Vec::with_capacity(64);

    for from in ours & !board.pawns() {
        let Some(piece) = board.piece_at(from) else { continue };
        for to in attacks::attacks(from, piece, occupied) & !ours {
            moves.push(Move::Normal { role: piece.role, from, capture: board.role_at(to), to, promotion: None });
        }
    }
    for side in CastlingSide::ALL {
        moves.extend(position.castling_moves(side));
    }
    pawn_moves(position, &mut moves);
    moves
}

/// Pawn pushes, double pushes, captures (with their promotions) and en passant.
fn pawn_moves(position: &Chess, moves: &mut Vec<Move>) {
    let board = position.board();
    let mover = position.turn();
    let pawns = board.pawns() & board.by_color(mover);
    let theirs = board.by_color(!mover);
    let empty = !board.occupied();
    let forward = forward(mover);
    let second_rank = Bitboard::from_rank(mover.relative_rank(Rank::Second));

    for from in pawns {
        for to in attacks::pawn_attacks(mover, from) & theirs {
            push_pawn_move(moves, from, board.role_at(to), to);
        }
        let Some(one) = from.offset(forward).filter(|&one| empty.contains(one)) else { continue };
        push_pawn_move(moves, from, None, one);
        if second_rank.contains(from)
            && let Some(two) = one.offset(forward).filter(|&two| empty.contains(two))
        {
            moves.push(Move::Normal { role: Role::Pawn, from, capture: None, to: two, promotion: None });
        }
    }

    if let Some(ep_square) = position.maybe_ep_square().filter(|&square| empty.contains(square)) {
        for from in pawns & attacks::pawn_attacks(!mover, ep_square) {
            moves.push(Move::EnPassant { from, to: ep_square });
        }
    }
}

/// A pawn move to `to`: four moves (one per promotion) on the last rank.
fn push_pawn_move(moves: &mut Vec<Move>, from: Square, capture: Option<Role>, to: Square) {
    if Bitboard::BACKRANKS.contains(to) {
        for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            moves.push(Move::Normal { role: Role::Pawn, from, capture, to, promotion: Some(promotion) });
        }
    } else {
        moves.push(Move::Normal { role: Role::Pawn, from, capture, to, promotion: None });
    }
}

/// The square offset of one step forward for `color`'s pawns.
pub(super) fn forward(color: Color) -> i32 {
    color.fold_wb(8, -8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen, uci::UciMove};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn uci(position: &Chess, moves: &[Move]) -> Vec<String> {
        let mut texts: Vec<String> =
            moves.iter().map(|&m| UciMove::from_move(m, position.castles().mode()).to_string()).collect();
        texts.sort();
        texts
    }

    fn not_legal(position: &Chess) -> Vec<String> {
        let legal = position.legal_moves();
        let extra: Vec<Move> = pseudolegal_moves(position).into_iter().filter(|m| !legal.contains(m)).collect();
        uci(position, &extra)
    }

    // The expected lists below were computed with python-chess 1.11.2
    // (`set(board.pseudo_legal_moves) - set(board.legal_moves)`).

    #[test]
    fn a_king_in_check_may_ignore_it_and_step_into_another() {
        let pinned_and_checked = position("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
        assert_eq!(pinned_and_checked.legal_moves().len(), 3);
        assert_eq!(pseudolegal_moves(&pinned_and_checked).len(), 24);
        let mut expected: Vec<String> = ["a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1"]
            .iter()
            .map(|to| format!("a1{to}"))
            .chain(["e1d2", "e1f2", "h1f1", "h1g1"].iter().map(|m| m.to_string()))
            .chain((2..=8).map(|rank| format!("h1h{rank}")))
            .collect();
        expected.sort();
        assert_eq!(not_legal(&pinned_and_checked), expected);
    }

    #[test]
    fn castling_out_of_or_through_check_is_not_pseudolegal() {
        // The rook on e2 checks the king: neither castling is even pseudo-legal.
        let checked = position("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
        assert!(pseudolegal_moves(&checked).iter().all(|m| !m.is_castle()));
        let free = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(pseudolegal_moves(&free).iter().filter(|m| m.is_castle()).count(), 2);
        assert!(not_legal(&free).is_empty());
    }

    #[test]
    fn en_passant_by_a_pinned_pawn_and_a_king_step_into_check_are_pseudolegal() {
        let pinned = position("4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2");
        assert_eq!(not_legal(&pinned), vec!["c5d4", "d5e6"]);
        let rank_pin = position("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1");
        assert_eq!(not_legal(&rank_pin), vec!["e4d3"]);
    }

    #[test]
    fn promotions_come_once_per_piece_type() {
        let promoting = position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let pawn_moves: Vec<Move> =
            pseudolegal_moves(&promoting).into_iter().filter(|m| m.role() == Role::Pawn).collect();
        assert_eq!(pawn_moves.len(), 8, "a8 and axb8, each to Q, R, B, N");
        assert!(pawn_moves.iter().all(|m| m.is_promotion()));
    }
}
