//! Paths whose constituents depend on nothing but the position (the
//! compiler marks them with a [`Site`]): from a position in a state of the
//! automaton, the best continuation is then the same wherever the path
//! started, so it is worked out once a game and kept. Evaluating such a path
//! at every position of a game costs the positions times the states in
//! all, where searching afresh from each would cost the square.
//!
//! The best continuation from (position, state) is the longest path to a
//! position where the automaton accepts, the first in game order (preorder)
//! among equals, as the search finds it: from a set of states, the best of
//! each state's best. A `line` starts in several states (those its first
//! move leads to) and matches with no move.

use smallvec::SmallVec;

use super::{
    automaton::{MoveTest, Path, PositionTest, Site, State},
    search::{Evaluations, Found, Outcome, line_starts},
};
use crate::{
    cursor::Cursor,
    state::{Continuation, PathMemo},
    tree::NodeId,
};

/// Whether the path from the cursor's position can use its site's memory:
/// the path says nothing that depends on where it started, and the cursor
/// is at a game position that no dash filter is looking at.
pub(super) fn applies(at: &Cursor<'_>, path: &Path<'_>) -> bool {
    let settings = &path.settings;
    let plain = path.focus.is_none() && path.best.is_none() && !settings.keepallbest && !settings.firstmatch;
    plain && path.memo.is_some() && !at.is_imaginary() && at.state.dash_sides.is_empty()
}

/// The best path from the cursor's position, from (or into) the memory of
/// `site` for this game.
pub(super) fn search(at: &mut Cursor<'_>, path: &Path<'_>, site: &Site) -> Outcome {
    let mut memos = std::mem::take(&mut at.state.path_memos);
    let key = std::ptr::from_ref(site) as usize;
    let index = match memos.iter().position(|memo| memo.site == key && memo.image.iter().eq(path.image)) {
        Some(index) => index,
        None => match memos.iter().position(|memo| memo.site == PathMemo::FREE) {
            Some(free) => {
                memos[free].reset(key, path.image, at.tree(), filter_of(path));
                free
            }
            None => {
                memos.push(PathMemo::new(key, path.image, at.tree(), filter_of(path)));
                memos.len() - 1
            }
        },
    };
    let start = at.node();
    // A path starts in state 0; a line in the states its first move (the
    // one into the start position) leads to.
    let starts = if path.settings.line { line_starts(path.states) } else { smallvec::smallvec![0] };
    let mut best = Continuation::None;
    for state in starts {
        fill(at, path, &mut memos[index], start, state);
        best = better(at, best, memos[index].get(start, state), 0);
    }
    // The best continuation is the longest: a path needs a move, a line a position.
    let best = match best {
        Continuation::To(length, end) if length > 0 || path.settings.line => {
            vec![Found { start, end, focused: None, filters: Vec::new(), length, value: None }]
        }
        Continuation::To(..) | Continuation::Unknown | Continuation::None => Vec::new(),
    };
    at.state.path_memos = memos;
    Outcome { best, evaluations: Evaluations::default() }
}

/// For each state of the path, the first state with the same filter
/// constituent (the same test: a repeated constituent is one closure).
fn filter_of(path: &Path<'_>) -> Vec<usize> {
    let tests: Vec<Option<PositionTest<'_>>> = path
        .states
        .iter()
        .map(|state| match state {
            State::Filter(_, test) => Some(*test),
            _ => None,
        })
        .collect();
    (0..tests.len())
        .map(|state| match tests[state] {
            Some(test) => {
                tests.iter().position(|other| other.is_some_and(|other| std::ptr::eq(other, test))).unwrap_or(state)
            }
            None => state,
        })
        .collect()
}

/// A (position, state) whose best continuation is being worked out.
struct Task {
    node: NodeId,
    state: usize,
    /// Once expanded: whether the automaton accepts at the position, and
    /// where in [`Scratch::edges`] the (child, state) pairs the moves from
    /// the position lead to begin (they run to the end: tasks finish in
    /// stack order, so their edges form a stack too).
    expanded: Option<(bool, usize)>,
}

/// The buffers [`fill`] reuses from one call to the next.
#[derive(Default)]
struct Scratch {
    tasks: Vec<Task>,
    edges: Vec<(NodeId, usize)>,
    closure: Closure,
}

/// The buffers of one [`expand`]: the states reached, and those still to follow.
#[derive(Default)]
struct Closure {
    reached: Vec<bool>,
    pending: Vec<usize>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Works out the best continuation from (`node`, `state`) and those it
/// needs, deepest first (with a stack of its own: games can be long).
fn fill(at: &mut Cursor<'_>, path: &Path<'_>, memo: &mut PathMemo, node: NodeId, state: usize) {
    SCRATCH.with_borrow_mut(|scratch| {
        let Scratch { tasks, edges, closure } = scratch;
        tasks.clear();
        edges.clear();
        tasks.push(Task { node, state, expanded: None });
        while let Some(task) = tasks.last_mut() {
            let Some((accepts, first_edge)) = task.expanded else {
                if memo.get(task.node, task.state) != Continuation::Unknown {
                    tasks.pop();
                    continue;
                }
                let first_edge = edges.len();
                let state = task.state;
                let accepts = at.visit(task.node, |at| expand(at, path, memo, state, closure, edges));
                task.expanded = Some((accepts, first_edge));
                // In reverse, so that the first move's continuation is worked out first.
                for &(child, state) in edges[first_edge..].iter().rev() {
                    if memo.get(child, state) == Continuation::Unknown {
                        tasks.push(Task { node: child, state, expanded: None });
                    }
                }
                continue;
            };
            let mut best = if accepts { Continuation::To(0, task.node) } else { Continuation::None };
            for &(child, state) in &edges[first_edge..] {
                best = better(at, best, memo.get(child, state), 1);
            }
            memo.set(task.node, task.state, best);
            edges.truncate(first_edge);
            tasks.pop();
        }
    });
}

/// The better of `best` and `other` continued by `moves` moves: the longer,
/// or among equals the one that ends first in game order (preorder).
fn better(at: &Cursor<'_>, best: Continuation, other: Continuation, moves: u32) -> Continuation {
    let Continuation::To(length, end) = other else { return best };
    let is_better = match best {
        Continuation::To(best_length, best_end) => {
            let tree = at.tree();
            length + moves > best_length
                || (length + moves == best_length && tree.position_id(end) < tree.position_id(best_end))
        }
        Continuation::Unknown | Continuation::None => true,
    };
    if is_better { Continuation::To(length + moves, end) } else { best }
}

/// At the cursor's position in `state`: whether the automaton accepts there
/// (after splits and filter constituents); the states the moves from there
/// lead to, by move in game order, are appended to `moves`. What a filter
/// constituent notes (printing a position may) is taken back.
fn expand(
    at: &mut Cursor<'_>,
    path: &Path<'_>,
    memo: &mut PathMemo,
    state: usize,
    scratch: &mut Closure,
    moves: &mut Vec<(NodeId, usize)>,
) -> bool {
    let Closure { reached, pending } = scratch;
    reached.clear();
    reached.resize(path.states.len(), false);
    let mut waiting: SmallVec<[(usize, MoveTest<'_>); 4]> = SmallVec::new();
    pending.clear();
    pending.push(state);
    reached[state] = true;
    let mut accepts = false;
    while let Some(state) = pending.pop() {
        let next: &[usize] = match path.states[state] {
            State::Split(first, second) => &[first, second],
            State::Filter(next, test) if memo.filter_holds(at.node(), state, || at.without_comments(|at| test(at))) => {
                &[next]
            }
            State::Move(next, test) => {
                waiting.push((next, test));
                &[]
            }
            State::Accept => {
                accepts = true;
                &[]
            }
            State::Filter(..) => &[],
        };
        for &successor in next {
            if !reached[successor] {
                reached[successor] = true;
                pending.push(successor);
            }
        }
    }
    if waiting.is_empty() {
        return accepts;
    }
    for child in path.next_nodes(at) {
        let first = moves.len();
        if path.settings.any_move {
            for &(next, _) in &waiting {
                if !moves[first..].contains(&(child, next)) && !fails_at(at, path, memo, child, next) {
                    moves.push((child, next));
                }
            }
            continue;
        }
        // Back along a line, the move between the two positions is the one into this one.
        let view = if path.settings.backward { at.move_view(at.node()) } else { at.move_view(child) };
        let Some(view) = view else { continue };
        for &(next, test) in &waiting {
            if !moves[first..].contains(&(child, next)) && test(at, &view) && !fails_at(at, path, memo, child, next) {
                moves.push((child, next));
            }
        }
    }
    accepts
}

/// Whether `state` is a filter constituent that fails at `node`: then no
/// path goes on from (`node`, `state`), and it need not be a task of its own
/// (most positions fail the filter after a gap: `. {*} --> move from R to e1`).
fn fails_at(at: &mut Cursor<'_>, path: &Path<'_>, memo: &mut PathMemo, node: NodeId, state: usize) -> bool {
    let State::Filter(_, test) = path.states[state] else { return false };
    !memo.filter_holds(node, state, || at.visit(node, |at| at.without_comments(|at| test(at))))
}
