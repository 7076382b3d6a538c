//! `comment`, `///` and `message`: each argument printed as CQL prints its
//! value, the pieces joined.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::{Expr, Node, Type};

impl Emitter {
    /// `comment (...)` / `/// ...`: writes its arguments at the position.
    pub(super) fn comment(&self, arguments: &[Node]) -> TokenStream {
        let pieces: Vec<TokenStream> = arguments.iter().map(|argument| self.text(argument)).collect();
        let text = match pieces.as_slice() {
            [one] => one.clone(),
            _ => quote!([#(#pieces),*].concat()),
        };
        // Printing a position (or a variable, which may hold one) may write
        // a note at it.
        let notes = |argument: &Node| argument.ty == Type::Position || matches!(argument.expr, Expr::Var(_));
        if arguments.iter().any(|argument| argument.needs_cursor_mutably() || notes(argument)) {
            return quote!({
                let text = #text;
                at.comment(text)
            });
        }
        quote!(at.comment(#text))
    }

    /// `message [quiet] (...)`: prints its arguments.
    pub(super) fn message(&self, quiet: bool, arguments: &[Node]) -> TokenStream {
        let pieces = arguments.iter().map(|argument| self.text(argument));
        quote!({
            let text = [#(#pieces),*].concat();
            at.message(&text, #quiet);
            true
        })
    }

    /// How a comment prints the value of `node`.
    pub(super) fn text(&self, node: &Node) -> TokenStream {
        if let Expr::Var(var) = &node.expr {
            return self.variable_text(var);
        }
        if let Expr::Str(literal) = &node.expr {
            return quote!(#literal.to_owned());
        }
        let value = self.value(node);
        match node.ty {
            // A string without a value prints as a number without one does.
            Type::String => quote!(format_string(#value)),
            Type::Set => quote!(format_set(#value)),
            Type::Numeric => quote!(format_number(#value)),
            Type::Boolean => quote!(format_bool(#value)),
            Type::Position => quote!(format_position(#value, at)),
        }
    }
}
