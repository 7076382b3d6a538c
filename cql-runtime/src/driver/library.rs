//! Searching a PGN file from a Rust program: [`search`], and what it found
//! ([`Found`]).

use std::path::Path;

use super::{search::GameOutcome, search_builder::Search};
use crate::{
    pgn::{Irregularity, SourceError},
    query::Query,
};

/// The games a query found in an input, see [`search`].
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Games read.
    pub games: u64,
    /// The matching games, in input order (in sort order for a query with `sort`).
    pub matches: Vec<GameOutcome>,
    /// Every problem with the input's PGN, in input order.
    pub irregularities: Vec<Irregularity>,
    /// The lines the query's `message` filters printed, in input order.
    pub messages: Vec<String>,
}

/// Searches the PGN file `input` (plain, gzip or zstd) with `query`,
/// as its header says (the header's own `input` is ignored), on all cores:
/// [`Search::new(query).run(input)`](Search::run).
pub fn search<Q: Query + ?Sized>(query: &Q, input: impl AsRef<Path>) -> Result<Found, SourceError> {
    Search::new(query).run(input)
}
