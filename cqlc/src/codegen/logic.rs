//! The logic filters: `{...}`, `not`, `and`, `or`, `if`. Where a filter
//! that fails can be recovered from (`or`, `not`, an `if`'s condition) and
//! the failing part may have written comments, the code takes them back.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::quote;

use super::{Emitter, values::nothing};
use crate::ir::{Expr, Node, Type};

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

    /// `F and G`, and a chain `F and G and H ...` as one flat `&&`.
    pub(super) fn and(&self, left: &Node, right: &Node) -> TokenStream {
        let mut operands = chain(left, |node| match &node.expr {
            Expr::And(left, right) => Some((&**left, &**right)),
            _ => None,
        });
        operands.push(right);
        let operands = operands.iter().map(|operand| self.noted(operand, self.matches(operand)));
        quote!(#(#operands)&&*)
    }

    /// `F or G`: F's comments are taken back if it fails; a chain
    /// `F or G or H ...` as one flat `||`.
    pub(super) fn or(&self, left: &Node, right: &Node) -> TokenStream {
        let operands = chain(left, |node| match &node.expr {
            Expr::Or(left, right) => Some((&**left, &**right)),
            _ => None,
        });
        let operands = operands.iter().map(|operand| self.noted(operand, self.attempt(operand)));
        let right = self.noted(right, self.matches(right));
        quote!(#(#operands ||)* #right)
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

/// The operands of `node` read as a chain of one operator (`pair` takes
/// one apart), in order, so that a long chain is written flat instead of
/// nesting a block per operator.
fn chain<'n>(node: &'n Node, pair: impl Fn(&'n Node) -> Option<(&'n Node, &'n Node)>) -> Vec<&'n Node> {
    let mut operands = Vec::new();
    let mut rest = node;
    while let Some((left, right)) = pair(rest) {
        operands.push(right);
        rest = left;
    }
    operands.push(rest);
    operands.reverse();
    operands
}

/// `if test { then } else { otherwise }`; a test that starts with a block
/// is bound first, as `if { ... } { ... }` would read its block as the branch.
pub(super) fn branch(test: TokenStream, then: TokenStream, otherwise: TokenStream) -> TokenStream {
    // Each branch ends a block: `{ a } && { b }` there needs parentheses.
    let (then, otherwise) = (super::rust::tail(then), super::rust::tail(otherwise));
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

#[cfg(test)]
mod tests {
    use crate::searcher_source;

    /// How deep brackets nest in the program for `terms` joined by `operator`.
    fn bracket_depth(operator: &str, terms: usize) -> usize {
        let query = (0..terms).map(|i| format!("♔{}{}", (b'a' + (i % 8) as u8) as char, i / 8 % 8 + 1));
        let program = searcher_source(&format!("cql() {}", query.collect::<Vec<_>>().join(operator)), "q", "q.cql");
        let (mut depth, mut deepest) = (0usize, 0);
        for c in program.unwrap().chars() {
            match c {
                '(' | '{' | '[' => depth += 1,
                ')' | '}' | ']' => depth -= 1,
                _ => {}
            }
            deepest = deepest.max(depth);
        }
        deepest
    }

    #[test]
    fn chains_of_and_and_or_are_written_flat() {
        // A block per operator made rustc overflow its stack on 512 terms.
        assert_eq!(bracket_depth(" or ", 200), bracket_depth(" or ", 3));
        assert_eq!(bracket_depth(" and ", 200), bracket_depth(" and ", 3));
    }
}
