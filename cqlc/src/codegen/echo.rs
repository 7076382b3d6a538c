//! `echo` and `consecutivemoves`: calls of the runtime's `echo` family.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, constants::Constant, rust};
use crate::ir::{Bounds, Echo, Expr, Node, Type, VarRef};

impl Emitter {
    /// `echo (s t) F`: whether F matches at some target, or its greatest value.
    pub(super) fn echo(&self, ty: Type, echo: &Echo) -> TokenStream {
        let Echo { source, target, quiet, with_source, best_only, body } = echo;
        let echo_vars = (source, target);
        let variable = |var| {
            let constant = self.constant(Constant::Var(Clone::clone(var)));
            let name = &var.name;
            quote!((#constant, #name))
        };
        let (source, target) = (variable(source), variable(target));
        let value = match body.ty {
            Type::Numeric => self.value(body),
            _ => {
                let matches = rust::operand(self.matches(body));
                quote!(#matches.then_some(0))
            }
        };
        let same_board = requires_same_board(body, echo_vars);
        let body = rust::with_cursor(value);
        let settings = quote!(Echo {
            source: #source,
            target: #target,
            with_source: #with_source,
            quiet: #quiet,
            best_only: #best_only,
            same_board: #same_board,
        });
        let call = quote!(at.echo(#settings, #body));
        if ty == Type::Numeric { call } else { quote!(#call.is_some()) }
    }

    /// `consecutivemoves (x y)`.
    pub(super) fn consecutive_moves(
        &self,
        quiet: bool,
        range: Option<&Bounds>,
        left: &Node,
        right: &Node,
    ) -> TokenStream {
        let (left_name, right_name) = (&left.source, &right.source);
        let (left, right) = (self.value(left), self.value(right));
        let call = quote!(at.consecutive_moves((#left, #right), (#left_name, #right_name), #quiet));
        match range {
            None => call,
            Some(range) => {
                let range = self.bounds(range);
                quote!(in_range(#call, #range))
            }
        }
    }
}

/// Whether `body` holds only where the target has the source's board: it
/// requires `s∩t==▦` (or `t∩s`, or `▦==s∩t`) of the two variables. The
/// runtime then skips the other targets without evaluating the body (the
/// common shape of an echo of the same position: zugzwangs, Fata Morgana).
fn requires_same_board(body: &Node, (source, target): (&VarRef, &VarRef)) -> bool {
    let conjuncts = match &body.expr {
        Expr::Compound(nodes) => nodes.as_slice(),
        _ => std::slice::from_ref(body),
    };
    let is_var = |node: &Node, var: &VarRef| matches!(&node.expr, Expr::Var(v) if v.index == var.index);
    let both = |left: &Node, right: &Node| {
        (is_var(left, source) && is_var(right, target)) || (is_var(left, target) && is_var(right, source))
    };
    let common_of_both = |node: &Node| matches!(&node.expr, Expr::CommonSquares(left, right) if both(left, right));
    let full = |node: &Node| matches!(node.expr, Expr::Squares(u64::MAX));
    conjuncts.iter().any(|node| match &node.expr {
        Expr::SetEquality { equal: true, left, right } => {
            (common_of_both(left) && full(right)) || (full(left) && common_of_both(right))
        }
        _ => false,
    })
}

