//! The path filter `⊢`: a sequence of moves of the game, described by its
//! constituents, starting at the current position.
//!
//! A move constituent (`♗×♟h7`) consumes the next move of the game if the
//! move passes it (its sets are evaluated before the move); a filter
//! constituent (`check`) must hold at the position reached so far. The moves
//! are those of the game tree: the primary move, and with `variations` the
//! others too, tried in PGN order.
//!
//! This engine handles constituents without repetition: every matching path
//! has the same length, and the first one found (depth first, PGN order) is
//! the match. Comments written by constituents on a branch that fails are
//! taken back. The value of the filter is the number of moves of the path.

use crate::{cursor::Cursor, filters::moves::MoveView, tree::NodeId};

/// A test of one move, with the cursor at the position before it.
pub type MoveTest<'a> = &'a dyn Fn(&mut Cursor<'_>, &MoveView) -> bool;

/// A test of the position the path has reached.
pub type PositionTest<'a> = &'a dyn Fn(&mut Cursor<'_>) -> bool;

/// One constituent of a path.
#[derive(Clone, Copy)]
pub enum Step<'a> {
    /// A move constituent: `F――G`, `F×G`, with its promotion.
    Move(MoveTest<'a>),
    /// A filter constituent.
    Filter(PositionTest<'a>),
}

/// Matches `steps` from the cursor's position. On a match, writes CQL's
/// notes (unless `quiet`): `End path of length L that starts at ...` at the
/// last position, then `Start path that ends at ...` at the first, and returns
/// the number of moves.
pub fn path(at: &mut Cursor<'_>, steps: &[Step<'_>]) -> Option<i64> {
    let start = at.node();
    let end = walk(at, steps)?;
    let length = steps.iter().filter(|step| matches!(step, Step::Move(_))).count();
    if !at.quiet() {
        let start_label = at.position_label(start);
        let end_label = at.position_label(end);
        at.comment_naming(end, format!("End path of length {length} that starts at {start_label}"), start);
        at.comment_naming(start, format!("Start path that ends at {end_label}"), end);
    }
    i64::try_from(length).ok()
}

/// The last position of the first path from the cursor that matches `steps`.
fn walk(at: &mut Cursor<'_>, steps: &[Step<'_>]) -> Option<NodeId> {
    let Some((step, rest)) = steps.split_first() else {
        return Some(at.node());
    };
    let mark = at.mark();
    let found = match step {
        Step::Filter(test) => {
            if test(at) {
                walk(at, rest)
            } else {
                None
            }
        }
        Step::Move(test) => at.next_nodes().find_map(|child| {
            let view = at.move_view(child)?;
            if !test(at, &view) {
                return None;
            }
            let inner = at.mark();
            let end = at.visit(child, |at| walk(at, rest));
            if end.is_none() {
                at.rollback(inner);
            }
            end
        }),
    };
    if found.is_none() {
        at.rollback(mark);
    }
    found
}
