//! Whether the search pipeline can keep many cores busy, measured on a
//! machine with few.
//!
//! The pipeline has one reading thread (splitting the input into batches of
//! games) and one thread handing the outcomes to the sink in input order;
//! everything else runs on the workers. Those two serial stages bound how
//! many workers can be fed. Their capacity is measured by searching with a
//! query whose pre-filter turns every game away unread: the workers then
//! cost nothing, as if there were any number of them, and the time is that
//! of the reader and the hand-off alone (a simulated infinitely fast set of
//! workers behind the real reader). One worker's rate is measured with a
//! query that reads every game and matches none (`cql() false`). Their
//! ratio is how many cores the serial stages can keep busy:
//!
//! `cargo bench --bench pipeline -- FILE` (default: the unpacked
//! `master-games.pgn` in the system's temporary directory, or
//! `../shared/corpora/twic-sample.pgn`).

#[path = "support/corpus_argument.rs"]
mod corpus_argument;

use std::{path::Path, time::Instant};

use corpus_argument::corpus;
use cql::{
    Cursor, EvalSettings, Query,
    driver::{GameOutcome, SearchPlan, Sink, search_source},
    pgn::Source,
    prelude::{Header, Prefilter},
};

/// Matches no position; its pre-filter says which games are read: with
/// `Always` every one (a worker's full cost of reading), with `Never` none
/// (a worker costs nothing).
struct MatchesNothing(Prefilter);

impl Query for MatchesNothing {
    fn header(&self) -> Header {
        Header::DEFAULT
    }

    fn matches(&self, _at: &mut Cursor<'_>) -> bool {
        false
    }

    fn prefilter(&self) -> Prefilter {
        self.0.clone()
    }
}

/// Counts games, as the writer does for games that do not match.
#[derive(Default)]
struct Count(u64);

impl Sink for Count {
    fn game(&mut self, outcome: GameOutcome) {
        self.0 += 1 + u64::from(outcome.matched);
    }
}

/// Games per second searching `path` with `query` on `threads` workers.
fn rate(path: &Path, query: &impl Query, threads: usize) -> f64 {
    let eval = EvalSettings::from_header(&query.header());
    let plan = SearchPlan { gamenumber: None, result: None, threads, eval: &eval, index: None };
    let mut count = Count::default();
    let start = Instant::now();
    let counts = search_source(query, Source::open(path).expect("the corpus"), &plan, &mut count).expect("it reads");
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(counts.matched, 0);
    counts.games as f64 / seconds
}

fn main() {
    let path = corpus();
    println!("pipeline on {}", path.display());
    let serial = rate(&path, &MatchesNothing(Prefilter::Never), 1);
    let worker = rate(&path, &MatchesNothing(Prefilter::Always), 1);
    println!("reader and hand-off alone  {:>10.0} games/s", serial);
    println!("one worker reading games   {:>10.0} games/s", worker);
    println!("cores the serial stages can feed: {:.0}", serial / worker);
}
