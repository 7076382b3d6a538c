//! The position a reverse move was played from, set up from the board before
//! the move (a [`BoardBefore`]) as [`ReverseMove::previous`] describes, and
//! checked as shakmaty checks any position ([`FromSetup`]: kings, castling
//! rights that fit the pieces, possible checks), except for material, which
//! the reverse generator checks with its own rule; plus the en passant squares
//! it may also have had.
//!
//! A previous position whose side not to move is in check (the side to move
//! now, which [`Legality::Pseudolegal`](super::Legality::Pseudolegal) allows)
//! is one `Chess::from_setup` refuses; [`super::opposite_check`] makes those.

use shakmaty::{
    Bitboard, Board, Chess, Color, EnPassantMode, File, FromSetup, Move, Position, PositionError, Rank, Setup, Square,
    attacks,
};

use super::{
    counters::fullmoves_before, opposite_check::with_side_not_to_move_in_check, pseudolegal::forward,
    reverse_move::ReverseMove,
};

/// A reverse move as found on the board, before its previous position is built.
pub(super) struct BoardBefore {
    /// The move, as played from the previous position.
    pub(super) mv: Move,
    /// The board before the move.
    pub(super) board: Board,
    /// The castling rights before the move (as rook squares).
    pub(super) castling_rights: Bitboard,
    /// The en passant square the previous position must have: the target of
    /// the en passant capture `mv`.
    pub(super) ep_square: Option<Square>,
}

/// Adds the reverse moves `before` stands for to `found`: none if its
/// previous position is not one shakmaty can hold, one per possible en
/// passant square otherwise (see the module documentation).
/// `to_move_in_check` says whether the side to move in `position` is in check
/// on the board before the move.
pub(super) fn add_reverse_moves(
    position: &Chess,
    before: BoardBefore,
    to_move_in_check: bool,
    found: &mut Vec<ReverseMove>,
) {
    let mode = position.castles().mode();
    let BoardBefore { mv, board, castling_rights, ep_square } = before;
    let pusher = position.turn();
    if let Some(ep_square) = ep_square
        && !double_push_was_possible(&board, pusher, ep_square)
    {
        return;
    }
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: !pusher,
        castling_rights,
        ep_square,
        remaining_checks: None,
        halfmoves: if mv.is_zeroing() { 0 } else { position.halfmoves().saturating_sub(1) },
        fullmoves: fullmoves_before(position.fullmoves(), !pusher),
    };
    if to_move_in_check {
        if let Some(previous) = with_side_not_to_move_in_check(setup, mode) {
            found.push(ReverseMove { mv, previous });
        }
        return;
    }
    let Ok(previous) = Chess::from_setup(setup, mode).or_else(PositionError::ignore_too_much_material) else {
        return;
    };
    found.push(ReverseMove { mv, previous });
    if ep_square.is_none() {
        add_declined_en_passant(found);
    }
}

/// Whether the double push by `pusher` over `ep_square` that the board implies
/// could have been played: before it, with the pawn back on its second rank
/// and `pusher` to move, the other king must not have been in check.
pub(super) fn double_push_was_possible(board: &Board, pusher: Color, ep_square: Square) -> bool {
    let (Some(pushed_to), Some(pushed_from)) = (ep_square.offset(forward(pusher)), ep_square.offset(-forward(pusher)))
    else {
        return false;
    };
    let mut before = board.clone();
    before.discard_piece_at(pushed_to);
    before.set_piece_at(pushed_from, pusher.pawn());
    before.king_of(!pusher).is_some_and(|king| before.attacks_to(king, pusher, before.occupied()).is_empty())
}

/// Adds the last reverse move of `found` again with each en passant square
/// its previous position may also have had: the side that did not move
/// could have just pushed a pawn two squares beside a pawn of the mover,
/// which then could legally have taken it en passant but made the move
/// instead.
pub(super) fn add_declined_en_passant(found: &mut Vec<ReverseMove>) {
    let Some(last) = found.last() else { return };
    let pushes = declinable_double_pushes(&last.previous);
    if pushes.is_empty() {
        return;
    }
    let ReverseMove { mv, previous } = last.clone();
    let pusher = !previous.turn();
    for pushed_to in pushes {
        let Some(ep_square) = pushed_to.offset(-forward(pusher)) else { continue };
        if !double_push_was_possible(previous.board(), pusher, ep_square)
            || !en_passant_is_legal(previous.board(), previous.turn(), ep_square)
        {
            continue;
        }
        let mut setup = previous.to_setup(EnPassantMode::Always);
        setup.ep_square = Some(ep_square);
        // A pawn has just moved: the halfmove clock is 0.
        setup.halfmoves = 0;
        if let Ok(variant) =
            Chess::from_setup(setup, previous.castles().mode()).or_else(PositionError::ignore_too_much_material)
        {
            found.push(ReverseMove { mv, previous: variant });
        }
    }
}

/// Whether `capturer` can legally take en passant onto `ep_square` on
/// `board` (where the other side's pawn has just passed it): some pawn of
/// `capturer` beside the passed pawn takes it without leaving its own king
/// attacked.
pub(super) fn en_passant_is_legal(board: &Board, capturer: Color, ep_square: Square) -> bool {
    let (Some(king), Some(passed)) = (board.king_of(capturer), ep_square.offset(-forward(capturer))) else {
        return false;
    };
    let pawns = board.pawns() & board.by_color(capturer) & attacks::pawn_attacks(!capturer, ep_square);
    pawns.into_iter().any(|from| {
        let occupied = board.occupied().without(from).without(passed).with(ep_square);
        board.attacks_to(king, !capturer, occupied).without(passed).is_empty()
    })
}

/// The pawns of the side not to move in `previous` that may just have been
/// pushed two squares, beside a pawn of the side to move: on their fourth
/// rank, the two squares behind them empty (whether that capture would be
/// legal is for the caller to see).
fn declinable_double_pushes(previous: &Chess) -> Bitboard {
    let board = previous.board();
    let pusher = !previous.turn();
    let fourth = Bitboard::from_rank(pusher.relative_rank(Rank::Fourth));
    let capturers = board.pawns() & board.by_color(previous.turn()) & fourth;
    if capturers.is_empty() {
        return Bitboard::EMPTY;
    }
    let beside =
        (capturers.shift(1) & !Bitboard::from_file(File::A)) | (capturers.shift(-1) & !Bitboard::from_file(File::H));
    let empty = !board.occupied();
    let forward = forward(pusher);
    let behind_empty = empty.shift(forward) & empty.shift(2 * forward);
    board.pawns() & board.by_color(pusher) & fourth & beside & behind_empty
}
