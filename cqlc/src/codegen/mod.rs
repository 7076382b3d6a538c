//! The typed query to Rust: a type implementing the runtime's `Query`.
//!
//! The generated code reads top to bottom like the query: each top-level
//! filter is a `note(...)` of its CQL source (printed as a `//` comment by
//! [`format_program`]) followed by the Rust that evaluates it.

mod automaton;
mod expr;
mod format;
mod move_filter;
mod moves;
mod names;
mod path;
mod positions;
mod vars;

pub use format::format_program;
pub use names::type_name;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use crate::ir;

/// The items of a query: `pub struct <type_name>;` (documented by `doc`, one
/// line per doc line) and its `impl Query`. They refer to the runtime's
/// prelude by its plain names.
pub fn query_items(query: &ir::Query, type_name: &str, doc: &str) -> TokenStream {
    let ident = Ident::new(type_name, Span::call_site());
    let header = &query.header;
    let variables = query.variables.iter().enumerate().map(|(index, var)| {
        let name = Ident::new(&var.ident, Span::call_site());
        let index = Literal::u16_unsuffixed(index as u16);
        let doc = format!(" The CQL variable `{}`.", var.name);
        quote!(#[doc = #doc] const #name: Var = Var(#index);)
    });
    let body = body(&query.body);
    let cursor = if mentions(&body, "at") { quote!(at) } else { quote!(_at) };
    let sorts = sorts(&query.sorts);
    let doc = doc.lines();
    quote! {
        #(#variables)*

        #(#[doc = #doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #ident;

        impl Query for #ident {
            fn header(&self) -> Header {
                #header
            }

            fn matches(&self, #cursor: &mut Cursor<'_>) -> bool {
                #body
            }

            #sorts
        }
    }
}

/// Whether generated code refers to `name` (the cursor `at`, a dash's side
/// `from`, ...): a query such as `cql() true` never reads the cursor.
fn mentions(code: &TokenStream, name: &str) -> bool {
    code.clone().into_iter().any(|token| match token {
        proc_macro2::TokenTree::Ident(ident) => ident == name,
        proc_macro2::TokenTree::Group(group) => mentions(&group.stream(), name),
        _ => false,
    })
}

/// `|at| body`, or `|_| body` if the body does not read the cursor.
fn with_cursor(body: TokenStream) -> TokenStream {
    let at = param("at", &body);
    quote!(|#at| #body)
}

/// A closure's parameter `name`, or `_` if `body` does not read it.
fn param(name: &str, body: &TokenStream) -> TokenStream {
    if mentions(body, name) {
        let ident = Ident::new(name, Span::call_site());
        quote!(#ident)
    } else {
        quote!(_)
    }
}

/// `fn sorts`, for a query with `sort` filters.
fn sorts(sorts: &[ir::SortSpec]) -> TokenStream {
    if sorts.is_empty() {
        return TokenStream::new();
    }
    quote! {
        fn sorts(&self) -> &'static [Sort] {
            &[#(#sorts),*]
        }
    }
}

/// A whole searcher program for the query called `name`: the query's items
/// and a `main` that runs the runtime's command-line driver.
pub fn searcher_program(query: &ir::Query, name: &str, doc: &str) -> TokenStream {
    let type_name = names::type_name(name);
    let ident = Ident::new(&type_name, Span::call_site());
    let items = query_items(query, &type_name, doc);
    quote! {
        use cql_runtime::prelude::*;

        #items

        fn main() -> std::process::ExitCode {
            cql_runtime::driver::main(#name, &#ident)
        }
    }
}

/// The body of `matches`: each top-level filter in turn, returning `false`
/// at the first that does not match.
fn body(filters: &[ir::Node]) -> TokenStream {
    let Some((last, first)) = filters.split_last() else {
        return quote!(true);
    };
    let checks = first.iter().map(|filter| {
        let source = &filter.source;
        let fails = expr::fails(filter);
        quote! {
            note(#source);
            if #fails {
                return false;
            }
        }
    });
    let source = &last.source;
    let last = expr::tail(expr::matches(last));
    quote! {
        #(#checks)*
        note(#source);
        #last
    }
}
