//! Evaluating a query on one game: at every position searched, keeping the
//! comments of the positions that match.

use crate::{
    cursor::Cursor,
    game::Game,
    persistent::PersistentValues,
    query::{Positions, Query},
    settings::EvalSettings,
    state::GameState,
    stop,
    tree::{GameTree, NodeId},
};

/// Evaluates `query` at each position of `game` (the main line, or every
/// position with `variations`) where it can match ([`Query::positions`]),
/// depth first, and records in `state` the matching positions and the
/// comments written there. Returns whether the game matches: whether the
/// number of matching positions is in the `matchcount` range. A game whose
/// comment log fills up keeps the comments recorded before
/// ([`crate::notes::Notes::overflowed`] says so).
pub fn evaluate_game<Q: Query + ?Sized>(
    query: &Q,
    game: &Game,
    settings: &EvalSettings,
    state: &mut GameState,
) -> bool {
    state.clear();
    let persistent = query.persistent();
    if !persistent.is_empty() {
        let mut values = state.persistent.take().unwrap_or_else(|| PersistentValues::first(persistent));
        values.load(persistent, state);
        state.persistent = Some(values);
    }
    state.notes.for_sorts(query.sorts());
    let tree = game.tree();
    let positions = query.positions();
    let evaluate_at = |node: NodeId| {
        let can_match = can_match_at(positions, tree, node);
        if !can_match && !settings.verify_shortcuts {
            return;
        }
        stop::checkpoint();
        state.notes.settle();
        let mark = state.notes.mark();
        let matched = query.matches(&mut Cursor::new(game, node, settings, state));
        assert!(
            can_match || !matched,
            "the query matches at a position its shortcut ({positions:?}) leaves out, node {node:?}"
        );
        let notes = &mut state.notes;
        if matched {
            notes.record_match(node, !settings.quiet && !settings.matchstring.is_empty());
        } else {
            notes.rollback(mark);
        }
    };
    if settings.variations {
        tree.preorder().into_iter().for_each(evaluate_at);
    } else {
        tree.mainline().for_each(evaluate_at);
    }
    if let Some(values) = &mut state.persistent {
        let mut values = std::mem::take(values);
        values.store(persistent, state);
        state.persistent = Some(values);
    }
    let (least, most) = settings.matchcount;
    let found = state.notes.matches().len() as u64;
    found >= least && found <= most
}

/// Whether a query that can match only at `positions` can match at `node`.
fn can_match_at(positions: Positions, tree: &GameTree, node: NodeId) -> bool {
    match positions {
        Positions::Every => true,
        Positions::Initial => node == NodeId::ROOT,
        Positions::Ends => tree.node(node).first_child().is_none(),
    }
}
