//! The interface between a compiled query and the runtime.

use crate::cursor::Cursor;

/// A compiled CQL query. `cqlc` and the `cql!` macro generate one type per
/// query; the runtime evaluates it at each position of each game.
pub trait Query: Sync {
    /// The settings of the query's header `cql(...)`.
    fn header(&self) -> Header;

    /// Whether the query matches the position `at` points to. Comments the
    /// query writes go to the cursor; the runtime keeps them only if the
    /// position matches.
    fn matches(&self, at: &mut Cursor<'_>) -> bool;

    /// The query's `sort` filters, in the order they appear: matching games
    /// are written in the order of their values, and each game's first
    /// comment shows them.
    fn sorts(&self) -> &'static [Sort] {
        &[]
    }
}

/// The orders a query puts its matching games in: the header's `sort
/// matchcount` first, then its `sort` filters.
pub fn game_sorts(query: &(impl Query + ?Sized)) -> Vec<Sort> {
    let by_matches = query.header().sort_matchcount.then_some(Sort { label: "matchcount", min: false });
    by_matches.into_iter().chain(query.sorts().iter().copied()).collect()
}

/// A matching game's values for [`game_sorts`], in the same order: its
/// number of matching positions for `sort matchcount`, then the values of
/// its `sort` filters.
pub fn game_sort_values(
    query: &(impl Query + ?Sized),
    matching_positions: usize,
    filter_values: Vec<Option<i64>>,
) -> Vec<Option<i64>> {
    let by_matches = query.header().sort_matchcount.then_some(Some(matching_positions as i64));
    by_matches.into_iter().chain(filter_values).collect()
}

/// A `sort` filter of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    /// The label written before the value (`Year: 1497`).
    pub label: &'static str,
    /// `sort min`: smaller values first (else larger first).
    pub min: bool,
}

/// The parameters of a query's header `cql(...)`. Each is the default the
/// searcher's command line may override.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `input F`: the PGN file to search.
    pub input: Option<&'static str>,
    /// `output F`: where matching games are written.
    pub output: Option<&'static str>,
    /// `variations`: search positions inside variations too.
    pub variations: bool,
    /// `gamenumber N [M]`: search only games numbered N to M (N alone: only N).
    pub gamenumber: Option<(u64, u64)>,
    /// `matchcount N [M]`: a game matches only if N to M of its positions match.
    pub matchcount: Option<(u64, u64)>,
    /// `sort matchcount N M`: matching games come in the order of their
    /// number of matching positions, most first, labelled `matchcount: K`.
    pub sort_matchcount: bool,
    /// `matchstring S`: the comment written at each matching position.
    pub matchstring: Option<&'static str>,
    /// `quiet`: no automatically generated comments.
    pub quiet: bool,
    /// `silent`: no comments from the query at all.
    pub silent: bool,
    /// `result R`: search only games with this result (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<&'static str>,
}
