//! The header `cql(...)`: its parameters, each at most once; and
//! `cql_assertvariations`, which says the search must be over variations.

use super::{CheckError, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, Header, Node, Type},
    syntax::ast::{Filter, HeaderKind, HeaderParam},
};

impl Checker<'_> {
    /// `cql_assertvariations "message"`: true; the query's header records
    /// the first message, with which a search not over variations stops.
    pub(super) fn assert_variations(&self, filter: &Filter, message: &str) -> Node {
        self.needs_variations.borrow_mut().get_or_insert_with(|| message.to_owned());
        self.node(filter, Expr::Bool(true), Type::Boolean)
    }
}

/// The settings of the header, refusing a parameter given twice.
pub(super) fn check_header(params: &[HeaderParam]) -> Result<Header, Diagnostic> {
    let mut header = Header::default();
    let mut seen: Vec<&'static str> = Vec::new();
    for param in params {
        let name = name(&param.kind);
        if seen.contains(&name) {
            return Err(Diagnostic::new(param.span.clone(), CheckError::HeaderParameterTwice { name }));
        }
        seen.push(name);
        match &param.kind {
            HeaderKind::Input(file) => header.input = Some(pgn_file(param, name, file)?),
            HeaderKind::Output(file) => header.output = Some(pgn_file(param, name, file)?),
            HeaderKind::Variations => header.variations = true,
            HeaderKind::Quiet => header.quiet = true,
            HeaderKind::Silent => header.silent = true,
            HeaderKind::MatchString(text) => header.matchstring = Some(text.clone()),
            HeaderKind::Result(result) => header.result = Some(result.clone()),
            HeaderKind::GameNumber(first, last) => header.gamenumber = Some(range(param, *first, *last)?),
            HeaderKind::MatchCount(first, last) => header.matchcount = Some(range(param, *first, *last)?),
            HeaderKind::SortMatchCount(first, last) => {
                header.matchcount = Some(range(param, *first, *last)?);
                header.sort_matchcount = true;
            }
        }
    }
    Ok(header)
}

fn name(kind: &HeaderKind) -> &'static str {
    match kind {
        HeaderKind::Input(_) => "input",
        HeaderKind::Output(_) => "output",
        HeaderKind::Variations => "variations",
        HeaderKind::GameNumber(..) => "gamenumber",
        HeaderKind::MatchCount(..) | HeaderKind::SortMatchCount(..) => "matchcount",
        HeaderKind::MatchString(_) => "matchstring",
        HeaderKind::Quiet => "quiet",
        HeaderKind::Silent => "silent",
        HeaderKind::Result(_) => "result",
    }
}

/// `file`, the header's `name` file, if it is named as CQL 6.2 requires
/// (a query may name a PGN file to read or write, nothing else).
fn pgn_file(param: &HeaderParam, name: &'static str, file: &str) -> Result<String, Diagnostic> {
    if file.ends_with(".pgn") || file.ends_with(".PGN") {
        return Ok(file.to_owned());
    }
    Err(Diagnostic::new(param.span.clone(), CheckError::NotPgnFileName { name, file: file.to_owned() }))
}

fn range(param: &HeaderParam, first: u64, last: u64) -> Result<(u64, u64), Diagnostic> {
    if last < first {
        return Err(Diagnostic::new(param.span.clone(), CheckError::BackwardsRange { first, last }));
    }
    Ok((first, last))
}
