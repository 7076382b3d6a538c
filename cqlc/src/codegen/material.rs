//! The material filter `power`.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::Node;

impl Emitter {
    /// `power F`: the value of the pieces on F.
    pub(super) fn power(&self, squares: &Node) -> TokenStream {
        let squares = self.set(squares);
        quote!(power(#squares, at.board()))
    }
}
