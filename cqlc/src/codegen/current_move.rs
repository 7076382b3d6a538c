//! The filters about the current move, the move that led here.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::CurrentMoveTest;

impl Emitter {
    /// `from`, `to`, `enpassant`, ...
    pub(super) fn current_move(&self, test: CurrentMoveTest) -> TokenStream {
        match test {
            CurrentMoveTest::From => quote!(at.current_from()),
            CurrentMoveTest::To => quote!(at.current_to()),
            CurrentMoveTest::EnPassant => quote!(at.current_en_passant()),
            CurrentMoveTest::EnPassantSquare => quote!(at.current_en_passant_square()),
            CurrentMoveTest::NullMove => quote!(at.current_null()),
            CurrentMoveTest::Primary => quote!(at.current_primary()),
            CurrentMoveTest::Secondary => quote!(at.current_secondary()),
            CurrentMoveTest::Castle => quote!(at.current_castle(None)),
            CurrentMoveTest::ShortCastle => quote!(at.current_castle(Some(CastlingSide::KingSide))),
            CurrentMoveTest::LongCastle => quote!(at.current_castle(Some(CastlingSide::QueenSide))),
        }
    }
}
