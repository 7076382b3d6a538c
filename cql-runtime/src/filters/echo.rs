//! `echo (s t) F`: F at every other position of the game (the target, `t`)
//! with the current one as the source (`s`); and `consecutivemoves (x y)`,
//! the longest run of the same moves on the ways from the two positions'
//! common ancestor to each.
//!
//! For each source and target that match, CQL 6.2 writes (unless `quiet`):
//! the source variable's name at the source and the target's name at the
//! target, `-->` and the source's label at the target, `<--` and the
//! target's label at the source, `LCA` at their latest common ancestor when
//! it is neither, and an `id:N` note at each of them that is inside a
//! variation. `consecutivemoves` writes `x-move[k]` and `y-move[k]` at the
//! positions after the kth moves of the longest run it found in the game.

use shakmaty::Position;

use crate::{
    cursor::Cursor,
    filters::numbers::in_range,
    state::{Value, Var},
    tree::NodeId,
};

/// An `echo` filter's variables and options.
#[derive(Clone, Copy, Debug)]
pub struct Echo {
    /// The source's variable, and its name for the notes.
    pub source: (Var, &'static str),
    /// The target's variable, and its name for the notes.
    pub target: (Var, &'static str),
    /// `in all`: the source is one of the targets.
    pub with_source: bool,
    /// `echo quiet`: no notes.
    pub quiet: bool,
    /// Keep only the comments of the first target with the greatest value
    /// (a numeric `echo` that is sorted), not those of every target.
    pub best_only: bool,
    /// The body holds only where the target's board is the source's (the
    /// compiler saw `s∩t==▦` among its filters): other targets are skipped.
    pub same_board: bool,
    /// The targets the body can hold at, by their order to the source.
    pub targets: EchoTargets,
}

/// Which targets an `echo`'s body can hold at, by their order to the source
/// (the compiler saw `s≺t` or `s<t` among its filters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EchoTargets {
    /// Any position.
    All,
    /// The positions after the source on its lines.
    Descendants,
    /// The positions whose ids are larger than the source's.
    Later,
}

impl Cursor<'_> {
    /// `echo`: evaluates `body` at each target, the current position being
    /// the source; the greatest value it has at a target (a body that is
    /// not numeric gives 0 where it matches), if it matches at any.
    pub fn echo(&mut self, echo: Echo, mut body: impl FnMut(&mut Self) -> Option<i64>) -> Option<i64> {
        if self.is_imaginary() {
            return None;
        }
        let source = self.node();
        let tree = self.tree();
        // Both lists are in position id order, so the targets an order
        // allows are a slice of them.
        let all = if self.variations() { tree.in_position_order() } else { tree.mainline_nodes() };
        let from = |id: usize| all.partition_point(|&node| tree.position_id(node) < id);
        let subtree = tree.subtree_ids(source);
        // The targets an order allows are a run of the list, whose indices
        // are the position ids (the main line's ids come first).
        let (first, end) = match echo.targets {
            EchoTargets::All => (0, all.len()),
            EchoTargets::Descendants => (from(subtree.start + 1), from(subtree.end)),
            EchoTargets::Later => (from(subtree.start + 1), all.len()),
        };
        // Where the body needs the source's board, only the targets with
        // its board key are gone over (indices into `all` are ids).
        let sharing = echo.same_board.then(|| tree.board_keys().sharing(tree.position_id(source)));
        let sharing = sharing.into_iter().flatten().filter(|id| (first..end).contains(id)).map(|id| all[id]);
        let every = (!echo.same_board).then(|| all[first..end].iter().copied());
        let targets = sharing.chain(every.into_iter().flatten());
        let saved = (self.value(echo.source.0).clone(), self.value(echo.target.0).clone());
        self.assign(echo.source.0, Value::Position(source));
        let start = self.mark();
        // A sorted echo removes the notes of earlier targets when a later one
        // is better: only the others' turns stay whenever later ones do.
        let turns = !echo.best_only;
        if turns {
            self.state.notes.begin_turns();
        }
        let mut best: Option<i64> = None;
        for target in targets {
            if (target == source && !echo.with_source)
                || (echo.same_board && tree.position(target).board() != tree.position(source).board())
            {
                continue;
            }
            self.assign(echo.target.0, Value::Position(target));
            if turns {
                self.state.notes.next_turn();
            }
            let mark = self.mark();
            let value = self.visit(target, &mut body);
            let Some(value) = value else {
                self.rollback(mark);
                continue;
            };
            let better = best.is_none_or(|best| value > best);
            if echo.best_only && !better {
                self.rollback(mark);
                continue;
            }
            if echo.best_only {
                self.state.notes.remove_between(start, mark);
            }
            if better {
                best = Some(value);
            }
            if !echo.quiet && !self.quiet() {
                self.echo_notes(echo, source, target);
            }
        }
        if turns {
            self.state.notes.end_turns();
        }
        self.assign(echo.source.0, saved.0);
        self.assign(echo.target.0, saved.1);
        best
    }

    /// The notes of a source and a target that match, each added unless it
    /// already stands where it stays as long ([`crate::notes::Notes::add`]):
    /// the one there may belong to a sort's evaluation that does not stay.
    fn echo_notes(&mut self, echo: Echo, source: NodeId, target: NodeId) {
        let (source_label, target_label) = (self.position_label(source), self.position_label(target));
        let (source_marker, target_marker) = (self.variation_marker(source), self.variation_marker(target));
        let lca = self.tree().lca(source, target);
        let notes = &mut self.state.notes;
        notes.add(source, echo.source.1.to_owned());
        notes.add(target, echo.target.1.to_owned());
        notes.add(target, format!("-->{source_label}"));
        if let Some(marker) = source_marker {
            notes.add(source, marker);
        }
        notes.add(source, format!("<--{target_label}"));
        if let Some(marker) = target_marker {
            notes.add(target, marker);
        }
        if lca != source && lca != target {
            notes.add(lca, "LCA".to_owned());
        }
    }

    /// `consecutivemoves (x y)`: the length of the longest run of the same
    /// moves on the ways from the positions' latest common ancestor to
    /// each (no match if none is shared, or its length is outside `range`);
    /// `names` are the two variables' names for the notes, written unless
    /// `quiet` if the game matches.
    pub fn consecutive_moves(
        &mut self,
        (left, right): (Option<NodeId>, Option<NodeId>),
        names: (&str, &str),
        quiet: bool,
        range: (Option<i64>, Option<i64>),
    ) -> Option<i64> {
        let (left, right) = (left?, right?);
        let tree = self.tree();
        let lca = tree.lca(left, right);
        let way = |end: NodeId| {
            let mut way: Vec<NodeId> = tree.ancestry(end).take_while(|&n| n != lca).collect();
            way.reverse();
            way
        };
        let (left_way, right_way) = (way(left), way(right));
        // As CQL 6.2 keys a move: its squares and the piece that moves (a
        // queen's Qa8-g8 is not a rook's), not what a pawn promotes to.
        let mover = |node: NodeId, from| {
            tree.node(node).parent().and_then(|parent| tree.position(parent).board().piece_at(from))
        };
        let same = |i: usize, j: usize| match (self.move_view(left_way[i]), self.move_view(right_way[j])) {
            (Some(a), Some(b)) => {
                a.from == b.from && a.to == b.to && mover(left_way[i], a.from) == mover(right_way[j], b.from)
            }
            _ => false,
        };
        let (length, left_start, right_start) = longest_common_run(left_way.len(), right_way.len(), same);
        // CQL 6.2 never matches without a move in common, even in a range from 0.
        if length == 0 {
            return None;
        }
        // CQL 6.2 keeps only a run whose length is in the range.
        let length = in_range(Some(length as i64), range)?;
        if !quiet && !self.quiet() {
            let notes = || {
                let run = left_way[left_start..].iter().zip(&right_way[right_start..]).take(length as usize);
                run.enumerate()
                    .flat_map(|(k, (&left, &right))| {
                        [
                            (left, format!("{}-move[{}]", names.0, k + 1)),
                            (right, format!("{}-move[{}]", names.1, k + 1)),
                        ]
                    })
                    .collect()
            };
            self.state.notes.longest_run(length as usize, notes);
        }
        Some(length)
    }
}

/// The longest run `i..i+n`, `j..j+n` with `same(i+k, j+k)` for every k, of
/// two sequences of lengths `left` and `right`: `(n, i, j)`, the first such
/// by `i` then `j`.
fn longest_common_run(left: usize, right: usize, same: impl Fn(usize, usize) -> bool) -> (usize, usize, usize) {
    // run[j] = the length of the run ending at (i, j), row by row.
    let mut previous = vec![0usize; right + 1];
    let mut best = (0, 0, 0);
    for i in 0..left {
        let mut current = vec![0usize; right + 1];
        for j in 0..right {
            if same(i, j) {
                current[j + 1] = previous[j] + 1;
                let length = current[j + 1];
                let start = (length, i + 1 - length, j + 1 - length);
                if length > best.0 || (length == best.0 && (start.1, start.2) < (best.1, best.2)) {
                    best = start;
                }
            }
        }
        previous = current;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::longest_common_run;

    #[test]
    fn the_longest_run_is_the_first_by_its_start_in_the_first_sequence() {
        let left = ["Nf3", "Nc6", "Bc4", "Nf6", "d3"];
        let right = ["Bc4", "Nc6", "Nf3", "Nf6", "d3"];
        assert_eq!(longest_common_run(5, 5, |i, j| left[i] == right[j]), (2, 3, 3));
        assert_eq!(longest_common_run(3, 3, |i, j| left[i] == right[j]), (1, 0, 2));
        assert_eq!(longest_common_run(0, 3, |i, j| left[i] == right[j]), (0, 0, 0));
    }
}
