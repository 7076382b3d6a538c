//! The typed query: what the checker makes of the syntax tree, the lowering
//! passes rewrite, and the code generator turns into Rust.
//!
//! Everything known at compile time is folded: piece designators are piece
//! kinds and square masks. Every node has one of five value types
//! ([`Type`]); a node that does not match a position has no value (a set
//! that does not match is empty). [`visit`] goes through any node's parts.

mod calls;
mod constants;
mod cost;
mod effects;
mod images;
mod invariants;
mod moves;
mod needed_pieces;
mod next_moves;
mod path;
mod positions;
mod prefilter;
mod tags;
pub mod transforms;
mod variables;
pub mod visit;

pub use calls::{Call, CallSlot};
pub use constants::Constant;
pub use cost::Cost;
pub use cql_vocabulary::{
    Arithmetic, Directions, Kinds, Legality, Lineage, MoveSource, MoveSquare, PawnStructure, Relation, Roles,
    TreeNumber,
};
pub use images::{Family, Image, ImageSet, Slot, without_text};
pub use moves::{Castling, Change, Dash, MoveFilter, MoveResult, MoveTest, Moves, Promotion};
pub use path::{Constituent, PathFilter, Step};
pub use variables::{VarKind, VarRef, VarSpec};

pub use crate::syntax::ast::{
    AttackDirection, ComposersMate, CurrentMoveTest, FindSpec, GameField, ImaginaryTest, PathFlags, PathStatus,
    PinPart, PositionTest, Relative, SquareValue, StringFunction, Transform, VariantTest,
};

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
    /// `P ∩ Q` of two positions: the squares where both have the same piece
    /// or are both empty.
    CommonSquares(Box<Node>, Box<Node>),
    /// `S + T`, `#S`, `S in T` and the other functions of strings: see
    /// [`StringFunction`] for each one's operands and value.
    Strings(StringFunction, Vec<Node>),
    /// `A ∪ B`.
    Union(Box<Node>, Box<Node>),
    /// `A ∩ B`.
    Intersection(Box<Node>, Box<Node>),
    /// `~A`.
    Complement(Box<Node>),
    /// `light S`, `dark S`: the squares of S of that colour (a transform
    /// that changes squares' colours makes `light` `dark`).
    SquareColor {
        /// `light`.
        light: bool,
        /// S.
        squares: Box<Node>,
    },
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
    /// `find ...`: the first position from here where the body matches
    /// (a position), or how many do (a number).
    Find {
        /// Which way, whether it counts all, whether quiet.
        spec: FindSpec,
        /// The counts that match, if limited (numbers).
        range: Option<Bounds>,
        /// The filter looked for.
        body: Box<Node>,
    },
    /// `echo (s t) F`: F at each target with the current position as the
    /// source; a number (the greatest at a target) if F is one.
    Echo(Box<Echo>),
    /// `consecutivemoves (x y)`: a number.
    ConsecutiveMoves {
        /// `quiet`: no notes.
        quiet: bool,
        /// The lengths that match, if limited (numbers).
        range: Option<Bounds>,
        /// The first position.
        left: Box<Node>,
        /// The second position.
        right: Box<Node>,
    },
    /// `ply`, `depth`, `movenumber`, `positionid`.
    TreeNumber(TreeNumber),
    /// `sidetomove`: 1 or -1.
    SideToMove,
    /// `white` (1), `black` (-1): the values of `sidetomove`.
    ColorValue {
        /// `white` (else `black`).
        white: bool,
    },
    /// `child(N)`: the position after the Nth move from here (the primary
    /// one without N).
    Child(Option<Box<Node>>),
    /// `position N`: the position with id N.
    PositionWithId(Box<Node>),
    /// `x ≺ y` and the like.
    Lineage(Lineage, Box<Node>, Box<Node>),
    /// `lca(x y)`.
    Lca(Box<Node>, Box<Node>),
    /// `distance(x y)`.
    Distance(Box<Node>, Box<Node>),
    /// `Name(x y ...)`: a call of a CQL function.
    Call(Call),
    /// `notransform F`: F, as written in every image of a transform around it.
    NoTransform(Box<Node>),
    /// `currenttransform`: the names of the maps that made this image,
    /// outermost first, as CQL 6.2 names them (empty as written); it tells
    /// no two images apart.
    CurrentTransform(String),
    /// `⬓ F`, `✵ F`, `rotate90 count F`, ...: F's distinct images under
    /// the transform ([`transforms`]), as families of
    /// images that differ only in constants ([`ImageSet`]), evaluated in
    /// CQL 6.2's order. Every image is evaluated and keeps what it writes if
    /// it matches. Without a range it matches if one of them does; as a set
    /// its value is the union of theirs, as a number the greatest of theirs
    /// (of a number's images, only those that give the greatest value keep
    /// their comments). With a range its value is how many match, and it
    /// matches if that is in the range.
    Images(ImageSet),
    /// `D[k]`: the value at key k of dictionary D (none if it has no such
    /// key; of sets, the empty set).
    Entry {
        /// The dictionary.
        dict: VarRef,
        /// The key.
        key: Box<Node>,
    },
    /// `D[k] = v`: matches if both have a value.
    AssignEntry {
        /// The dictionary.
        dict: VarRef,
        /// The key.
        key: Box<Node>,
        /// The value.
        value: Box<Node>,
    },
    /// `#D`: the number of entries.
    EntryCount(VarRef),
    /// `unbind x`, `unbind D` (every entry), `unbind D[k]`: always matches.
    Unbind {
        /// The variable or dictionary.
        var: VarRef,
        /// The key, for `D[k]`.
        key: Option<Box<Node>>,
    },
    /// `assert F`: matches where F does; where it does not, prints CQL 6.2's
    /// message naming the game, the position and `location` (`Line 3,
    /// Column 1`).
    Assert {
        /// The test.
        test: Box<Node>,
        /// Where `assert` is written, as CQL 6.2 names it.
        location: String,
    },
    /// `settag ("Name" S)`: the game is written with the tag set to S;
    /// matches if S has a value (what it set stays where the position does
    /// not match, as in CQL 6.2).
    SetTag {
        /// The tag.
        name: String,
        /// The value.
        value: Box<Node>,
    },
    /// `isbound x`: whether x has a value.
    IsBound(VarRef),
    /// `k ∊ D body`: the body with k bound to each key of D in order;
    /// always matches, and leaves k unbound.
    EachKey {
        /// The variable bound to each key.
        var: VarRef,
        /// The dictionary.
        dict: VarRef,
        /// The body.
        body: Box<Node>,
    },
    /// `sort`: the body's number or string, recorded as the game's value
    /// for sort number `index`.
    Sort {
        /// Which sort of the query (see [`Query::sorts`]).
        index: usize,
        /// The sorted filter (numeric, a set, counted, or a string).
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
        min: Distance,
        /// The greatest distance.
        max: Distance,
        /// The squares stepped from.
        squares: Box<Node>,
    },
    /// `passedpawns` and the other pawn structure filters.
    Pawns(PawnStructure),
    /// `year`.
    Year,
    /// `player white`, `elo`, `tag "Name"` and the other values of the
    /// game as a whole.
    GameData(GameField),
    /// `currentmutation`, `legalposition`, `reachableposition`.
    Imaginary(ImaginaryTest),
    /// `imagine CHANGES : F`.
    Imagine {
        /// The changes, in order.
        changes: Vec<Change>,
        /// Evaluated in the imagined position.
        target: Box<Node>,
    },
    /// `variant`, `variantwin`, ...
    Variant(VariantTest),
    /// `result 1-0`: whether the game's result is this one.
    Result(String),
    /// `between(x y)`: the squares strictly between a square of x and one
    /// of y on a rank, file or diagonal.
    Between(Box<Node>, Box<Node>),
    /// `pin from X through Y to Z`: the squares of the part `value` of the
    /// pins whose parts are on the sets (all squares, and the kings for
    /// the target, where a parameter is not given).
    Pin {
        /// The pinners' squares.
        from: Option<Box<Node>>,
        /// The pinned pieces' squares.
        through: Option<Box<Node>>,
        /// The targets' squares.
        to: Option<Box<Node>>,
        /// Which part's squares are the value.
        value: PinPart,
    },
    /// `rank S`, `typename S` and the like: a value of the one square of S
    /// (none unless S is one square).
    SquareValue(SquareValue, Box<Node>),
    /// `puremate` and the others: the pieces taking part in such a mate or
    /// stalemate of the side to move (empty if it is none).
    ComposersMate(ComposersMate),
    /// `makesquare (F R)`: the square of file F and rank R (1 to 8), or
    /// `makesquare S`: the square a string names (`"e4"`); empty if none is.
    MakeSquare(Vec<Node>),
    /// `sqrt N`: the whole part of the square root (none if N < 0).
    Sqrt(Box<Node>),
    /// `max(a b ...)`, `min(a b ...)` of numbers or strings: the greatest
    /// (least) of those that have a value; only the operands that give it
    /// keep what they wrote.
    Extremum {
        /// `max`.
        greatest: bool,
        /// The values compared.
        operands: Vec<Node>,
    },
    /// `while (S ~~ "re") B`: B at each match of the regular expression in
    /// S, its groups kept for `\1`; always matches.
    EachMatch {
        /// The string searched.
        target: Box<Node>,
        /// The regular expression.
        pattern: String,
        /// The body (what it wrote is kept).
        body: Box<Node>,
    },
    /// `while (T) B`: B, each time T matches; always matches.
    While {
        /// The test.
        test: Box<Node>,
        /// The body (what it wrote is taken back where it fails).
        body: Box<Node>,
    },
    /// `loop B`: B until it fails; matches if it matched once.
    Loop(Box<Node>),
    /// `ray directions (x y ...)`, `xray (x y ...)`: the squares of the last
    /// set that end a line through the sets in order.
    Ray {
        /// The directions the lines go.
        directions: Directions,
        /// The line starts at a queen, rook or bishop moving its own way.
        x_ray: bool,
        /// The sets (two or more).
        operands: Vec<Node>,
    },
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
        /// `=?`: a set is assigned only if it is not empty (the assignment
        /// fails if it is).
        conditional: bool,
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

/// A distance of a direction filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Distance {
    /// This many steps.
    Steps(i64),
    /// The value of a numeric variable, read each time the filter is
    /// evaluated (no squares if it has none, or is not within -7 to 7).
    Var(VarRef),
}

/// A range's endpoints, numbers (`find 15 1000`, `consecutivemoves 1 v`).
pub type Bounds = (Box<Node>, Box<Node>);

/// An `echo` filter.
#[derive(Clone, Debug, PartialEq)]
pub struct Echo {
    /// The source's variable.
    pub source: VarRef,
    /// The target's variable.
    pub target: VarRef,
    /// `quiet`: no notes.
    pub quiet: bool,
    /// `in all`: the source is a target too.
    pub with_source: bool,
    /// Only the first target with the greatest value keeps its comments
    /// (a numeric `echo` inside a `sort`, as in CQL 6.2).
    pub best_only: bool,
    /// The filter evaluated at each target.
    pub body: Node,
}

/// What a transform written with a range counts.
#[derive(Clone, Debug, PartialEq)]
pub enum ImageCount {
    /// `count`: any number of matching images.
    Any,
    /// `N M`: from N to M matching images.
    Within(Bounds),
}
