//! Paths whose constituents write (comments, variables, messages), matched
//! as CQL 6.2 matches every path: a depth-first search that follows one way
//! through the automaton at a time, so that the constituents are evaluated
//! as often and in the order CQL evaluates them, and the comments kept are
//! CQL's ([`Kept`]).
//!
//! CQL's order: a repetition first tries what follows it, then one more
//! time (`*`, `+`, `?`, `{m,n}` once `m` are matched); moves in game order
//! (the main line, then the variations). A filter constituent that holds
//! keeps its comments even if what follows fails; only a move taken back
//! takes back what was written after it.

use std::cmp::Ordering;

use shakmaty::Bitboard;

use super::{
    automaton::{MoveTest, Path, State},
    focus::{focused_squares, is_focused_move},
    kept::Kept,
    search::{Evaluations, Found, Outcome, Rank, compare},
};
use crate::{cursor::Cursor, move_view::MoveView, notes::Mark, state::PathProgress, tree::NodeId};

struct Backtrack<'p, 'a> {
    path: &'p Path<'a>,
    /// Focus: whether captures of focused pieces count, and the focused pieces' ids.
    focus: Option<(bool, u64)>,
    start: NodeId,
    progress: PathProgress,
    /// Whether each move from the start to the cursor was focused.
    moves: Vec<bool>,
    /// For each state, the depth (moves) at which it is being followed, if
    /// it is at the cursor's position: a loop that comes back to it without
    /// a move brings nothing new.
    open: Vec<usize>,
    best: Vec<Found>,
    best_rank: Option<Rank>,
    kept: Kept,
    done: bool,
}

/// Searches the game tree from the cursor's position for the best paths,
/// leaving in the comment log what they keep.
pub(super) fn search(at: &mut Cursor<'_>, path: &Path<'_>, focus: Option<(bool, u64)>) -> Outcome {
    let mut search = Backtrack {
        path,
        focus,
        start: at.node(),
        progress: PathProgress::default(),
        moves: Vec::new(),
        open: vec![usize::MAX; path.states.len()],
        best: Vec::new(),
        best_rank: None,
        kept: Kept::new(at),
        done: false,
    };
    let outer = (at.state.path_progress, at.state.path_ends);
    search.follow(at, 0);
    (at.state.path_progress, at.state.path_ends) = outer;
    search.kept.finish(at);
    Outcome { best: search.best, evaluations: Evaluations::default() }
}

impl Backtrack<'_, '_> {
    /// Follows the automaton from `state` at the cursor's position.
    fn follow(&mut self, at: &mut Cursor<'_>, state: usize) {
        if self.done {
            return;
        }
        match self.path.states[state] {
            State::Accept => self.complete(at),
            State::Split(again, on) => {
                let depth = self.moves.len();
                if self.open[state] == depth {
                    return;
                }
                let outer = std::mem::replace(&mut self.open[state], depth);
                self.follow(at, on);
                self.follow(at, again);
                self.open[state] = outer;
            }
            State::Filter(next, test) => {
                self.expose(at);
                let mark = at.mark();
                if test(at) {
                    self.follow(at, next);
                } else {
                    at.rollback(mark);
                }
            }
            State::Move(next, test) => {
                let mark = at.mark();
                self.moves_from(at, next, test, mark);
            }
        }
    }

    /// Tries the moves from the cursor's position that pass `test`, each
    /// followed by `next`; with `focus`, the focused ones, passing over the
    /// others' moves (not from the start: a path starts with a focused
    /// move). Each move taken back takes the log back to `mark`.
    fn moves_from(&mut self, at: &mut Cursor<'_>, next: usize, test: MoveTest<'_>, mark: Mark) {
        if self.path.settings.backward {
            if let Some(parent) = self.path.backward_node(at) {
                self.move_into(at, parent, next, test, mark);
            }
            return;
        }
        // The children are walked as the tree holds them, not collected:
        // nearly every position has one.
        for child in self.path.forward_nodes(at) {
            self.move_into(at, child, next, test, mark);
        }
    }

    /// Tries the move into `child` as [`Backtrack::moves_from`] says.
    fn move_into(&mut self, at: &mut Cursor<'_>, child: NodeId, next: usize, test: MoveTest<'_>, mark: Mark) {
        if self.done {
            return;
        }
        let Some(view) = at.move_view(child) else { return };
        let focused = self.focus.is_none_or(|focus| is_focused_move(at, focus, &view));
        if !focused {
            if !self.moves.is_empty() {
                self.moves.push(false);
                self.progress.unfocused += 1;
                at.visit(child, |at| self.moves_from(at, next, test, mark));
                self.progress.unfocused -= 1;
                self.moves.pop();
            }
            return;
        }
        self.expose(at);
        if test(at, &view) {
            self.play(at, child, &view, next);
            self.kept.rollback(at, mark);
        }
    }

    /// Plays the move into `child` and follows `next` there.
    fn play(&mut self, at: &mut Cursor<'_>, child: NodeId, view: &MoveView, next: usize) {
        let atomics = at.atomic_values(self.path.settings.atomics);
        // After a focused move that moves two pieces (castling), `from` and
        // `to` are the focused piece's.
        let focused = match (view.rook, self.focus) {
            (Some(_), Some((_, pieces))) => Some(focused_squares(at, pieces)),
            _ => None,
        };
        self.moves.push(true);
        self.progress.focused += 1;
        match focused {
            Some(focused) => at.visit(child, |at| at.within_dash(focused, Bitboard::FULL, |at| self.follow(at, next))),
            None => at.visit(child, |at| self.follow(at, next)),
        }
        self.progress.focused -= 1;
        self.moves.pop();
        at.restore_atomic_values(self.path.settings.atomics, atomics);
    }

    /// Shows the path as it is at the cursor to the path status filters
    /// evaluated there (`pathcount`, `pathstart`, ...).
    fn expose(&self, at: &mut Cursor<'_>) {
        at.state.path_progress = self.progress;
        at.state.path_ends = Some((self.start, at.node()));
    }

    /// The path to the cursor's position is complete: it is the best so far
    /// if it is better than the best (with `keepallbest`, as good) and has
    /// a move (as in CQL 6.2).
    fn complete(&mut self, at: &mut Cursor<'_>) {
        if self.moves.is_empty() {
            return;
        }
        let (value, key) = match self.path.best {
            Some(best) => {
                self.expose(at);
                let Some(value) = at.without_comments(|at| (best.value)(at)) else { return };
                (Some(value), Some(if best.min { -value } else { value }))
            }
            None => (None, None),
        };
        let rank = Rank { key, length: self.progress.focused };
        let order = self.best_rank.map_or(Ordering::Greater, |best| compare(rank, best));
        if order == Ordering::Less || (order == Ordering::Equal && !self.path.settings.keepallbest) {
            return;
        }
        if order == Ordering::Greater {
            self.best.clear();
            self.best_rank = Some(rank);
        }
        self.kept.keep(at, order == Ordering::Equal);
        self.best.push(Found {
            start: self.start,
            end: at.node(),
            focused: self.focus.map(|_| self.moves.clone()),
            filters: Vec::new(),
            length: self.progress.focused,
            value,
        });
        self.done = self.path.settings.firstmatch;
    }
}
