//! Numbers, arithmetic and the comparisons (of numbers, sets, strings and
//! positions). A number is an `Option<i64>`: `None` when it does not match.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{self, Arithmetic, Node, Relation};

impl Emitter {
    /// A number literal.
    pub(super) fn number_literal(&self, n: i64) -> TokenStream {
        let n = self.constant(ir::Constant::Number(n).into());
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

    /// `sqrt N`.
    pub(super) fn sqrt(&self, inner: &Node) -> TokenStream {
        let inner = self.number(inner);
        quote!(square_root(#inner))
    }

    /// `max(a b ...)` or `min(a b ...)` of numbers or strings: the greatest
    /// (least) of those with a value. Where an operand may write, every
    /// operand's writing is kept only if it gives the result.
    pub(super) fn extremum(&self, greatest: bool, operands: &[Node]) -> TokenStream {
        if !operands.iter().any(Node::may_comment) {
            let values = operands.iter().map(|operand| self.number(operand));
            let pick = if greatest { quote!(max) } else { quote!(min) };
            return quote!([#(#values),*].into_iter().flatten().#pick());
        }
        let offers = operands.iter().map(|operand| {
            let value = self.number(operand);
            let value = if greatest { value } else { quote!(#value.map(std::cmp::Reverse)) };
            let image = rust::with_cursor(value);
            quote!(best.offer(at, #image);)
        });
        let value = if greatest { quote!(best.value()) } else { quote!(best.value().map(|least| least.0)) };
        quote!({
            let mut best = Greatest::start(at);
            #(#offers)*
            #value
        })
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

    /// A comparison of strings, bytewise: the left string where it holds
    /// (none if either has no value); `!=` is true or false, and true
    /// where either has no value.
    pub(super) fn compare_strings(&self, relation: Relation, left: &Node, right: &Node) -> TokenStream {
        self.string_comparison(relation, left, right, true)
    }

    /// Whether a comparison of strings holds, as a `bool`, without making
    /// its value.
    pub(super) fn string_relation_holds(&self, relation: Relation, left: &Node, right: &Node) -> TokenStream {
        self.string_comparison(relation, left, right, false)
    }

    /// A comparison of strings, with its value (`valued`) or as a `bool`
    /// (`!=` is one either way). Where a side is a piece's name or a
    /// literal (`typename x == "N"`, `piecename a == s:piecename b`), or no
    /// value is wanted, both sides are compared as `&str`, and the left
    /// string is made only where the relation holds and its value is wanted.
    fn string_comparison(&self, relation: Relation, left: &Node, right: &Node, valued: bool) -> TokenStream {
        let valued = valued && relation != Relation::NotEqual;
        let op: TokenStream = relation.symbol().parse().expect("a comparison operator");
        let (left_borrowed, right_borrowed) = (self.borrowed_string(left), self.borrowed_string(right));
        if valued && left_borrowed.is_none() && right_borrowed.is_none() {
            let (left, right) = (self.value(left), self.value(right));
            return quote!(match (#left, #right) { (Some(left), Some(right)) if left #op right => Some(left), _ => None });
        }
        let as_str = |borrowed: Option<TokenStream>, node| {
            borrowed.unwrap_or_else(|| {
                let value = rust::operand(self.value(node));
                quote!(#value.as_deref())
            })
        };
        let (left, right) = (as_str(left_borrowed, left), as_str(right_borrowed, right));
        if valued {
            quote!(match (#left, #right) { (Some(left), Some(right)) if left #op right => Some(left.to_owned()), _ => None })
        } else {
            quote!(string_relation(#left, #relation, #right))
        }
    }

    /// A comparison of positions, in the order CQL numbers them.
    pub(super) fn compare_positions(&self, relation: Relation, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.value(left), self.value(right));
        quote!(compare(position_number(#left, at), #relation, position_number(#right, at)).is_some())
    }
}
