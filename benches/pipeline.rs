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

use std::{
    env,
    path::{Path, PathBuf},
    time::Instant,
};

use cql::{
    Cursor, EvalSettings, Query,
    driver::{GameOutcome, SearchPlan, Sink, search_source},
    pgn::Source,
    prelude::{Header, Prefilter},
};

/// Reads every game and matches none: a worker's full cost of reading.
struct ReadsEverything;

impl Query for ReadsEverything {
    fn header(&self) -> Header {
        Header::DEFAULT
    }

    fn matches(&self, _at: &mut Cursor<'_>) -> bool {
        false
    }
}

/// Turns every game away by its pre-filter: a worker costs nothing.
struct ReadsNothing;

impl Query for ReadsNothing {
    fn header(&self) -> Header {
        Header::DEFAULT
    }

    fn matches(&self, _at: &mut Cursor<'_>) -> bool {
        false
    }

    fn prefilter(&self) -> Prefilter {
        Prefilter::Never
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

fn corpus() -> PathBuf {
    if let Some(path) = env::args().skip(1).find(|arg| !arg.starts_with('-')) {
        return PathBuf::from(path);
    }
    let master = env::temp_dir().join("master-games.pgn");
    if master.exists() {
        return master;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/twic-sample.pgn")
}

/// Games per second searching `path` with `query` on `threads` workers.
fn rate(path: &Path, query: &impl Query, threads: usize) -> f64 {
    let eval = EvalSettings::from_header(&query.header());
    let plan = SearchPlan { gamenumber: None, result: None, threads, eval: &eval };
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
    let serial = rate(&path, &ReadsNothing, 1);
    let worker = rate(&path, &ReadsEverything, 1);
    println!("reader and hand-off alone  {:>10.0} games/s", serial);
    println!("one worker reading games   {:>10.0} games/s", worker);
    println!("cores the serial stages can feed: {:.0}", serial / worker);
}
