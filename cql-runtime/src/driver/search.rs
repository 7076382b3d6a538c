//! Searching an input on all cores, with results in input order.
//!
//! A reader thread splits the input into batches of complete games. Each
//! batch is searched in parallel (every worker parses, evaluates and writes
//! its games with buffers of its own that live as long as the thread, see
//! `game_search`; with several queries, each game is read once for all), and
//! up to [`IN_FLIGHT`] batches at once: while the calling thread hands one
//! batch's outcomes to the sink in input order, the workers go on with the
//! next ones. Memory stays bounded by a few batches however large the input.

use std::{
    collections::BTreeMap,
    panic::{self, AssertUnwindSafe},
    sync::{
        Mutex, PoisonError,
        mpsc::{self, RecvTimeoutError},
    },
    thread,
    time::Duration,
};

use rayon::prelude::*;

use super::{
    game_search::{GameChecks, QuerySearch, Searched, WORKER_STACK_BYTES, search_game},
    match_report::MatchReport,
};
use crate::{
    index::{IndexBuilder, IndexUse},
    persistent::PersistentValues,
    pgn::{Batch, Irregularity, Source, SourceError},
    query::{Query, Sort},
    rules::Rules,
    settings::EvalSettings,
    sort_keys::{SortValue, compare_keys},
    stop,
};

/// What searching one game produced.
#[derive(Clone, Debug, Default)]
pub struct GameOutcome {
    /// The game's number in the input.
    pub number: u64,
    /// What was wrong with the game's PGN, if anything.
    pub warnings: Vec<Irregularity>,
    /// The number of positions where the query matched.
    pub matching_positions: usize,
    /// Whether the game matched (its number of matching positions is in range).
    pub matched: bool,
    /// The game's value for each sort filter of the query, if it matched.
    pub sort_values: Vec<Option<SortValue>>,
    /// The game as written to the output, if it matched.
    pub pgn: Vec<u8>,
    /// The lines the query's `message` filters printed.
    pub messages: Vec<String>,
    /// The game's comments are incomplete: more were pending at once than
    /// a game's log holds ([`LOG_LIMIT`](crate::notes::LOG_LIMIT)).
    pub comments_dropped: bool,
    /// The values of the query's persistent variables after the game, if
    /// it has any and the game was searched.
    pub persistent: Option<PersistentValues>,
    /// A matching game's tags, positions and added comments, if the search
    /// was asked for them ([`OutcomeExtras::report`](crate::outcome_extras::OutcomeExtras)).
    pub report: Option<MatchReport>,
    /// The game's text as read, if it did not match and the search was
    /// asked for it ([`OutcomeExtras::unmatched_text`](crate::outcome_extras::OutcomeExtras)).
    pub text: Vec<u8>,
}

/// How many games went through a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games read from the input.
    pub games: u64,
    /// Games that matched.
    pub matched: u64,
}

/// Which games of the input to search, and how.
#[derive(Clone, Debug)]
pub struct SearchPlan<'a> {
    /// Only games in this range (inclusive), if given.
    pub gamenumber: Option<(u64, u64)>,
    /// Only games whose `[Result]` is this, if given.
    pub result: Option<&'a str>,
    /// Worker threads.
    pub threads: usize,
    /// How each game is searched.
    pub eval: &'a EvalSettings,
    /// The input's move index, to read games from or to build.
    pub index: Option<&'a IndexUse>,
}

/// Where the outcomes of a search go, in input order.
pub trait Sink {
    /// One game's outcome.
    fn game(&mut self, outcome: GameOutcome);

    /// `bytes` of the input have been read so far (after each batch).
    fn progress(&mut self, bytes: u64) {
        let _ = bytes;
    }

    /// Whether the search should stop here (the output failed, the user
    /// interrupted it): asked after each game.
    fn should_stop(&self) -> bool {
        false
    }
}

/// Searches every game of `source` with `query`, handing each game's outcome
/// to `sink` in input order. Stops at the first error of the input itself (a
/// game that cannot be read is not such an error: it is reported in its
/// outcome), or early when the sink says so.
///
/// A game whose text fails the query's [`prefilter`](Query::prefilter) is
/// not read: its outcome says it did not match, with no warnings. (A query
/// whose `matchcount` range takes in 0 matches such games too, so it reads
/// every game; so does a search whose untagged games play a variant, whose
/// start and drops the pre-filter does not know.)
///
/// With a move index ([`SearchPlan::index`], for searches whose untagged
/// games are of standard chess), games are taken from it where it has them;
/// an index being built gets every game read, those the pre-filter or the
/// game range leave out too (but they are not searched, nor their problems
/// reported), and is marked complete if the search reads the whole input.
pub fn search_source<Q: Query + ?Sized>(
    query: &Q,
    source: Source,
    plan: &SearchPlan<'_>,
    sink: &mut impl Sink,
) -> Result<Counts, SourceError> {
    let search = QuerySearch { query, gamenumber: plan.gamenumber, result: plan.result, eval: plan.eval };
    search_queries(&[search], source, (plan.threads, plan.index), &mut OneQuery(sink))
}

/// Where the outcomes of a search of several queries go, in input order:
/// each game's outcomes, one per query in the queries' order.
pub(super) trait QueriesSink {
    /// One game's outcomes.
    fn game(&mut self, outcomes: Vec<GameOutcome>);

    /// `bytes` of the input have been read so far (after each batch).
    fn progress(&mut self, bytes: u64);

    /// Whether the search should stop here: asked after each game.
    fn should_stop(&self) -> bool;
}

/// The sink of a search of one query.
struct OneQuery<'s, S>(&'s mut S);

impl<S: Sink> QueriesSink for OneQuery<'_, S> {
    fn game(&mut self, mut outcomes: Vec<GameOutcome>) {
        self.0.game(outcomes.pop().expect("one outcome per game"));
    }

    fn progress(&mut self, bytes: u64) {
        self.0.progress(bytes);
    }

    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }
}

/// [`search_source`] for several queries at once, on `threads` workers with
/// the move index `index`: each game is read once and searched with every
/// query that may match it ([`search_game`]); `sink` gets its outcomes for
/// all. A game is read if any query's pre-filter admits it. [`Counts`]
/// counts the games any query matched. The queries' untagged rules are the
/// first's (they come from the command line).
pub(super) fn search_queries<Q: Query + ?Sized>(
    queries: &[QuerySearch<'_, Q>],
    source: Source,
    (threads, index): (usize, Option<&IndexUse>),
    sink: &mut impl QueriesSink,
) -> Result<Counts, SourceError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(WORKER_STACK_BYTES)
        .build()
        .map_err(|error| SourceError { name: source.name().to_owned(), error: std::io::Error::other(error) })?;
    let checks: Vec<GameChecks> = queries.iter().map(GameChecks::of).collect();
    let untagged = queries.first().expect("a search has a query").eval.untagged;
    let move_index = index.filter(|_| untagged == Rules::STANDARD);
    let builder = match move_index {
        Some(IndexUse::Build(builder)) => Some(builder),
        _ => None,
    };
    let (sender, receiver) = mpsc::sync_channel::<Result<(Batch, u64), SourceError>>(2);
    let reader = thread::spawn(move || {
        let mut source = source;
        loop {
            if stop::requested() {
                return;
            }
            let message = match source.next_batch() {
                Ok(Some(batch)) => Ok((batch, source.bytes_read())),
                Ok(None) => return,
                Err(error) => Err(error),
            };
            let stop = message.is_err();
            if sender.send(message).is_err() || stop {
                return;
            }
        }
    });
    let mut handoff =
        Handoff { sink, counts: Counts::default(), waiting: BTreeMap::new(), next: 0, stopped: false, builder };
    let failure = pool.in_place_scope(|scope| {
        let (done, finished) = mpsc::channel();
        let mut dispatched = 0u64;
        loop {
            let (batch, bytes_read) = match receiver.recv_timeout(STOP_POLL) {
                Ok(Ok(batch)) => batch,
                Ok(Err(error)) => {
                    handoff.drain(&finished, dispatched);
                    return Some(error);
                }
                Err(RecvTimeoutError::Timeout) if handoff.sink.should_stop() => {
                    // The reader may be waiting for input that does not come.
                    handoff.stopped = true;
                    return None;
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let (done, checks, number) = (done.clone(), &checks, dispatched);
            scope.spawn(move |_| {
                // A panic goes to the calling thread with the batch, which
                // would otherwise wait for it for ever; the batch's games not
                // yet begun are not searched (a query that panics at every
                // game reports it a few times, not once a game).
                let outcomes = (0..batch.len())
                    .into_par_iter()
                    .map(|i| {
                        panic::catch_unwind(AssertUnwindSafe(|| {
                            search_game(queries, checks, &batch.game(i), move_index)
                        }))
                    })
                    .collect();
                // The receiver is gone only once the search has stopped.
                let _ = done.send(Finished { number, outcomes, bytes_read });
            });
            dispatched += 1;
            while !handoff.stopped && dispatched - handoff.next >= IN_FLIGHT {
                handoff.receive(&finished);
            }
            if handoff.stopped {
                return None;
            }
        }
        handoff.drain(&finished, dispatched);
        None
    });
    if handoff.stopped {
        // The reader may be waiting on a terminal or a pipe: leave it.
        return Ok(handoff.counts);
    }
    if let Err(panic) = reader.join() {
        // Its end would look like the input's: nothing is complete.
        panic::resume_unwind(panic);
    }
    match failure {
        Some(error) => Err(error),
        None => {
            if let Some(builder) = builder {
                builder.lock().unwrap_or_else(PoisonError::into_inner).complete();
            }
            Ok(handoff.counts)
        }
    }
}

/// How often the search looks whether it is to stop while it waits for
/// the input.
const STOP_POLL: Duration = Duration::from_millis(50);

/// How many batches are searched at once: the sink takes one batch's
/// outcomes while the workers search the next ones, and a batch's slowest
/// game does not keep the other workers waiting.
const IN_FLIGHT: u64 = 3;

/// A searched batch: its number in the input (from 0), its games (or the
/// panic that stopped its search), and how many bytes of the input had
/// been read when it was.
struct Finished {
    number: u64,
    outcomes: thread::Result<Vec<Searched>>,
    bytes_read: u64,
}

/// Hands batches searched in any order to the sink in input order.
struct Handoff<'s, S> {
    sink: &'s mut S,
    counts: Counts,
    /// Searched batches waiting for an earlier one, by number: their
    /// games and the bytes read.
    waiting: BTreeMap<u64, (Vec<Searched>, u64)>,
    /// The move index being built, if one is: each game's entry goes there
    /// in input order.
    builder: Option<&'s Mutex<IndexBuilder>>,
    /// The number of the next batch to hand over.
    next: u64,
    /// Whether the sink asked to stop.
    stopped: bool,
}

impl<S: QueriesSink> Handoff<'_, S> {
    /// Waits for one more searched batch, then hands over every batch that
    /// is next in order. A panic in a batch's search goes on here.
    fn receive(&mut self, finished: &mpsc::Receiver<Finished>) {
        let Ok(Finished { number, outcomes, bytes_read }) = finished.recv() else { return };
        let outcomes = match outcomes {
            Ok(outcomes) => outcomes,
            // The search was asked to stop in the middle of this batch: it
            // and those after it are dropped.
            Err(payload) if stop::is_stop(payload.as_ref()) => {
                self.stopped = true;
                return;
            }
            Err(panic) => panic::resume_unwind(panic),
        };
        self.waiting.insert(number, (outcomes, bytes_read));
        while let Some((outcomes, bytes_read)) = self.waiting.remove(&self.next) {
            self.next += 1;
            for Searched { outcomes, entry } in outcomes {
                if self.stopped || self.sink.should_stop() {
                    self.stopped = true;
                    return;
                }
                if let Some(builder) = self.builder {
                    builder.lock().unwrap_or_else(PoisonError::into_inner).push(entry.as_deref());
                }
                self.counts.games += 1;
                self.counts.matched += u64::from(outcomes.iter().any(|outcome| outcome.matched));
                self.sink.game(outcomes);
            }
            self.sink.progress(bytes_read);
            self.stopped = self.sink.should_stop();
        }
    }

    /// Hands over every batch up to the `dispatched`-th, unless the sink
    /// asks to stop.
    fn drain(&mut self, finished: &mpsc::Receiver<Finished>, dispatched: u64) {
        while !self.stopped && self.next < dispatched {
            self.receive(finished);
        }
    }
}

/// Puts matching games in the order of their sort values: for each sort in
/// turn, larger values first (smaller for `sort min`), a game without a value
/// last; ties keep input order.
pub fn order_by_sorts(sorts: &[Sort], outcomes: &mut [GameOutcome]) {
    outcomes.sort_by(|a, b| compare_keys(sorts, &a.sort_values, &b.sort_values).then(a.number.cmp(&b.number)));
}
