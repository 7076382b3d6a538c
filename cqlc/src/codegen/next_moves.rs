//! The test that skips a filter where none of the game's next moves is one
//! it needs (`ir/next_moves.rs`): a function of its own, named once and
//! described in words.

use cql_vocabulary::WrittenMove;
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, doc_lines};

impl Emitter {
    /// Whether a game move from the cursor's position is one of `moves`,
    /// which `what` needs: a call of `next_moves_N(at)`.
    pub(super) fn next_moves_include(&self, moves: &[WrittenMove], what: &str) -> TokenStream {
        let identity = format!("next moves {}", quote!(#(#moves),*));
        let doc = doc_lines(&format!(
            "Whether the game plays one of these moves from the position, as {what} needs to \
             match there: elsewhere it is not evaluated."
        ));
        let name = self.item(identity, "next_moves", |name| {
            quote! {
                #(#[doc = #doc])*
                fn #name(at: &Cursor<'_>) -> bool {
                    at.next_moves_include(&[#(#moves),*])
                }
            }
        });
        quote!(#name(at))
    }
}
