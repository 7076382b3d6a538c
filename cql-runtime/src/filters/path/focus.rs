//! `focus`: which moves are the focused pieces', and where those pieces
//! stand.

use shakmaty::{Bitboard, Square};

use crate::{cursor::Cursor, move_view::MoveView};

/// Whether a move is one of the focused pieces' (`pieces`, their
/// identities as bits), or with `capture` captures one. Castling is a move
/// of its rook too: CQL 6.2 matches `◭E∊♖h1 ⊢◎E E――` at `O-O`.
pub(super) fn is_focused_move(at: &mut Cursor<'_>, (capture, pieces): (bool, u64), view: &MoveView) -> bool {
    touches_focus(view, capture, |square| at.piece_on(square).is_some_and(|id| id.0 < 64 && pieces & (1 << id.0) != 0))
}

/// Whether a move starts on a square `focused` holds (castling: or moves a
/// rook from one), or with `capture` captures on one: which squares of a
/// move tell whether it is a focused piece's.
#[inline]
pub(super) fn touches_focus(view: &MoveView, capture: bool, mut focused: impl FnMut(Square) -> bool) -> bool {
    focused(view.from)
        || view.rook.is_some_and(|(rook, _)| focused(rook))
        || (capture && view.captured.is_some_and(focused))
}

/// The squares of the focused pieces (`pieces`, their identities as bits)
/// at the cursor.
pub(super) fn focused_squares(at: &mut Cursor<'_>, pieces: u64) -> Bitboard {
    let occupied = at.board().occupied();
    let focused = |square: &Square| at.piece_on(*square).is_some_and(|id| id.0 < 64 && pieces & (1 << id.0) != 0);
    occupied.into_iter().filter(focused).collect()
}
