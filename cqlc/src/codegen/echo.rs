//! `echo` and `consecutivemoves`: calls of the runtime's `echo` family.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{self, Bounds, Echo, Expr, Lineage, Node, Relation, Type, VarRef};

impl Emitter {
    /// `echo (s t) F`: whether F matches at some target, or its greatest value.
    pub(super) fn echo(&self, ty: Type, echo: &Echo) -> TokenStream {
        let Echo { source, target, quiet, with_source, best_only, body } = echo;
        let echo_vars = (source, target);
        let variable = |var| {
            let constant = self.constant(ir::Constant::Var(Clone::clone(var)).into());
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
        let targets = match required_order(body, echo_vars) {
            Some(TargetOrder::Descendants) => quote!(EchoTargets::Descendants),
            Some(TargetOrder::Later) => quote!(EchoTargets::Later),
            None => quote!(EchoTargets::All),
        };
        let body = rust::with_cursor(value);
        let settings = quote!(Echo {
            source: #source,
            target: #target,
            with_source: #with_source,
            quiet: #quiet,
            best_only: #best_only,
            same_board: #same_board,
            targets: #targets,
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
        // CQL 6.2's range: from 1 to 100000 moves.
        let range = range.map_or_else(|| quote!((Some(1), Some(100_000))), |range| self.bounds(range));
        quote!(at.consecutive_moves((#left, #right), (#left_name, #right_name), #quiet, #range))
    }
}

/// The filters `body` must pass at a target (those of a compound, or the
/// body itself).
fn conjuncts(body: &Node) -> &[Node] {
    match &body.expr {
        Expr::Compound(nodes) => nodes.as_slice(),
        _ => std::slice::from_ref(body),
    }
}

/// Whether `node` is the variable `var`.
fn is_var(node: &Node, var: &VarRef) -> bool {
    matches!(&node.expr, Expr::Var(v) if v.index == var.index)
}

/// Whether `body` holds only where the target has the source's board: it
/// requires `s∩t==▦` (or `t∩s`, or `▦==s∩t`) of the two variables. The
/// runtime then skips the other targets without evaluating the body (the
/// common shape of an echo of the same position: zugzwangs, Fata Morgana).
fn requires_same_board(body: &Node, (source, target): (&VarRef, &VarRef)) -> bool {
    let both = |left: &Node, right: &Node| {
        (is_var(left, source) && is_var(right, target)) || (is_var(left, target) && is_var(right, source))
    };
    let common_of_both = |node: &Node| matches!(&node.expr, Expr::CommonSquares(left, right) if both(left, right));
    let full = |node: &Node| matches!(node.expr, Expr::Squares(u64::MAX));
    conjuncts(body).iter().any(|node| match &node.expr {
        Expr::SetEquality { equal: true, left, right } => {
            (common_of_both(left) && full(right)) || (full(left) && common_of_both(right))
        }
        _ => false,
    })
}

/// Which targets can pass an order `body` requires of them.
enum TargetOrder {
    /// `s≺t` (or `t≻s`): the positions after the source on its lines.
    Descendants,
    /// `s<t` (or `t>s`): the positions with larger ids.
    Later,
}

/// The order of source and target `body` requires, if it requires one the
/// runtime can use to skip targets.
fn required_order(body: &Node, (source, target): (&VarRef, &VarRef)) -> Option<TargetOrder> {
    let ordered = |left: &Node, right: &Node| is_var(left, source) && is_var(right, target);
    conjuncts(body).iter().find_map(|node| match &node.expr {
        Expr::Lineage(Lineage::Before, left, right) if ordered(left, right) => Some(TargetOrder::Descendants),
        Expr::Lineage(Lineage::After, left, right) if ordered(right, left) => Some(TargetOrder::Descendants),
        Expr::ComparePositions(Relation::Less, left, right) if ordered(left, right) => Some(TargetOrder::Later),
        Expr::ComparePositions(Relation::Greater, left, right) if ordered(right, left) => Some(TargetOrder::Later),
        _ => None,
    })
}
