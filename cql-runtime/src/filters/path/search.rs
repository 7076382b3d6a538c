//! Running a path's automaton over the game tree.
//!
//! A depth-first walk from the start position. At each position it keeps,
//! for every state of the automaton, whether some path of moves from the
//! start can be in it there, and how it got there (so that the chosen path's
//! constituents can be found again). A position is entered only if some
//! state survives the move into it, and every filter constituent is
//! evaluated at most once per position, so the work is linear in the
//! positions below the start times the number of states, whatever the
//! repetitions. A complete path better than those before is only noted
//! (its depth); its positions and constituents are read off the frames when
//! the search leaves its last position, so a path that keeps growing along
//! a long line is copied once, not at every move.
//!
//! Filter constituents' comments are held apart while searching and only
//! those of the chosen path are written back ([`Evaluations::restore`]).

use std::{cmp::Ordering, collections::HashMap};

use shakmaty::{Bitboard, Position};
use smallvec::SmallVec;

use super::{
    automaton::{Path, State},
    focus::{focused_squares, is_focused_move},
};
use crate::{
    cursor::Cursor,
    move_view::MoveView,
    notes::Written,
    state::{PathProgress, PathScratch, Reached},
    tree::{GameTree, NodeId},
};

/// A path that matched, as the search found it.
#[derive(Clone, Debug)]
pub(super) struct Found {
    /// The first position of the path.
    pub(super) start: NodeId,
    /// The last position of the path.
    pub(super) end: NodeId,
    /// Whether the move into each position after the first was focused;
    /// `None` if every move is (no `focus`).
    pub(super) focused: Option<Vec<bool>>,
    /// The filter constituents that held, as (position, state), in order.
    pub(super) filters: Vec<(NodeId, usize)>,
    /// The length counted: focused moves.
    pub(super) length: u32,
    /// The `max`/`min` value at the last position.
    pub(super) value: Option<i64>,
}

impl Found {
    /// The positions of the path, from the start to the last: the last and
    /// its ancestors up to the start (for a line back to parents, the
    /// start and its ancestors up to the last).
    pub(super) fn nodes(&self, tree: &GameTree) -> Vec<NodeId> {
        if tree.is_ancestor_or_self(self.start, self.end) {
            let mut nodes: Vec<NodeId> = tree.ancestry(self.end).take_while(|&n| n != self.start).collect();
            nodes.push(self.start);
            nodes.reverse();
            nodes
        } else {
            let mut nodes: Vec<NodeId> = tree.ancestry(self.start).take_while(|&n| n != self.end).collect();
            nodes.push(self.end);
            nodes
        }
    }

    /// Whether the move into the `k`-th position after the start was focused.
    pub(super) fn is_focused(&self, k: usize) -> bool {
        self.focused.as_ref().is_none_or(|focused| focused[k])
    }
}

/// What the search found.
pub(super) struct Outcome {
    /// The best paths: one, or with `keepallbest` every path as good as the best.
    pub(super) best: Vec<Found>,
    /// The comments the filter constituents wrote.
    pub(super) evaluations: Evaluations,
}

/// The comments each filter constituent wrote where it held, by position
/// and state (each is evaluated at most once a search).
#[derive(Default)]
pub(super) struct Evaluations(HashMap<(NodeId, usize), Written>);

impl Evaluations {
    /// Writes back, in path order, the comments of the filter constituents
    /// `filters` (position, state) of a chosen path.
    pub(super) fn restore(&self, at: &mut Cursor<'_>, filters: &[(NodeId, usize)]) {
        for &(node, state) in filters {
            if let Some(written) = self.0.get(&(node, state)) {
                at.state.notes.restore(written.clone());
            }
        }
    }
}

/// Which path is better: by `max`/`min` value, then focused moves. Among
/// equals the first found (in game order) stays: the unfocused moves a path
/// passes over do not count (wurzburg-plachutta: CQL 6.2 keeps a main-line
/// path over a variation's path with as many focused moves and more others).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rank {
    /// The `max` value, or the `min` value negated: larger is better.
    pub(super) key: Option<i64>,
    /// Focused moves.
    pub(super) length: u32,
}

struct Search<'p, 'a> {
    path: &'p Path<'a>,
    accept: usize,
    /// Focus: whether captures of focused pieces count, and the focused pieces' ids.
    focus: Option<(bool, u64)>,
    scratch: PathScratch,
    best: Vec<Found>,
    best_rank: Option<Rank>,
    /// The latest best path not yet in `best`: its depth and value. The
    /// frames up to it stay as they are until the search leaves it.
    pending: Option<(usize, Option<i64>)>,
    evaluations: Evaluations,
    done: bool,
}

/// Searches the game tree from the cursor's position for the best paths.
pub(super) fn search(at: &mut Cursor<'_>, path: &Path<'_>, focus: Option<(bool, u64)>) -> Outcome {
    let states = path.states.len();
    // The compiler writes the accepting state last.
    let accept = path.states.iter().rposition(|state| matches!(state, State::Accept)).expect("an accepting state");
    let mut scratch = at.state.path_scratch.pop().unwrap_or_default();
    let first = scratch.frame(0, at.node(), states);
    first.progress = PathProgress::default();
    if path.settings.line {
        for state in line_starts(path.states) {
            first.reach(state, Reached::Start);
        }
    } else {
        first.reach(0, Reached::Start);
    }
    let mut search = Search {
        path,
        accept,
        focus,
        scratch,
        best: Vec::new(),
        best_rank: None,
        pending: None,
        evaluations: Evaluations::default(),
        done: false,
    };
    let outer = (at.state.path_progress, at.state.path_ends);
    search.visit(at, 0);
    (at.state.path_progress, at.state.path_ends) = outer;
    at.state.path_scratch.push(search.scratch);
    Outcome { best: search.best, evaluations: search.evaluations }
}

impl Search<'_, '_> {
    /// Explores from `frames[depth]` (the cursor's position), then keeps the
    /// best path noted there, as the frame is about to be reused.
    fn visit(&mut self, at: &mut Cursor<'_>, depth: usize) {
        self.explore(at, depth);
        self.settle(depth);
    }

    /// Moves the path noted at `depth`, if any, into `best` (asked as the
    /// search leaves each position; rarely so).
    #[inline]
    fn settle(&mut self, depth: usize) {
        if let Some((noted, value)) = self.pending
            && noted == depth
        {
            self.keep_pending(depth, value);
        }
    }

    /// Moves the path noted at `depth`, whose value is `value`, into `best`.
    fn keep_pending(&mut self, depth: usize, value: Option<i64>) {
        self.pending = None;
        let found = self.trace(depth, value);
        self.best.push(found);
    }

    /// The automaton at `frames[depth]` (the cursor's position): closes the
    /// reached states over filters and splits, notes a complete path, and
    /// goes on into the moves that some state survives.
    fn explore(&mut self, at: &mut Cursor<'_>, depth: usize) {
        let waiting = self.close(at, depth);
        if self.scratch.frames[depth].reached(self.accept) != Reached::No {
            self.complete(at, depth);
        }
        if !waiting {
            return;
        }
        if self.path.settings.backward {
            // Back along a line, the move between the two positions is the
            // one into this one.
            if let (Some(parent), Some(view)) = (self.path.backward_node(at), at.move_view(at.node())) {
                self.step(at, depth, parent, view);
            }
            return;
        }
        // The children are walked as the tree holds them, not collected:
        // nearly every position has one.
        for child in self.path.forward_nodes(at) {
            if self.done {
                return;
            }
            if let Some(view) = at.move_view(child) {
                self.step(at, depth, child, view);
            }
        }
    }

    /// Goes on from `frames[depth]` into `child` by the move `view`, if some
    /// state survives it.
    fn step(&mut self, at: &mut Cursor<'_>, depth: usize, child: NodeId, view: MoveView) {
        if !self.advance(at, depth, child, &view) {
            return;
        }
        // After a focused move that moves two pieces (castling),
        // `from` and `to` are the focused piece's.
        let atomics = at.atomic_values(self.path.settings.atomics);
        let focused = if view.rook.is_some() { self.focused_squares(at) } else { None };
        match focused {
            Some(focused) => {
                at.visit(child, |at| at.within_dash(focused, Bitboard::FULL, |at| self.visit(at, depth + 1)))
            }
            None => at.visit(child, |at| self.visit(at, depth + 1)),
        }
        at.restore_atomic_values(self.path.settings.atomics, atomics);
    }

    /// Follows splits and filter constituents (evaluated here) from the
    /// states reached at `frames[depth]`; whether a state reached there
    /// waits for a move.
    fn close(&mut self, at: &mut Cursor<'_>, depth: usize) -> bool {
        let mut pending = std::mem::take(&mut self.scratch.pending);
        pending.clear();
        // Popped in increasing order.
        pending.extend(self.scratch.frames[depth].reached_states());
        pending.reverse();
        let mut waiting = false;
        while let Some(state) = pending.pop() {
            let next: &[usize] = match self.path.states[state] {
                State::Split(first, second) => &[first, second],
                State::Filter(next, test) => {
                    self.expose(at, depth);
                    let mark = at.mark();
                    if !test(at) {
                        at.rollback(mark);
                        continue;
                    }
                    let written = at.state.notes.take_since(mark);
                    if !written.is_empty() {
                        self.evaluations.0.insert((at.node(), state), written);
                    }
                    &[next]
                }
                State::Move(..) => {
                    waiting = true;
                    &[]
                }
                State::Accept => &[],
            };
            for &successor in next.iter().rev() {
                let frame = &mut self.scratch.frames[depth];
                if frame.reached(successor) == Reached::No {
                    frame.reach(successor, Reached::From(state));
                    pending.push(successor);
                }
            }
        }
        self.scratch.pending = pending;
        waiting
    }

    /// Prepares `frames[depth + 1]` for the move into `child`: the states a
    /// focused move that passes their tests leads to, or for an unfocused
    /// move the states waiting for a move (a path neither starts nor ends
    /// with unfocused moves). Whether any.
    fn advance(&mut self, at: &mut Cursor<'_>, depth: usize, child: NodeId, view: &MoveView) -> bool {
        let focused = self.is_focused(at, child, view);
        self.expose(at, depth);
        let states = self.path.states;
        self.scratch.frame(depth + 1, child, states.len());
        let (lines, next_frame) = self.scratch.frames.split_at_mut(depth + 1);
        let (frame, next_frame) = (&lines[depth], &mut next_frame[0]);
        let mut any = false;
        for state in frame.reached_states() {
            match states[state] {
                State::Move(next, test) if focused && next_frame.reached(next) == Reached::No && test(at, view) => {
                    next_frame.reach(next, Reached::Moved(state));
                    any = true;
                }
                // A path starts with a focused move; a single-colour line
                // starts at a position whose next move passes.
                State::Move(..) if !focused && (depth > 0 || self.path.settings.singlecolor) => {
                    next_frame.reach(state, Reached::Waited);
                    any = true;
                }
                _ => {}
            }
        }
        next_frame.progress = frame.progress;
        if focused {
            next_frame.progress.focused += 1;
        } else {
            next_frame.progress.unfocused += 1;
        }
        next_frame.focused_move = focused;
        any
    }

    /// Shows the path as it is at `frames[depth]` to the path status filters
    /// evaluated there (`pathcount`, `pathstart`, ...).
    fn expose(&self, at: &mut Cursor<'_>, depth: usize) {
        let frame = &self.scratch.frames[depth];
        at.state.path_progress = frame.progress;
        at.state.path_ends = Some((self.scratch.frames[0].node, frame.node));
    }

    /// With `focus`, the squares of the focused pieces at the cursor.
    fn focused_squares(&self, at: &mut Cursor<'_>) -> Option<Bitboard> {
        let (_, pieces) = self.focus?;
        Some(focused_squares(at, pieces))
    }

    /// Whether a move is one of the focused pieces' (always, without focus).
    /// With `singlecolor`, a move is focused if it leads to a position with
    /// the start's side to move.
    fn is_focused(&self, at: &mut Cursor<'_>, child: NodeId, view: &MoveView) -> bool {
        if self.path.settings.singlecolor {
            let tree = at.tree();
            return tree.position(child).turn() == tree.position(self.scratch.frames[0].node).turn();
        }
        self.focus.is_none_or(|focus| is_focused_move(at, focus, view))
    }

    /// The path to `frames[depth]` is complete: notes it if it is the best
    /// so far (with `keepallbest`, as good as the best) and has a move.
    fn complete(&mut self, at: &mut Cursor<'_>, depth: usize) {
        // A path matches with one move or more, as in CQL 6.2; a line
        // with one position or more.
        if depth == 0 && !self.path.settings.line {
            return;
        }
        let progress = self.scratch.frames[depth].progress;
        let (value, key) = match self.path.best {
            Some(best) => {
                self.expose(at, depth);
                let Some(value) = at.without_comments(|at| (best.value)(at)) else { return };
                (Some(value), Some(if best.min { -value } else { value }))
            }
            None => (None, None),
        };
        let rank = Rank { key, length: progress.focused };
        let order = self.best_rank.map_or(Ordering::Greater, |best| compare(rank, best));
        if order == Ordering::Less || (order == Ordering::Equal && !self.path.settings.keepallbest) {
            return;
        }
        if order == Ordering::Greater {
            self.best.clear();
            self.pending = None;
            self.best_rank = Some(rank);
        }
        // A path noted before ends at or above this position: its frames are still there.
        if let Some((noted, _)) = self.pending {
            self.settle(noted);
        }
        self.pending = Some((depth, value));
        self.done = self.path.settings.firstmatch;
    }

    /// The path that reached the accepting state at `frames[depth]`.
    fn trace(&self, depth: usize, value: Option<i64>) -> Found {
        let frames = &self.scratch.frames[..=depth];
        let mut filters = Vec::new();
        let (mut depth, mut state) = (depth, self.accept);
        loop {
            match frames[depth].reached(state) {
                Reached::Start | Reached::No => break,
                Reached::From(before) => {
                    if matches!(self.path.states[before], State::Filter(..)) {
                        filters.push((frames[depth].node, before));
                    }
                    state = before;
                }
                Reached::Moved(before) => {
                    depth -= 1;
                    state = before;
                }
                Reached::Waited => depth -= 1,
            }
        }
        filters.reverse();
        let last = &frames[frames.len() - 1];
        Found {
            start: frames[0].node,
            end: last.node,
            focused: self.focus.map(|_| frames.iter().skip(1).map(|frame| frame.focused_move).collect()),
            filters,
            length: last.progress.focused,
            value,
        }
    }
}

/// The states a line starts in: those a first move leads to from the
/// start state (through splits), as the move into the start position is
/// the line's first move.
pub(super) fn line_starts(states: &[State<'_>]) -> SmallVec<[usize; 4]> {
    let (mut starts, mut seen, mut pending) = (SmallVec::new(), vec![false; states.len()], vec![0]);
    while let Some(state) = pending.pop() {
        if std::mem::replace(&mut seen[state], true) {
            continue;
        }
        match states[state] {
            State::Split(first, second) => pending.extend([second, first]),
            State::Move(next, _) => starts.push(next),
            State::Filter(..) | State::Accept => {}
        }
    }
    starts
}

/// Orders ranks: with `max` or `min`, by the value alone (CQL 6.2 keeps the
/// first end of the best value, however long a later one of the same value
/// is); else by focused moves.
pub(super) fn compare(new: Rank, old: Rank) -> Ordering {
    match (new.key, old.key) {
        (Some(new), Some(old)) => new.cmp(&old),
        _ => new.length.cmp(&old.length),
    }
}
