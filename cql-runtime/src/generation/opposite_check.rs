//! Previous positions whose side not to move is in check: the side to move
//! now was in check before the last move, which only
//! [`Legality::Pseudolegal`](super::Legality::Pseudolegal) allows.

use shakmaty::{Bitboard, CastlingMode, Chess, FromSetup, Move, Position, PositionError, Role, Setup};

use super::{counters::fullmoves_before, pseudolegal::forward};

/// The position of `setup` although its side not to move is in check.
///
/// shakmaty refuses to set such a position up (`OPPOSITE_CHECK`), but it
/// arises by playing moves that ignore king safety, and that is how it is
/// made here: the board is set up with the other side to move (a position
/// shakmaty accepts, unless both kings are in check, when there is none) and
/// that side then passes. The pass is the en passant square's double push
/// itself where `setup` has one; otherwise a piece "moves" to its own square,
/// which shakmaty plays as a move that leaves the board as it is and changes
/// the turn (and the counters, which are set beforehand to come out as
/// `setup` has them). The piece is chosen so that no castling right is lost:
/// any piece but the king and rooks that can still castle, or the king if its
/// side cannot castle; a side with nothing else (only its king and rooks with
/// castling rights) has no such position and gets `None`. Where Black passes
/// and the fullmove number is 1, it comes out as 2 (shakmaty counts from 1).
///
/// Such a previous position gets none of the en passant squares a declined
/// en passant capture may add to others: it is illegal anyway.
pub(super) fn with_side_not_to_move_in_check(setup: Setup, mode: CastlingMode) -> Option<Chess> {
    let passer = !setup.turn;
    let (pass, before) = match setup.ep_square {
        Some(ep_square) => {
            let pushed_to = ep_square.offset(forward(passer))?;
            let pushed_from = ep_square.offset(-forward(passer))?;
            let mut before = setup;
            before.board.discard_piece_at(pushed_to);
            before.board.set_piece_at(pushed_from, passer.pawn());
            before.ep_square = None;
            let push =
                Move::Normal { role: Role::Pawn, from: pushed_from, capture: None, to: pushed_to, promotion: None };
            (push, before)
        }
        None => {
            let pass = pass_in_place(&setup)?;
            let mut before = setup;
            before.halfmoves = before.halfmoves.saturating_sub(1);
            (pass, before)
        }
    };
    let mut before = before;
    before.turn = passer;
    before.fullmoves = fullmoves_before(before.fullmoves, passer);
    let mut position = Chess::from_setup(before, mode)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()?;
    position.play_unchecked(pass);
    Some(position)
}

/// A "move" of a piece of the side not to move in `setup` to its own square,
/// zeroing the halfmove clock (as a capture) when `setup`'s clock is 0; see
/// [`with_side_not_to_move_in_check`].
fn pass_in_place(setup: &Setup) -> Option<Move> {
    let passer = !setup.turn;
    let board = &setup.board;
    let zeroing = setup.halfmoves == 0;
    let castling_rooks = board.rooks() & setup.castling_rights;
    let mut pieces = board.by_color(passer) & !board.kings() & !castling_rooks;
    if !zeroing {
        pieces &= !board.pawns();
    }
    if (setup.castling_rights & Bitboard::from_rank(passer.backrank())).is_empty() {
        pieces |= board.kings() & board.by_color(passer);
    }
    let square = pieces.first()?;
    let role = board.role_at(square)?;
    let capture = zeroing.then_some(Role::Knight);
    Some(Move::Normal { role, from: square, capture, to: square, promotion: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{EnPassantMode, fen::Fen};

    fn setup(fen: &str) -> Setup {
        fen.parse::<Fen>().unwrap().as_setup().clone()
    }

    #[test]
    fn a_side_not_to_move_in_check_is_set_up_exactly() {
        // Black to move, White's king in check from the rook: refused as a FEN.
        for fen in [
            "4k3/8/8/8/8/8/8/RN2K2r b Q - 7 31",
            "4k3/8/8/8/8/8/8/RN2K2r b Q - 0 31",
            "4k3/8/8/8/8/8/8/4K2r b - - 3 2",
            "4k3/8/8/8/8/8/P7/4K2r b - - 0 2",
        ] {
            let wanted = setup(fen);
            assert!(Chess::from_setup(wanted.clone(), CastlingMode::Standard).is_err(), "{fen}");
            let position = with_side_not_to_move_in_check(wanted.clone(), CastlingMode::Standard).unwrap();
            assert_eq!(position.to_setup(EnPassantMode::Always), wanted, "{fen}");
        }
    }

    #[test]
    fn an_en_passant_square_comes_from_the_double_push_itself() {
        // White just played e2-e4 leaving its king in check from the h1 rook.
        let wanted = setup("4k3/8/8/8/4P3/8/8/4K2r b - e3 0 1");
        let position = with_side_not_to_move_in_check(wanted.clone(), CastlingMode::Standard).unwrap();
        assert_eq!(position.to_setup(EnPassantMode::Always), wanted);
    }

    #[test]
    fn a_side_with_only_its_king_and_castling_rooks_cannot_pass() {
        let wanted = setup("4k3/8/8/8/8/8/8/R3K1r1 b Q - 5 9");
        assert!(pass_in_place(&wanted).is_none());
        assert!(with_side_not_to_move_in_check(wanted, CastlingMode::Standard).is_none());
    }

    #[test]
    fn both_kings_in_check_is_no_position() {
        let wanted = setup("4k2R/8/8/8/8/8/8/4K2r b - - 1 9");
        assert!(with_side_not_to_move_in_check(wanted, CastlingMode::Standard).is_none());
    }
}
