//! The logic filters: `{...}`, `not`, `and`, `or`, `if`. Where a filter
//! that fails can be recovered from (`or`, `not`, an `if`'s condition) and
//! the failing part may have written comments, the code takes them back.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::quote;

use super::{Emitter, values::nothing};
use crate::ir::{Node, Type};

impl Emitter {
    /// `{ F G ... }`: all match; the value is the last one's.
    pub(super) fn compound(&self, ty: Type, nodes: &[Node]) -> TokenStream {
        if ty == Type::Boolean {
            return self.all(nodes);
        }
        let Some((last, first)) = nodes.split_last() else { return nothing(ty) };
        let value = self.value(last);
        if first.is_empty() {
            return value;
        }
        branch(self.all(first), value, nothing(ty))
    }

    /// `not F`: what F writes never stands.
    pub(super) fn not(&self, inner: &Node) -> TokenStream {
        if !inner.may_comment() {
            return self.fails(inner);
        }
        let check = super::rust::with_cursor(self.matches(inner));
        quote!(!at.without_comments(#check))
    }

    /// `F and G`.
    pub(super) fn and(&self, left: &Node, right: &Node) -> TokenStream {
        let left = self.noted(left, self.matches(left));
        let right = self.noted(right, self.matches(right));
        quote!(#left && #right)
    }

    /// `F or G`: F's comments are taken back if it fails.
    pub(super) fn or(&self, left: &Node, right: &Node) -> TokenStream {
        let left = self.noted(left, self.attempt(left));
        let right = self.noted(right, self.matches(right));
        quote!(#left || #right)
    }

    /// `if C T [else E]` with the value type `ty`: without `else` (a Boolean
    /// `if`) it matches where C fails.
    pub(super) fn if_else(&self, ty: Type, condition: &Node, then: &Node, otherwise: Option<&Node>) -> TokenStream {
        let (then, otherwise) = match otherwise {
            Some(otherwise) if ty != Type::Boolean => (self.value(then), self.value(otherwise)),
            _ => (self.matches(then), otherwise.map_or_else(|| quote!(true), |otherwise| self.matches(otherwise))),
        };
        branch(self.attempt(condition), then, otherwise)
    }

    /// Whether `node` matches, its comments taken back if it does not.
    pub(super) fn attempt(&self, node: &Node) -> TokenStream {
        let code = self.matches(node);
        if !node.may_comment() {
            return code;
        }
        let code = super::rust::with_cursor(code);
        quote!(at.attempt(#code))
    }
}

/// `if test { then } else { otherwise }`; a test that starts with a block
/// is bound first, as `if { ... } { ... }` would read its block as the branch.
pub(super) fn branch(test: TokenStream, then: TokenStream, otherwise: TokenStream) -> TokenStream {
    let starts_with_block = matches!(
        test.clone().into_iter().next(),
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace
    );
    if starts_with_block {
        quote!({
            let matched = #test;
            if matched { #then } else { #otherwise }
        })
    } else {
        quote!(if #test { #then } else { #otherwise })
    }
}
