//! `cql!` and `cql_file!`: CQL queries compiled with the Rust program that
//! contains them. A malformed query is a compile error for each of its
//! errors, as cqlc reports them, naming the line and column in the Rust file
//! (for `cql!`) or the query file (for `cql_file!`). Use them through the `cql` crate, which re-exports them with the
//! runtime they expand against.
//!
//! A query that compiles but probably does not mean what it says (`♘ ――g5`,
//! which CQL reads as two filters) gets cqlc's warning as a compiler
//! warning: a procedural macro cannot emit warnings on stable Rust, so the
//! expansion calls a deprecated function whose note is the warning (rustc
//! shows `use of deprecated function ...: warning: ...` at the query).
//! `#[allow(deprecated)]` silences it, `#![deny(deprecated)]` makes it an
//! error.

#![warn(missing_docs)]

mod literal_place;

use cqlc::report::{Colour, Place};
use literal_place::LiteralPlace;
use proc_macro::TokenStream;
use quote::quote;
use syn::{LitStr, parse_macro_input};

/// A query written inline: `cql!("cql() ⊢ ♗×♟h7 check ♚×h7 ♘――g5 check")`
/// is a value implementing `cql::Query`.
#[proc_macro]
pub fn cql(input: TokenStream) -> TokenStream {
    let literal = parse_macro_input!(input as LitStr);
    expand(&literal.value(), "cql!", &literal, None)
}

/// A query read from a file at compile time, relative to the crate's
/// directory (`CARGO_MANIFEST_DIR`): `cql_file!("queries/greekgift.cql")`.
#[proc_macro]
pub fn cql_file(input: TokenStream) -> TokenStream {
    let literal = parse_macro_input!(input as LitStr);
    let base = std::env::var_os("CARGO_MANIFEST_DIR").map(std::path::PathBuf::from).unwrap_or_default();
    let path = base.join(literal.value());
    match std::fs::read_to_string(&path) {
        Ok(source) => expand(&source, &literal.value(), &literal, Some(&path)),
        Err(error) => {
            let message =
                format!("cannot read the query {} (relative to the crate's directory): {error}", literal.value());
            syn::Error::new(literal.span(), message).to_compile_error().into()
        }
    }
}

/// What `show` writes about the query of `literal`: in the query
/// file `query_file` (for `cql_file!`), or at the literal's place in the
/// Rust file (for `cql!`).
fn render(literal: &LitStr, query_file: Option<&str>, show: impl Fn(Place<'_>) -> String) -> String {
    if let Some(file) = query_file {
        return show(Place::File(file));
    }
    let span = literal.span().unwrap();
    let place = LiteralPlace::new(span.file(), &literal.token().to_string(), span.line(), span.column());
    show(Place::Embedded { locate: &|at| place.locate(at), first_line: place.first_line() })
}

fn expand(source: &str, label: &str, literal: &LitStr, file: Option<&std::path::Path>) -> TokenStream {
    match cqlc::query_expression(source, quote!(::cql), label) {
        Ok(compiled) => {
            let expression = with_warnings(compiled, source, literal, file.map(|_| label));
            match file {
                // Recompile when the query file changes.
                Some(path) => {
                    let path = path.display().to_string();
                    quote!({
                        const _: &str = include_str!(#path);
                        #expression
                    })
                    .into()
                }
                None => expression.into(),
            }
        }
        Err(diagnostic) => {
            // One compile error per error of the query. A macro cannot point
            // inside the literal: each message says where, as cqlc does,
            // after rustc's own `error: `.
            let errors = diagnostic.all().map(|one| {
                let alone = cqlc::Diagnostic::new(one.span.clone(), one.error.clone());
                let message =
                    render(literal, file.map(|_| label), |place| alone.render_at(place, source, Colour::Plain));
                let message = message.strip_prefix("error: ").unwrap_or(&message).to_owned();
                syn::Error::new(literal.span(), message).to_compile_error()
            });
            quote!({ #(#errors)* }).into()
        }
    }
}

/// The query's expression, preceded by one call of a deprecated function
/// per warning, whose note is the warning: rustc shows it at the literal.
fn with_warnings(
    compiled: cqlc::Compiled<proc_macro2::TokenStream>,
    source: &str,
    literal: &LitStr,
    query_file: Option<&str>,
) -> proc_macro2::TokenStream {
    let expression = compiled.output;
    if compiled.warnings.is_empty() {
        return expression;
    }
    let uses = compiled.warnings.iter().map(|warning| {
        let note = render(literal, query_file, |place| warning.render_at(place, source, Colour::Plain));
        quote::quote_spanned!(literal.span()=> {
            #[deprecated(note = #note)]
            fn cql_warning() {}
            cql_warning();
        })
    });
    quote!({
        #(#uses)*
        #expression
    })
}
