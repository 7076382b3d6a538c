//! Sets of squares (`Bitboard`s): piece designators, squares, `∪ ∩ ~`, `#`
//! and `in`.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{self, Kinds, Node};

impl Emitter {
    /// Constant squares (`e4`, `a-h1-8`, `▦`).
    pub(super) fn squares(&self, mask: u64) -> TokenStream {
        self.constant(ir::Constant::Squares(mask).into())
    }

    /// The squares of pieces of some kinds, within a mask.
    pub(super) fn pieces(&self, kinds: Kinds, within: u64) -> TokenStream {
        let kinds = rust::operand(self.constant(ir::Constant::Kinds(kinds).into()));
        if within == u64::MAX {
            return quote!(#kinds.squares(at.board()));
        }
        let within = self.constant(ir::Constant::Squares(within).into());
        quote!(#kinds.squares(at.board()) & #within)
    }

    /// `A ∪ B`.
    pub(super) fn union(&self, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.set(left), self.set(right));
        quote!(#left | #right)
    }

    /// `A ∩ B`. The costlier set goes second if neither writes, and a
    /// costlier second set that writes nothing is evaluated only if the
    /// first is not empty.
    pub(super) fn intersection(&self, left: &Node, right: &Node) -> TokenStream {
        let (left_cost, right_cost) = (left.cost(), right.cost());
        let swap = left_cost > right_cost && left.may_move_past([right]);
        let (first, second, second_costlier) =
            if swap { (right, left, true) } else { (left, right, right_cost > left_cost) };
        if second_costlier && !second.writes() {
            let (first, second) = (self.set(first), rust::operand(self.set(second)));
            return quote!({
                let squares = #first;
                if squares.is_empty() { squares } else { squares & #second }
            });
        }
        let (first, second) = (rust::operand(self.set(first)), rust::operand(self.set(second)));
        quote!(#first & #second)
    }

    /// `~A`.
    pub(super) fn complement(&self, inner: &Node) -> TokenStream {
        let inner = rust::operand(self.set(inner));
        quote!(!#inner)
    }

    /// `#A`: the number of squares.
    pub(super) fn count(&self, inner: &Node) -> TokenStream {
        let inner = self.set(inner);
        quote!(count(#inner))
    }

    /// `A in B`: A is a subset of B.
    pub(super) fn subset(&self, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (rust::operand(self.set(left)), self.set(right));
        quote!(#left.is_subset(#right))
    }

    /// `light S`, `dark S`.
    pub(super) fn square_colour(&self, light: bool, squares: &Node) -> TokenStream {
        let squares = rust::operand(self.set(squares));
        let shade = self.constant(ir::Constant::Shade { light }.into());
        quote!(#squares & #shade)
    }
}
