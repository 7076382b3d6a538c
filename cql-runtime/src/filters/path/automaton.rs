//! A path filter as the compiler describes it: the automaton of its
//! constituents ([`State`]) and its parameters ([`Path`]), and the moves a
//! path may follow from a position.

use shakmaty::Bitboard;
use smallvec::SmallVec;

use crate::{cursor::Cursor, move_view::MoveView, state::Var, tree::NodeId};

/// A test of one move, with the cursor at the position before it.
pub type MoveTest<'a> = &'a dyn Fn(&mut Cursor<'_>, &MoveView) -> bool;

/// A test of the position the path has reached.
pub type PositionTest<'a> = &'a dyn Fn(&mut Cursor<'_>) -> bool;

/// A number computed at a position (`max`/`min`).
pub type NumberAt<'a> = &'a dyn Fn(&mut Cursor<'_>) -> Option<i64>;

/// A set of squares computed at a position (`focus`).
pub type SquaresAt<'a> = &'a dyn Fn(&mut Cursor<'_>) -> Bitboard;

/// One state of a path's automaton; states name their successors by index.
#[derive(Clone, Copy)]
pub enum State<'a> {
    /// A move constituent: a move that passes the test leads to the state.
    Move(usize, MoveTest<'a>),
    /// A filter constituent: if the test holds here, on to the state.
    Filter(usize, PositionTest<'a>),
    /// Either state (a repetition: once more, or on).
    Split(usize, usize),
    /// The path is complete.
    Accept,
}

/// A path filter: its automaton and parameters.
pub struct Path<'a> {
    /// The automaton; state 0 is where it starts.
    pub states: &'a [State<'a>],
    /// `focus [capture] S`.
    pub focus: Option<Focus<'a>>,
    /// `max F` / `min F`.
    pub best: Option<Best<'a>>,
    /// The other parameters.
    pub settings: PathSettings,
    /// Given by the compiler when nothing the path does depends on where it
    /// started (see [`Site`]).
    pub memo: Option<&'a Site>,
    /// The constants this image of the path was made with, when it is
    /// written once for several images (of a transform, or the calls of a
    /// function): the images of one site differ in them, so each has a
    /// memory of its own ([`ImageKey`](super::ImageKey)), and with
    /// `nestban` bans only its own starts.
    pub image: &'a [[u64; 2]],
}

impl Path<'_> {
    /// No state and no parameter (for `..Path::DEFAULT` in generated code).
    pub const DEFAULT: Path<'static> =
        Path { states: &[], focus: None, best: None, settings: PathSettings::DEFAULT, memo: None, image: &[] };
}

/// A path filter's place in the generated code (a `static`, whose address
/// names it), given to a path whose constituents depend on nothing but the
/// position: no `focus`, `max`/`min`, `keepallbest`, `firstmatch` or `singlecolor`, no
/// variable, path status or anything written inside. The best continuation
/// from a position in a state is then the same wherever the path started,
/// and is worked out once a game for the site. The byte gives each site an
/// address of its own.
#[derive(Debug)]
pub struct Site(pub u8);

/// The `focus` parameter.
#[derive(Clone, Copy)]
pub struct Focus<'a> {
    /// Whether moves capturing a focused piece count as focused moves.
    pub capture: bool,
    /// The squares of the focused pieces, at the start of the path.
    pub pieces: SquaresAt<'a>,
}

/// The `max` or `min` parameter.
#[derive(Clone, Copy)]
pub struct Best<'a> {
    /// Smallest rather than largest.
    pub min: bool,
    /// The value compared, at the last position of each path.
    pub value: NumberAt<'a>,
}

/// The parameters of a path that are flags or names.
#[derive(Clone, Copy, Debug, Default)]
pub struct PathSettings {
    /// Which path filter of the query this is (for `nestban`).
    pub index: usize,
    /// `primary`: only primary moves.
    pub primary: bool,
    /// `secondary` (a `line`): only the moves that are not primary.
    pub secondary: bool,
    /// `verbose`: a note at each focused move.
    pub verbose: bool,
    /// `keepallbest`: every best path keeps its comments and notes.
    pub keepallbest: bool,
    /// `title "T"`.
    pub title: Option<&'static str>,
    /// `piecepath`: the focused pieces' squares, at the start.
    pub piecepath: bool,
    /// `quiet`: no `Start path`/`End path` notes.
    pub quiet: bool,
    /// `nestban`: skip a start inside a path of this filter found before.
    pub nestban: bool,
    /// `firstmatch`: the first path found, not the best.
    pub firstmatch: bool,
    /// A constituent writes (comments, variables): the path is matched one
    /// way at a time, as CQL 6.2 matches it (see `backtrack`).
    pub backtrack: bool,
    /// A `line`: its first move is the one into the start position (a
    /// line's constituents are positions, each the compiler gives as a move
    /// into it and a filter there), and its length counts positions.
    pub line: bool,
    /// A `line <--`: back to parents instead of on to children.
    pub backward: bool,
    /// `singlecolor` (a `line`): a move counts only if it leads to a
    /// position with the side to move of the start; the others pass.
    pub singlecolor: bool,
    /// The query's `atomic` variables: the path takes back what it did to
    /// them, after each move it tries and once it is done.
    pub atomics: &'static [Var],
    /// The path starts with a move and a filter constituent that writes
    /// nothing and reads no path status: the filter may be tried after each
    /// first move before a search is set up.
    pub pure_first_filter: bool,
    /// The path starts with a filter constituent that writes nothing and
    /// reads no path status: it may be tried at the start before a search
    /// is set up.
    pub pure_start_filter: bool,
    /// Before a search, look for a first move of a focused piece: the
    /// `focus` pieces' set writes nothing and reads no path status (so it
    /// may be read before the path is known to start), and some move
    /// constituent may match another piece's move.
    pub focus_first: bool,
    /// No move constituent looks at the move (a `line`'s arrows): each
    /// passes any move, which need not be described to be followed.
    pub any_move: bool,
}

impl PathSettings {
    /// No parameters (for `..PathSettings::DEFAULT`).
    pub const DEFAULT: PathSettings = PathSettings {
        index: 0,
        primary: false,
        secondary: false,
        verbose: false,
        keepallbest: false,
        title: None,
        piecepath: false,
        quiet: false,
        nestban: false,
        firstmatch: false,
        backtrack: false,
        line: false,
        backward: false,
        singlecolor: false,
        atomics: &[],
        pure_first_filter: false,
        pure_start_filter: false,
        focus_first: false,
        any_move: false,
    };
}

impl Path<'_> {
    /// The moves from the cursor's position the path may follow, as the
    /// nodes they lead to: the game's (see [`Cursor::next_nodes`]), only the
    /// primary one with `primary`, all but it with `secondary`; for a
    /// `line <--`, the parent.
    // Collected for the memo's expansion, once per position and state; the
    // searches, at every position, walk `backward_node` or `forward_nodes`
    // without collecting. Filled by `push`: `collect` goes through
    // SmallVec's generic `extend`, which the compiler keeps out of line.
    #[inline(always)]
    pub(super) fn next_nodes(&self, at: &Cursor<'_>) -> SmallVec<[NodeId; 4]> {
        if self.settings.backward {
            return self.backward_node(at).into_iter().collect();
        }
        let mut nodes = SmallVec::new();
        for node in self.forward_nodes(at) {
            nodes.push(node);
        }
        nodes
    }

    /// For a `line <--`, the position it goes back to from the cursor's:
    /// the parent, if the cursor is at a game position.
    #[inline]
    pub(super) fn backward_node(&self, at: &Cursor<'_>) -> Option<NodeId> {
        if at.is_imaginary() { None } else { at.tree().node(at.node()).parent() }
    }

    /// The game's moves from the cursor's position the path may follow
    /// forward (not for a `line <--`): [`Path::next_nodes`] without
    /// collecting them.
    #[inline(always)]
    pub(super) fn forward_nodes<'a>(&self, at: &Cursor<'a>) -> impl Iterator<Item = NodeId> + use<'a> {
        let limit = if self.settings.primary { 1 } else { usize::MAX };
        let skipped = usize::from(self.settings.secondary);
        at.next_nodes().skip(skipped).take(limit)
    }
}
