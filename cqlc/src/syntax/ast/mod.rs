//! The syntax tree of a CQL query. ASCII and Unicode spellings of the same
//! thing give the same tree; every node keeps the span of its source text.

mod board;
mod game_data;
mod path;
mod strings;

use std::ops::Range;

pub use board::{ComposersMate, Distance, ImageRange, Pin, PinPart, SquareValue, Transform};
pub use game_data::{AwardKind, GameField};
pub use path::{Best, Constituent, Focus, Path, PathFlags, PathParams, PathStatus, Repetition};
pub use strings::StringFunction;

pub use cql_vocabulary::{Directions, Kinds, Lineage, PawnStructure, Relation, Roles, TreeNumber};

/// A byte range of the query's source text.
pub type Span = Range<usize>;

/// A whole query: `cql(...)` and its body.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// The parameters of the header `cql(...)`.
    pub header: Vec<HeaderParam>,
    /// The filters of the body, in order (they must all match).
    pub body: Vec<Filter>,
}

/// One parameter of the header, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct HeaderParam {
    /// What the parameter says.
    pub kind: HeaderKind,
    /// Where it is.
    pub span: Span,
}

/// The header parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum HeaderKind {
    /// `input F`.
    Input(String),
    /// `output F`.
    Output(String),
    /// `variations`.
    Variations,
    /// `gamenumber N [M]`.
    GameNumber(u64, u64),
    /// `matchcount N [M]`.
    MatchCount(u64, u64),
    /// `sort matchcount N [M]`: as `matchcount`, and games ordered by it.
    SortMatchCount(u64, u64),
    /// `matchstring "S"`.
    MatchString(String),
    /// `quiet`.
    Quiet,
    /// `silent`.
    Silent,
    /// `result R` (`1-0`, `0-1`, `1/2-1/2`).
    Result(String),
}

/// A filter with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    /// What the filter is.
    pub kind: FilterKind,
    /// Where it is in the source.
    pub span: Span,
}

/// The filters of the language (the part of CQL cqlc knows so far).
#[derive(Clone, Debug, PartialEq)]
pub enum FilterKind {
    /// A number: `3`.
    Number(i64),
    /// A string literal: `"text"`.
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// A piece designator: pieces and/or squares (`♘`, `Ka1`, `a-h1-8`, `[Kq]`).
    Designator(Designator),
    /// A filter without arguments about the current position (`check`, `wtm`, ...).
    Position(PositionTest),
    /// `{ F G ... }`: all must match; the value is the last one's.
    Compound(Vec<Filter>),
    /// `( F )`: grouping.
    Paren(Box<Filter>),
    /// `Name(x y ...)`: a call of a function, which is its body with the
    /// arguments in place of the parameters.
    Call {
        /// The function's name.
        name: String,
        /// Each parameter's name and the text of the argument given for it.
        arguments: Vec<(String, String)>,
        /// The body, arguments substituted.
        body: Box<Filter>,
    },
    /// `not F`.
    Not(Box<Filter>),
    /// `F and G`.
    And(Box<Filter>, Box<Filter>),
    /// `F or G`.
    Or(Box<Filter>, Box<Filter>),
    /// A comparison `F < G` (and `<= == != >= >`).
    Compare(Relation, Box<Filter>, Box<Filter>),
    /// A set operation or arithmetic: `F ∪ G`, `F ∩ G`, `F + G`, ...
    Binary(BinaryOp, Box<Filter>, Box<Filter>),
    /// `~F`: the squares not in F.
    Complement(Box<Filter>),
    /// `-F`: the negated number.
    Negate(Box<Filter>),
    /// `abs F`: the number's absolute value.
    Abs(Box<Filter>),
    /// `#F`: the number of squares in F.
    Count(Box<Filter>),
    /// `F in G` / `F ∊ G`.
    In(Box<Filter>, Box<Filter>),
    /// `F → G` (`attacks`): the squares of F attacking something in G;
    /// `F ← G` (`attackedby`): the squares of F attacked by something in G.
    /// Longer chains `a → b → c` keep every operand.
    Attack(AttackDirection, Vec<Filter>),
    /// `comment (...)` or `/// ...`: writes its arguments as a comment.
    Comment(Vec<Filter>),
    /// `message [quiet] (...)`: prints its arguments on standard output.
    Message {
        /// `quiet`: without the game and position in front.
        quiet: bool,
        /// What to print.
        arguments: Vec<Filter>,
    },
    /// `F――G`, `F×G`, with promotion and target: one move of the game.
    Dash(Dash),
    /// `⊢ ...` / `path ...`: a sequence of moves.
    Path(Path),
    /// `if C T [else E]`: T where C matches, else E (or a match, without E).
    If {
        /// The condition.
        condition: Box<Filter>,
        /// What must match where the condition does.
        then: Box<Filter>,
        /// What must match where it does not.
        otherwise: Option<Box<Filter>>,
    },
    /// `pathcount`, `pathstart`, ...: where the path being matched (or the
    /// last one matched) is.
    PathStatus(PathStatus),
    /// A position of the game relative to the current one (`parent`, `∙`).
    PositionOf(Relative),
    /// `P:F`: F evaluated at position P.
    At {
        /// The position.
        position: Box<Filter>,
        /// The filter evaluated there.
        filter: Box<Filter>,
    },
    /// `find [quiet] [<--] [all | N [M]] F`: the first position from here
    /// where F matches, or how many do.
    Find {
        /// Which way, whether counting all, whether quiet.
        spec: FindSpec,
        /// `N [M]`: count, and match if the count is in this range.
        range: Option<Bounds>,
        /// The filter looked for.
        body: Box<Filter>,
    },
    /// `echo [quiet] (s t) [in all] F`: F at every other position (the
    /// target, `t`) of the game, the current one being the source (`s`).
    Echo {
        /// The source's variable.
        source: String,
        /// The target's variable.
        target: String,
        /// `quiet`: no notes.
        quiet: bool,
        /// `in all`: the source is a target too.
        with_source: bool,
        /// The filter evaluated at each target.
        body: Box<Filter>,
    },
    /// `consecutivemoves [quiet] [N [M]] (x y)`: the longest run of the
    /// same moves on the ways from the common ancestor of x and y to each.
    ConsecutiveMoves {
        /// `quiet`: no notes.
        quiet: bool,
        /// The lengths that match, if limited.
        range: Option<Bounds>,
        /// The first position.
        left: Box<Filter>,
        /// The second position.
        right: Box<Filter>,
    },
    /// `ply`, `depth`, `movenumber`, `positionid`.
    TreeNumber(TreeNumber),
    /// `sidetomove`: 1 when White is to move, -1 when Black is.
    SideToMove,
    /// `white`, `black`: the values `sidetomove` has, 1 and -1 (swapped by
    /// the transforms that swap colours). CQL 6.2 stops with an internal
    /// error where one is used only for whether it matches (`cql() white`);
    /// here, as any number, it always matches.
    ColorValue {
        /// `white` (else `black`).
        white: bool,
    },
    /// `child`, `child(N)`: the position after the Nth move from here (0,
    /// without N: the primary one).
    Child(Option<Box<Filter>>),
    /// `position N`: the position whose id is N.
    PositionWithId(Box<Filter>),
    /// `x ≺ y`, `ancestor(x y)` and the like: how two positions are related.
    Lineage(Lineage, Box<Filter>, Box<Filter>),
    /// `lca(x y)`: the latest position before or at both.
    Lca(Box<Filter>, Box<Filter>),
    /// `distance(x y)`: the moves from one to the other through their `lca`.
    Distance(Box<Filter>, Box<Filter>),
    /// `⬓ F`, `✵ F`, `rotate90 count F` and the other transforms: F in
    /// each image of the board the transform makes.
    Transform {
        /// Which transform.
        transform: Transform,
        /// `count`, or a range of how many images must match (then the
        /// transform is the number that do).
        range: Option<ImageRange>,
        /// The filter transformed.
        body: Box<Filter>,
    },
    /// `notransform F`: F as written in every image of a transform around it.
    NoTransform(Box<Filter>),
    /// `currenttransform`: the name of the image of the transforms around it
    /// being evaluated (a string).
    CurrentTransform,
    /// `sort [quiet] ["label"] [min] F`: F, whose value orders the matching
    /// games.
    Sort {
        /// The label shown with the value.
        label: Option<String>,
        /// `min`: smaller values first.
        min: bool,
        /// `quiet`: the value is not shown in the game's first comment.
        quiet: bool,
        /// The sorted filter.
        body: Box<Filter>,
    },
    /// `power F`: the material value of the pieces on F.
    Power(Box<Filter>),
    /// `light F`, `dark F`: the light (dark) squares of F.
    SquareColor {
        /// Light (true) or dark squares.
        light: bool,
        /// The squares.
        squares: Box<Filter>,
    },
    /// `up [N [M]] F` and the other direction filters: the squares N to M
    /// steps from F in the directions (1 to 7 when no range is given).
    Direction {
        /// The directions the keyword names.
        directions: Directions,
        /// The distances, least first.
        range: Option<(Distance, Distance)>,
        /// The squares stepped from.
        squares: Box<Filter>,
    },
    /// `passedpawns` and the other pawn structure filters: a set of pawns.
    Pawns(PawnStructure),
    /// `year`: the year of the game's date.
    Year,
    /// `player white`, `event`, `elo black`, `tag "Name"` and the other
    /// values of the game as a whole.
    GameData(GameField),
    /// `currentmutation`, `legalposition`, `reachableposition`.
    Imaginary(ImaginaryTest),
    /// `imagine CHANGES : F`: F in the current position changed so.
    Imagine {
        /// The changes, in order.
        changes: Vec<Change>,
        /// The filter evaluated in the imagined position.
        target: Box<Filter>,
    },
    /// `variant`, `variantwin`, `variantloss`, `variantdraw`, `variantend`.
    Variant(VariantTest),
    /// `result 1-0`: the game's result is this one.
    Result(String),
    /// `between(x y)`: the squares strictly between a square of x and one
    /// of y on a line.
    Between(Box<Filter>, Box<Filter>),
    /// `pin from X through Y to Z`: pieces pinned, their pinners or targets.
    Pin(Pin),
    /// `rank S`, `typename S` and the like: a value of the one square of S.
    SquareValue(SquareValue, Box<Filter>),
    /// `puremate` and the other composers' mates: the pieces taking part.
    ComposersMate(ComposersMate),
    /// `makesquare (F R)` (two numbers) or `makesquare S` (a string).
    MakeSquare(Vec<Filter>),
    /// `sqrt N`.
    Sqrt(Box<Filter>),
    /// `max(a b ...)` (`greatest`) or `min(a b ...)`.
    Extremum {
        /// `max`.
        greatest: bool,
        /// The values compared (two or more).
        operands: Vec<Filter>,
    },
    /// `S + T`, `S[i:j]`, `S ~~ "re"`, `str(...)` and the other functions of
    /// strings, with their operands.
    Strings(StringFunction, Vec<Filter>),
    /// `while (S ~~ "re") B`: B at each match of the regular expression in
    /// S, its groups kept for `\1`; always matches.
    EachMatch {
        /// The string searched.
        target: Box<Filter>,
        /// The regular expression.
        pattern: String,
        /// The body.
        body: Box<Filter>,
    },
    /// `while (T) B`: B while T matches; always matches.
    While {
        /// The test.
        test: Box<Filter>,
        /// The body.
        body: Box<Filter>,
    },
    /// `loop B`: B until it fails; matches if it matched once.
    Loop(Box<Filter>),
    /// `ray up (x y ...)`, `xray (x y ...)`: squares of sets in line.
    Ray {
        /// The directions written (all eight if none).
        directions: Option<Directions>,
        /// `xray`, `ray attack`: the line starts at a queen, rook or bishop
        /// moving its own way.
        x_ray: bool,
        /// The sets, in order (two or more).
        operands: Vec<Filter>,
    },
    /// `move ...`: moves played, legal, pseudo-legal, previous or reverse.
    Move(MoveFilter),
    /// A filter about the current move (`from`, `to`, `enpassant`, ...).
    CurrentMove(CurrentMoveTest),
    /// `currentmove F――G`: the dash matches the move that led here.
    CurrentMoveIs(Dash),
    /// `countmoves F――G`: how many moves the dash matches.
    CountMoves(Dash),
    /// A variable: its name.
    Variable(String),
    /// `x = F`, `x += F`, ..., `◭x = F` (a piece variable).
    Assign {
        /// The variable.
        name: String,
        /// `◭x` / `piece x`: the variable follows a piece.
        piece: bool,
        /// `=`, `+=`, `-=`, `*=`, `/=`, `%=`.
        op: &'static str,
        /// The value.
        value: Box<Filter>,
    },
    /// `dictionary D`, `local dictionary D` (cleared at each game; without
    /// `local` it keeps its entries from game to game).
    Dictionary {
        /// Its name.
        name: String,
        /// `local`.
        local: bool,
    },
    /// `D[k]`: the value of key k of dictionary D.
    Entry {
        /// The dictionary.
        name: String,
        /// The key.
        key: Box<Filter>,
    },
    /// `D[k] = v`.
    AssignEntry {
        /// The dictionary.
        name: String,
        /// The key.
        key: Box<Filter>,
        /// The value.
        value: Box<Filter>,
    },
    /// `unbind x`, `unbind D` (all its entries), `unbind D[k]`.
    Unbind {
        /// The variable or dictionary.
        name: String,
        /// The key, for `D[k]`.
        key: Option<Box<Filter>>,
    },
    /// `settag ("Name" S)`: the game is written with the tag set to S.
    SetTag {
        /// The tag.
        name: String,
        /// Its value (a string).
        value: Box<Filter>,
    },
    /// `assert F`: F must match (a variable: have a value).
    Assert(Box<Filter>),
    /// `cql_assertvariations "message"` (in `hhdb mainline` and the other
    /// keys about variations): always true, but a search that is not over
    /// variations stops with the message before reading a game.
    AssertVariations(String),
    /// `isbound x`, `isunbound x` (`bound` false).
    IsBound {
        /// The variable.
        name: String,
        /// `isbound` (else `isunbound`).
        bound: bool,
    },
    /// `atomic x = F` (and `+=` ...): an assignment to a variable that a
    /// path takes back what it did to (the assignment, a
    /// [`FilterKind::Assign`]).
    Atomic(Box<Filter>),
    /// `persistent [quiet] x = F` (and `+=` ...): an assignment to a
    /// variable that keeps its value from game to game.
    Persistent {
        /// `quiet`: not printed after the search.
        quiet: bool,
        /// The assignment (a [`FilterKind::Assign`]).
        assignment: Box<Filter>,
    },
    /// `x∊S body`, `◭x∊S body`, `∀x∊S body` (and `square`/`piece [all] x in S body`).
    ForEach {
        /// The variable.
        name: String,
        /// Over the pieces on S (a piece variable) rather than its squares.
        piece: bool,
        /// `∀`: the body must hold for every element.
        all: bool,
        /// What is iterated over.
        set: Box<Filter>,
        /// The filter evaluated for each element.
        body: Box<Filter>,
    },
}

/// The zero-argument filters about the current move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CurrentMoveTest {
    /// `from`: the squares the moving pieces came from.
    From,
    /// `to`: the squares they went to.
    To,
    /// `enpassant`
    EnPassant,
    /// `enpassantsquare`: the square of the pawn captured en passant.
    EnPassantSquare,
    /// `nullmove`
    NullMove,
    /// `primary`
    Primary,
    /// `secondary`
    Secondary,
    /// `castle`
    Castle,
    /// `o-o`
    ShortCastle,
    /// `o-o-o`
    LongCastle,
}

/// The `move` filter: its parameters as written, and the comment it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveFilter {
    /// The parameters, in order.
    pub params: Vec<MoveParam>,
    /// A `comment`/`///` right after an ordinary `move`, evaluated after the move.
    pub custodial: Option<Box<Filter>>,
    /// The target of a speculative move filter (`move legal : F`), evaluated
    /// in the imaginary position each move leads to (or, `reverse`, comes from).
    pub speculative: Option<Box<Filter>>,
}

/// One parameter of a `move` filter, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveParam {
    /// The parameter.
    pub kind: MoveParamKind,
    /// Where it is.
    pub span: Span,
}

/// The parameters of the `move` filter.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveParamKind {
    /// `from S`
    From(Filter),
    /// `to S`
    To(Filter),
    /// `capture S`
    Capture(Filter),
    /// `promote P` (piece types, colour ignored)
    Promote(Roles),
    /// `drop P` (piece types)
    Drop(Roles),
    /// `enpassant`
    EnPassant,
    /// `enpassantsquare S`
    EnPassantSquare(Filter),
    /// `castle`
    Castle,
    /// `o-o`
    ShortCastle,
    /// `o-o-o`
    LongCastle,
    /// `null`
    Null,
    /// `primary`
    Primary,
    /// `secondary`
    Secondary,
    /// `count`
    Count,
    /// `previous`
    Previous,
    /// `legal`
    Legal,
    /// `pseudolegal`
    Pseudolegal,
    /// `reverse`
    Reverse,
    /// `all` (a speculative move filter: the target matched after every move)
    All,
}

impl MoveParamKind {
    /// The parameter's keyword.
    pub fn keyword(&self) -> &'static str {
        match self {
            MoveParamKind::From(_) => "from",
            MoveParamKind::To(_) => "to",
            MoveParamKind::Capture(_) => "capture",
            MoveParamKind::Promote(_) => "promote",
            MoveParamKind::Drop(_) => "drop",
            MoveParamKind::EnPassant => "enpassant",
            MoveParamKind::EnPassantSquare(_) => "enpassantsquare",
            MoveParamKind::Castle => "castle",
            MoveParamKind::ShortCastle => "o-o",
            MoveParamKind::LongCastle => "o-o-o",
            MoveParamKind::Null => "null",
            MoveParamKind::Primary => "primary",
            MoveParamKind::Secondary => "secondary",
            MoveParamKind::Count => "count",
            MoveParamKind::Previous => "previous",
            MoveParamKind::Legal => "legal",
            MoveParamKind::Pseudolegal => "pseudolegal",
            MoveParamKind::Reverse => "reverse",
            MoveParamKind::All => "all",
        }
    }
}

/// Which moves a dash filter considers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DashSource {
    /// The game's moves.
    #[default]
    Game,
    /// `legal F――G`: the legal moves of the position.
    Legal,
    /// `pseudolegal F――G`: its pseudo-legal moves.
    Pseudolegal,
}

/// Filters about the current position that take no argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionTest {
    /// `check`: the side to move is in check.
    Check,
    /// `mate`: the side to move is checkmated.
    Mate,
    /// `stalemate`: the side to move is stalemated.
    Stalemate,
    /// `wtm`: white to move.
    WhiteToMove,
    /// `btm`: black to move.
    BlackToMove,
    /// `initial`: the position the game starts from.
    Initial,
    /// `mainline`: the position is on the game's main line.
    Mainline,
    /// `variation`: the position is inside a variation.
    Variation,
    /// `terminal`: no move of the game follows the position.
    Terminal,
    /// `try`: exactly one move on the way here starts a variation and
    /// leaves Black to move (a White try).
    Try,
    /// `virtualmainline`: every variation on the way here starts with a
    /// move of Black.
    VirtualMainline,
}

/// How `find` searches: which way, what it counts, whether it writes notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FindSpec {
    /// `<--`: the current position and those before it, not after.
    pub backward: bool,
    /// `quiet`: no `Found` notes.
    pub quiet: bool,
    /// `all`: count the matching positions (the value is the count, if
    /// not 0). Without it or a range: the first one found.
    pub all: bool,
}

/// A range written with numbers or numeric variables, `15 1000`, `1 v`;
/// one endpoint (`3`) is both.
pub type Bounds = (Box<Filter>, Box<Filter>);

/// CQLi's filters about imaginary positions and how real a position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImaginaryTest {
    /// `currentmutation`: the moves (or changes) that made the imaginary
    /// position, as CQLi writes them (`~Bb4x(N)c3+`); none in a game position.
    CurrentMutation,
    /// `legalposition`: the position obeys the rules of chess.
    LegalPosition,
    /// `reachableposition`: retro-analysis finds no reason the position
    /// could not arise in a game.
    ReachablePosition,
}

/// One change `imagine` makes to a position.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// `"FEN"`: the whole position.
    Fen(String),
    /// `add Qd4`: this piece (one kind) on these squares.
    Add(Designator),
    /// `remove S`: these squares emptied.
    Remove(Filter),
    /// `white` / `black`: this side to move.
    SideToMove(bool),
}

/// CQLi's filters about the chess variant of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantTest {
    /// `variant`: the name of the game's variant (a string).
    Name,
    /// `variantwin`: a variant's rule ends the game here, won by the side to move.
    Win,
    /// `variantloss`: a variant's rule ends the game here, lost by the side to move.
    Loss,
    /// `variantdraw`: a variant's rule ends the game here in a draw.
    Draw,
    /// `variantend`: a variant's rule ends the game here.
    End,
}

/// A piece designator as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Designator {
    /// The piece kinds (and empty squares) named, if any.
    pub pieces: Option<Kinds>,
    /// The squares named, if any (64-bit mask, bit 0 = a1, bit 63 = h8).
    pub squares: Option<u64>,
}

/// Binary operators on sets and numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `|` `∪`
    Union,
    /// `&` `∩`
    Intersection,
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

/// Which way an attack arrow points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackDirection {
    /// `→` `->` `attacks`
    Attacks,
    /// `←` `<-` `attackedby`
    AttackedBy,
}

/// A dash filter: `left――right=promotion(target)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Dash {
    /// The squares moved from (all squares if absent).
    pub from: Option<Box<Filter>>,
    /// The squares moved to (all squares if absent).
    pub to: Option<Box<Filter>>,
    /// `×`: only captures.
    pub capture: bool,
    /// `=X`: only promotions to these piece types (colour ignored).
    pub promotion: Option<Promotion>,
    /// `(F G ...)`: filters that must hold after the move.
    pub target: Option<Vec<Filter>>,
    /// Which moves: the game's (default), or `legal`/`pseudolegal` ones.
    pub source: DashSource,
}

/// The piece types of a promotion `=X`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Promotion {
    /// The roles (only knight to queen can match).
    pub roles: Roles,
    /// `=x`: a variable, which CQL 6.2 takes if it holds a string.
    pub variable: Option<String>,
    /// Where `=X` is written.
    pub span: Span,
}

/// Positions named relative to the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relative {
    /// `parent`: the position before the current move.
    Parent,
    /// `currentposition` / `∙`: the current position itself.
    Current,
    /// `initialposition`: the position the game starts from.
    Initial,
}
