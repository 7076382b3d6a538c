//! CQLi's `imagine`: a filter evaluated in the current position changed by
//! hand, pieces added (`add Qd4`) or removed (`remove e5`), the side to move
//! set (`white`, `black`), or replaced by a FEN (`imagine "FEN" : F`).
//!
//! The imagined position keeps the game's variant. Castling rights and an en
//! passant square the changes no longer allow are dropped; impossible checks
//! and material are kept, for `legalposition` and `reachableposition` to
//! judge. A board shakmaty cannot hold in the variant (a side without its
//! king, two kings, a pawn on a back rank, the side not to move in check)
//! makes `imagine` fail without evaluating its filter.

use shakmaty::{
    Bitboard, CastlingMode, Color, EnPassantMode, Piece, Position, PositionError, Role, fen::Fen,
    variant::VariantPosition,
};

use cql_vocabulary::Kinds;

use crate::{
    cursor::Cursor,
    position::GamePosition,
    state::{Imaginary, Imagined},
};

/// One change `imagine` makes, in the order written.
#[derive(Clone, Copy, Debug)]
pub enum Change {
    /// The whole position of this FEN.
    Fen(&'static str),
    /// This kind of piece (one) on these squares.
    Add(Kinds, Bitboard),
    /// These squares emptied.
    Remove(Bitboard),
    /// This side to move.
    SideToMove(Color),
}

impl Cursor<'_> {
    /// `imagine`: whether `target` matches in the current position changed
    /// by `changes`; false if they make no position.
    pub fn imagine_changes(&mut self, changes: &[Change], target: impl FnOnce(&mut Self) -> bool) -> bool {
        let Some(position) = changed(self.position(), changes) else { return false };
        self.state.imaginary.push(Imaginary { position, step: Imagined::Changed, speculative: false });
        let result = target(self);
        self.state.imaginary.pop();
        result
    }
}

/// `position` changed by `changes`, if that is a position.
fn changed(position: &GamePosition, changes: &[Change]) -> Option<GamePosition> {
    let mut setup = position.to_setup(EnPassantMode::Legal);
    for change in changes {
        match *change {
            Change::Fen(fen) => setup = fen.parse::<Fen>().ok()?.into_setup(),
            Change::Add(kinds, squares) => {
                let piece = piece_of(kinds)?;
                for square in squares {
                    setup.board.set_piece_at(square, piece);
                }
            }
            Change::Remove(squares) => {
                for square in squares {
                    setup.board.discard_piece_at(square);
                }
            }
            Change::SideToMove(color) => {
                setup.turn = color;
                setup.ep_square = None;
            }
        }
    }
    let mode = CastlingMode::detect(&setup);
    VariantPosition::from_setup(position.variant(), setup, mode)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
        .map(GamePosition::from)
}

/// The one piece of `kinds` (the compiler allows no other).
fn piece_of(kinds: Kinds) -> Option<Piece> {
    let bit = kinds.0.trailing_zeros();
    let role = Role::ALL.get(bit as usize % 6).copied()?;
    (kinds.0.count_ones() == 1 && bit < 12).then_some(Piece { color: Color::from_white(bit < 6), role })
}
