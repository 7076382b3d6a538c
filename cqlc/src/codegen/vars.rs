//! Variables: reading, assigning, and iterating over squares or pieces.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::expr::{all, attempt, matches, number, set, set_receiver};
use crate::ir::{Arithmetic, Expr, Node, Type, VarKind, VarRef};

/// The constant naming a variable in generated code.
pub(super) fn ident(var: &VarRef) -> Ident {
    Ident::new(&var.ident, Span::call_site())
}

/// A variable read as a set (a set variable, or a piece variable's square).
pub(super) fn set_of(var: &VarRef) -> TokenStream {
    let name = ident(var);
    quote!(at.set_of(#name))
}

/// A position variable's value.
pub(super) fn position_of(var: &VarRef) -> TokenStream {
    let name = ident(var);
    quote!(at.position_of(#name))
}

/// A numeric variable's value.
pub(super) fn number_of(var: &VarRef) -> TokenStream {
    let name = ident(var);
    quote!(at.number_of(#name))
}

/// How a comment prints a variable.
pub(super) fn text(var: &VarRef) -> TokenStream {
    let name = ident(var);
    match var.kind {
        VarKind::Piece => quote!(at.format_piece(#name)),
        VarKind::Set => quote!(format_set(at.set_of(#name))),
        VarKind::Numeric => quote!(format_number(at.number_of(#name))),
        VarKind::Position => quote!(format_position(at.position_of(#name), at)),
    }
}

/// `x = F`, `x += F`, `◭x = F`, as a `bool`: whether it assigned.
pub(super) fn assign(var: &VarRef, op: Option<Arithmetic>, value: &Node) -> TokenStream {
    let name = ident(var);
    match (var.kind, op) {
        // `x = ♘――(to)` assigns only if the knight moves; `x = []` assigns the empty set.
        (VarKind::Set, _) if optional_set(value).is_some() => {
            let found = optional_set(value).expect("checked");
            quote!({
                let found = #found;
                if let Some(squares) = found {
                    at.assign(#name, Value::Set(squares));
                    true
                } else {
                    false
                }
            })
        }
        (VarKind::Set, _) => {
            let squares = set(value);
            quote!({
                let squares = #squares;
                at.assign(#name, Value::Set(squares));
                true
            })
        }
        (VarKind::Piece, _) => {
            let squares = set(value);
            quote!({
                let squares = #squares;
                at.assign_piece(#name, squares)
            })
        }
        (VarKind::Numeric, None) => {
            let value = number(value);
            quote!({
                let value = #value;
                at.assign_number(#name, value).is_some()
            })
        }
        (VarKind::Position, _) => {
            let position = super::positions::position(value);
            quote!({
                let position = #position;
                at.assign_position(#name, position).is_some()
            })
        }
        (VarKind::Numeric, Some(op)) => {
            let value = number(value);
            quote!({
                let value = arithmetic(at.number_of(#name), #op, #value);
                at.assign_number(#name, value).is_some()
            })
        }
    }
}

/// For a set filter that can fail to match, not only be empty (a dash with a
/// target, a transform of one, a compound ending in one), its value as an
/// `Option`: `None` when it does not match.
fn optional_set(node: &Node) -> Option<TokenStream> {
    match &node.expr {
        Expr::Dash(dash) if !dash.target.is_empty() => Some(super::moves::dash_found(dash, Type::Set)),
        Expr::FirstOf(images) if images.iter().any(|image| optional_set(image).is_some()) => {
            let squares = set(node);
            Some(quote!(Some(#squares).filter(|squares: &Bitboard| !squares.is_empty())))
        }
        Expr::Compound(nodes) => {
            let (last, first) = nodes.split_last()?;
            let value = optional_set(last)?;
            if first.is_empty() {
                return Some(value);
            }
            let condition = all(first);
            Some(quote!(if #condition { #value } else { None }))
        }
        _ => None,
    }
}

/// `x∊S body` (the squares, or with a piece variable the pieces, of S for
/// which the body holds) or `∀x∊S body` (whether it holds for all).
pub(super) fn for_each(var: &VarRef, all: bool, over: &Node, body: &Node) -> TokenStream {
    let name = ident(var);
    let body = matches(body);
    let (squares, bind) = match var.kind {
        VarKind::Piece => {
            let squares = set_receiver(over);
            (quote!(#squares & at.board().occupied()), quote!(at.assign_piece(#name, Bitboard::from_square(square))))
        }
        _ => (set(over), quote!({ at.assign(#name, Value::Set(Bitboard::from_square(square))); true })),
    };
    if all {
        quote!({
            let squares = #squares;
            squares.into_iter().all(|square| #bind && #body)
        })
    } else {
        let body = attempt(body);
        quote!({
            let squares = #squares;
            let mut found = Bitboard::EMPTY;
            for square in squares {
                if #bind && #body {
                    found.add(square);
                }
            }
            found
        })
    }
}
