//! What the game's moves from a position must include for a filter to
//! match there ([`Node::next_moves_needed`]): the position-level cousin of
//! the game's pre-filter. A transform's images test it once for all of
//! them before any is evaluated (most positions fail it).
//!
//! Only what is certain counts: a dash or a `move` filter over the game's
//! moves needs one of them to be its move; a path needs its first move
//! constituent's move (or what its first filter needs); a `line` what its
//! first position needs; `and`, `or` and images combine these. Everything
//! else needs nothing.

use cql_vocabulary::{MoveSource, Prefilter, WrittenMove};

use super::{
    Constituent, Expr, ImageSet, Moves, Node, PathFilter, Query, Step,
    positions::leaves_something_behind,
    prefilter::{move_filter_need, written_move},
};

impl Node {
    /// The moves one of which the game must play from a position for this
    /// filter to match there, merged by mover and promotion; `None` if it
    /// may match whatever the moves (an empty list: it never matches).
    pub fn next_moves_needed(&self) -> Option<Vec<WrittenMove>> {
        needed(self).map(merged)
    }

    /// Whether a failed evaluation of this filter leaves nothing behind but
    /// comments, which the filter that recovers from the failure takes back:
    /// it may then be skipped where it cannot match. A path writes its
    /// notes only where it matches.
    pub fn fails_without_trace(&self) -> bool {
        !self.any(&leaves_trace)
    }
}

impl Query {
    /// What the game's moves from a position must include for the query's
    /// body to match there, if a failed body leaves nothing behind that is
    /// not taken back (comments and sort values are; see
    /// [`Node::next_moves_needed`]): where they do not, the body need not
    /// be evaluated.
    pub fn next_moves_needed(&self) -> Option<Vec<WrittenMove>> {
        if self.body.iter().any(|node| node.any(&|node| leaves_trace(node) && leaves_something_behind(node))) {
            return None;
        }
        all(self.body.iter().map(needed)).map(merged)
    }
}

impl ImageSet {
    /// What the game's moves from a position must include for one of the
    /// images to match there (see [`Node::next_moves_needed`]).
    pub fn next_moves_needed(&self) -> Option<Vec<WrittenMove>> {
        any_of(self.instantiated().iter().map(needed)).map(merged)
    }
}

/// Whether `node` itself may leave something behind when a filter around
/// it fails: it writes, and is not a path without `nestban` (a path writes
/// its notes only where it matches, but `nestban` remembers where it did).
fn leaves_trace(node: &Node) -> bool {
    node.writes_itself() && !matches!(&node.expr, Expr::Path(path) if !path.flags.nestban)
}

/// What the moves from the position must include for `node` to match there.
fn needed(node: &Node) -> Option<Vec<WrittenMove>> {
    match &node.expr {
        Expr::Compound(nodes) => all(nodes.iter().map(needed)),
        Expr::And(left, right) => all([needed(left), needed(right)]),
        Expr::Or(left, right) => any_of([needed(left), needed(right)]),
        Expr::Images(set) if set.range.is_none() => any_of(set.instantiated().iter().map(needed)),
        Expr::Call(call) => needed(&call.body()),
        Expr::Dash(dash) if dash.source == MoveSource::Game => moves(written_move(&dash.test)),
        Expr::Move(filter) if filter.moves == Moves::Forward(MoveSource::Game) => moves(move_filter_need(filter)),
        Expr::Path(path) if path.focus.is_none() => path_needed(path),
        _ => None,
    }
}

/// What a path's first move needs; for a `line`, what its first position
/// needs (a line's constituents are each a move into a position and a
/// filter there, and its first move is the one into the start).
fn path_needed(path: &PathFilter) -> Option<Vec<WrittenMove>> {
    if path.flags.line {
        return match path.steps.get(..2)? {
            [Step::Constituent(into), Step::Constituent(first)] => {
                match (&path.constituents[*into], &path.constituents[*first]) {
                    (Constituent::Move(_), Constituent::Filter(node)) => needed(node),
                    _ => None,
                }
            }
            _ => None,
        };
    }
    first_steps_needed(&path.steps, &path.constituents)
}

/// What the first move of a path made of `steps` needs: a repetition that
/// may be skipped needs what its own first step or the steps after it need.
fn first_steps_needed(steps: &[Step], constituents: &[Constituent]) -> Option<Vec<WrittenMove>> {
    match steps.first()? {
        Step::Constituent(index) => match &constituents[*index] {
            Constituent::Move(test) => moves(written_move(test)),
            Constituent::Filter(node) => needed(node),
        },
        Step::Repeat { steps: repeated, min, .. } if *min > 0 => first_steps_needed(repeated, constituents),
        Step::Repeat { steps: repeated, .. } => {
            any_of([first_steps_needed(repeated, constituents), first_steps_needed(&steps[1..], constituents)])
        }
    }
}

/// The moves a pre-filter condition on one move asks for.
fn moves(need: Prefilter) -> Option<Vec<WrittenMove>> {
    match need {
        Prefilter::Move(written) => Some(vec![written]),
        Prefilter::Never => Some(Vec::new()),
        Prefilter::All(needs) => all(needs.into_iter().map(moves)),
        Prefilter::AnyOf(needs) => any_of(needs.into_iter().map(moves)),
        Prefilter::Always | Prefilter::Text(_) => None,
    }
}

/// What every one of `needs` needs: the narrowest (any one of them is
/// needed; a list of moves is one condition on the moves, so two are not
/// combined).
fn all(needs: impl IntoIterator<Item = Option<Vec<WrittenMove>>>) -> Option<Vec<WrittenMove>> {
    needs.into_iter().flatten().min_by_key(Vec::len)
}

/// What one of `needs` needs: all their moves, if each needs some.
fn any_of(needs: impl IntoIterator<Item = Option<Vec<WrittenMove>>>) -> Option<Vec<WrittenMove>> {
    needs.into_iter().try_fold(Vec::new(), |mut moves, need| {
        moves.extend(need?);
        Some(moves)
    })
}

/// `moves` with those of the same movers and promotion made one.
fn merged(moves: Vec<WrittenMove>) -> Vec<WrittenMove> {
    let mut merged: Vec<WrittenMove> = Vec::new();
    for written in moves {
        match merged.iter_mut().find(|known| known.movers == written.movers && known.promotion == written.promotion) {
            Some(known) => known.to |= written.to,
            None => merged.push(written),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use cql_vocabulary::Roles;

    use crate::compile;

    /// What the body of `query` needs of the next moves.
    fn needed(query: &str) -> Option<Vec<(u64, Roles)>> {
        let query = compile(query).unwrap_or_else(|error| panic!("{query}: {error:?}")).output;
        let [body] = query.body.as_slice() else { panic!("{query:?}: one filter") };
        body.next_moves_needed().map(|moves| moves.iter().map(|m| (m.to, m.movers)).collect())
    }

    #[test]
    fn a_move_of_the_game_is_needed_by_dashes_moves_paths_and_lines() {
        let g1 = 1 << 6;
        assert_eq!(needed("cql() ♔――g1"), Some(vec![(g1, Roles::KING)]));
        assert_eq!(needed("cql() move from K to g1"), Some(vec![(g1, Roles::KING)]));
        assert_eq!(needed("cql() ⊢ ♔――g1 ♖――e1"), Some(vec![(g1, Roles::KING)]));
        assert_eq!(needed("cql() line --> move from K to g1 --> . {*} --> check"), Some(vec![(g1, Roles::KING)]));
    }

    #[test]
    fn a_path_that_may_skip_its_first_constituents_needs_one_of_the_moves_it_may_begin_with() {
        let (g1, e1, d4) = (1 << 6, 1 << 4, 1 << 27);
        // `D F R` repeats the dash D with the filters F after it.
        assert_eq!(
            needed("cql() ⊢ ♔――g1 .{*} ♖――e1 .{*} ♙――d4"),
            Some(vec![(g1, Roles::KING), (e1, Roles::ROOK), (d4, Roles::PAWN)])
        );
        assert_eq!(needed("cql() ⊢ ♔――g1 ? ♖――e1"), Some(vec![(g1, Roles::KING), (e1, Roles::ROOK)]));
        assert_eq!(needed("cql() ⊢ ♔――g1 + ♖――e1"), Some(vec![(g1, Roles::KING)]));
        assert_eq!(needed("cql() ⊢ ♔――g1 .{*}"), None);
    }

    #[test]
    fn a_query_needs_what_its_body_needs_if_a_failure_leaves_nothing_behind() {
        let needs = |query: &str| {
            let query = compile(query).unwrap_or_else(|error| panic!("{query}: {error:?}")).output;
            query.next_moves_needed().map(|moves| moves.iter().map(|m| (m.to, m.movers)).collect::<Vec<_>>())
        };
        let (g1, e1) = (1 << 6, 1 << 4);
        assert_eq!(needs("cql() check ♖――e1 ♔――g1"), Some(vec![(e1, Roles::ROOK)]));
        assert_eq!(needs("cql() ♔――g1 comment(\"castled\")"), Some(vec![(g1, Roles::KING)]));
        assert_eq!(needs("cql() x = 1 ♔――g1"), None);
        assert_eq!(needs("cql() ♔――g1 message(\"castled\")"), None);
        assert_eq!(needs("cql() check"), None);
    }

    #[test]
    fn images_need_one_of_their_moves() {
        let kings = [6, 1, 62, 57, 48, 15, 8, 55].iter().fold(0u64, |mask, square| mask | 1 << square);
        assert_eq!(needed("cql() flipcolor flip { move from K to g1 }"), Some(vec![(kings, Roles::KING)]));
    }

    #[test]
    fn what_may_match_whatever_the_moves_needs_nothing() {
        assert_eq!(needed("cql() check"), None);
        assert_eq!(needed("cql() not ♔――g1"), None);
        assert_eq!(needed("cql() ♔――g1 or check"), None);
        assert_eq!(needed("cql() move previous from K to g1"), None);
        assert_eq!(needed("cql() move legal from K to g1"), None);
        assert_eq!(needed("cql() line --> check --> move from K to g1"), None);
        assert_eq!(needed("cql() ⊢ focus ♔ ♔――g1"), None);
    }

    #[test]
    fn of_two_conditions_the_narrower_is_needed() {
        let (g1, e1) = (1 << 6, 1 << 4);
        assert_eq!(needed("cql() {check ♖――e1 ♔――g1}"), Some(vec![(e1, Roles::ROOK)]));
        assert_eq!(needed("cql() ♔――g1 or ♖――e1"), Some(vec![(g1, Roles::KING), (e1, Roles::ROOK)]));
    }
}
