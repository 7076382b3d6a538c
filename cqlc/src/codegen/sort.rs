//! `sort`: the body's number (a set's count) or string, recorded for the
//! game's sort key.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{Emitter, rust};
use crate::ir::Node;

impl Emitter {
    /// `sort ... F`, the sort filter number `index` of the query.
    /// A body that writes nothing is recorded only where it has a value; a
    /// path, only where it can start.
    pub(super) fn sort(&self, index: usize, body: &Node) -> TokenStream {
        if let Some(path) = self.sorted_path(index, body) {
            return path;
        }
        let writes_nothing = !body.writes() && !body.may_comment();
        let body = rust::with_cursor(self.number(body));
        let index = Literal::usize_unsuffixed(index);
        match writes_nothing {
            true => quote!(at.sort_writing_nothing(#index, #body)),
            false => quote!(at.sort(#index, #body)),
        }
    }
}
