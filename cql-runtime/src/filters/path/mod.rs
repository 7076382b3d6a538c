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
//! Only the comments written along the chosen path stay; CQL's notes
//! (`Start path ...`, `End path ...`, `verbose`, `piecepath`) are added
//! by [`report`].

mod report;
mod search;
mod status;

use shakmaty::Bitboard;
use smallvec::SmallVec;

use crate::{cursor::Cursor, move_view::MoveView, state::PathProgress, tree::NodeId};

/// A test of one move, with the cursor at the position before it.
pub type MoveTest<'a> = &'a dyn Fn(&mut Cursor<'_>, &MoveView) -> bool;

/// A test of the position the path has reached.
pub type PositionTest<'a> = &'a dyn Fn(&mut Cursor<'_>) -> bool;

/// A number computed at a position (`max`/`min`).
pub type NumberAt<'a> = &'a dyn Fn(&mut Cursor<'_>) -> Option<i64>;

/// A set of squares computed at a position (`focus`).
pub type SquaresAt<'a> = &'a dyn Fn(&mut Cursor<'_>) -> Bitboard;

/// One state of a path's automaton; states name their successors by index.
#[derive(Clone, Copy)]
pub enum State<'a> {
    /// A move constituent: a move that passes the test leads to the state.
    Move(usize, MoveTest<'a>),
    /// A filter constituent: if the test holds here, on to the state.
    Filter(usize, PositionTest<'a>),
    /// Either state (a repetition: once more, or on).
    Split(usize, usize),
    /// The path is complete.
    Accept,
}

/// A path filter: its automaton and parameters.
pub struct Path<'a> {
    /// The automaton; state 0 is where it starts.
    pub states: &'a [State<'a>],
    /// `focus [capture] S`.
    pub focus: Option<Focus<'a>>,
    /// `max F` / `min F`.
    pub best: Option<Best<'a>>,
    /// The other parameters.
    pub settings: PathSettings,
}

/// The `focus` parameter.
#[derive(Clone, Copy)]
pub struct Focus<'a> {
    /// Whether moves capturing a focused piece count as focused moves.
    pub capture: bool,
    /// The squares of the focused pieces, at the start of the path.
    pub pieces: SquaresAt<'a>,
}

/// The `max` or `min` parameter.
#[derive(Clone, Copy)]
pub struct Best<'a> {
    /// Smallest rather than largest.
    pub min: bool,
    /// The value compared, at the last position of each path.
    pub value: NumberAt<'a>,
}

/// The parameters of a path that are flags or names.
#[derive(Clone, Copy, Debug, Default)]
pub struct PathSettings {
    /// Which path filter of the query this is (for `nestban`).
    pub index: usize,
    /// `primary`: only primary moves.
    pub primary: bool,
    /// `verbose`: a note at each focused move.
    pub verbose: bool,
    /// `keepallbest`: every best path keeps its comments and notes.
    pub keepallbest: bool,
    /// `title "T"`.
    pub title: Option<&'static str>,
    /// `piecepath`: the focused pieces' squares, at the start.
    pub piecepath: bool,
    /// `quiet`: no `Start path`/`End path` notes.
    pub quiet: bool,
    /// `nestban`: skip a start inside a path of this filter found before.
    pub nestban: bool,
    /// `firstmatch`: the first path found, not the best.
    pub firstmatch: bool,
}

impl PathSettings {
    /// No parameters (for `..PathSettings::DEFAULT`).
    pub const DEFAULT: PathSettings = PathSettings {
        index: 0,
        primary: false,
        verbose: false,
        keepallbest: false,
        title: None,
        piecepath: false,
        quiet: false,
        nestban: false,
        firstmatch: false,
    };
}

/// A path that matched, as the search found it.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The positions of the path, from the start to the last.
    pub(crate) nodes: Vec<NodeId>,
    /// Whether the move into each position after the first was focused.
    pub(crate) focused: Vec<bool>,
    /// The filter constituents that held, as (position, state), in order.
    pub(crate) filters: Vec<(NodeId, usize)>,
    /// The length counted: focused moves.
    pub(crate) length: u32,
    /// The `max`/`min` value at the last position.
    pub(crate) value: Option<i64>,
}

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

/// The value and last position of the best path from the cursor's position.
/// It becomes the path that `pathstart` and `pathlastposition` name.
fn best_path(at: &mut Cursor<'_>, path: &Path<'_>) -> Option<(i64, NodeId)> {
    if !first_move_possible(at, path) {
        return None;
    }
    let start = at.node();
    if path.settings.nestban && at.nested_in_other_path(path.settings.index, start) {
        return None;
    }
    let focus = path.focus.map(|focus| {
        let squares = (focus.pieces)(at);
        (focus.capture, at.focused_pieces(squares))
    });
    let outcome = search::search(at, path, focus);
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
    report::notes(at, path, chosen);
    if path.settings.nestban {
        at.cover_path(path.settings.index, &chosen.nodes);
    }
    let last = *chosen.nodes.last().expect("a path has a start");
    at.state.path_ends = Some((start, last));
    Some((chosen.value.unwrap_or(i64::from(chosen.length)), last))
}

impl Path<'_> {
    /// The moves from the cursor's position the path may follow, as the
    /// nodes they lead to: the game's (see [`Cursor::next_nodes`]), only the
    /// primary one with `primary`.
    fn next_nodes(&self, at: &Cursor<'_>) -> SmallVec<[NodeId; 4]> {
        let limit = if self.settings.primary { 1 } else { usize::MAX };
        at.next_nodes().take(limit).collect()
    }
}

/// Whether the path can start here: false when it starts with a move
/// constituent (as nearly all do) that no move from here passes, which is
/// most positions, and worth knowing before setting up a search.
fn first_move_possible(at: &mut Cursor<'_>, path: &Path<'_>) -> bool {
    let (State::Move(_, test), None) = (path.states[0], path.focus) else { return true };
    let children = path.next_nodes(at);
    // The test sees the path as it is before its first move.
    let outer = (at.state.path_progress, at.state.path_ends);
    (at.state.path_progress, at.state.path_ends) = (PathProgress::default(), Some((at.node(), at.node())));
    let possible = children.into_iter().any(|child| at.move_view(child).is_some_and(|view| test(at, &view)));
    (at.state.path_progress, at.state.path_ends) = outer;
    possible
}
