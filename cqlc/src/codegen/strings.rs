//! Strings: an `Option<String>`, `None` when it does not match.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;

impl Emitter {
    /// A string literal.
    pub(super) fn string_literal(&self, text: &str) -> TokenStream {
        quote!(Some(#text.to_owned()))
    }
}
