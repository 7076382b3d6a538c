//! Whether a path can start at a position at all, known before a search is
//! set up. Nearly every path starts with a move constituent, or with a
//! choice of them (`(♔――g1 .){*} ♖――e1`: the king's move or the rook's),
//! and at most positions no move played from there passes any of them
//! (nor, with `focus`, is a focused piece's).

use smallvec::SmallVec;

use super::{
    automaton::{MoveTest, Path, PositionTest, State},
    focus::touches_focus,
};
use crate::{cursor::Cursor, state::PathProgress};

/// Whether the path can start here: false when the path begins with a
/// filter constituent that writes nothing and fails here, or every way into
/// the path (after such a filter) begins with a move constituent and no
/// move from here passes one, or the path is a line whose first position
/// fails a filter that writes nothing.
/// When a filter constituent that writes nothing follows a first move, it
/// must hold after that move too (`―― check{5,}`: a move that gives check;
/// turton's `T――□ T→C→from`: T crossing C). Where the compiler asks for it
/// (`focus_first`), some move from here must also be a focused piece's
/// (`◭T∊△ ⊢◎T ――~pathstart:T∩□ ...`: at most positions, T does not move).
pub(super) fn first_move_possible(at: &mut Cursor<'_>, path: &Path<'_>) -> bool {
    // A line's first move is the one into the start position: its first
    // position constituent is tried here.
    if path.settings.line {
        let State::Move(next, _) = path.states[0] else { return true };
        return filter_after(path, next).is_none_or(|filter| at.without_comments(|at| filter(at)));
    }
    // A filter constituent that writes nothing may come first: it must hold
    // here, and the moves after it begin the path.
    let begin = match path.states.first() {
        Some(&State::Filter(next, filter)) if path.settings.pure_start_filter => {
            if !at.without_comments(|at| filter(at)) {
                return false;
            }
            next
        }
        _ => 0,
    };
    let mut firsts = SmallVec::new();
    // Most paths begin with one move constituent.
    let begins_with_moves = match path.states.get(begin) {
        Some(&State::Move(next, test)) => {
            firsts.push((next, test));
            true
        }
        _ => first_moves(path.states, begin, &mut firsts),
    };
    !begins_with_moves || (some_first_move(at, path, &firsts) && some_focused_move(at, path))
}

/// Whether a move from here may be a focused piece's, for a path whose
/// compiler asks (`focus_first`). At the start, the focused pieces are
/// those on the focus's squares: a move that neither starts on one (nor
/// moves a rook from one, castling) nor, with `capture`, captures on one is
/// not theirs. (With `singlecolor` the side to move tells which moves
/// count instead.)
fn some_focused_move(at: &mut Cursor<'_>, path: &Path<'_>) -> bool {
    let settings = &path.settings;
    let Some(focus) = path.focus.filter(|_| settings.focus_first && !settings.singlecolor && !settings.backward) else {
        return true;
    };
    let squares = (focus.pieces)(at);
    path.forward_nodes(at).any(|child| {
        at.move_view(child).is_some_and(|view| touches_focus(&view, focus.capture, |square| squares.contains(square)))
    })
}

/// Whether a move from here passes one of `firsts` (and the filter
/// constituent after it, if the compiler found it writes nothing).
fn some_first_move(at: &mut Cursor<'_>, path: &Path<'_>, firsts: &[(usize, MoveTest<'_>)]) -> bool {
    // The tests see the path as it is before its first move.
    let outer = (at.state.path_progress, at.state.path_ends);
    (at.state.path_progress, at.state.path_ends) = (PathProgress::default(), Some((at.node(), at.node())));
    let filter_holds = |at: &mut Cursor<'_>, child, next| {
        filter_after(path, next).is_none_or(|filter| at.visit(child, |at| at.without_comments(|at| filter(at))))
    };
    let passes = |at: &mut Cursor<'_>, child| {
        // Where no move constituent looks at the move, none needs describing.
        if path.settings.any_move {
            return firsts.iter().any(|&(next, _)| filter_holds(at, child, next));
        }
        at.move_view(child)
            .is_some_and(|view| firsts.iter().any(|&(next, test)| test(at, &view) && filter_holds(at, child, next)))
    };
    let possible = if path.settings.backward {
        path.backward_node(at).is_some_and(|child| passes(at, child))
    } else {
        path.forward_nodes(at).any(|child| passes(at, child))
    };
    (at.state.path_progress, at.state.path_ends) = outer;
    possible
}

/// The move constituents a path can begin with from state `begin` (the
/// state after each, and its test), following the splits, put in `firsts`;
/// false if a filter constituent or the end can come first (or the path has
/// more states than are followed here). Called at every position a path is
/// tried at, so it allocates nothing and moves nothing big.
fn first_moves<'a>(states: &[State<'a>], begin: usize, firsts: &mut SmallVec<[(usize, MoveTest<'a>); 4]>) -> bool {
    if states.len() > u128::BITS as usize {
        return false;
    }
    let mut seen: u128 = 0;
    let mut pending: SmallVec<[usize; 8]> = smallvec::smallvec![begin];
    while let Some(state) = pending.pop() {
        if seen & (1 << state) != 0 {
            continue;
        }
        seen |= 1 << state;
        match states[state] {
            State::Split(first, second) => pending.extend([second, first]),
            State::Move(next, test) => firsts.push((next, test)),
            State::Filter(..) | State::Accept => return false,
        }
    }
    true
}

/// The filter constituent that must hold after a first move leading to
/// `next`, when the compiler found it writes nothing.
fn filter_after<'a>(path: &Path<'a>, next: usize) -> Option<PositionTest<'a>> {
    match path.states.get(next) {
        Some(&State::Filter(_, filter)) if path.settings.pure_first_filter => Some(filter),
        _ => None,
    }
}
