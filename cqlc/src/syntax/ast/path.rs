//! The parts of the syntax tree of a path filter (`⊢`): its parameters,
//! constituents and repetitions, and the path status filters.

use super::{Bounds, Dash, Filter, Span};

/// A path filter `⊢ parameters constituents`.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// What the parameters ask for.
    pub params: PathParams,
    /// The constituents, in order.
    pub constituents: Vec<Constituent>,
}

/// The parameters of a path filter, all optional.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathParams {
    /// The parameters that are flags or names.
    pub flags: PathFlags,
    /// `◎ S` / `focus [capture] S`: only moves of (or capturing) these pieces count.
    pub focus: Option<Focus>,
    /// `max F` / `min F`: the path whose last position gives F's best value.
    pub best: Option<Best>,
    /// `line N M --> ...`: the line's length must be in this range.
    pub range: Option<Bounds>,
}

/// The parameters of a path filter that are flags or names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathFlags {
    /// `primary`: only primary moves.
    pub primary: bool,
    /// `secondary` (a `line`): only the moves that are not primary, those
    /// that start variations.
    pub secondary: bool,
    /// `verbose`: a note at each move of the path.
    pub verbose: bool,
    /// `keepallbest`: every best path keeps its comments, not only the first.
    pub keepallbest: bool,
    /// `title "T"`: names the path in its notes.
    pub title: Option<String>,
    /// `piecepath`: the squares each focused piece went through, at the start.
    pub piecepath: bool,
    /// `quiet`: no automatic notes.
    pub quiet: bool,
    /// `nestban`: no path from a position inside a path found before.
    pub nestban: bool,
    /// `firstmatch`: the first path found, not the longest.
    pub firstmatch: bool,
    /// `lastposition`: the value is the last position, not the length.
    pub lastposition: bool,
    /// A `line` (see `parse/line.rs`): the first move is the one into the
    /// start, and the length counts positions.
    pub line: bool,
    /// A `line <--`: back to parents, not on to children.
    pub backward: bool,
    /// `singlecolor` (a `line`): only the positions with the side to move
    /// of the start count; those between pass without a constituent.
    pub singlecolor: bool,
}

/// The `focus` parameter of a path.
#[derive(Clone, Debug, PartialEq)]
pub struct Focus {
    /// `capture`: moves capturing the pieces count too.
    pub capture: bool,
    /// The focused pieces: those on these squares where the path starts.
    pub pieces: Box<Filter>,
}

/// The `max` or `min` parameter of a path.
#[derive(Clone, Debug, PartialEq)]
pub struct Best {
    /// `min` rather than `max`.
    pub min: bool,
    /// The numeric filter, evaluated at the last position of each path.
    pub value: Box<Filter>,
}

/// One constituent of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum Constituent {
    /// A dash without target: consumes one move.
    Move(Dash, Span),
    /// Any other filter: must hold at the position reached so far.
    Filter(Filter),
    /// `( ... )`: constituents in sequence.
    Chain(Vec<Constituent>, Span),
    /// A constituent repeated `*`, `+`, `?` or `{m,n}` times.
    Repeat(Box<Repetition>),
}

/// A repeated constituent.
#[derive(Clone, Debug, PartialEq)]
pub struct Repetition {
    /// What repeats: a move, a chain, or a move and the filters after it.
    pub body: Constituent,
    /// The fewest repetitions.
    pub min: u32,
    /// The most repetitions, if limited.
    pub max: Option<u32>,
    /// Where the repetition signal is written.
    pub span: Span,
}

impl Constituent {
    /// Whether a move is among this constituent's parts.
    pub fn has_move(&self) -> bool {
        match self {
            Constituent::Move(..) => true,
            Constituent::Filter(_) => false,
            Constituent::Chain(parts, _) => parts.iter().any(Constituent::has_move),
            Constituent::Repeat(repetition) => repetition.body.has_move(),
        }
    }
}

/// The path status filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathStatus {
    /// `pathcount`: the moves of the path so far (focused ones, with `focus`).
    Count,
    /// `pathcountunfocused`: the unfocused moves of the path so far.
    CountUnfocused,
    /// `pathstart`: the position the path starts at.
    Start,
    /// `pathlastposition`: the position after the path's last move so far.
    LastPosition,
}
