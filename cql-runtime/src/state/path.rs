//! What the path filter keeps in the game's state: how far the path being
//! matched has come, and the memory path searches reuse from one evaluation
//! to the next (the search itself is in `filters/path/search.rs`).

use crate::tree::{GameTree, NodeId};

/// How far the path being matched has come, for `pathcount` and
/// `pathcountunfocused`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathProgress {
    /// Moves matched by move constituents (focused moves).
    pub focused: u32,
    /// Moves of unfocused pieces passed over.
    pub unfocused: u32,
}

/// How a state of a path's automaton was reached at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reached {
    /// Not reached.
    No,
    /// The start state at the start position.
    Start,
    /// From this state, at the same position.
    From(usize),
    /// By a focused move, from this state at the position before.
    Moved(usize),
    /// Waiting in the same state while an unfocused piece moved.
    Waited,
}

/// A path's automaton at one position of the path.
#[derive(Debug)]
pub(crate) struct Frame {
    /// The position.
    pub(crate) node: NodeId,
    /// How far the path has come there.
    pub(crate) progress: PathProgress,
    /// Whether the move into the position was focused.
    pub(crate) focused_move: bool,
    /// The states reached there: a bit each, so that a frame is reset and
    /// its reached states are visited in the time of a few words, however
    /// many states the automaton has.
    live: StateSet,
    /// How each state of `live` was reached (the others' entries are stale).
    how: Vec<Reached>,
}

impl Frame {
    /// How `state` was reached here ([`Reached::No`] if it was not).
    #[inline]
    pub(crate) fn reached(&self, state: usize) -> Reached {
        if self.live.contains(state) { self.how[state] } else { Reached::No }
    }

    /// Notes that `state` was reached here, as `how`.
    #[inline]
    pub(crate) fn reach(&mut self, state: usize, how: Reached) {
        self.live.insert(state);
        self.how[state] = how;
    }

    /// The states reached here, in increasing order.
    #[inline]
    pub(crate) fn reached_states(&self) -> States<'_> {
        self.live.iter()
    }
}

/// A set of a path automaton's states, one bit each.
#[derive(Debug, Default)]
struct StateSet(Vec<u64>);

impl StateSet {
    /// The empty set of states below `states`, keeping this one's memory.
    #[inline]
    fn reset(&mut self, states: usize) {
        let words = states.div_ceil(64);
        if self.0.len() != words {
            self.0.clear();
            self.0.resize(words, 0);
            return;
        }
        // Nearly every path has at most 128 states: a store or two, not a
        // call of `memset`.
        match &mut self.0[..] {
            [word] => *word = 0,
            [first, second] => (*first, *second) = (0, 0),
            words => words.fill(0),
        }
    }

    #[inline]
    fn contains(&self, state: usize) -> bool {
        self.0[state / 64] & (1 << (state % 64)) != 0
    }

    #[inline]
    fn insert(&mut self, state: usize) {
        self.0[state / 64] |= 1 << (state % 64);
    }

    /// The states, in increasing order.
    #[inline]
    fn iter(&self) -> States<'_> {
        States { words: &self.0, base: 0, next_base: 0, bits: 0 }
    }
}

/// The states of a [`StateSet`], in increasing order.
pub(crate) struct States<'s> {
    /// The words not yet begun.
    words: &'s [u64],
    /// The first state of the word begun.
    base: usize,
    /// The first state of the next word.
    next_base: usize,
    /// What is left of the word begun.
    bits: u64,
}

impl Iterator for States<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            let (&word, rest) = self.words.split_first()?;
            (self.base, self.next_base) = (self.next_base, self.next_base + 64);
            self.bits = word;
            self.words = rest;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.base + bit)
    }
}

/// Memory a path search reuses from one evaluation to the next: the frames
/// of the positions along the current line and the closure's work list.
#[derive(Debug, Default)]
pub(crate) struct PathScratch {
    /// The frames, by depth below the path's start.
    pub(crate) frames: Vec<Frame>,
    /// The states still to follow at one position.
    pub(crate) pending: Vec<usize>,
}

impl PathScratch {
    /// Resets `frames[depth]` for position `node` with no state of `states`
    /// reached, keeping the memory of an earlier frame there.
    pub(crate) fn frame(&mut self, depth: usize, node: NodeId, states: usize) -> &mut Frame {
        if self.frames.len() == depth {
            self.frames.push(Frame {
                node,
                progress: PathProgress::default(),
                focused_move: false,
                live: StateSet::default(),
                how: Vec::with_capacity(states),
            });
        }
        let frame = &mut self.frames[depth];
        frame.node = node;
        frame.live.reset(states);
        if frame.how.len() < states {
            frame.how.resize(states, Reached::No);
        }
        frame
    }
}

/// The best continuation of a path from a position in a state of its
/// automaton: its length and last position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Continuation {
    /// Not worked out yet.
    Unknown,
    /// No path continues to a position where the automaton accepts.
    None,
    /// The best one: its length in moves and its last position.
    To(u32, NodeId),
}

/// The best continuations a path whose constituents depend only on the
/// position has worked out in one game (`filters/path/memo.rs`), and where
/// its filter constituents hold.
#[derive(Debug)]
pub(crate) struct PathMemo {
    /// The path's site in the generated code, as an address.
    pub(crate) site: usize,
    /// The constants of the path's image (see `Path::image`).
    pub(crate) image: Vec<[u64; 2]>,
    /// The states of its automaton.
    states: usize,
    /// The best continuations, by node index times `states` plus state.
    best: Vec<Continuation>,
    /// For each state, the first state with the same filter constituent
    /// (a repeated constituent is one test, evaluated once a position).
    filter_of: Vec<usize>,
    /// Whether a filter constituent holds: by node index times `states`
    /// plus its first state; `None` until evaluated.
    holds: Vec<Option<bool>>,
}

impl PathMemo {
    /// Nothing worked out yet for the image `image` of the path at `site`,
    /// whose states have their filter constituents' first states in
    /// `filter_of`, in the game of `tree`.
    pub(crate) fn new(site: usize, image: &[[u64; 2]], tree: &GameTree, filter_of: Vec<usize>) -> PathMemo {
        let mut memo =
            PathMemo { site, image: Vec::new(), states: 0, best: Vec::new(), filter_of: Vec::new(), holds: Vec::new() };
        memo.reset(site, image, tree, filter_of);
        memo
    }

    /// As [`PathMemo::new`], keeping this one's memory.
    pub(crate) fn reset(&mut self, site: usize, image: &[[u64; 2]], tree: &GameTree, filter_of: Vec<usize>) {
        self.site = site;
        self.image.clear();
        self.image.extend_from_slice(image);
        self.states = filter_of.len();
        self.best.clear();
        self.best.resize(tree.len() * self.states, Continuation::Unknown);
        self.holds.clear();
        self.holds.resize(tree.len() * self.states, None);
        self.filter_of = filter_of;
    }

    /// Whether the filter constituent of `state` holds at `node`, evaluated
    /// by `test` the first time it is asked.
    pub(crate) fn filter_holds(&mut self, node: NodeId, state: usize, test: impl FnOnce() -> bool) -> bool {
        let index = node.index() * self.states + self.filter_of[state];
        *self.holds[index].get_or_insert_with(test)
    }

    /// Forgets the game: the memory is free for any path of the next one.
    pub(crate) fn forget(&mut self) {
        self.site = Self::FREE;
    }

    /// The site of a memory no path uses (no address is 0).
    pub(crate) const FREE: usize = 0;

    /// The best continuation from `node` in `state`.
    pub(crate) fn get(&self, node: NodeId, state: usize) -> Continuation {
        self.best[node.index() * self.states + state]
    }

    /// Records the best continuation from `node` in `state`.
    pub(crate) fn set(&mut self, node: NodeId, state: usize, best: Continuation) {
        self.best[node.index() * self.states + state] = best;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Sets of up to 200 states (four words), filled by a fixed scramble
    /// and reset between sizes, hold and list in increasing order exactly
    /// the states a `BTreeSet` of them does.
    #[test]
    fn a_state_set_behaves_as_a_set_of_its_states() {
        let mut set = StateSet::default();
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |bound: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % bound as u64) as usize
        };
        for states in [1, 2, 63, 64, 65, 127, 128, 129, 200, 3] {
            for _ in 0..20 {
                let members: BTreeSet<usize> = (0..next(states + 1)).map(|_| next(states)).collect();
                set.reset(states);
                members.iter().for_each(|&state| set.insert(state));
                assert_eq!(set.iter().collect::<Vec<_>>(), members.iter().copied().collect::<Vec<_>>());
                assert!((0..states).all(|state| set.contains(state) == members.contains(&state)));
            }
        }
    }

    /// A frame reused for another position forgets the states reached at
    /// the one before, and tells how each state it reaches was reached.
    #[test]
    fn a_reused_frame_starts_with_no_state_reached() {
        let mut scratch = PathScratch::default();
        let frame = scratch.frame(0, NodeId::ROOT, 70);
        frame.reach(69, Reached::Start);
        frame.reach(3, Reached::From(69));
        assert_eq!(frame.reached_states().collect::<Vec<_>>(), [3, 69]);
        assert_eq!(frame.reached(3), Reached::From(69));
        let frame = scratch.frame(0, NodeId::ROOT, 70);
        assert_eq!(frame.reached_states().count(), 0);
        assert_eq!(frame.reached(3), Reached::No);
        assert_eq!(frame.reached(69), Reached::No);
    }
}
