//! The filters about the game as a whole: `year`, `result`.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, constants::Constant};

impl Emitter {
    /// `year`.
    pub(super) fn year(&self) -> TokenStream {
        quote!(at.year())
    }

    /// `result 1-0`.
    pub(super) fn result(&self, result: &str) -> TokenStream {
        let result = self.constant(Constant::Result(result.to_owned()));
        quote!(at.result_is(#result))
    }
}
