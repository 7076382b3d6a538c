//! Positions as values (`parent`, `∙`, `initialposition`), an
//! `Option<NodeId>` of the game tree; `P:F`, which evaluates F with the
//! cursor at position P; and `P ∩ Q`, the squares two positions share.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{Node, Relative};

impl Emitter {
    /// A position named from the current one.
    pub(super) fn position_of(&self, relative: Relative) -> TokenStream {
        match relative {
            Relative::Parent => quote!(at.parent_position()),
            Relative::Current => quote!(at.current_position()),
            Relative::Initial => quote!(at.initial_position()),
        }
    }

    /// `P ∩ Q` of two positions.
    pub(super) fn common_squares(&self, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.value(left), self.value(right));
        quote!(common_squares(#left, #right, at))
    }

    /// `P:F`: F's value at position P, no match if there is no P.
    pub(super) fn at(&self, position: &Node, filter: &Node) -> TokenStream {
        let position = self.value(position);
        let value = rust::with_cursor(self.value(filter));
        quote!(at_position(#position, at, #value))
    }
}
