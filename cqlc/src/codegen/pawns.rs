//! The pawn structure filters (`passedpawns`, ...).

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::PawnStructure;

impl Emitter {
    /// A pawn structure filter: its pawns.
    pub(super) fn pawns(&self, structure: PawnStructure) -> TokenStream {
        quote!(pawns(#structure, at.board()))
    }
}
