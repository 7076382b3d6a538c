//! Filters whose value is a position of the game (`parent`, `∙`,
//! `initialposition`, `pathstart`, a path with `lastposition`), as an
//! `Option<NodeId>`, and `P:F`, which evaluates F with the cursor at
//! position P.

use proc_macro2::TokenStream;
use quote::quote;

use super::{
    expr::{attempt_value, branches, compound_value, first_matching, if_else},
    moves, path, vars, with_cursor,
};
use crate::ir::{Expr, Node, Relative, Type};

/// A position filter: its position, `None` when it does not match.
pub(super) fn position(node: &Node) -> TokenStream {
    match &node.expr {
        Expr::PositionOf(Relative::Parent) => quote!(at.parent_position()),
        Expr::PositionOf(Relative::Current) => quote!(at.current_position()),
        Expr::PositionOf(Relative::Initial) => quote!(at.initial_position()),
        Expr::PathStatus(status) => path::status(*status),
        Expr::Var(var) => vars::position_of(var),
        Expr::Path(filter) => path::path(filter),
        Expr::At { position: there, filter } => {
            let call = at(there, position(filter));
            quote!(#call.flatten())
        }
        Expr::If { condition, then, otherwise } => {
            let (then, otherwise) = branches(then, otherwise);
            if_else(condition, position(then), position(otherwise))
        }
        Expr::Compound(nodes) => compound_value(nodes, position, quote!(None)),
        Expr::Dash(dash) => moves::dash_value(dash, Type::Position),
        Expr::FirstOf(images) => {
            let images = images.iter().map(|image| attempt_value(position(image)));
            first_matching(images.collect())
        }
        _ => unreachable!("{} is not a position filter", node.source),
    }
}

/// `P:F` for F's code `value`: `Some(value)` evaluated at position P, `None`
/// if there is no P.
pub(super) fn at(there: &Node, value: TokenStream) -> TokenStream {
    let (there, value) = (position(there), with_cursor(value));
    quote!(at_position(#there, at, #value))
}
