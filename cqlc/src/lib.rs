//! The CQL compiler: from the text of a Chess Query Language query to Rust
//! code that searches games with the `cql-runtime` crate.
//!
//! The phases, each in its own module: [`syntax`] (text to syntax tree),
//! [`check`] (types and constraints: syntax tree to the typed [`ir`]),
//! [`lower`] (rewrites of the IR: transforms' images, merged steps, cheap
//! filters first), [`codegen`] (IR to Rust tokens, within the size that
//! [`code_size`] allows), [`package`] (a searcher package on disk).

#![warn(missing_docs)]

pub mod batch;
pub mod cache;
pub mod check;
pub mod code_size;
pub mod codegen;
pub mod diagnostic;
pub mod ir;
pub mod lower;
pub mod package;
pub mod report;
pub mod syntax;
pub mod warning;

pub use diagnostic::Diagnostic;
pub use syntax::ast::Transform;
pub use warning::Warning;

use syntax::ast::{Filter, FilterKind};

use proc_macro2::TokenStream;

/// The stack the compiler works on: every phase recurses once per level of
/// the query, and a query may be [`syntax::MAX_NESTING`] levels deep (about
/// 16 KiB a level). Only the pages used are ever backed by memory.
const COMPILER_STACK_BYTES: usize = 256 << 20;

/// Runs `work` on a thread with the compiler's stack.
fn on_compiler_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().stack_size(COMPILER_STACK_BYTES).spawn_scoped(scope, work);
        match thread.expect("the system gives the compiler a thread").join() {
            Ok(done) => done,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// What the compiler made of a query, and the warnings about what the query
/// probably did not mean (it is compiled as CQL 6.2 reads it).
#[derive(Clone, Debug)]
pub struct Compiled<T> {
    /// The compiled query.
    pub output: T,
    /// The warnings, in source order.
    pub warnings: Vec<Warning>,
}

impl<T> Compiled<T> {
    /// The same warnings with another output.
    fn with<U>(self, output: U) -> Compiled<U> {
        Compiled { output, warnings: self.warnings }
    }
}

/// Parses, checks and lowers the text of a query.
pub fn compile(source: &str) -> Result<Compiled<ir::Query>, Diagnostic> {
    on_compiler_stack(|| front_end(source, &[]).map(|(_, compiled)| compiled))
}

/// [`compile`] with the query's filters under `transforms` (outermost
/// first), as CQL 6.2's command-line options `-flip`, `-shift`, ... put
/// them; keeping the syntax tree too.
fn front_end(source: &str, transforms: &[Transform]) -> Result<(syntax::ast::Query, Compiled<ir::Query>), Diagnostic> {
    let (mut query, mut warnings) = syntax::parse(source)?;
    for &transform in transforms.iter().rev() {
        let span = query
            .body
            .first()
            .map_or(0..0, |first| first.span.start..query.body.last().map_or(0, |last| last.span.end));
        let body = Filter { kind: FilterKind::Compound(std::mem::take(&mut query.body)), span: span.clone() };
        query.body =
            vec![Filter { kind: FilterKind::Transform { transform, range: None, body: Box::new(body) }, span }];
    }
    warnings.sort_by_key(|warning| warning.span.start);
    let lowered = lower::lower(check::check(&query, source)?);
    Ok((query, Compiled { output: lowered, warnings }))
}

/// `source` with `filters` (CQL text, as CQL 6.2's options `-player`,
/// `-cql`, ... give them) put first in its body, in order.
pub fn with_filters_first(source: &str, filters: &[String]) -> Result<String, Diagnostic> {
    if filters.is_empty() {
        return Ok(source.to_owned());
    }
    let (query, _) = syntax::parse(source)?;
    let start = query.body.first().map_or(source.len(), |first| first.span.start);
    let filters: String = filters.iter().map(|filter| format!("{filter}\n")).collect();
    Ok(format!("{}{filters}{}", &source[..start], &source[start..]))
}

/// The Rust source of a searcher program for the query `source`, called
/// `name`, read from `file`: formatted, with the query's CQL as comments.
/// [`searcher`] gives the warnings too.
pub fn searcher_source(source: &str, name: &str, file: &str) -> Result<String, Diagnostic> {
    searcher(source, name, file).map(|searcher| searcher.output)
}

/// [`searcher_source`], with the warnings about the query. A query whose
/// code would be larger than [`code_size::MAX_TOKENS`] is refused.
pub fn searcher(source: &str, name: &str, file: &str) -> Result<Compiled<String>, Diagnostic> {
    searcher_transformed(source, name, file, &[])
}

/// [`searcher`] with the query's filters under `transforms` (outermost
/// first), as CQL 6.2's command-line options `-flip`, `-shift`, ... put them.
pub fn searcher_transformed(
    source: &str,
    name: &str,
    file: &str,
    transforms: &[Transform],
) -> Result<Compiled<String>, Diagnostic> {
    on_compiler_stack(|| {
        let (syntax_tree, compiled) = front_end(source, transforms)?;
        let doc = describe(source, file);
        let items = codegen::query_items(&compiled.output, &codegen::type_name(name), &doc);
        code_size::within_limit(&items, &syntax_tree, source, &doc)?;
        let tokens = codegen::searcher_program(items, name);
        let heading = format!(
            "Searcher for {file}, generated by cqlc {}.\nDo not edit: change the query and run cqlc again.",
            env!("CARGO_PKG_VERSION")
        );
        Ok(compiled.with(codegen::format_program(tokens, &heading)))
    })
}

/// One searcher program for several queries (`(name, CQL text)`), each a
/// module exactly as cqlc writes it for a searcher of its own, run by the
/// name its first argument gives (`searchers greekgift -i games.pgn`): one
/// program links once, where a searcher per query links each. A query that
/// does not compile gives its name and its error.
pub fn searchers_program(queries: &[(String, String)]) -> Result<String, (String, Diagnostic)> {
    let mut modules = Vec::with_capacity(queries.len());
    for (index, (name, source)) in queries.iter().enumerate() {
        let query = compile(source).map_err(|error| (name.clone(), error))?;
        let module = quote::format_ident!("query_{index}");
        let items = codegen::query_items(&query.output, "Searcher", &format!(" The query `{name}`."));
        modules.push(quote::quote! {
            mod #module {
                use cql_runtime::prelude::*;
                #items
            }
        });
    }
    let arms = queries.iter().enumerate().map(|(index, (name, _))| {
        let module = quote::format_ident!("query_{index}");
        quote::quote!(#name => cql_runtime::driver::main_with_arguments(#name, &#module::Searcher, arguments))
    });
    let program = quote::quote! {
        #(#modules)*

        fn main() -> std::process::ExitCode {
            let mut arguments = std::env::args().skip(1);
            let name = arguments.next().unwrap_or_default();
            match name.as_str() {
                #(#arms,)*
                other => {
                    eprintln!("no query named '{other}'");
                    std::process::ExitCode::from(2)
                }
            }
        }
    };
    // The heading says cqlc wrote it, so that a later run may write it again.
    let heading = format!(
        "Several queries, each a module, run by the name given first, generated by cqlc {}.\nDo not edit: \
         change the queries and run cqlc again.",
        env!("CARGO_PKG_VERSION")
    );
    Ok(codegen::format_program(program, &heading))
}

/// The query `source` as a Rust expression of a type implementing `Query`,
/// for the `cql!` macro. `runtime` is the path of the crate that provides the
/// runtime's prelude (`::cql`). A query whose code would be larger than
/// [`code_size::MAX_TOKENS`] is refused.
pub fn query_expression(source: &str, runtime: TokenStream, file: &str) -> Result<Compiled<TokenStream>, Diagnostic> {
    let (syntax_tree, compiled) = on_compiler_stack(|| front_end(source, &[]))?;
    let query = &compiled.output;
    // Tokens for rustc are made on the macro's own thread, whose stack is
    // rustc's: a query there may nest as deep as brackets may.
    if query.body.iter().any(|node| node.depth() > syntax::MAX_NESTING) {
        let error = syntax::SyntaxError::NestsTooDeep { limit: syntax::MAX_NESTING };
        return Err(Diagnostic::new(0..source.len(), error));
    }
    let doc = describe(source, file);
    let items = codegen::query_items(query, "CqlQuery", &doc);
    code_size::within_limit(&items, &syntax_tree, source, &doc)?;
    let expression = quote::quote!({
        use #runtime::prelude::*;
        #items
        CqlQuery
    });
    Ok(compiled.with(expression))
}

/// A doc comment for the query: where it comes from and its leading comment.
fn describe(source: &str, file: &str) -> String {
    let trimmed = source.trim_start();
    let leading = if let Some(rest) = trimmed.strip_prefix("/*") {
        rest.split("*/").next().unwrap_or("")
    } else if trimmed.starts_with("//") {
        trimmed.lines().next().unwrap_or("").trim_start_matches('/')
    } else {
        ""
    };
    // Comment frames such as `/*****` leave words of stars.
    let leading: Vec<&str> =
        leading.split_whitespace().filter(|word| !word.chars().all(|c| c == '*' || c == '/')).collect();
    let text = if leading.is_empty() {
        format!("The query of `{file}`.")
    } else {
        format!("The query of `{file}`: {}", leading.join(" "))
    };
    codegen::doc_lines(&text).join("\n")
}
