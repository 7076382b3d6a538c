//! The filters about the current move, the move that led to the current
//! position: `from`, `to`, `enpassant`, `enpassantsquare`, `nullmove`,
//! `primary`, `secondary`, `o-o`, `o-o-o`, `castle`.
//!
//! Castling moves two pieces: `from` is `[e1,h1]` after white's short
//! castling. Inside the target of a dash filter, `from` and `to` keep only
//! the pieces whose move the dash matched (`♖――(from)` is the rook's square),
//! as [`Cursor::within_dash`] records them.

use shakmaty::{Bitboard, CastlingSide, Square};

use crate::{cursor::Cursor, move_view::MoveView};

impl Cursor<'_> {
    /// `from`: the squares the current move's pieces came from.
    pub fn current_from(&self) -> Bitboard {
        self.moving_squares().0
    }

    /// `to`: the squares the current move's pieces went to.
    pub fn current_to(&self) -> Bitboard {
        self.moving_squares().1
    }

    /// `enpassant`: the current move captured en passant.
    pub fn current_en_passant(&self) -> bool {
        self.current_move().is_some_and(|mv| mv.is_en_passant())
    }

    /// `enpassantsquare`: the square of the pawn the current move captured en
    /// passant (empty if it did not).
    pub fn current_en_passant_square(&self) -> Bitboard {
        match self.current_move() {
            Some(mv) if mv.is_en_passant() => mv.captured.map_or(Bitboard::EMPTY, Bitboard::from_square),
            _ => Bitboard::EMPTY,
        }
    }

    /// `nullmove`: the current move is a null move.
    pub fn current_null(&self) -> bool {
        self.current_move().is_some_and(|mv| mv.null)
    }

    /// `primary`: the current move is the first from its position in the game.
    pub fn current_primary(&self) -> bool {
        !self.is_imaginary() && self.tree().node(self.node()).parent().is_some() && self.tree().is_primary(self.node())
    }

    /// `secondary`: the current move starts a variation.
    pub fn current_secondary(&self) -> bool {
        !self.is_imaginary() && !self.tree().is_primary(self.node())
    }

    /// `castle` (`side` None), `o-o` and `o-o-o`: the current move castles.
    pub fn current_castle(&self, side: Option<CastlingSide>) -> bool {
        self.current_move().is_some_and(|mv| mv.is_castling(side))
    }

    /// The squares the pieces the current move moved came from and went
    /// to, as far as the dash whose target is being evaluated here allows.
    fn moving_squares(&self) -> (Bitboard, Bitboard) {
        let Some(mv) = self.current_move() else { return (Bitboard::EMPTY, Bitboard::EMPTY) };
        let here = (self.node(), self.state.imaginary.len());
        let sides = self.state.dash_sides.last().filter(|(node, depth, ..)| (*node, *depth) == here);
        moved_squares(&mv, sides.map(|&(_, _, from, to)| (from, to)))
    }
}

/// The squares the pieces `mv` moves (a castling's king and rook) came from
/// and went to; with a dash's `sides` (from, to), those of the pieces that
/// moved from the one to the other, if any did.
pub(crate) fn moved_squares(mv: &MoveView, sides: Option<(Bitboard, Bitboard)>) -> (Bitboard, Bitboard) {
    let pieces = [Some((mv.from, mv.to)), mv.rook];
    if let Some((from, to)) = sides {
        let kept = squares_of(pieces, |f, t| from.contains(f) && to.contains(t));
        if kept.0.any() {
            return kept;
        }
    }
    squares_of(pieces, |_, _| true)
}

/// The from and to squares of the `pieces` moved (a castling's king and
/// rook) that `keep` keeps.
#[inline]
fn squares_of(pieces: [Option<(Square, Square)>; 2], keep: impl Fn(Square, Square) -> bool) -> (Bitboard, Bitboard) {
    pieces
        .into_iter()
        .flatten()
        .filter(|&(from, to)| keep(from, to))
        .fold((Bitboard::EMPTY, Bitboard::EMPTY), |(froms, tos), (from, to)| (froms.with(from), tos.with(to)))
}
