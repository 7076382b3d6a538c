//! The lines a searcher run prints at its end: how many games matched, of
//! how many, in how long, with how many threads, to which output; then the
//! values of the query's persistent variables.

use std::path::Path;

use super::search::Counts;
use crate::{persistent::PersistentValues, query::Query};

/// The end-of-run lines of `query`, which matched `counts.matched` of
/// `counts.games` games in `seconds` on `threads` threads, writing them to
/// `output`, and left its persistent variables as `persistent` (none: as
/// they start).
pub(super) fn summary_lines<Q: Query + ?Sized>(
    query: &Q,
    counts: Counts,
    seconds: f64,
    threads: usize,
    output: &Path,
    persistent: Option<PersistentValues>,
) -> Vec<String> {
    let threads = if threads == 1 { "1 thread".to_owned() } else { format!("{threads} threads") };
    let summary = format!(
        "{} matches of {} games in {seconds:.2} seconds using {threads} to {}",
        counts.matched,
        counts.games,
        output.display()
    );
    let persistent = persistent.unwrap_or_else(|| PersistentValues::first(query.persistent()));
    std::iter::once(summary).chain(persistent.lines(query.persistent())).collect()
}
