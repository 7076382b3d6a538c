//! `echo` and `consecutivemoves`: calls of the runtime's `echo` family.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, constants::Constant, rust};
use crate::ir::{Bounds, Echo, Node, Type};

impl Emitter {
    /// `echo (s t) F`: whether F matches at some target, or its greatest value.
    pub(super) fn echo(&self, ty: Type, echo: &Echo) -> TokenStream {
        let Echo { source, target, quiet, with_source, best_only, body } = echo;
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
        let body = rust::with_cursor(value);
        let settings = quote!(Echo {
            source: #source,
            target: #target,
            with_source: #with_source,
            quiet: #quiet,
            best_only: #best_only,
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
