//! How large the Rust written for a query may be: [`MAX_TOKENS`] tokens, so
//! that rustc builds any searcher in under a minute and 2 GB. What costs
//! rustc most is a closure handed to a generic function of the runtime,
//! which rustc copies for it (`♕――♔`, `echo`, `move legal`): about 1.2 ms
//! of CPU a token for dashes nested 64 deep, 1 ms for dashes side by side,
//! less for other code (about 0.1 ms for `not ♔a1`); at most 500 MB.
//! A query whose code is larger is refused at the filter where its code
//! grows past the limit.

use proc_macro2::{TokenStream, TokenTree};

use crate::{
    check, codegen,
    diagnostic::Diagnostic,
    ir::{self, Expr, Node, Type},
    lower,
    syntax::ast::{self, Filter, FilterKind, Span},
};

/// How many tokens the Rust of a query may have: its items
/// ([`codegen::query_items`]), without the few of a searcher's `main` (a
/// bracketed group counts as its two delimiters and what it holds).
pub const MAX_TOKENS: usize = 20_000;

/// The tokens of `code`.
pub fn tokens(code: &TokenStream) -> usize {
    counted(code, 2)
}

/// The tokens of `code`, a bracketed group counting as one besides what it
/// holds: how much code a function body is (small ones are inlined).
pub fn tokens_and_groups(code: &TokenStream) -> usize {
    counted(code, 1)
}

/// The tokens of `code`, each bracketed group counting as `group` besides
/// what it holds.
fn counted(code: &TokenStream, group: usize) -> usize {
    code.clone()
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(inner) => group + counted(&inner.stream(), group),
            _ => 1,
        })
        .sum()
}

/// Refuses `items`, the code of the query `source` (its syntax tree
/// `query`, documented by `doc`), if it has more than [`MAX_TOKENS`] tokens:
/// the error is at the filter where the code grows past the limit.
pub(crate) fn within_limit(items: &TokenStream, query: &ast::Query, source: &str, doc: &str) -> Result<(), Diagnostic> {
    let total = tokens(items);
    if total <= MAX_TOKENS {
        return Ok(());
    }
    let span = crate::on_compiler_stack(|| {
        let checked = check::check(query, source).ok()?;
        growth(&query.body, &checked.body, &|body| written(&checked, body, doc))
    });
    let error = check::CheckError::CodeTooLarge { tokens: total, limit: MAX_TOKENS };
    Err(Diagnostic::new(span.unwrap_or(0..source.len()), error))
}

/// The filter of `filters` (checked as `nodes`) with which the code grows
/// past [`MAX_TOKENS`]: the code of the filters up to it is over the limit,
/// that of the filters before it is not (`size` gives the tokens of the code
/// with the first few of `nodes`); in a compound filter, the filter inside
/// it that does so. None if the code of all of them is within the limit, or
/// that of none of them.
fn growth(filters: &[Filter], nodes: &[Node], size: &dyn Fn(&[Node]) -> usize) -> Option<Span> {
    let over = |count: usize| size(&nodes[..count]) > MAX_TOKENS;
    if filters.len() != nodes.len() || over(0) || !over(nodes.len()) {
        return None;
    }
    // The fewest filters that are over: at most `high`, more than `low`.
    let (mut low, mut high) = (0, 1);
    while !over(high) {
        (low, high) = (high, (high * 2).min(nodes.len()));
    }
    while high - low > 1 {
        let middle = (low + high) / 2;
        if over(middle) { high = middle } else { low = middle }
    }
    let (filter, node) = (&filters[low], &nodes[low]);
    let inside = match (&unbracketed(filter).kind, &node.expr) {
        (FilterKind::Compound(inner), Expr::Compound(members)) if node.ty == Type::Boolean => {
            let size = |first: &[Node]| {
                let compound = Node { expr: Expr::Compound(first.to_vec()), ty: node.ty, source: node.source.clone() };
                size(&[&nodes[..low], &[compound]].concat())
            };
            growth(inner, members, &size)
        }
        _ => None,
    };
    inside.or_else(|| Some(filter.span.clone()))
}

/// The filter within parentheses around it (the checker gives them no node).
fn unbracketed(mut filter: &Filter) -> &Filter {
    while let FilterKind::Paren(inner) = &filter.kind {
        filter = inner;
    }
    filter
}

/// The tokens of the code of `query` (checked, not lowered) with `body` as
/// its filters, documented by `doc`.
fn written(query: &ir::Query, body: &[Node], doc: &str) -> usize {
    let query = ir::Query {
        header: query.header.clone(),
        sorts: query.sorts.clone(),
        variables: query.variables.clone(),
        body: body.to_vec(),
    };
    tokens(&codegen::query_items(&lower::lower(query), "Query", doc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_counts_its_delimiters() {
        // `at` `.` `find` `(` `|` `at` `|` `{` `x` `}` `)` `?`
        assert_eq!(tokens(&quote::quote!(at.find(|at| { x })?)), 12);
    }
}
