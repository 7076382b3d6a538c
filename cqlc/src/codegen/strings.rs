//! Strings: an `Option<String>`, `None` when it does not match.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::{Node, StringFunction};

impl Emitter {
    /// A string literal.
    pub(super) fn string_literal(&self, text: &str) -> TokenStream {
        quote!(Some(#text.to_owned()))
    }

    /// `function` of `operands`, each evaluated in order.
    pub(super) fn strings(&self, function: StringFunction, operands: &[Node]) -> TokenStream {
        let values: Vec<TokenStream> = operands.iter().map(|operand| self.value(operand)).collect();
        let call = match function {
            StringFunction::Concatenation => quote!(concatenation),
            StringFunction::Length => quote!(string_length),
            StringFunction::Contains => quote!(string_contains),
        };
        let names: Vec<proc_macro2::Ident> =
            (0..values.len()).map(|i| quote::format_ident!("operand_{}", i + 1)).collect();
        quote!({
            #(let #names = #values;)*
            #call(#(#names),*)
        })
    }
}
