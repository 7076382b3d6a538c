//! The pawn structure filters: `passedpawns`.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;

impl Emitter {
    /// `passedpawns`.
    pub(super) fn passed_pawns(&self) -> TokenStream {
        quote!(passed_pawns(at.board()))
    }
}
