//! Numbers, arithmetic and the comparisons (of numbers, sets, strings and
//! positions). A number is an `Option<i64>`: `None` when it does not match.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{Arithmetic, Node, Relation};

impl Emitter {
    /// A number literal.
    pub(super) fn number_literal(&self, n: i64) -> TokenStream {
        let n = Literal::i64_unsuffixed(n);
        quote!(Some(#n))
    }

    /// `F + G` and the other arithmetic.
    pub(super) fn arithmetic(&self, op: Arithmetic, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.number(left), self.number(right));
        quote!(arithmetic(#left, #op, #right))
    }

    /// `-F`.
    pub(super) fn negate(&self, inner: &Node) -> TokenStream {
        let inner = rust::operand(self.number(inner));
        quote!(#inner.and_then(i64::checked_neg))
    }

    /// `abs F`.
    pub(super) fn abs(&self, inner: &Node) -> TokenStream {
        let inner = rust::operand(self.number(inner));
        quote!(#inner.and_then(i64::checked_abs))
    }

    /// `F < G` and the other comparisons of numbers: the left value, if the
    /// relation holds.
    pub(super) fn compare(&self, relation: Relation, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.number(left), self.number(right));
        quote!(compare(#left, #relation, #right))
    }

    /// `A == B` / `A != B` on sets: whether they are the same squares.
    pub(super) fn set_equality(&self, equal: bool, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.set(left), self.set(right));
        if equal { quote!(#left == #right) } else { quote!(#left != #right) }
    }

    /// A comparison of strings: false if either has no value.
    pub(super) fn compare_strings(&self, relation: Relation, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.value(left), self.value(right));
        let op: TokenStream = relation.symbol().parse().expect("a comparison operator");
        quote!(match (#left, #right) { (Some(left), Some(right)) => left #op right, _ => false })
    }

    /// A comparison of positions, in the order CQL numbers them.
    pub(super) fn compare_positions(&self, relation: Relation, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.value(left), self.value(right));
        quote!(compare(position_number(#left, at), #relation, position_number(#right, at)).is_some())
    }
}
