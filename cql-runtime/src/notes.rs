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
//!
//! The log keeps only what can still be printed, so that it grows with the
//! positions and the texts written at them rather than with the number of
//! evaluations: `echo (s t) echo (u v) ...` evaluates its body at every
//! position for every position, and writes the same notes each time. In a
//! loop nested in a loop (an `echo` in an `echo`'s body, [`Notes::begin_turns`]),
//! a piece is not written again where the same piece already stands in a
//! part of the log that stays whenever the new one would ([`Notes::add`]),
//! and a sort evaluation no better than an earlier one that stays as long
//! keeps only what can still count of it ([`Notes::end_sort`]). The parts
//! that stay so are the positions already evaluated ([`Notes::settle`]) and
//! the earlier turns of the loops. What still grows is bounded: a log of
//! [`LOG_LIMIT`] entries takes no more ([`Notes::overflowed`]).

use std::{
    collections::{BTreeMap, HashMap},
    hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState},
    ops::Range,
};

use smallvec::SmallVec;

use crate::{
    by_node::ByNode,
    sort_keys::{Sort, SortValue},
    tree::NodeId,
};

/// How long a log is searched entry by entry for an entry already there;
/// a longer one is searched through its index by key.
const SCANNED_ENTRIES: usize = 64;

/// The most entries a game's log holds (about 150 bytes each, with their
/// texts and their index): beyond, its comment pieces and sort evaluations
/// are not recorded. No query within reason comes near: the log grows with
/// the texts written at each position, and CQL 6.2 prints at most 105,000
/// bytes of a game.
pub const LOG_LIMIT: usize = 1 << 20;

/// The sort evaluation a comment piece was written in directly, numbered
/// from 1 in the order evaluations begin in the game; [`OUTSIDE_SORTS`]
/// outside every sort evaluation.
type Scope = u64;

/// The scope of a piece written outside every sort evaluation.
const OUTSIDE_SORTS: Scope = 0;

/// No group of entries being written (see [`Notes::stands`]).
const NO_GROUP: usize = usize::MAX;

/// How deep loops of turns ([`Notes::begin_turns`]) are nested where what
/// is written is looked up: an inner loop runs again at each turn of the
/// outer one and writes the same notes again, while one loop's notes grow
/// only as the positions times its turns, as what can be printed does.
const REPEATING: usize = 2;

/// The log of one game's evaluation.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    entries: Vec<Entry>,
    matches: Vec<NodeId>,
    /// Where the entries of `entries[..indexed]` that have a [`Key`] are,
    /// in order, by the hash of the key (a few other keys may share it).
    by_key: HashMap<u64, SmallVec<[u32; 2]>, BuildHasherDefault<Hashed>>,
    indexed: usize,
    hasher: RandomState,
    /// The entries before this one stay: those of the positions evaluated.
    settled: usize,
    /// For each loop being evaluated whose turns are taken back one at a
    /// time ([`Notes::begin_turns`]), innermost last: the entries its
    /// earlier turns wrote, which go only with the whole loop's.
    turns: Vec<Range<usize>>,
    /// The sort evaluations begun and not ended, innermost last, each with
    /// whether its beginning was recorded.
    open_sorts: Vec<(Scope, bool)>,
    /// How many sort evaluations have begun in the game.
    sorts_begun: Scope,
    /// The query's `sort` filters, which tell which values are better.
    sorts: &'static [Sort],
    /// Whether the log was full and something was not recorded.
    overflowed: bool,
    /// The notes of the game's longest `consecutivemoves` run (the first
    /// found), kept whatever becomes of the filter that found it
    /// ([`Notes::longest_run`]).
    run: Option<(usize, Vec<(NodeId, String)>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    /// A comment piece, written directly in a sort evaluation or outside
    /// all.
    Piece(Note, Scope),
    /// A piece of a sort evaluation that cannot stay: never printed, but
    /// found by [`Notes::add_once`] as the piece would have been.
    Ghost(Note),
    /// The match string at a matching position.
    Match(NodeId),
    /// A sort filter's evaluation starts; its comments follow.
    SortBegin,
    /// The evaluation begun by the matching `SortBegin` gave `value`.
    SortEnd { sort: usize, value: SortValue },
    /// An evaluation of sort `sort` that gave `value` and whose comments
    /// cannot stay: it counts only for which evaluation is the best.
    SortValue { sort: usize, value: SortValue },
}

/// A comment piece: its position, its text, and the hash of its [`Key`]
/// once it is needed ([`UNHASHED`] before).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Note {
    node: NodeId,
    text: String,
    hash: u64,
}

/// The hash of a [`Note`] not hashed yet.
const UNHASHED: u64 = 0;

/// What identifies an entry to look up: a comment piece (or its ghost) by
/// position and text, or an evaluation of a sort by the sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key<'a> {
    Note(NodeId, &'a str),
    Sort(usize),
}

impl Key<'_> {
    /// Whether `entry` has this key, whose hash is `hash`.
    fn is_of(self, entry: &Entry, hash: u64) -> bool {
        match (self, entry) {
            (Key::Note(node, text), Entry::Piece(note, _) | Entry::Ghost(note)) => {
                (note.hash == hash || note.hash == UNHASHED) && note.node == node && note.text == text
            }
            (Key::Sort(sort), Entry::SortEnd { sort: of, .. } | Entry::SortValue { sort: of, .. }) => *of == sort,
            _ => false,
        }
    }
}

/// The hasher of a map whose keys are hashes already: it keeps them.
#[derive(Default)]
struct Hashed(u64);

impl Hasher for Hashed {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |hash, &byte| hash.rotate_left(8) ^ u64::from(byte));
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }

    fn finish(&self) -> u64 {
        self.0
    }
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mark(usize);

/// What stays of a game's notes once it has been evaluated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved<'a> {
    /// The comment pieces, in the order they are written at their positions.
    pub pieces: Vec<(NodeId, &'a str)>,
    /// The game's value for each sort filter (query order), if it has one.
    pub sort_values: Vec<Option<SortValue>>,
}

impl Notes {
    /// Clears the notes for the next game, keeping their memory.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.matches.clear();
        self.indexed = 0;
        if !self.by_key.is_empty() {
            self.by_key.clear();
        }
        self.settled = 0;
        self.turns.clear();
        self.open_sorts.clear();
        self.sorts_begun = 0;
        self.overflowed = false;
        self.run = None;
    }

    /// Tells the notes the query's `sort` filters (those
    /// [`Notes::resolve`] is given), which say which values are better.
    pub fn for_sorts(&mut self, sorts: &'static [Sort]) {
        self.sorts = sorts;
    }

    /// Everything written so far stays: the positions evaluated so far are
    /// done with. Called before the query is evaluated at a position.
    pub fn settle(&mut self) {
        self.settled = self.entries.len();
    }

    /// Begins a loop whose turns are taken back one at a time, only ever
    /// the current one ([`Notes::rollback`] to a mark taken after
    /// [`Notes::next_turn`]), or all together by the loop's callers, never
    /// an earlier turn apart from the later ones (an `echo`'s targets;
    /// not a sorted `echo`'s, which removes the earlier targets' notes when
    /// a later target is better). What the earlier turns wrote then stays
    /// whenever what the current one writes does.
    pub fn begin_turns(&mut self) {
        let here = self.entries.len();
        self.turns.push(here..here);
    }

    /// Begins the next turn of the innermost loop ([`Notes::begin_turns`]).
    pub fn next_turn(&mut self) {
        let here = self.entries.len();
        if let Some(earlier) = self.turns.last_mut() {
            earlier.end = here;
        }
    }

    /// Ends the innermost loop ([`Notes::begin_turns`]).
    pub fn end_turns(&mut self) {
        self.turns.pop();
    }

    /// A run of `length` moves `consecutivemoves` found: if it is longer
    /// than those before in the game, its notes (`notes()`) are the ones
    /// written if the game matches, after the other comments, even if the
    /// filter that found it fails (CQL 6.2 keeps the first longest run of
    /// each game apart from the comments).
    pub fn longest_run(&mut self, length: usize, notes: impl FnOnce() -> Vec<(NodeId, String)>) {
        if self.run.as_ref().is_none_or(|(longest, _)| length > *longest) {
            self.run = Some((length, notes()));
        }
    }

    /// Whether the log was full and some comments or sort evaluations of the
    /// game were not recorded (see [`LOG_LIMIT`]).
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Appends a comment piece at `node`; in loops nested in loops, not if
    /// the same piece already stands there where it stays whenever the new
    /// one would (in the same sort evaluation, or outside all) and is
    /// written first: the new one could never be printed (see
    /// [`Notes::resolve`]).
    pub fn add(&mut self, node: NodeId, text: String) {
        let (mut note, scope) = (Note { node, text, hash: UNHASHED }, self.scope());
        if self.turns.len() >= REPEATING {
            let same_scope =
                |entry: &Entry| matches!(entry, Entry::Piece(_, at) if *at == OUTSIDE_SORTS || *at == scope);
            if self.note_stands(&mut note, NO_GROUP, same_scope) {
                return;
            }
        }
        self.push(Entry::Piece(note, scope));
    }

    /// Appends `text` at `node` unless that exact piece is already there,
    /// wherever it is, even in a sort evaluation that does not stay.
    pub fn add_once(&mut self, node: NodeId, text: String) {
        let mut note = Note { node, text, hash: UNHASHED };
        if !self.note_stands(&mut note, 0, |_| true) {
            let scope = self.scope();
            self.push(Entry::Piece(note, scope));
        }
    }

    /// The hash of `note`'s key, worked out the first time.
    fn hashed(hasher: &RandomState, note: &mut Note) -> u64 {
        if note.hash == UNHASHED {
            note.hash = hasher.hash_one(Key::Note(note.node, &note.text));
        }
        note.hash
    }

    /// The hash of the key of `entry`, if it is looked up.
    fn hash_of(hasher: &RandomState, entry: &mut Entry) -> Option<u64> {
        match entry {
            Entry::Piece(note, _) | Entry::Ghost(note) => Some(Self::hashed(hasher, note)),
            Entry::SortEnd { sort, .. } | Entry::SortValue { sort, .. } => Some(hasher.hash_one(Key::Sort(*sort))),
            Entry::Match(_) | Entry::SortBegin => None,
        }
    }

    /// Whether the piece `note` stands as [`Notes::stands`] says.
    fn note_stands(&mut self, note: &mut Note, group: usize, accept: impl Fn(&Entry) -> bool) -> bool {
        let hash = Self::hashed(&self.hasher, note);
        self.stands(Key::Note(note.node, &note.text), hash, group, accept)
    }

    /// The sort evaluation being written in directly.
    fn scope(&self) -> Scope {
        self.open_sorts.last().map_or(OUTSIDE_SORTS, |&(scope, _)| scope)
    }

    /// Appends `entry`, unless the log is full; returns whether it did.
    fn push(&mut self, entry: Entry) -> bool {
        if self.full() {
            return false;
        }
        self.entries.push(entry);
        true
    }

    /// Whether an entry with `key` (whose hash is `hash`) that `accept`
    /// takes stands where it stays whenever what is written now does, or
    /// at `group` or after. A short log is read through, a long one looked
    /// up by key, so that writing a note at every position of a long game
    /// takes time linear in the game.
    fn stands(&mut self, key: Key<'_>, hash: u64, group: usize, accept: impl Fn(&Entry) -> bool) -> bool {
        let length = self.entries.len();
        if length > SCANNED_ENTRIES {
            self.index();
        }
        let (entries, turns) = (&self.entries, &self.turns);
        let mut lasting = [0..self.settled, group.min(length)..length].into_iter().chain(turns.iter().cloned());
        let taken = |index: usize| key.is_of(&entries[index], hash) && accept(&entries[index]);
        if length <= SCANNED_ENTRIES {
            return lasting.flatten().any(taken);
        }
        let Some(indices) = self.by_key.get(&hash) else { return false };
        lasting.any(|part| {
            let first = indices.partition_point(|&index| (index as usize) < part.start);
            indices[first..].iter().map(|&index| index as usize).take_while(|index| part.contains(index)).any(taken)
        })
    }

    /// Indexes the entries not indexed yet.
    fn index(&mut self) {
        for index in self.indexed..self.entries.len() {
            if let Some(hash) = Self::hash_of(&self.hasher, &mut self.entries[index]) {
                self.by_key.entry(hash).or_default().push(index as u32);
            }
        }
        self.indexed = self.entries.len();
    }

    /// Takes the entries from `from` on out of the index, before they are
    /// taken out of the log: each is the last of its key's.
    fn unindex_from(&mut self, from: usize) {
        while self.indexed > from {
            self.indexed -= 1;
            let Some(hash) = Self::hash_of(&self.hasher, &mut self.entries[self.indexed]) else { continue };
            if let Some(indices) = self.by_key.get_mut(&hash) {
                indices.pop();
                if indices.is_empty() {
                    self.by_key.remove(&hash);
                }
            }
        }
    }

    /// The current point, to roll back to.
    #[inline]
    pub fn mark(&self) -> Mark {
        Mark(self.entries.len())
    }

    /// Removes everything written since `mark`. Most filters that fail
    /// wrote nothing: then there is nothing to do (no entry past the mark
    /// can be indexed).
    #[inline]
    pub fn rollback(&mut self, mark: Mark) {
        if self.entries.len() > mark.0 {
            self.unindex_from(mark.0);
            self.entries.truncate(mark.0);
        }
    }

    /// Removes what was written from `from` up to `to` (earlier than now),
    /// keeping what was written before and since.
    pub fn remove_between(&mut self, from: Mark, to: Mark) {
        self.unindex_from(from.0);
        self.entries.drain(from.0..to.0);
    }

    /// Takes out everything written since `mark`, to restore it later or not.
    /// Most filters that hold wrote nothing: then nothing is to be done.
    #[inline]
    pub fn take_since(&mut self, mark: Mark) -> Written {
        if self.entries.len() == mark.0 {
            return Written::default();
        }
        self.unindex_from(mark.0);
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
        self.sorts_begun += 1;
        let recorded = self.push(Entry::SortBegin);
        self.open_sorts.push((self.sorts_begun, recorded));
        mark
    }

    /// What beginning an evaluation of a sort filter whose body writes
    /// nothing and ending it without a value leaves: nothing, but a full
    /// log's overflow (the begin marker it could not write).
    pub fn sort_without_value(&mut self) {
        self.full();
    }

    /// Whether the log takes no more entries: it is full, or was earlier in
    /// the game (it overflowed, and stays so).
    fn full(&mut self) -> bool {
        self.overflowed |= self.entries.len() >= LOG_LIMIT;
        self.overflowed
    }

    /// Ends the evaluation of sort filter `sort` begun at `begun`: without a
    /// value it is taken back; with one it is recorded, unless (in loops
    /// nested in loops) an earlier evaluation of the sort as good or better
    /// stays whenever this one would: then this one can be neither the best
    /// nor printed, and only what can still count of it is kept: the
    /// values of the evaluations inside it, and what [`Notes::add_once`]
    /// finds of its pieces.
    pub fn end_sort(&mut self, begun: Mark, sort: usize, value: Option<SortValue>) {
        let (_, recorded) = self.open_sorts.pop().expect("a sort ends after it begins");
        match value {
            None => self.rollback(begun),
            Some(_) if !recorded => {}
            Some(ref value) if self.turns.len() >= REPEATING && self.as_good_stands(sort, value, NO_GROUP) => {
                self.reduce(begun)
            }
            Some(value) => self.entries.push(Entry::SortEnd { sort, value }),
        }
    }

    /// Whether an evaluation of `sort` that gave `value` or a better value
    /// stands where it stays whenever what is written now does, or from
    /// `group` on.
    fn as_good_stands(&mut self, sort: usize, value: &SortValue, group: usize) -> bool {
        let min = self.sorts.get(sort).is_some_and(|sort| sort.min);
        let as_good = move |entry: &Entry| match entry {
            Entry::SortEnd { value: old, .. } | Entry::SortValue { value: old, .. } => {
                if min {
                    old <= value
                } else {
                    old >= value
                }
            }
            _ => false,
        };
        let hash = self.hasher.hash_one(Key::Sort(sort));
        self.stands(Key::Sort(sort), hash, group, as_good)
    }

    /// Replaces the ended sort evaluation begun at `begun`, which can be
    /// neither the best nor printed, by what can still count of it: the
    /// values of the evaluations inside it (for which is the best of their
    /// sorts) and ghosts of its pieces (for [`Notes::add_once`]), each
    /// unless an entry that stays as long makes it pointless.
    fn reduce(&mut self, begun: Mark) {
        let group = begun.0;
        self.unindex_from(group);
        let evaluation = self.entries.split_off(group);
        for entry in evaluation {
            match entry {
                Entry::Piece(mut note, _) | Entry::Ghost(mut note) => {
                    if !self.note_stands(&mut note, group, |_| true) {
                        self.push(Entry::Ghost(note));
                    }
                }
                Entry::SortEnd { sort, value } | Entry::SortValue { sort, value } => {
                    if !self.as_good_stands(sort, &value, group) {
                        self.push(Entry::SortValue { sort, value });
                    }
                }
                Entry::SortBegin | Entry::Match(_) => {}
            }
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
    /// among the pieces, and stay). `sorts` are the query's, as given to
    /// [`Notes::for_sorts`].
    pub fn resolve<'a>(&'a self, sorts: &[Sort], match_string: &'a str) -> Resolved<'a> {
        // Each sort evaluation as (sort, value, the evaluation it is inside);
        // for each entry, the innermost evaluation it is inside (none at
        // all while no evaluation has ended).
        let mut evaluations: Vec<(usize, &SortValue, Option<usize>)> = Vec::new();
        let mut owner: Vec<Option<usize>> = Vec::new();
        let mut open: Vec<usize> = Vec::new();
        // Evaluations not yet known to be inside another, with where they began.
        let mut outermost: Vec<(usize, usize)> = Vec::new();
        for (index, entry) in self.entries.iter().enumerate() {
            match entry {
                Entry::SortBegin => open.push(index),
                Entry::SortEnd { sort, value } => {
                    let begun = open.pop().expect("a sort ends after it begins");
                    let evaluation = evaluations.len();
                    evaluations.push((*sort, value, None));
                    if owner.is_empty() {
                        owner.resize(self.entries.len(), None);
                    }
                    for slot in &mut owner[begun..index] {
                        slot.get_or_insert(evaluation);
                    }
                    while let Some(&(inner, _)) = outermost.last().filter(|(_, start)| *start > begun) {
                        evaluations[inner].2 = Some(evaluation);
                        outermost.pop();
                    }
                    outermost.push((evaluation, begun));
                }
                // Nothing is inside it, and nothing of it is printed.
                Entry::SortValue { sort, value } => evaluations.push((*sort, value, None)),
                Entry::Piece(..) | Entry::Ghost(..) | Entry::Match(_) => {}
            }
        }
        // The best evaluation of each sort, the first of the best values.
        let mut best: BTreeMap<usize, (usize, &SortValue)> = BTreeMap::new();
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
        let run = self.run.iter().flat_map(|(_, notes)| notes.iter().map(|(node, text)| (*node, text.as_str())));
        let mut pieces = Vec::with_capacity(self.entries.len() + run.clone().count());
        let depth = |evaluation: usize| std::iter::successors(Some(evaluation), |&e| evaluations[e].2).count();
        let mut held = Vec::new();
        for (index, entry) in self.entries.iter().enumerate() {
            let piece = match entry {
                Entry::Piece(note, _) => (note.node, note.text.as_str()),
                Entry::Match(node) => (*node, match_string),
                _ => continue,
            };
            match owner.get(index).copied().flatten() {
                None => pieces.push(piece),
                Some(evaluation) if kept(evaluation) => held.push((depth(evaluation), piece)),
                Some(_) => {}
            }
        }
        // The comments of an evaluation inside another come before the
        // other's; the longest `consecutivemoves` run's before the sorts'
        // (CQL 6.2 writes those of a `consecutivemoves` inside a sorted
        // `echo` before the echo's own).
        held.sort_by_key(|(depth, _)| std::cmp::Reverse(*depth));
        pieces.extend(run);
        pieces.extend(held.into_iter().map(|(_, piece)| piece));
        keep_first_of_each(&mut pieces);
        let sort_values = (0..sorts.len()).map(|sort| best.get(&sort).map(|&(_, value)| value.clone())).collect();
        Resolved { pieces, sort_values }
    }
}

/// How many pieces at one position are compared with each other one by
/// one; more are sorted by text.
const COMPARED_PIECES: usize = 8;

/// Keeps only the first of the pieces with the same position and text, in
/// time linear in the pieces (grouped by position; the few at a position
/// compared, the many sorted), without hashing a text.
fn keep_first_of_each(pieces: &mut Vec<(NodeId, &str)>) {
    // One piece a position, in the order of the positions (the match
    // string at each matching position): nothing is repeated.
    if pieces.windows(2).all(|pair| pair[0].0 < pair[1].0) {
        return;
    }
    let Some(last_node) = pieces.iter().map(|(node, _)| node.index()).max() else { return };
    let mut by_node = ByNode::default();
    by_node.group(last_node + 1, pieces.iter().map(|(node, _)| node.index()));
    let mut repeated = vec![false; pieces.len()];
    let mut sorted: Vec<u32> = Vec::new();
    let text = |piece: u32| pieces[piece as usize].1;
    for node in 0..=last_node {
        let group = by_node.of(node);
        if group.len() <= COMPARED_PIECES {
            for (later, &piece) in group.iter().enumerate() {
                repeated[piece as usize] = group[..later].iter().any(|&earlier| text(earlier) == text(piece));
            }
        } else {
            sorted.clear();
            sorted.extend_from_slice(group);
            sorted.sort_by(|&a, &b| text(a).cmp(text(b)).then(a.cmp(&b)));
            for pair in sorted.windows(2) {
                repeated[pair[1] as usize] = text(pair[0]) == text(pair[1]);
            }
        }
    }
    let mut index = 0;
    pieces.retain(|_| {
        index += 1;
        !repeated[index - 1]
    });
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
        assert_eq!(notes.resolve(&[], "CQL").pieces, vec![(node(0), "kept")]);
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
        assert_eq!(pieces, vec![(node(0), "before"), (node(0), "after")]);
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
            let count = |n: usize, text: &str| pieces.iter().filter(|(at, t)| *at == node(n) && *t == text).count();
            assert_eq!((count(1, "at 1"), count(1, "again"), count(2, "new"), count(3, "moved")), (1, 1, 1, 1));
        }
    }

    #[test]
    fn only_the_best_sort_evaluation_keeps_its_comments_and_they_come_last() {
        let sorts = [Sort::max("length")];
        let mut notes = Notes::default();
        for (at, value) in [(1, 5), (2, 9), (3, 9), (4, 2)] {
            let begun = notes.begin_sort();
            notes.add(node(at), format!("path {at}"));
            notes.end_sort(begun, 0, Some(SortValue::Number(value)));
            notes.record_match(node(at), true);
        }
        let failed = notes.begin_sort();
        notes.add(node(5), "never".into());
        notes.end_sort(failed, 0, None);
        let resolved = notes.resolve(&sorts, "CQL");
        assert_eq!(resolved.sort_values, vec![Some(SortValue::Number(9))]);
        let texts: Vec<&str> = resolved.pieces.iter().map(|(_, t)| *t).collect();
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
        let texts = notes.resolve(&[], "CQL").pieces;
        assert_eq!(texts, vec![(node(0), "x"), (node(0), "y"), (node(0), "CQL"), (node(1), "x")]);
    }

    #[test]
    fn the_first_of_each_piece_is_kept_as_a_set_of_those_seen_keeps_it() {
        let texts = ["CQL", "x", "y", "z", "a longer text", ""];
        let mut seed = 7u64;
        let mut next = |bound: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % bound
        };
        // Few positions with many pieces (sorted by text), many with few
        // (compared one by one), and one piece at each position in order.
        for (count, positions) in [(200, 3), (200, 60), (40, 1000), (0, 1), (1, 1)] {
            let mut pieces: Vec<(NodeId, &str)> =
                (0..count).map(|_| (node(next(positions)), texts[next(texts.len())])).collect();
            if positions == 1000 {
                pieces.sort_by_key(|(at, _)| *at);
                pieces.dedup_by_key(|(at, _)| *at);
            }
            let mut seen = std::collections::HashSet::new();
            let mut expected = pieces.clone();
            expected.retain(|piece| seen.insert(*piece));
            keep_first_of_each(&mut pieces);
            assert_eq!(pieces, expected, "{count} pieces at {positions} positions");
        }
    }

    /// `Cursor::sort_writing_nothing`: a sort whose body writes nothing is
    /// begun and ended once its value is known, and not at all without
    /// one, leaving what beginning it first leaves, the log's overflow too.
    #[test]
    fn a_sort_whose_body_writes_nothing_may_be_begun_once_its_value_is_known() {
        let sorts = [Sort::max("value")];
        let values = [None, Some(5), None, Some(9), Some(2), None, Some(9)];
        // A full log, where only the evaluations might write: it overflows.
        for (filled, values) in [(0, &values[..]), (100, &values), (LOG_LIMIT - 2, &values), (LOG_LIMIT, &[None])] {
            let log = || Notes { entries: vec![Entry::Match(node(0)); filled], ..Notes::default() };
            let (mut first, mut last) = (log(), log());
            for (at, &value) in values.iter().enumerate() {
                let value = value.map(SortValue::Number);
                let begun = first.begin_sort();
                first.end_sort(begun, 0, value.clone());
                match value {
                    None => last.sort_without_value(),
                    Some(value) => {
                        let begun = last.begin_sort();
                        last.end_sort(begun, 0, Some(value));
                    }
                }
                for notes in [&mut first, &mut last].into_iter().filter(|_| filled < LOG_LIMIT) {
                    notes.add(node(at), format!("after {at}"));
                    notes.record_match(node(at), true);
                }
            }
            assert_eq!(first.overflowed(), last.overflowed(), "{filled}");
            let (first, last) = (first.resolve(&sorts, "CQL"), last.resolve(&sorts, "CQL"));
            assert_eq!(first.sort_values, last.sort_values, "{filled}");
            assert_eq!(first.pieces, last.pieces, "{filled}");
        }
    }

    #[test]
    fn sort_min_keeps_the_smallest_value() {
        let sorts = [Sort::min("year")];
        let mut notes = Notes::default();
        for value in [1950, 1497, 1600] {
            let begun = notes.begin_sort();
            notes.end_sort(begun, 0, Some(SortValue::Number(value)));
        }
        assert_eq!(notes.resolve(&sorts, "CQL").sort_values, vec![Some(SortValue::Number(1497))]);
    }

    /// The texts of the pieces the notes hold, printed or not.
    fn held(notes: &Notes) -> Vec<&str> {
        (notes.entries.iter())
            .filter_map(|entry| match entry {
                Entry::Piece(note, _) | Entry::Ghost(note) => Some(note.text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// Opens two loops of turns, one in the other: what is written in the
    /// inner one is looked up.
    fn in_nested_loops(notes: &mut Notes) {
        for _ in 0..REPEATING {
            notes.begin_turns();
            notes.next_turn();
        }
    }

    #[test]
    fn a_piece_standing_where_it_lasts_is_not_written_again() {
        for length in [0, SCANNED_ENTRIES * 2] {
            let mut notes = Notes::default();
            (0..length).for_each(|i| notes.add(node(i + 10), format!("filler {i}")));
            // The positions evaluated so far.
            notes.add(node(0), "x".into());
            notes.settle();
            in_nested_loops(&mut notes);
            notes.add(node(0), "x".into());
            // The earlier turns of the inner loop, not its current one.
            for _ in 0..3 {
                notes.next_turn();
                notes.add(node(1), "y".into());
                notes.add(node(1), "y".into());
            }
            // The earlier turns of the outer loop.
            notes.end_turns();
            notes.next_turn();
            notes.begin_turns();
            notes.next_turn();
            notes.add(node(1), "y".into());
            assert_eq!(held(&notes)[length..], ["x", "y", "y"], "{length}");
            // Taken back with its turn, it is written again.
            let mark = notes.mark();
            notes.add(node(2), "z".into());
            notes.rollback(mark);
            notes.next_turn();
            notes.add(node(2), "z".into());
            assert_eq!(held(&notes)[length..], ["x", "y", "y", "z"], "{length}");
            // Outside loops nested in loops, nothing is looked up.
            notes.end_turns();
            notes.add(node(2), "z".into());
            assert_eq!(held(&notes)[length..], ["x", "y", "y", "z", "z"], "{length}");
        }
    }

    #[test]
    fn a_piece_of_another_sort_evaluation_does_not_count_as_standing() {
        let mut notes = Notes::default();
        notes.add(node(0), "outside".into());
        let begun = notes.begin_sort();
        notes.add(node(0), "inside".into());
        notes.end_sort(begun, 0, Some(SortValue::Number(1)));
        notes.settle();
        in_nested_loops(&mut notes);
        // A piece outside every evaluation stands for one in an evaluation,
        // not one in an evaluation for another outside.
        let begun = notes.begin_sort();
        notes.add(node(0), "outside".into());
        notes.end_sort(begun, 0, Some(SortValue::Number(2)));
        notes.add(node(0), "inside".into());
        assert_eq!(held(&notes), ["outside", "inside", "inside"]);
        let sorts = [Sort::max("n")];
        let texts: Vec<&str> = notes.resolve(&sorts, "CQL").pieces.into_iter().map(|(_, text)| text).collect();
        assert_eq!(texts, ["outside", "inside"]);
    }

    #[test]
    fn a_sort_evaluation_no_better_than_one_that_lasts_keeps_only_what_counts() {
        static SORTS: [Sort; 2] = [Sort::max("a"), Sort::min("b")];
        let mut notes = Notes::default();
        notes.for_sorts(&SORTS);
        let begun = notes.begin_sort();
        notes.add(node(0), "best".into());
        notes.end_sort(begun, 0, Some(SortValue::Number(5)));
        notes.settle();
        in_nested_loops(&mut notes);
        let begun = notes.begin_sort();
        notes.add(node(1), "worse".into());
        let inner = notes.begin_sort();
        notes.end_sort(inner, 1, Some(SortValue::Number(7)));
        notes.end_sort(begun, 0, Some(SortValue::Number(5)));
        // A ghost of its piece for `add_once`, and the value of the
        // evaluation inside it, which still counts for sort `b`.
        let kept = &notes.entries[3..];
        assert!(
            matches!(kept, [Entry::Ghost(note), Entry::SortValue { sort: 1, value: SortValue::Number(7) }] if note.text == "worse")
        );
        notes.add_once(node(1), "worse".into());
        assert_eq!(held(&notes), ["best", "worse"]);
        // A smaller value is better for `b`: 8 is not kept, 6 is.
        notes.next_turn();
        for value in [8, 6] {
            let begun = notes.begin_sort();
            notes.end_sort(begun, 1, Some(SortValue::Number(value)));
        }
        assert_eq!(notes.entries.last(), Some(&Entry::SortEnd { sort: 1, value: SortValue::Number(6) }));
        assert_eq!(notes.entries.len(), 7);
        let resolved = notes.resolve(&SORTS, "CQL");
        assert_eq!(
            (resolved.pieces, resolved.sort_values),
            (vec![(node(0), "best")], vec![Some(SortValue::Number(5)), Some(SortValue::Number(6))])
        );
    }

    #[test]
    fn a_full_log_takes_no_more() {
        let mut notes = Notes { entries: vec![Entry::Match(node(0)); LOG_LIMIT], ..Notes::default() };
        notes.add(node(1), "dropped".into());
        let begun = notes.begin_sort();
        notes.end_sort(begun, 0, Some(SortValue::Number(1)));
        assert_eq!((notes.entries.len(), notes.overflowed()), (LOG_LIMIT, true));
        // Once full, for the rest of the game: the comments are incomplete
        // rather than wrong.
        notes.rollback(Mark(1));
        notes.add(node(1), "dropped".into());
        assert_eq!(notes.entries.len(), 1);
    }
}
