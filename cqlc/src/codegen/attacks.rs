//! The attack filters `→` and `←`, and their chains.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::{AttackDirection, Node};

impl Emitter {
    /// `x → y` (the squares of x attacking y), `y ← x` (the squares of y
    /// attacked from x), and chains of either. The sets come before the
    /// board, so they may use the cursor first.
    pub(super) fn attack(&self, direction: AttackDirection, operands: &[Node]) -> TokenStream {
        let sets: Vec<TokenStream> = operands.iter().map(|operand| self.set(operand)).collect();
        match (direction, sets.as_slice()) {
            (AttackDirection::Attacks, [x, y]) => quote!(attacking(#x, #y, at.board())),
            (AttackDirection::AttackedBy, [y, x]) => quote!(attacked_by(#y, #x, at.board())),
            (AttackDirection::Attacks, _) => quote!(attacking_chain(&[#(#sets),*], at.board())),
            (AttackDirection::AttackedBy, _) => quote!(attacked_by_chain(&[#(#sets),*], at.board())),
        }
    }
}
