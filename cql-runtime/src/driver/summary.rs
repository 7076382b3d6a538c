//! The lines a searcher run prints at its end: how many games matched, of
//! how many, in how long, with how many threads, to which output; then the
//! values of the query's persistent variables.

use std::path::Path;

use super::search::Counts;
use crate::{persistent::PersistentValues, query::Query};

/// The end-of-run lines of a query that matched `counts.matched` of
/// `counts.games` games in `seconds` on `threads` threads, writing them to
/// `output`, and whose persistent variables' lines are `persistent`.
pub(super) fn summary_lines(
    counts: Counts,
    seconds: f64,
    threads: usize,
    output: &Path,
    persistent: Vec<String>,
) -> Vec<String> {
    let threads = if threads == 1 { "1 thread".to_owned() } else { format!("{threads} threads") };
    let summary = format!(
        "{} matches of {} games in {seconds:.2} seconds using {threads} to {}",
        counts.matched,
        counts.games,
        output.display()
    );
    std::iter::once(summary).chain(persistent).collect()
}

/// The summary lines of `query`'s persistent variables, which the search
/// left as `persistent` (none: as they start).
pub(super) fn persistent_lines<Q: Query + ?Sized>(query: &Q, persistent: Option<PersistentValues>) -> Vec<String> {
    let persistent = persistent.unwrap_or_else(|| PersistentValues::first(query.persistent()));
    persistent.lines(query.persistent())
}
