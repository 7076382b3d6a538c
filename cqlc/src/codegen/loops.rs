//! The loops `while (T) B` and `loop B`. Each turn checks whether the
//! search is to stop, so that a loop that never ends can be interrupted.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::Node;

impl Emitter {
    /// `while (T) B`: B (what it wrote taken back where it fails) while T
    /// matches; then true.
    pub(super) fn while_loop(&self, test: &Node, body: &Node) -> TokenStream {
        let (test, body) = (self.attempt(test), self.attempt(body));
        quote!({
            loop {
                let holds: bool = #test;
                if !holds {
                    break;
                }
                stop::checkpoint();
                let _: bool = #body;
            }
            true
        })
    }

    /// `loop B`: B until it fails; whether it matched once.
    pub(super) fn loop_filter(&self, body: &Node) -> TokenStream {
        let body = self.attempt(body);
        quote!({
            let mut matched = false;
            loop {
                let holds: bool = #body;
                if !holds {
                    break matched;
                }
                stop::checkpoint();
                matched = true;
            }
        })
    }
}
