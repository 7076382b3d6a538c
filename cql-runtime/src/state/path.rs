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
    /// How each state was reached there.
    pub(crate) reached: Vec<Reached>,
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
                reached: Vec::with_capacity(states),
            });
        }
        let frame = &mut self.frames[depth];
        frame.node = node;
        frame.reached.clear();
        frame.reached.resize(states, Reached::No);
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
