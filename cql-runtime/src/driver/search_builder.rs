//! A search set up step by step from a Rust program ([`Search`]): threads,
//! a range of games, variations, and the matching games handed over one at
//! a time as they are found, instead of all held to the end.

use std::{path::Path, thread};

use super::{
    library::Found,
    search::{GameOutcome, SearchPlan, Sink, order_by_sorts, search_source},
};
use crate::{
    command_line::Options,
    pgn::{Irregularity, Source, SourceError, count_white_tags},
    query::{Query, game_sorts},
    settings::EvalSettings,
};

/// A search of PGN input with a query, as its header says unless told
/// otherwise:
///
/// ```no_run
/// # use cql_runtime::{Query, Search, pgn::SourceError};
/// fn print_matches(query: &dyn Query) -> Result<(), SourceError> {
///     let summary = Search::new(query).threads(2).games(1, 1000).for_each_match("games.pgn", |game| {
///         let white = game.tag("White").unwrap_or_default();
///         println!("game {} ({white}): {} positions", game.number, game.matching_positions);
///     })?;
///     println!("{} of {} games", summary.matched, summary.games);
///     Ok(())
/// }
/// ```
///
/// Problems with the input's PGN (a move that cannot be played, an unusable
/// FEN) do not stop the search: each is kept, with its game's number, in the
/// summary's `irregularities` (and a game that cannot be searched at all
/// does not match). What does stop it is an input that cannot be read (a
/// missing file, a damaged compressed stream): the `Err`.
#[derive(Clone, Copy, Debug)]
pub struct Search<'q, Q: Query + ?Sized> {
    query: &'q Q,
    threads: Option<usize>,
    games: Option<(u64, u64)>,
    variations: Option<bool>,
}

/// What a search went through, besides the matching games.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Games that matched.
    pub matched: u64,
    /// Every problem with the input's PGN, in input order.
    pub irregularities: Vec<Irregularity>,
    /// The lines the query's `message` filters printed, in input order.
    pub messages: Vec<String>,
}

impl<'q, Q: Query + ?Sized> Search<'q, Q> {
    /// A search with `query`, on all cores, of the games and lines its
    /// header names (every game, main lines only, by default).
    pub fn new(query: &'q Q) -> Self {
        Search { query, threads: None, games: None, variations: None }
    }

    /// On `threads` worker threads (at least one). A query with persistent
    /// variables or files runs on one whatever this says: its games must
    /// come in order.
    pub fn threads(self, threads: usize) -> Self {
        Search { threads: Some(threads.max(1)), ..self }
    }

    /// Only games `first` to `last` of the input (counted from 1, both
    /// included), as `-gamenumber first last` does.
    pub fn games(self, first: u64, last: u64) -> Self {
        Search { games: Some((first, last)), ..self }
    }

    /// Inside variations too (`true`), or the main line only (`false`),
    /// whatever the header says.
    pub fn variations(self, variations: bool) -> Self {
        Search { variations: Some(variations), ..self }
    }

    /// Searches `input` (a PGN file, plain, gzip or zstd) and hands each
    /// matching game to `each` as soon as it and the games before it are
    /// searched, in input order (also for a query with `sort`: use
    /// [`Search::run`] for its order).
    pub fn for_each_match(
        &self,
        input: impl AsRef<Path>,
        each: impl FnMut(GameOutcome),
    ) -> Result<Summary, SourceError> {
        let input = input.as_ref();
        let header = self.query.header();
        let options = Options {
            variations: self.variations == Some(true),
            mainline: self.variations == Some(false),
            ..Options::default()
        };
        let mut eval = EvalSettings::resolve(&header, &options);
        let gamenumber = self.games.or(header.gamenumber);
        if self.query.uses_last_game_number() {
            eval = eval.with_last_game_number(count_white_tags(input)?, gamenumber);
        }
        let in_order = !self.query.persistent().is_empty() || self.query.uses_files();
        let threads = if in_order { 1 } else { self.threads.unwrap_or_else(all_cores) };
        let plan = SearchPlan { gamenumber, result: header.result, threads, eval: &eval, index: None };
        let mut sink = EachMatch { each, summary: Summary::default() };
        let counts = search_source(self.query, Source::open(input)?, &plan, &mut sink)?;
        Ok(Summary { games: counts.games, matched: counts.matched, ..sink.summary })
    }

    /// Searches `input` and returns every matching game at once, in the
    /// order CQL 6.2 writes them (by the query's `sort` values, if any).
    pub fn run(&self, input: impl AsRef<Path>) -> Result<Found, SourceError> {
        let mut matches = Vec::new();
        let summary = self.for_each_match(input, |game| matches.push(game))?;
        order_by_sorts(&game_sorts(self.query), &mut matches);
        Ok(Found { games: summary.games, matches, irregularities: summary.irregularities, messages: summary.messages })
    }
}

/// The number of cores, or 1 if it cannot be told.
fn all_cores() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// A sink that hands matching games to a function and keeps the rest of
/// what the search reports.
struct EachMatch<F> {
    each: F,
    summary: Summary,
}

impl<F: FnMut(GameOutcome)> Sink for EachMatch<F> {
    fn game(&mut self, outcome: GameOutcome) {
        self.summary.irregularities.extend(outcome.warnings.iter().cloned());
        self.summary.messages.extend(outcome.messages.iter().cloned());
        if outcome.matched {
            (self.each)(outcome);
        }
    }
}
