//! The typed query to Rust: a type implementing the runtime's `Query`.
//!
//! One [`Emitter`] writes the code; its methods are split by filter family
//! into the files of the same names as the checker's (`dash.rs`, `path.rs`,
//! ...), and [`values`] dispatches each kind of filter to its family. The
//! generated code reads top to bottom like the query: each filter is a
//! `note(...)` of its CQL source (printed as a `//` comment by
//! [`format_program`]) followed by the Rust that evaluates it. Each piece of
//! code is written once: a path's repeated constituents are one closure, and
//! a transform's images that differ only in constants are one function.

mod attacks;
mod comment;
mod constants;
mod current_move;
mod dash;
mod dictionaries;
mod directions;
mod echo;
mod format;
mod functions;
mod game_info;
mod game_state;
mod game_tree;
mod imaginary;
mod invariants;
mod logic;
mod loops;
mod material;
mod move_filter;
mod names;
mod next_moves;
mod numbers;
mod path;
mod pawns;
mod positions;
mod rays;
mod rust;
mod sets;
mod sort;
mod square_values;
mod strings;
mod tag_test;
mod transforms;
mod values;
mod variables;

pub use format::{doc_lines, format_program};
pub use names::type_name;

use std::cell::RefCell;

use proc_macro2::{Ident, Literal, Span, TokenStream, TokenTree};
use quote::quote;

use cql_vocabulary::{Positions, Prefilter};

use crate::ir;

/// Writes the Rust of one query.
#[derive(Default)]
struct Emitter {
    /// The query's `atomic` variables, which its paths take back.
    atomics: Vec<Ident>,
    /// The shared functions whose bodies are being written, innermost
    /// last, whose constants may be parameters (see [`constants`]).
    frames: RefCell<Vec<constants::FamilyFrame>>,
    /// Functions written beside the query's type: each one's name stem, the
    /// text that identifies it (so the same function is written once), and
    /// the function.
    items: RefCell<Vec<Item>>,
    /// The values of `P:F` filters computed once before the `find`s being
    /// written, innermost last (see [`invariants`]).
    invariants: RefCell<Vec<invariants::Invariant>>,
}

/// The items of a query: `pub struct <type_name>;` (documented by `doc`, one
/// line per doc line), its `impl Query`, and the functions it calls. They
/// refer to the runtime's prelude by its plain names.
pub fn query_items(query: &ir::Query, type_name: &str, doc: &str) -> TokenStream {
    let atomics = query.variables.iter().filter(|var| var.atomic).map(|var| Ident::new(&var.ident, Span::call_site()));
    let emitter = Emitter { atomics: atomics.collect(), ..Emitter::default() };
    let ident = Ident::new(type_name, Span::call_site());
    let header = &query.header;
    // One doc for all: each constant is named after its CQL variable.
    let variables = query.variables.iter().enumerate().map(|(index, var)| {
        let name = Ident::new(&var.ident, Span::call_site());
        let number = Literal::u16_unsuffixed(index as u16);
        let doc = (index == 0).then_some(" The query's variables, each named after its CQL variable.");
        let doc = doc.map(|doc| quote!(#[doc = #doc]));
        quote!(#doc const #name: Var = Var(#number);)
    });
    let body = emitter.statements(&query.body);
    // Where no game move from the position is one the body needs, it fails.
    let body = match query.next_moves_needed() {
        Some(moves) => {
            let include = emitter.next_moves_include(&moves, "the query");
            quote! {
                if !#include {
                    return false;
                }
                #body
            }
        }
        None => body,
    };
    let cursor = if rust::mentions(&body, "at") { quote!(at) } else { quote!(_at) };
    let sorts = sorts(&query.sorts);
    let persistent = persistent(&query.variables);
    let uses_files = uses(query, "uses_files", |expr| {
        matches!(expr, ir::Expr::Strings(ir::StringFunction::ReadFile | ir::StringFunction::WriteFile, _))
    });
    let tag_test = emitter.tag_test(&query.tag_test());
    let uses_last_game_number =
        uses(query, "uses_last_game_number", |expr| matches!(expr, ir::Expr::GameData(ir::GameField::LastGameNumber)));
    let prefilter = prefilter(&query.prefilter());
    let positions = positions(query.positions());
    let items = emitter.items.into_inner().into_iter().map(|item| item.code);
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

            #persistent

            #uses_files

            #uses_last_game_number

            #prefilter

            #tag_test

            #positions
        }

        #(#items)*
    }
}

/// How deep rustc may instantiate generic functions in a searcher program:
/// each level of a query may pass a closure to a generic function of the
/// runtime (`find`, `echo`, `not` of a comment, ...), so a query nesting
/// [`MAX_NESTING`](crate::syntax::MAX_NESTING) levels of one of them nests
/// as many instantiations of it, twice rustc's default limit of 128 (which a
/// query embedded with `cql!` keeps). Measured: 254 nested `echo`s build with
/// a limit of 260.
const RECURSION_LIMIT: &str = "1024";

/// A whole searcher program for the query called `name`: its `items`
/// ([`query_items`], with the type [`type_name`]`(name)`) and a `main` that
/// runs the runtime's command-line driver.
pub fn searcher_program(items: TokenStream, name: &str) -> TokenStream {
    let ident = Ident::new(&names::type_name(name), Span::call_site());
    quote! {
        #![recursion_limit = #RECURSION_LIMIT]

        use cql_runtime::prelude::*;

        #items

        fn main() -> std::process::ExitCode {
            cql_runtime::driver::main(#name, &#ident)
        }
    }
}

/// A batch searcher program called `name` for several queries, each
/// `(its name, its items)` ([`query_items`], with the type
/// [`type_name`]`(its name)`): each query is a module of its own, and
/// `main` runs them all in one reading of the input with the runtime's
/// batch driver.
pub fn batch_program(queries: &[(String, TokenStream)], name: &str) -> TokenStream {
    let module = |index: usize| quote::format_ident!("query_{index}");
    let modules = queries.iter().enumerate().map(|(index, (_, items))| {
        let module = module(index);
        quote! {
            mod #module {
                use cql_runtime::prelude::*;

                #items
            }
        }
    });
    let runs = queries.iter().enumerate().map(|(index, (query, _))| {
        let (module, ident) = (module(index), Ident::new(&names::type_name(query), Span::call_site()));
        quote!((#query, &#module::#ident))
    });
    quote! {
        #![recursion_limit = #RECURSION_LIMIT]

        #(#modules)*

        fn main() -> std::process::ExitCode {
            cql_runtime::driver::main_many(#name, &[#(#runs),*])
        }
    }
}

/// The method `method` of the runtime's `Query` trait saying
/// `true`, for a query with a filter whose expression passes `test`.
fn uses(query: &ir::Query, method: &str, test: impl Fn(&ir::Expr) -> bool) -> Option<TokenStream> {
    let used = query.body.iter().any(|node| node.any(&|inner: &ir::Node| test(&inner.expr)));
    let method = quote::format_ident!("{method}");
    used.then(|| {
        quote! {
            fn #method(&self) -> bool {
                true
            }
        }
    })
}

/// `fn sorts`, for a query with `sort` filters.
fn sorts(sorts: &[ir::SortSpec]) -> TokenStream {
    if sorts.is_empty() {
        return TokenStream::new();
    }
    quote! {
        fn sorts(&self) -> &'static [Sort] {
            const { &[#(#sorts),*] }
        }
    }
}

/// `fn persistent`, for a query with persistent variables.
fn persistent(variables: &[ir::VarSpec]) -> TokenStream {
    let persistent = variables.iter().filter_map(|var| {
        let quiet = var.persistent?;
        let (ident, name) = (Ident::new(&var.ident, Span::call_site()), &var.name);
        let kind = match var.kind {
            ir::VarKind::Numeric => quote!(PersistentKind::Number),
            ir::VarKind::String => quote!(PersistentKind::String),
            ir::VarKind::Dictionary => quote!(PersistentKind::Dictionary),
            _ => quote!(PersistentKind::Set),
        };
        Some(quote!(Persistent { var: #ident, name: #name, kind: #kind, quiet: #quiet }))
    });
    let persistent: Vec<TokenStream> = persistent.collect();
    if persistent.is_empty() {
        return TokenStream::new();
    }
    quote! {
        fn persistent(&self) -> &'static [Persistent] {
            const { &[#(#persistent),*] }
        }
    }
}

/// `fn prefilter`, for a query that can only match games whose text has
/// something: its doc comment says what in words.
fn prefilter(prefilter: &Prefilter) -> TokenStream {
    if *prefilter == Prefilter::Always {
        return TokenStream::new();
    }
    let doc = doc_lines(&format!("Only games whose text has {prefilter} can match: the others are not read."));
    quote! {
        #(#[doc = #doc])*
        fn prefilter(&self) -> Prefilter {
            #prefilter
        }
    }
}

/// `fn positions`, for a query that can match only at some positions: its
/// doc comment says which in words.
fn positions(positions: Positions) -> TokenStream {
    if positions == Positions::Every {
        return TokenStream::new();
    }
    let doc = doc_lines(&format!("The query can match only at {positions}: it is evaluated only there."));
    quote! {
        #(#[doc = #doc])*
        fn positions(&self) -> Positions {
            #positions
        }
    }
}

impl Emitter {
    /// Statements that evaluate `filters` in turn and return `false` at the
    /// first that does not match, else whether the last matches.
    fn statements(&self, filters: &[ir::Node]) -> TokenStream {
        let Some((last, first)) = filters.split_last() else {
            return quote!(true);
        };
        // Written in order (the functions they define are numbered so).
        let checks: Vec<TokenStream> = first
            .iter()
            .map(|filter| {
                let note = self.note(&filter.source);
                // A block that ends in `true` always matches: its statements.
                if let Some(statements) = rust::statements_before_true(&self.matches(filter)) {
                    // In braces if they bind names.
                    let binds = statements
                        .clone()
                        .into_iter()
                        .any(|token| matches!(&token, TokenTree::Ident(word) if word == "let"));
                    let statements = if binds { quote!({ #statements }) } else { statements };
                    return quote! {
                        #note
                        #statements
                    };
                }
                let fails = self.fails(filter);
                quote! {
                    #note
                    if #fails {
                        return false;
                    }
                }
            })
            .collect();
        let note = self.note(&last.source);
        let last = rust::tail(self.matches(last));
        quote! {
            #(#checks)*
            #note
            #last
        }
    }

    /// Whether `node` matches, as the body of a closure or function: for a
    /// compound `{...}`, a block of its filters one after the other, as the
    /// query's body is; else an expression.
    fn matches_body(&self, node: &ir::Node) -> TokenStream {
        match &node.expr {
            ir::Expr::Compound(nodes) if node.ty == ir::Type::Boolean => {
                let statements = self.statements(nodes);
                quote!({ #statements })
            }
            _ => self.matches(node),
        }
    }

    /// A block whose value is `node`'s (for a Boolean filter, as
    /// [`Emitter::matches_body`] writes it).
    fn value_block(&self, node: &ir::Node) -> TokenStream {
        let value = if node.ty == ir::Type::Boolean { self.matches_body(node) } else { self.value(node) };
        rust::block(rust::tail(value))
    }

    /// Adds a function beside the query's type, unless one with the same
    /// `identity` (its text without its name) is there: the name to call,
    /// `stem_N` for the N-th function of that stem.
    fn item(&self, identity: String, stem: &str, write: impl FnOnce(&Ident) -> TokenStream) -> Ident {
        if let Some(known) = self.items.borrow().iter().find(|item| item.identity == identity) {
            return known.name.clone();
        }
        let number = self.items.borrow().iter().filter(|item| item.stem == stem).count() + 1;
        let name = quote::format_ident!("{stem}_{number}");
        let code = write(&name);
        self.items.borrow_mut().push(Item { stem: stem.to_owned(), identity, name: name.clone(), code });
        name
    }
}

/// A function written beside the query's type.
struct Item {
    /// What its name starts with (`path`, `image`, a CQL function's name).
    stem: String,
    /// Its text without its name.
    identity: String,
    /// Its name.
    name: Ident,
    /// The function.
    code: TokenStream,
}
