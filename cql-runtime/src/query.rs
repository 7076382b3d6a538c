//! The interface between a compiled query and the runtime: the [`Query`]
//! trait, which `cqlc` implements for each query, and the sort keys of a
//! query's games.

pub use cql_vocabulary::{Header, Positions, Prefilter};

use crate::{
    Game,
    cursor::Cursor,
    settings::EvalSettings,
    sort_keys::{SortValue, sorts_in_order, values_in_order},
    state::GameState,
};
pub use crate::{persistent::Persistent, sort_keys::Sort};

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

    /// What a game's text must contain for the query to match one of its
    /// positions: the searcher checks it on each game's bytes and does not
    /// read a game that fails it.
    fn prefilter(&self) -> Prefilter {
        Prefilter::Always
    }

    /// Whether the query has filters that read only a game's tags and must
    /// match for the game to match ([`Query::tags_match`]).
    fn tests_tags(&self) -> bool {
        false
    }

    /// Whether the filters of [`Query::tests_tags`] match, at the start of a
    /// game read no further than its tags: if they do not, the searcher
    /// does not read the game's moves.
    fn tags_match(&self, _at: &mut Cursor<'_>) -> bool {
        true
    }

    /// The positions where the query can match: it is evaluated only there.
    fn positions(&self) -> Positions {
        Positions::Every
    }

    /// The query's persistent variables, in the order it declares them.
    fn persistent(&self) -> &'static [Persistent] {
        &[]
    }

    /// Whether the query reads or writes files (`readfile`, `writefile`),
    /// and so must see the games one at a time, in order.
    fn uses_files(&self) -> bool {
        false
    }

    /// Whether the query uses `lastgamenumber`, whose value the runner
    /// counts in the input before the search.
    fn uses_last_game_number(&self) -> bool {
        false
    }

    /// Evaluates the query at the positions of `game`
    /// ([`evaluate_game`](crate::evaluate_game)). Provided, so that the loop
    /// over a game's positions is compiled with each query, its
    /// [`Query::matches`] called directly (and inlined where small), where
    /// the searcher holds the query as a `dyn Query`: one dynamic call a
    /// game, not one a position. Not meant to be overridden.
    fn evaluate_game(&self, game: &Game, settings: &EvalSettings, state: &mut GameState) -> bool {
        crate::evaluate::evaluate_game(self, game, settings, state)
    }
}

/// The orders a query puts its matching games in: the header's `sort
/// matchcount` first, then its `sort` filters.
pub fn game_sorts(query: &(impl Query + ?Sized)) -> Vec<Sort> {
    sorts_in_order(query.header().sort_matchcount, query.sorts())
}

/// A matching game's values for [`game_sorts`], in the same order: its
/// number of matching positions for `sort matchcount`, then the values of
/// its `sort` filters.
pub fn game_sort_values(
    query: &(impl Query + ?Sized),
    matching_positions: usize,
    filter_values: Vec<Option<SortValue>>,
) -> Vec<Option<SortValue>> {
    values_in_order(query.header().sort_matchcount, matching_positions, filter_values)
}
