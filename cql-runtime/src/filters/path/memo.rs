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
//! each state's best.

use super::{
    automaton::{Path, Site, State},
    search::{Evaluations, Found, Outcome},
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
    let index = match memos.iter().position(|memo| memo.site == key) {
        Some(index) => index,
        None => {
            memos.push(PathMemo::new(key, at.tree(), path.states.len()));
            memos.len() - 1
        }
    };
    let start = at.node();
    fill(at, path, &mut memos[index], start);
    let best = match memos[index].get(start, 0) {
        Continuation::To(length, end) => {
            vec![Found { start, end, focused: None, filters: Vec::new(), length, value: None }]
        }
        Continuation::Unknown | Continuation::None => Vec::new(),
    };
    at.state.path_memos = memos;
    Outcome { best, evaluations: Evaluations::default() }
}

/// A (position, state) whose best continuation is being worked out: the
/// continuations it needs, once known.
struct Task {
    node: NodeId,
    state: usize,
    /// Whether the automaton accepts at the position, and the (child, state)
    /// pairs the moves from the position lead to, in game order.
    expanded: Option<(bool, Vec<(NodeId, usize)>)>,
}

/// Works out the best continuation from (`node`, `state`) and those it
/// needs, deepest first (with a stack of its own: games can be long).
fn fill(at: &mut Cursor<'_>, path: &Path<'_>, memo: &mut PathMemo, node: NodeId) {
    let mut tasks = vec![Task { node, state: 0, expanded: None }];
    while let Some(task) = tasks.last_mut() {
        if memo.get(task.node, task.state) != Continuation::Unknown {
            tasks.pop();
            continue;
        }
        let Some((accepts, next)) = &task.expanded else {
            let (accepts, next) = at.visit(task.node, |at| expand(at, path, task.state));
            let unknown: Vec<Task> = next
                .iter()
                .filter(|&&(child, state)| memo.get(child, state) == Continuation::Unknown)
                .map(|&(node, state)| Task { node, state, expanded: None })
                .collect();
            task.expanded = Some((accepts, next));
            tasks.extend(unknown);
            continue;
        };
        let mut best = if *accepts { Continuation::To(0, task.node) } else { Continuation::None };
        for &(child, state) in next {
            if let Continuation::To(length, end) = memo.get(child, state) {
                let better = match best {
                    Continuation::To(best_length, best_end) => {
                        length + 1 > best_length || (length + 1 == best_length && memo.before(end, best_end))
                    }
                    Continuation::Unknown | Continuation::None => true,
                };
                if better {
                    best = Continuation::To(length + 1, end);
                }
            }
        }
        memo.set(task.node, task.state, best);
        tasks.pop();
    }
}

/// At the cursor's position in `state`: whether the automaton accepts there
/// (after splits and filter constituents), and the states the moves from
/// there lead to, by move in game order.
fn expand(at: &mut Cursor<'_>, path: &Path<'_>, state: usize) -> (bool, Vec<(NodeId, usize)>) {
    let mut reached = vec![false; path.states.len()];
    let mut pending = vec![state];
    reached[state] = true;
    while let Some(state) = pending.pop() {
        let next: &[usize] = match path.states[state] {
            State::Split(first, second) => &[first, second],
            State::Filter(next, test) if at.without_comments(|at| test(at)) => &[next],
            State::Filter(..) | State::Move(..) | State::Accept => &[],
        };
        for &successor in next {
            if !reached[successor] {
                reached[successor] = true;
                pending.push(successor);
            }
        }
    }
    let accepts = path.states.iter().zip(&reached).any(|(state, &reached)| reached && matches!(state, State::Accept));
    let mut moves = Vec::new();
    for child in path.next_nodes(at) {
        let Some(view) = at.move_view(child) else { continue };
        let first = moves.len();
        for (state, _) in path.states.iter().zip(&reached).filter(|(_, reached)| **reached) {
            if let State::Move(next, test) = *state
                && !moves[first..].contains(&(child, next))
                && test(at, &view)
            {
                moves.push((child, next));
            }
        }
    }
    (accepts, moves)
}
