//! The filters about the current move, the move that led to the current
//! position: `from`, `to`, `enpassant`, `enpassantsquare`, `nullmove`,
//! `primary`, `secondary`, `o-o`, `o-o-o`, `castle`.
//!
//! Castling moves two pieces: `from` is `[e1,h1]` after white's short
//! castling. Inside the target of a dash filter, `from` and `to` keep only
//! the pieces whose move the dash matched (`♖――(from)` is the rook's square),
//! as [`Cursor::within_dash`] records them.

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, CastlingSide};

use crate::cursor::Cursor;

impl Cursor<'_> {
    /// `from`: the squares the current move's pieces came from.
    pub fn current_from(&self) -> Bitboard {
        self.moving_pieces().iter().fold(Bitboard::EMPTY, |all, (from, _)| all | Bitboard::from_square(*from))
    }

    /// `to`: the squares the current move's pieces went to.
    pub fn current_to(&self) -> Bitboard {
        self.moving_pieces().iter().fold(Bitboard::EMPTY, |all, (_, to)| all | Bitboard::from_square(*to))
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

    /// The (from, to) squares of the pieces the current move moved, as far as
    /// the dash whose target is being evaluated here allows.
    fn moving_pieces(&self) -> ArrayVec<(shakmaty::Square, shakmaty::Square), 2> {
        let Some(mv) = self.current_move() else { return ArrayVec::new() };
        let mut pieces: ArrayVec<_, 2> = [(mv.from, mv.to)].into_iter().collect();
        pieces.extend(mv.rook);
        let here = (self.node(), self.state.imaginary.len());
        if let Some(&(_, _, from, to)) =
            self.state.dash_sides.last().filter(|(node, depth, ..)| (*node, *depth) == here)
        {
            let kept: ArrayVec<_, 2> =
                pieces.iter().copied().filter(|(f, t)| from.contains(*f) && to.contains(*t)).collect();
            if !kept.is_empty() {
                return kept;
            }
        }
        pieces
    }
}
