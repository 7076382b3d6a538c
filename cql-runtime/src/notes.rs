//! What a search writes into one game: comments at positions, the values of
//! its `sort` filters, and which positions matched.
//!
//! Everything is written tentatively to a log while the query is evaluated.
//! A filter that fails takes back what it wrote ([`Notes::rollback`]), and
//! when the query does not match a position everything written during that
//! evaluation goes (CQL's "smart comments"). A `sort` filter's evaluations
//! are marked in the log; at the end of the game only the comments of each
//! sort's best evaluation stay, written after all the others, and the best
//! values become the game's sort keys ([`Notes::resolve`]).

use std::{
    collections::{BTreeMap, HashMap, HashSet},
    hash::{BuildHasher, RandomState},
};

use crate::{sort_keys::Sort, tree::NodeId};

/// How long a log is searched entry by entry for a piece already there;
/// a longer one is searched through [`Notes::pieces_at`].
const SCANNED_ENTRIES: usize = 64;

/// The log of one game's evaluation.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    entries: Vec<Entry>,
    matches: Vec<NodeId>,
    /// Where the comment pieces of `entries[..indexed]` are, by position
    /// and hash of their text (some may have been taken back since: each
    /// is checked when read).
    pieces_at: HashMap<(NodeId, u64), Vec<u32>>,
    indexed: usize,
    hasher: RandomState,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    /// A comment piece at a position.
    Piece(NodeId, String),
    /// The match string at a matching position.
    Match(NodeId),
    /// A sort filter's evaluation starts; its comments follow.
    SortBegin,
    /// The evaluation begun by the matching `SortBegin` gave `value`.
    SortEnd { sort: usize, value: i64 },
}

/// Entries taken out of the log, to be written back later
/// ([`Notes::take_since`], [`Notes::restore`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written(Vec<Entry>);

impl Written {
    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A point in the [`Notes`] to return to, see [`Notes::rollback`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark(usize);

/// What stays of a game's notes once it has been evaluated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// The comment pieces, in the order they are written at their positions.
    pub pieces: Vec<(NodeId, String)>,
    /// The game's value for each sort filter (query order), if it has one.
    pub sort_values: Vec<Option<i64>>,
}

impl Notes {
    /// Clears the notes for the next game, keeping their memory.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.matches.clear();
        self.indexed = 0;
        if !self.pieces_at.is_empty() {
            self.pieces_at.clear();
        }
    }

    /// Appends a comment piece at `node`.
    pub fn add(&mut self, node: NodeId, text: String) {
        self.entries.push(Entry::Piece(node, text));
    }

    /// Appends `text` at `node` unless that exact piece is already there.
    pub fn add_once(&mut self, node: NodeId, text: String) {
        if !self.has_piece(node, &text) {
            self.add(node, text);
        }
    }

    /// Whether the piece `text` is at `node`: a short log is read through,
    /// a long one looked up by position, so that writing a note at every
    /// position of a long game takes time linear in the game.
    fn has_piece(&mut self, node: NodeId, text: &str) -> bool {
        let is_the_piece =
            |entry: Option<&Entry>| matches!(entry, Some(Entry::Piece(at, piece)) if *at == node && piece == text);
        if self.entries.len() <= SCANNED_ENTRIES {
            return self.entries.iter().any(|entry| is_the_piece(Some(entry)));
        }
        for (index, entry) in self.entries.iter().enumerate().skip(self.indexed) {
            if let Entry::Piece(at, piece) = entry {
                let key = (*at, self.hasher.hash_one(piece.as_str()));
                self.pieces_at.entry(key).or_default().push(index as u32);
            }
        }
        self.indexed = self.entries.len();
        let Some(indices) = self.pieces_at.get_mut(&(node, self.hasher.hash_one(text))) else { return false };
        let entries = &self.entries;
        indices.retain(|&index| is_the_piece(entries.get(index as usize)));
        indices.dedup();
        !indices.is_empty()
    }

    /// The current point, to roll back to.
    #[inline]
    pub fn mark(&self) -> Mark {
        Mark(self.entries.len())
    }

    /// Removes everything written since `mark`.
    #[inline]
    pub fn rollback(&mut self, mark: Mark) {
        self.entries.truncate(mark.0);
        self.indexed = self.indexed.min(mark.0);
    }

    /// Removes what was written from `from` up to `to` (earlier than now),
    /// keeping what was written before and since.
    pub fn remove_between(&mut self, from: Mark, to: Mark) {
        self.entries.drain(from.0..to.0);
        self.indexed = self.indexed.min(from.0);
    }

    /// Takes out everything written since `mark`, to restore it later or not.
    pub fn take_since(&mut self, mark: Mark) -> Written {
        self.indexed = self.indexed.min(mark.0);
        Written(self.entries.split_off(mark.0))
    }

    /// Writes back what [`Notes::take_since`] took out, after what is there now.
    pub fn restore(&mut self, written: Written) {
        self.entries.extend(written.0);
    }

    /// Starts an evaluation of a sort filter; returns the mark to end it with.
    #[inline]
    pub fn begin_sort(&mut self) -> Mark {
        let mark = self.mark();
        self.entries.push(Entry::SortBegin);
        mark
    }

    /// Ends the evaluation of sort filter `sort` begun at `begun`: with a
    /// value it is recorded, without one it is taken back.
    #[inline]
    pub fn end_sort(&mut self, begun: Mark, sort: usize, value: Option<i64>) {
        match value {
            Some(value) => self.entries.push(Entry::SortEnd { sort, value }),
            None => self.rollback(begun),
        }
    }

    /// Records that the query matched at `node`, and (with `match_string`)
    /// that the match string is written there, after what is there now.
    pub fn record_match(&mut self, node: NodeId, match_string: bool) {
        self.matches.push(node);
        if match_string {
            self.entries.push(Entry::Match(node));
        }
    }

    /// The positions where the query matched, in evaluation order.
    pub fn matches(&self) -> &[NodeId] {
        &self.matches
    }

    /// The pieces and sort values that stay: comments written outside any
    /// sort evaluation (and `match_string` where it was recorded), in order,
    /// then the comments of each sort's best evaluation (the first of the
    /// best values; the largest, or the smallest for `sort min`). A text is
    /// written once at a position, where it first stands: CQL 6.2 writes
    /// `comment("x") comment("y") comment("x")` as `x y`, and the match
    /// string once after `comment("CQL")` (the game's own comments are not
    /// among the pieces, and stay).
    pub fn resolve(&self, sorts: &[Sort], match_string: &str) -> Resolved {
        // Each sort evaluation as (sort, value, the evaluation it is inside);
        // for each entry, the innermost evaluation it is inside.
        let mut evaluations: Vec<(usize, i64, Option<usize>)> = Vec::new();
        let mut owner: Vec<Option<usize>> = vec![None; self.entries.len()];
        let mut open: Vec<usize> = Vec::new();
        // Evaluations not yet known to be inside another, with where they began.
        let mut outermost: Vec<(usize, usize)> = Vec::new();
        for (index, entry) in self.entries.iter().enumerate() {
            match entry {
                Entry::SortBegin => open.push(index),
                Entry::SortEnd { sort, value } => {
                    let begun = open.pop().expect("a sort ends after it begins");
                    let evaluation = evaluations.len();
                    evaluations.push((*sort, *value, None));
                    for slot in &mut owner[begun..index] {
                        slot.get_or_insert(evaluation);
                    }
                    while let Some(&(inner, _)) = outermost.last().filter(|(_, start)| *start > begun) {
                        evaluations[inner].2 = Some(evaluation);
                        outermost.pop();
                    }
                    outermost.push((evaluation, begun));
                }
                Entry::Piece(..) | Entry::Match(_) => {}
            }
        }
        // The best evaluation of each sort (and of the hidden ones, such as
        // `consecutivemoves`'s), the first of the best values.
        let mut best: BTreeMap<usize, (usize, i64)> = BTreeMap::new();
        for (evaluation, &(sort, value, _)) in evaluations.iter().enumerate() {
            let min = sorts.get(sort).is_some_and(|sort| sort.min);
            let better = match best.get(&sort) {
                None => true,
                Some(&(_, old)) if min => value < old,
                Some(&(_, old)) => value > old,
            };
            if better {
                best.insert(sort, (evaluation, value));
            }
        }
        // An evaluation's comments stay if it is its sort's best and the
        // evaluation it is inside (if any) keeps its comments too.
        let is_best = |evaluation: usize| best.get(&evaluations[evaluation].0).is_some_and(|(e, _)| *e == evaluation);
        let kept = |evaluation: usize| std::iter::successors(Some(evaluation), |&e| evaluations[e].2).all(&is_best);
        let mut pieces = Vec::new();
        let depth = |evaluation: usize| std::iter::successors(Some(evaluation), |&e| evaluations[e].2).count();
        let mut held = Vec::new();
        for (entry, owner) in self.entries.iter().zip(&owner) {
            let (node, text) = match entry {
                Entry::Piece(node, text) => (*node, text.clone()),
                Entry::Match(node) => (*node, match_string.to_owned()),
                _ => continue,
            };
            match owner {
                None => pieces.push((node, text)),
                Some(evaluation) if kept(*evaluation) => held.push((depth(*evaluation), node, text)),
                Some(_) => {}
            }
        }
        // The comments of an evaluation inside another come before the
        // other's (CQL 6.2 writes those of a `consecutivemoves` inside a
        // sorted `echo` before the echo's own).
        held.sort_by_key(|(depth, ..)| std::cmp::Reverse(*depth));
        pieces.extend(held.into_iter().map(|(_, node, text)| (node, text)));
        let mut written = HashSet::new();
        pieces.retain(|(node, text)| written.insert((*node, text.clone())));
        let sort_values = (0..sorts.len()).map(|sort| best.get(&sort).map(|&(_, value)| value)).collect();
        Resolved { pieces, sort_values }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(i: usize) -> NodeId {
        crate::tree::tests_support::node(i)
    }

    #[test]
    fn a_rollback_takes_back_what_was_written_since_the_mark() {
        let mut notes = Notes::default();
        notes.add(node(0), "kept".into());
        let mark = notes.mark();
        notes.add(node(1), "dropped".into());
        notes.rollback(mark);
        assert_eq!(notes.resolve(&[], "CQL").pieces, vec![(node(0), "kept".to_owned())]);
    }

    #[test]
    fn what_was_written_between_two_marks_can_be_removed_keeping_what_came_after() {
        let mut notes = Notes::default();
        notes.add(node(0), "before".into());
        let from = notes.mark();
        notes.add(node(0), "removed".into());
        let to = notes.mark();
        notes.add(node(0), "after".into());
        notes.remove_between(from, to);
        let pieces = notes.resolve(&[], "CQL").pieces;
        assert_eq!(pieces, vec![(node(0), "before".to_owned()), (node(0), "after".to_owned())]);
    }

    #[test]
    fn a_piece_is_added_once_however_long_the_log_and_whatever_was_taken_back() {
        for length in [3, SCANNED_ENTRIES * 3] {
            let mut notes = Notes::default();
            for i in 0..length {
                notes.add_once(node(i), format!("at {i}"));
                notes.add_once(node(i), format!("at {i}"));
            }
            notes.add_once(node(1), "again".into());
            notes.add_once(node(1), "at 1".into());
            // Taken back, then written again: once.
            let mark = notes.mark();
            notes.add_once(node(2), "new".into());
            notes.rollback(mark);
            notes.add_once(node(2), "new".into());
            notes.add_once(node(2), "new".into());
            // Taken out and restored: still there.
            let mark = notes.mark();
            notes.add_once(node(3), "moved".into());
            let written = notes.take_since(mark);
            notes.add_once(node(3), "other".into());
            notes.restore(written);
            notes.add_once(node(3), "moved".into());
            let pieces = notes.resolve(&[], "CQL").pieces;
            assert_eq!(pieces.len(), length + 4, "{length}");
            let count = |n: usize, text: &str| pieces.iter().filter(|(at, t)| *at == node(n) && t == text).count();
            assert_eq!((count(1, "at 1"), count(1, "again"), count(2, "new"), count(3, "moved")), (1, 1, 1, 1));
        }
    }

    #[test]
    fn only_the_best_sort_evaluation_keeps_its_comments_and_they_come_last() {
        let sorts = [Sort { label: "length", min: false }];
        let mut notes = Notes::default();
        for (at, value) in [(1, 5), (2, 9), (3, 9), (4, 2)] {
            let begun = notes.begin_sort();
            notes.add(node(at), format!("path {at}"));
            notes.end_sort(begun, 0, Some(value));
            notes.record_match(node(at), true);
        }
        let failed = notes.begin_sort();
        notes.add(node(5), "never".into());
        notes.end_sort(failed, 0, None);
        let resolved = notes.resolve(&sorts, "CQL");
        assert_eq!(resolved.sort_values, vec![Some(9)]);
        let texts: Vec<&str> = resolved.pieces.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, vec!["CQL", "CQL", "CQL", "CQL", "path 2"]);
    }

    #[test]
    fn a_text_stays_once_at_a_position_where_it_first_stands() {
        let mut notes = Notes::default();
        for text in ["x", "y", "x", "CQL"] {
            notes.add(node(0), text.into());
        }
        notes.add(node(1), "x".into());
        notes.record_match(node(0), true);
        let pieces = notes.resolve(&[], "CQL").pieces;
        let texts: Vec<(NodeId, &str)> = pieces.iter().map(|(at, text)| (*at, text.as_str())).collect();
        assert_eq!(texts, vec![(node(0), "x"), (node(0), "y"), (node(0), "CQL"), (node(1), "x")]);
    }

    #[test]
    fn sort_min_keeps_the_smallest_value() {
        let sorts = [Sort { label: "year", min: true }];
        let mut notes = Notes::default();
        for value in [1950, 1497, 1600] {
            let begun = notes.begin_sort();
            notes.end_sort(begun, 0, Some(value));
        }
        assert_eq!(notes.resolve(&sorts, "CQL").sort_values, vec![Some(1497)]);
    }
}
