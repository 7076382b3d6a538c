//! The typed query: what the checker makes of the syntax tree and the code
//! generator turns into Rust.
//!
//! Everything known at compile time is folded: piece designators are piece
//! kinds and square masks, `⬓` is expanded into its two images. Every node
//! has one of four value types ([`Type`]); a node that does not match a
//! position has no value (a set that does not match is empty).

pub use cql_vocabulary::{Arithmetic, Directions, Kinds, Legality, MoveSource, MoveSquare, Relation, Roles};

pub use crate::syntax::ast::{AttackDirection, PositionTest};

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
    /// A position of the game; matches when there is one.
    Position,
}

impl Type {
    /// The type as a person names it in an error message.
    pub fn describe(self) -> &'static str {
        match self {
            Type::Boolean => "true or false",
            Type::Set => "a set of squares",
            Type::Numeric => "a number",
            Type::String => "a string",
            Type::Position => "a position",
        }
    }
}

/// The settings of the header `cql(...)`, as the query's text gives them.
pub type Header = cql_vocabulary::Header<String>;

/// A `sort` filter's label (`<sort-id-N>` if the query gives none) and direction.
pub type SortSpec = cql_vocabulary::Sort<String>;

/// A checked query.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// The header settings.
    pub header: Header,
    /// The `sort` filters, in the order they appear (their index is their
    /// position here).
    pub sorts: Vec<SortSpec>,
    /// The variables, in the order of their first assignment (their index is
    /// their position here).
    pub variables: Vec<VarSpec>,
    /// The body: every filter must match (a compound at the top level).
    pub body: Vec<Node>,
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
    /// The squares of some piece kinds, within a mask.
    Pieces {
        /// The piece kinds (and the empty square).
        kinds: Kinds,
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
    /// `==` `!=` `<` ... on positions, ordered as CQL numbers them (its
    /// position ids).
    ComparePositions(Relation, Box<Node>, Box<Node>),
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
    /// `abs N`.
    Abs(Box<Node>),
    /// `#A`: the number of squares.
    Count(Box<Node>),
    /// `A in B`: A is a subset of B.
    Subset(Box<Node>, Box<Node>),
    /// `x1 → ... → xn` (value: squares of x1) or `xn ← ... ← x1` (value:
    /// squares of xn), operands as written.
    Attack(AttackDirection, Vec<Node>),
    /// `comment (...)`, `///`: writes its arguments; always matches.
    Comment(Vec<Node>),
    /// `message (...)`: prints its arguments; always matches.
    Message {
        /// Without the game and position in front.
        quiet: bool,
        /// What to print.
        arguments: Vec<Node>,
    },
    /// `F――G=X(target)`.
    Dash(Dash),
    /// `⊢ ...`.
    Path(Box<PathFilter>),
    /// `if C T [else E]`.
    If {
        /// The condition; its comments stay only if it matches.
        condition: Box<Node>,
        /// Evaluated where the condition matches.
        then: Box<Node>,
        /// Evaluated where it does not; without it the `if` matches there.
        otherwise: Option<Box<Node>>,
    },
    /// `pathcount`, `pathstart`, ...: where the path being matched (or the
    /// last one matched) is.
    PathStatus(PathStatus),
    /// `parent`, `∙`, `initialposition`: a position named from the current one.
    PositionOf(Relative),
    /// `P:F`: F evaluated at position P (no value if there is no P).
    At {
        /// The position.
        position: Box<Node>,
        /// The filter evaluated there; the value is its value.
        filter: Box<Node>,
    },
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
    /// `up N M F` and the other direction filters: the squares `min` to
    /// `max` steps from F in the directions.
    Direction {
        /// The directions.
        directions: Directions,
        /// The least distance (negative: the other way).
        min: i64,
        /// The greatest distance.
        max: i64,
        /// The squares stepped from.
        squares: Box<Node>,
    },
    /// `passedpawns`.
    PassedPawns,
    /// `year`.
    Year,
    /// `result 1-0`: whether the game's result is this one.
    Result(String),
    /// `between(x y)`: the squares strictly between a square of x and one
    /// of y on a rank, file or diagonal.
    Between(Box<Node>, Box<Node>),
    /// `move ...`.
    Move(MoveFilter),
    /// A filter about the current move.
    CurrentMove(CurrentMoveTest),
    /// `countmoves F――G`: the number of moves the dash matches.
    CountMoves(Dash),
    /// A variable.
    Var(VarRef),
    /// `x = F` and the like: assigns, matches if it could.
    Assign {
        /// The variable.
        var: VarRef,
        /// For `+=` and the like, the operation with the old value.
        op: Option<Arithmetic>,
        /// The value (a set for a set variable, a number for a numeric one,
        /// the squares of the piece for a piece variable).
        value: Box<Node>,
    },
    /// `x∊S body`, `◭x∊S body`, `∀x∊S body`.
    ForEach {
        /// The variable bound to each element.
        var: VarRef,
        /// `∀`: the body must hold for every element (else: for some; the
        /// value is the elements for which it holds).
        all: bool,
        /// The squares (or the pieces on them) gone over.
        set: Box<Node>,
        /// The filter evaluated for each.
        body: Box<Node>,
    },
}

impl Expr {
    /// The filters this one is made of, in order (for a dash or path, the
    /// sides and targets of its moves; for `move`, its sets and kept comment).
    pub fn children(&self) -> Vec<&Node> {
        fn optional<'n>(nodes: &[&'n Option<Box<Node>>]) -> Vec<&'n Node> {
            nodes.iter().filter_map(|node| node.as_deref()).collect()
        }
        fn dash(dash: &Dash) -> Vec<&Node> {
            let mut nodes = optional(&[&dash.test.from, &dash.test.to]);
            nodes.extend(&dash.target);
            nodes
        }
        match self {
            Expr::Bool(_)
            | Expr::Number(_)
            | Expr::Str(_)
            | Expr::Squares(_)
            | Expr::Pieces { .. }
            | Expr::Position(_)
            | Expr::PassedPawns
            | Expr::PathStatus(_)
            | Expr::PositionOf(_)
            | Expr::Year
            | Expr::Result(_)
            | Expr::CurrentMove(_)
            | Expr::Var(_) => Vec::new(),
            Expr::Compound(nodes) | Expr::Attack(_, nodes) | Expr::Comment(nodes) | Expr::FirstOf(nodes) => {
                nodes.iter().collect()
            }
            Expr::Message { arguments, .. } => arguments.iter().collect(),
            Expr::Not(inner)
            | Expr::Complement(inner)
            | Expr::Negate(inner)
            | Expr::Abs(inner)
            | Expr::Count(inner)
            | Expr::Power(inner)
            | Expr::Direction { squares: inner, .. }
            | Expr::Sort { body: inner, .. }
            | Expr::Assign { value: inner, .. } => vec![inner],
            Expr::And(l, r)
            | Expr::Or(l, r)
            | Expr::Compare(_, l, r)
            | Expr::CompareStrings(_, l, r)
            | Expr::ComparePositions(_, l, r)
            | Expr::Union(l, r)
            | Expr::Intersection(l, r)
            | Expr::Arithmetic(_, l, r)
            | Expr::Subset(l, r)
            | Expr::SetEquality { left: l, right: r, .. }
            | Expr::At { position: l, filter: r }
            | Expr::Between(l, r)
            | Expr::ForEach { set: l, body: r, .. } => vec![l, r],
            Expr::Dash(d) | Expr::CountMoves(d) => dash(d),
            Expr::Path(path) => path.parts(),
            Expr::If { condition, then, otherwise } => {
                let mut parts = vec![&**condition, &**then];
                parts.extend(otherwise.as_deref());
                parts
            }
            Expr::Move(filter) => {
                optional(&[&filter.from, &filter.to, &filter.capture, &filter.en_passant_square, &filter.custodial])
            }
        }
    }
}

pub use crate::syntax::ast::{CurrentMoveTest, PathFlags, PathStatus, Relative};

/// What a variable holds; fixed by its first assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// A set of squares.
    Set,
    /// A piece, followed as it moves.
    Piece,
    /// A number.
    Numeric,
    /// A position of the game (`Start = ∙`).
    Position,
}

impl VarKind {
    /// What the variable holds, as a person names it in an error message.
    pub fn describe(self) -> &'static str {
        match self {
            VarKind::Set => "a set of squares",
            VarKind::Piece => "a piece",
            VarKind::Numeric => "a number",
            VarKind::Position => "a position",
        }
    }
}

/// A variable of the query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarSpec {
    /// Its name in the query.
    pub name: String,
    /// What it holds.
    pub kind: VarKind,
    /// How it is named in generated code (a constant: `SEEN` for `Seen`).
    pub ident: String,
}

/// A use of a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarRef {
    /// Its index in [`Query::variables`].
    pub index: usize,
    /// What it holds.
    pub kind: VarKind,
    /// Its name in generated code.
    pub ident: String,
}

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
}

/// A dash filter.
#[derive(Clone, Debug, PartialEq)]
pub struct Dash {
    /// Which moves: the game's, the legal or pseudo-legal ones, or (for
    /// `currentmove`) the move that led here.
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
    pub promotion: Option<Roles>,
    /// The source text of the test.
    pub source: String,
}

/// A path filter `⊢`: its constituents and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct PathFilter {
    /// The constituents, chains flattened.
    pub steps: Vec<Step>,
    /// Which path filter of the query this is (source order), for the
    /// state `nestban` keeps.
    pub index: usize,
    /// `focus [capture] S`: the pieces on S where the path starts are
    /// focused; move constituents match only their moves (or, with
    /// `capture`, moves capturing them), other moves pass freely.
    pub focus: Option<(bool, Node)>,
    /// `max F` (false) / `min F` (true): the path whose last position gives
    /// F's best value.
    pub best: Option<(bool, Node)>,
    /// The parameters that are flags or names.
    pub flags: PathFlags,
}

impl PathFilter {
    /// The filters of the path: the sides of its moves, its filter
    /// constituents, the focus and the value it maximizes.
    pub fn parts(&self) -> Vec<&Node> {
        fn walk<'a>(steps: &'a [Step], parts: &mut Vec<&'a Node>) {
            for step in steps {
                match step {
                    Step::Move(test) => parts.extend(test.from.as_deref().into_iter().chain(test.to.as_deref())),
                    Step::Filter(node) => parts.push(node),
                    Step::Repeat { steps, .. } => walk(steps, parts),
                }
            }
        }
        let mut parts = Vec::new();
        walk(&self.steps, &mut parts);
        parts.extend(self.focus.as_ref().map(|(_, node)| node));
        parts.extend(self.best.as_ref().map(|(_, node)| node));
        parts
    }
}

/// A constituent of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Consumes one move that passes the test.
    Move(MoveTest),
    /// Must hold at the position reached.
    Filter(Node),
    /// `steps` repeated `min` to `max` times.
    Repeat {
        /// What repeats, in order.
        steps: Vec<Step>,
        /// The fewest repetitions.
        min: u32,
        /// The most, if limited.
        max: Option<u32>,
    },
}
