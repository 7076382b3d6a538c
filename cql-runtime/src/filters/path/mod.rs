//! The path filter `⊢`: a sequence of moves of the game tree, described by
//! constituents, starting at the current position.
//!
//! The compiler turns the constituents into a small automaton ([`State`]):
//! a move constituent consumes one move that passes its test (its sets
//! evaluated before the move), a filter constituent must hold at the
//! position reached, and repetitions become splits. [`path`] runs the
//! automaton over the game tree from the current position, keeping at each
//! position the set of states the moves so far can be in (so matching is
//! linear in the size of the tree below, whatever the repetitions), and
//! picks the best of the paths that reach the accepting state: the longest,
//! or the one whose last position gives the best `max`/`min` value, the
//! first in game order among equals.
//!
//! With `focus`, move constituents match only moves of the focused pieces
//! (or, with `capture`, moves that capture them); the other moves between
//! two focused moves pass without consuming a constituent (a path starts
//! and ends with a focused move), and only focused moves count in the
//! length.
//!
//! A path whose constituents write (comments, variables) is matched instead
//! as CQL 6.2 matches every path, one way at a time, and keeps the comments
//! CQL keeps (`backtrack`); of a `line`, only the comments written along the
//! chosen line stay. CQL's notes
//! (`Start path ...`, `End path ...`, `verbose`, `piecepath`) are added
//! by `report`.
//!
//! The files: `automaton` (the path as the compiler describes it), `search`
//! (running the automaton over the tree), `backtrack` (one way at a time),
//! `kept` (the comments such a search keeps), `first_moves` (whether a
//! path can start at a position at all), `focus` (the focused pieces'
//! moves), `image_key` (which image of a shared path is searched), `memo`
//! (the best continuations of
//! a path that depends only on the position, kept for the game), `report`
//! (the notes), `status` (`pathcount` and what a path keeps in the game's
//! state).

mod automaton;
mod backtrack;
mod first_moves;
mod focus;
mod image_key;
mod kept;
mod memo;
mod report;
mod search;
mod status;

pub use automaton::{Best, Focus, MoveTest, NumberAt, Path, PathSettings, PositionTest, Site, SquaresAt, State};
pub use image_key::ImageKey;

use crate::{cursor::Cursor, state::PathProgress, tree::NodeId};
use first_moves::first_move_possible;

/// Matches `path` from the cursor's position: the length of the best path
/// (focused moves) or, with `max`/`min`, its value; `None` if no path
/// matches. Keeps the comments written along the chosen path and adds CQL's
/// notes about it.
pub fn path(at: &mut Cursor<'_>, path: &Path<'_>) -> Option<i64> {
    best_path(at, path).map(|(value, _)| value)
}

/// Matches `path` as [`path`] does, for a path with `lastposition`: the last
/// position of the best path.
pub fn path_tail(at: &mut Cursor<'_>, path: &Path<'_>) -> Option<NodeId> {
    best_path(at, path).map(|(_, last)| last)
}

/// `sort ⊢ ...`: [`path`] recorded as an evaluation of sort filter `sort`
/// (see [`Cursor::sort`]). Whether the path can start at all is known
/// without writing anything: where it cannot, the evaluation is not begun
/// (beginning it and taking it back leave the same, a full log's overflow
/// too; [`Cursor::sort_writing_nothing`]).
pub fn sorted_path(at: &mut Cursor<'_>, path: &Path<'_>, sort: usize) -> Option<i64> {
    if !first_move_possible(at, path) {
        return at.sort_writing_nothing(sort, |_| None::<i64>);
    }
    at.sort(sort, |at| best_path_once_possible(at, path).map(|(value, _)| value))
}

/// The value and last position of the best path from the cursor's position.
/// It becomes the path that `pathstart` and `pathlastposition` name.
fn best_path(at: &mut Cursor<'_>, path: &Path<'_>) -> Option<(i64, NodeId)> {
    if !first_move_possible(at, path) {
        return None;
    }
    best_path_once_possible(at, path)
}

/// [`best_path`] where [`first_move_possible`] holds.
fn best_path_once_possible(at: &mut Cursor<'_>, path: &Path<'_>) -> Option<(i64, NodeId)> {
    let start = at.node();
    let banning = path.settings.nestban.then(|| at.path_filter(path.settings.index, path.image));
    if banning.is_some_and(|filter| at.nested_in_other_path(filter, start)) {
        return None;
    }
    let focus = path.focus.map(|focus| {
        let squares = (focus.pieces)(at);
        (focus.capture, at.focused_pieces(squares))
    });
    let atomics = at.atomic_values(path.settings.atomics);
    let outcome = match path.memo {
        Some(site) if memo::applies(at, path) => memo::search(at, path, site),
        _ if path.settings.backtrack => backtrack::search(at, path, focus),
        _ => search::search(at, path, focus),
    };
    at.restore_atomic_values(path.settings.atomics, atomics);
    let chosen = outcome.best.first()?;
    // With `keepallbest` every best path keeps its comments, each filter
    // constituent's once even where paths share it; only the chosen path
    // (the first) gets the notes.
    let kept = if path.settings.keepallbest { outcome.best.len() } else { 1 };
    let mut filters: Vec<(NodeId, usize)> = Vec::new();
    for filter in outcome.best[..kept].iter().flat_map(|found| &found.filters) {
        if !filters.contains(filter) {
            filters.push(*filter);
        }
    }
    outcome.evaluations.restore(at, &filters);
    report::notes(at, path, chosen, focus.map_or(u64::MAX, |(_, pieces)| pieces));
    if let Some(filter) = banning {
        at.cover_path(filter, &chosen.nodes(at.tree()), path.settings.line);
    }
    let last = chosen.end;
    at.state.path_ends = Some((start, last));
    // A line counts its positions.
    let length = chosen.length + u32::from(path.settings.line);
    let unfocused = chosen.focused.as_ref().map_or(0, |focused| focused.iter().filter(|f| !**f).count());
    at.state.path_progress = PathProgress { focused: chosen.length, unfocused: unfocused as u32 };
    Some((chosen.value.unwrap_or(i64::from(length)), last))
}
