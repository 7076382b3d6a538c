//! `comment`, `///` and `message`: each argument printed as CQL prints its
//! value, the pieces joined.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::{Expr, Node, Type};

impl Emitter {
    /// `comment (...)` / `/// ...`: writes its arguments at the position.
    pub(super) fn comment(&self, arguments: &[Node]) -> TokenStream {
        let text = match arguments {
            [one] => self.text(one),
            _ => self.joined_text(arguments),
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
        let text = self.joined_text(arguments);
        quote!({
            let text = #text;
            at.message(&text, #quiet);
            true
        })
    }

    /// The texts of `arguments` joined, as one `String`: literal pieces
    /// are borrowed, not copied first.
    fn joined_text(&self, arguments: &[Node]) -> TokenStream {
        let pieces = arguments.iter().map(|argument| match &argument.expr {
            Expr::Str(literal) => quote!(#literal),
            _ => {
                let text = self.text(argument);
                quote!(#text.as_str())
            }
        });
        quote!([#(#pieces),*].concat())
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
