//! The typed query: what the checker makes of the syntax tree and the code
//! generator turns into Rust.
//!
//! Everything known at compile time is folded: piece designators are piece
//! kinds and square masks, `⬓` is expanded into its two images. Every node
//! has one of four value types ([`Type`]); a node that does not match a
//! position has no value (a set that does not match is empty).

pub use crate::syntax::ast::{AttackDirection, Comparison as Relation, PositionTest};

/// The value type of a filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// Matches or not, no value (`check`, `not F`, `comment`).
    Boolean,
    /// A set of squares; matches when not empty.
    Set,
    /// A number; matches when it has one.
    Numeric,
    /// A string; matches when it has one.
    String,
}

impl Type {
    /// The type as a person names it in an error message.
    pub fn describe(self) -> &'static str {
        match self {
            Type::Boolean => "true or false",
            Type::Set => "a set of squares",
            Type::Numeric => "a number",
            Type::String => "a string",
        }
    }
}

/// The settings of the header `cql(...)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `input F`
    pub input: Option<String>,
    /// `output F`
    pub output: Option<String>,
    /// `variations`
    pub variations: bool,
    /// `gamenumber N M`
    pub gamenumber: Option<(u64, u64)>,
    /// `matchcount N M`
    pub matchcount: Option<(u64, u64)>,
    /// `matchstring S`
    pub matchstring: Option<String>,
    /// `quiet`
    pub quiet: bool,
    /// `silent`
    pub silent: bool,
    /// `result R`
    pub result: Option<String>,
}

/// A checked query.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// The header settings.
    pub header: Header,
    /// The `sort` filters, in the order they appear (their index is their
    /// position here).
    pub sorts: Vec<SortSpec>,
    /// The body: every filter must match (a compound at the top level).
    pub body: Vec<Node>,
}

/// A `sort` filter's label and direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortSpec {
    /// The label shown with the value (`<sort-id-N>` if the query gives none).
    pub label: String,
    /// `sort min`: smaller values first.
    pub min: bool,
}

/// A typed filter with the source text it comes from (for the comments of
/// the generated code).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What it computes.
    pub expr: Expr,
    /// Its value type.
    pub ty: Type,
    /// Its text in the query, whitespace collapsed.
    pub source: String,
}

/// The filters, typed.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `true`, `false`.
    Bool(bool),
    /// A number.
    Number(i64),
    /// A string.
    Str(String),
    /// Constant squares (`e4`, `a-h1-8`, `▦`).
    Squares(u64),
    /// The squares of some piece kinds (bits as in the runtime's `Kinds`),
    /// within a mask.
    Pieces {
        /// Piece kinds, bit `colour * 6 + role`, bit 12 empty.
        kinds: u16,
        /// The squares they must be on.
        within: u64,
    },
    /// A test of the current position.
    Position(PositionTest),
    /// `{...}`: all must match, in order; the value is the last one's.
    Compound(Vec<Node>),
    /// `not F`.
    Not(Box<Node>),
    /// `F and G`.
    And(Box<Node>, Box<Node>),
    /// `F or G`.
    Or(Box<Node>, Box<Node>),
    /// A comparison of numbers (sets count their squares); the value is the left one.
    Compare(Relation, Box<Node>, Box<Node>),
    /// `A == B` / `A != B` on two sets: whether they are the same squares.
    SetEquality {
        /// `==` (true) or `!=` (false).
        equal: bool,
        /// Left set.
        left: Box<Node>,
        /// Right set.
        right: Box<Node>,
    },
    /// `==` `!=` `<` ... on strings.
    CompareStrings(Relation, Box<Node>, Box<Node>),
    /// `A ∪ B`.
    Union(Box<Node>, Box<Node>),
    /// `A ∩ B`.
    Intersection(Box<Node>, Box<Node>),
    /// `~A`.
    Complement(Box<Node>),
    /// Arithmetic on numbers.
    Arithmetic(Arithmetic, Box<Node>, Box<Node>),
    /// `-N`.
    Negate(Box<Node>),
    /// `#A`: the number of squares.
    Count(Box<Node>),
    /// `A in B`: A is a subset of B.
    Subset(Box<Node>, Box<Node>),
    /// `x1 → ... → xn` (value: squares of x1) or `xn ← ... ← x1` (value:
    /// squares of xn), operands as written.
    Attack(AttackDirection, Vec<Node>),
    /// `comment (...)`, `///`: writes its arguments; always matches.
    Comment(Vec<Node>),
    /// `F――G=X(target)`.
    Dash(Dash),
    /// `⊢ ...`.
    Path(Vec<Step>),
    /// The first of these images that matches (a transform such as `⬓`).
    FirstOf(Vec<Node>),
    /// `sort`: the body's number, recorded as the game's value for sort
    /// number `index`.
    Sort {
        /// Which sort of the query (see [`Query::sorts`]).
        index: usize,
        /// The sorted filter (numeric or a set, counted).
        body: Box<Node>,
    },
    /// `power F`: the material value of the pieces on F.
    Power(Box<Node>),
    /// `passedpawns`.
    PassedPawns,
    /// `year`.
    Year,
}

/// Arithmetic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arithmetic {
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

/// A dash filter.
#[derive(Clone, Debug, PartialEq)]
pub struct Dash {
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
    /// Only promotions to these roles (bit 0 = pawn ... 5 = king).
    pub promotion: Option<u8>,
    /// The source text of the test.
    pub source: String,
}

/// A constituent of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Consumes one move that passes the test.
    Move(MoveTest),
    /// Must hold at the position reached.
    Filter(Node),
}
