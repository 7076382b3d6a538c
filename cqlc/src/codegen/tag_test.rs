//! The query's tag test ([`Query::tag_test`](crate::ir::Query::tag_test)):
//! the searcher evaluates it on a game's tags before it reads the moves, and
//! does not read the moves of a game that fails it.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, format::doc_lines, rust};
use crate::ir::Node;

impl Emitter {
    /// `tests_tags` and `tags_match` for the filters `tests`; nothing if
    /// there are none.
    pub(super) fn tag_test(&self, tests: &[&Node]) -> TokenStream {
        if tests.is_empty() {
            return TokenStream::new();
        }
        let conditions = tests.iter().map(|node| {
            let note = self.note(&node.source);
            let matches = rust::tail(self.matches(node));
            quote!({ #note #matches })
        });
        let body = rust::tail(quote!(#(#conditions)&&*));
        let at = if rust::mentions(&body, "at") { quote!(at) } else { quote!(_at) };
        let texts: Vec<String> = tests.iter().map(|node| format!("`{}`", node.source)).collect();
        let doc = doc_lines(&format!(
            "Only games whose tags match {} can match: the moves of the others are not read.",
            texts.join(" and ")
        ));
        quote! {
            fn tests_tags(&self) -> bool {
                true
            }

            #(#[doc = #doc])*
            fn tags_match(&self, #at: &mut Cursor<'_>) -> bool {
                #body
            }
        }
    }
}
