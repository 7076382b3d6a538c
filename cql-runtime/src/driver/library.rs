//! Searching a PGN file from a Rust program: [`search`], and what it found
//! ([`Found`]).

use std::{path::Path, thread};

use super::search::{GameOutcome, SearchPlan, Sink, order_by_sorts, search_source};
use crate::{
    command_line::Options,
    pgn::{Irregularity, Source, SourceError, count_white_tags},
    query::{Query, game_sorts},
    settings::EvalSettings,
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
/// as its header says (the header's own `input` is ignored), on all cores.
pub fn search<Q: Query + ?Sized>(query: &Q, input: impl AsRef<Path>) -> Result<Found, SourceError> {
    let header = query.header();
    let mut eval = EvalSettings::resolve(&header, &Options::default());
    if query.uses_last_game_number() {
        eval = eval.with_last_game_number(count_white_tags(input.as_ref())?, header.gamenumber);
    }
    let plan = SearchPlan {
        gamenumber: header.gamenumber,
        result: header.result,
        threads: thread::available_parallelism().map_or(1, |n| n.get()),
        eval: &eval,
        index: None,
    };
    let mut found = Found::default();
    let counts = search_source(query, Source::open(input.as_ref())?, &plan, &mut found)?;
    found.games = counts.games;
    order_by_sorts(&game_sorts(query), &mut found.matches);
    Ok(found)
}

impl Sink for Found {
    fn game(&mut self, outcome: GameOutcome) {
        self.irregularities.extend(outcome.warnings.iter().cloned());
        self.messages.extend(outcome.messages.iter().cloned());
        if outcome.matched {
            self.matches.push(outcome);
        }
    }
}
