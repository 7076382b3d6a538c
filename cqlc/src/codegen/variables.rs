//! Variables: reading, assigning, and going over squares or pieces
//! (`x∊S`, `◭x∊S`, `∀x∊S`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::{
    ir::{self, Arithmetic, Expr, Node, VarKind, VarRef},
    lower::guards,
};

impl Emitter {
    /// The constant naming a variable in generated code.
    pub(super) fn var(&self, var: &VarRef) -> TokenStream {
        self.constant(ir::Constant::Var(var.clone()).into())
    }

    /// A variable's value: a set variable's squares, a piece variable's
    /// square, a number or a position.
    pub(super) fn variable(&self, var: &VarRef) -> TokenStream {
        let name = self.var(var);
        match var.kind {
            VarKind::Set => quote!(at.squares_of(#name)),
            VarKind::Piece => quote!(at.set_of(#name)),
            VarKind::Numeric => quote!(at.number_of(#name)),
            VarKind::Position => quote!(at.position_of(#name)),
            VarKind::String => quote!(at.string_of(#name)),
            // A dictionary, as a filter, always matches.
            VarKind::Dictionary => quote!(true),
        }
    }

    /// How a comment prints a variable (a piece as `Rd8`; one without a
    /// value as `<unbound: x>`, as CQL 6.2 does).
    pub(super) fn variable_text(&self, var: &VarRef) -> TokenStream {
        let name = self.var(var);
        let cql_name = &var.name;
        quote!(at.variable_text(#name, #cql_name))
    }

    /// `x = F`, `x += F`, `◭x = F`, as a `bool`: whether it assigned.
    /// `conditional` (`x =? S`): only a set that is not empty.
    pub(super) fn assign(&self, var: &VarRef, op: Option<Arithmetic>, conditional: bool, value: &Node) -> TokenStream {
        let name = self.var(var);
        match (var.kind, op) {
            (VarKind::Set, _) if conditional => {
                let squares = self.set(value);
                quote!({
                    let squares = #squares;
                    !squares.is_empty() && {
                        at.assign(#name, Value::Set(squares));
                        true
                    }
                })
            }
            // Always assigns, the empty set where F fails (CQL 6.2: `x = ♘――(to)`
            // and `x = {check a1}` match at every position).
            (VarKind::Set, _) => {
                let squares = self.set(value);
                quote!({
                    let squares = #squares;
                    at.assign(#name, Value::Set(squares));
                    true
                })
            }
            (VarKind::Piece, _) => {
                let squares = self.set(value);
                quote!({
                    let squares = #squares;
                    at.assign_piece(#name, squares)
                })
            }
            // A number is always assigned.
            (VarKind::Numeric, None) if matches!(value.expr, Expr::Number(_)) => {
                let value = self.number(value);
                quote!({
                    at.assign_number(#name, #value);
                    true
                })
            }
            (VarKind::Numeric, None) if !value.needs_cursor_mutably() => {
                let value = self.number(value);
                quote!(at.assign_number(#name, #value).is_some())
            }
            (VarKind::Numeric, None) => {
                let value = self.number(value);
                quote!({
                    let value = #value;
                    at.assign_number(#name, value).is_some()
                })
            }
            (VarKind::Numeric, Some(op)) if !value.needs_cursor_mutably() => {
                let value = self.number(value);
                quote!(at.update_number(#name, #op, #value))
            }
            (VarKind::Numeric, Some(op)) => {
                let value = self.number(value);
                quote!({
                    let value = #value;
                    at.update_number(#name, #op, value)
                })
            }
            (VarKind::Dictionary, _) => unreachable!("the checker refuses to assign a dictionary"),
            (VarKind::String, None) if let Some(assign) = self.assign_made_string(&name, value) => assign,
            (VarKind::String, op) => {
                let value = self.value(value);
                let value = match op {
                    Some(_) => quote!(concatenation(at.string_of(#name), #value)),
                    None => value,
                };
                quote!({
                    let value = #value;
                    at.assign_string(#name, value)
                })
            }
            (VarKind::Position, _) if !value.needs_cursor_mutably() => {
                let position = self.value(value);
                quote!(at.assign_position(#name, #position).is_some())
            }
            (VarKind::Position, _) => {
                let position = self.value(value);
                quote!({
                    let position = #position;
                    at.assign_position(#name, position).is_some()
                })
            }
        }
    }

    /// `x∊S body` (the squares, or with a piece variable the pieces, of S
    /// for which the body holds) or `∀x∊S body` (whether it holds for all).
    pub(super) fn for_each(&self, var: &VarRef, all: bool, over: &Node, body_node: &Node) -> TokenStream {
        let name = self.var(var);
        let mut body = rust::with_cursor(self.matches_body(body_node));
        // Where the body fails, `x∊S` goes on: a body that may comment
        // takes back what it wrote (`∀x∊S` fails with it, and its caller
        // takes back what the loop wrote).
        if !all && body_node.may_comment() {
            body = rust::with_cursor(quote!(at.attempt(#body)));
        }
        let squares = self.set(over);
        let (bind, squares) = if over.needs_cursor_mutably() {
            (quote!(let squares = #squares;), quote!(squares))
        } else {
            (TokenStream::new(), squares)
        };
        let moving = !all && guards::starts_with_the_first_move_test(body_node, var);
        let call = match (var.kind, all) {
            (VarKind::Piece, false) if moving => quote!(at.moving_pieces_where(#name, #squares, #body)),
            (VarKind::Piece, false) => quote!(at.pieces_where(#name, #squares, #body)),
            (VarKind::Piece, true) => quote!(at.every_piece(#name, #squares, #body)),
            (_, false) if moving => quote!(at.moving_squares_where(#name, #squares, #body)),
            (_, false) => quote!(at.squares_where(#name, #squares, #body)),
            (_, true) => quote!(at.every_square(#name, #squares, #body)),
        };
        if bind.is_empty() { call } else { quote!({ #bind #call }) }
    }
}

#[cfg(test)]
mod tests {
    use crate::searcher_source;

    fn program(query: &str) -> String {
        searcher_source(&format!("cql() {query}"), "q", "q.cql").expect("it compiles")
    }

    #[test]
    fn a_loop_whose_body_needs_a_move_from_its_variable_goes_over_the_moving_pieces() {
        // turton: the guard `T――` the compiler puts in front of the body.
        let turton = program("◭T∊♕♖♗ ◭U∊♕♖♗∩~T C∊□←U ⊢◎T∪U T――□ T→C→from U――C U―― T→C→U");
        assert_eq!(turton.matches("moving_pieces_where").count(), 1, "{turton}");
        assert_eq!(turton.matches(".pieces_where").count(), 1, "U's loop is left alone");
        // As written, over squares.
        assert!(program("x∊▦ {x―― check}").contains("moving_squares_where"));
        // Not a move from the variable's square first, or every element needed.
        for query in ["x∊▦ {check x――}", "x∊▦ {x――e4 check}", "∀x∊▦ {x―― check}", "◭T∊♕ {T×▦ check}"]
        {
            assert!(!program(query).contains("moving_"), "{query}");
        }
    }
}
