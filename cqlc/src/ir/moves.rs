//! The filters about moves: `move` and the dash `F――G` (also a path's move
//! constituent).

use super::{Legality, MoveSource, MoveSquare, Node, Roles};

/// Where the moves of a `move` filter come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Moves {
    /// Moves from the current position (or, for `previous`, the move into it).
    Forward(MoveSource),
    /// `legal reverse` / `pseudolegal reverse`: the moves that could have
    /// led to the position.
    Reverse(Legality),
}

/// What a `move` filter is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveResult {
    /// Whether a move matches (Boolean).
    Exists,
    /// `count`: how many moves match (Numeric).
    Count,
    /// These squares of the matching moves: their from squares if the
    /// first parameter is `from`, and so on for `to` and `capture`.
    Squares(MoveSquare),
}

/// Which castling a move filter asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Castling {
    /// `castle`
    Either,
    /// `o-o`
    Short,
    /// `o-o-o`
    Long,
}

/// A checked `move` filter.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveFilter {
    /// Which moves.
    pub moves: Moves,
    /// `from S`.
    pub from: Option<Box<Node>>,
    /// `to S`.
    pub to: Option<Box<Node>>,
    /// `capture S`.
    pub capture: Option<Box<Node>>,
    /// `enpassantsquare S`.
    pub en_passant_square: Option<Box<Node>>,
    /// `promote P`.
    pub promote: Option<Roles>,
    /// `drop P`.
    pub drop: Option<Roles>,
    /// `enpassant`.
    pub en_passant: bool,
    /// `castle`, `o-o`, `o-o-o`.
    pub castle: Option<Castling>,
    /// `null`.
    pub null: bool,
    /// `primary` (true) or `secondary` (false).
    pub primary: Option<bool>,
    /// The value.
    pub result: MoveResult,
    /// The comment evaluated after each matching move.
    pub custodial: Option<Box<Node>>,
    /// The target of a speculative move filter (`move legal : F`): only the
    /// moves after which it matches count (before which, for reverse moves).
    pub speculative: Option<Box<Node>>,
    /// `all` (speculative only): whether the target matched after every move
    /// considered; with `count`, their number if so.
    pub all: bool,
}

/// A dash filter.
#[derive(Clone, Debug, PartialEq)]
pub struct Dash {
    /// Which moves: the game's, or (for `currentmove`) the move that led
    /// here (`legal F――G` is a move filter).
    pub source: MoveSource,
    /// The move test: sides, capture, promotion.
    pub test: MoveTest,
    /// Filters at the position after the move (all must match); the value of
    /// the dash is the last one's.
    pub target: Vec<Node>,
}

/// What a move must be to match a dash (also a path's move constituent).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveTest {
    /// The squares it goes from (all squares if `None`).
    pub from: Option<Box<Node>>,
    /// The squares it goes to (all squares if `None`).
    pub to: Option<Box<Node>>,
    /// Only captures (`×`).
    pub capture: bool,
    /// Only promotions to these roles.
    pub promotion: Option<Promotion>,
    /// The source text of the test.
    pub source: String,
}

/// The pieces a move must promote to: `=Q`, `=[RBN]`, or `=T`, a string
/// variable whose letters name them, read where the move is made.
#[derive(Clone, Debug, PartialEq)]
pub enum Promotion {
    /// These roles.
    Roles(Roles),
    /// The roles the string variable names (either case; `""` and `"."`
    /// any).
    Named(super::VarRef),
}

impl Promotion {
    /// The roles the move may promote to.
    pub fn possible(&self) -> Roles {
        match self {
            Promotion::Roles(roles) => *roles,
            Promotion::Named(_) => Roles::PROMOTIONS,
        }
    }
}

/// One change `imagine` makes to a position, checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The position of this FEN.
    Fen(String),
    /// This piece kind (one) on these squares.
    Add(super::Kinds, u64),
    /// These squares emptied (a set).
    Remove(Box<Node>),
    /// White (true) or Black to move.
    SideToMove(bool),
}
