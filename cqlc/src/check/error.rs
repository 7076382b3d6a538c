//! What the checker refuses: a filter given an argument of the wrong type,
//! a variable used wrongly, a parameter that breaks a rule. Each variant
//! shows a query with that error.

use std::fmt;

use crate::ir::{Type, VarKind};

/// An error in a query that reads well but means nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// An argument of the wrong type: `cql() ~3` ("the operand of '~' must
    /// be a set of squares, but '3' is a number").
    WrongType {
        /// Which argument, of what (`the operand of '~'`).
        role: String,
        /// The type it must have.
        want: Type,
        /// The argument's text.
        source: String,
        /// The type it has.
        found: Type,
    },
    /// `cql() {}`: braces with nothing inside.
    EmptyCompound,
    /// `cql() sort check`: only numbers, sets and strings can be sorted by.
    SortNeedsNumber {
        /// The sorted filter's text.
        source: String,
        /// Its type.
        found: Type,
    },
    /// `cql() sort "n" #P sort min "n" #p`: sorts of one label (one sort
    /// of the games) differ in direction or in the kind of their values.
    SortLabelReused {
        /// The label.
        label: String,
    },
    /// `cql() ♕ < ♖`: sets compare only with `==` and `!=`.
    OrderedSets {
        /// The left set's text.
        left: String,
        /// The right set's text.
        right: String,
    },
    /// `cql() "a" == 1`: values of different types.
    Incomparable {
        /// The left side's text.
        left: String,
        /// Its type.
        left_type: Type,
        /// The right side's text.
        right: String,
        /// Its type.
        right_type: Type,
    },
    /// `cql(quiet quiet)`.
    HeaderParameterTwice {
        /// The parameter.
        name: &'static str,
    },
    /// `cql(output victim)`: CQL 6.2 reads a header's file name only if it
    /// ends in `.pgn` or `.PGN`.
    NotPgnFileName {
        /// The parameter (`input` or `output`).
        name: &'static str,
        /// The file name given.
        file: String,
    },
    /// `cql(gamenumber 9 2)`.
    BackwardsRange {
        /// The first number.
        first: u64,
        /// The second, smaller one.
        last: u64,
    },
    /// `cql() currentmove legal ――e4`.
    CurrentMoveWithSource,
    /// `cql() legal ×`.
    GeneratedCapture,
    /// `cql() legal ――(check)`, `cql() legal ――=♕`.
    GeneratedTarget,
    /// `cql() move castle castle`.
    MoveParameterTwice {
        /// The parameter's keyword.
        keyword: &'static str,
    },
    /// `cql() move castle o-o`.
    TwoCastlings,
    /// `cql() move primary secondary`.
    PrimaryAndSecondary,
    /// `cql() move legal previous`.
    TwoMoveModes,
    /// `cql() move pseudolegal secondary`: `primary` and `secondary` are
    /// about the game's moves.
    GameMovesOnly {
        /// `primary` or `secondary`.
        keyword: &'static str,
        /// `legal` or `pseudolegal`.
        mode: &'static str,
    },
    /// `cql() move previous reverse`.
    ReverseWithoutLegality,
    /// `cql() move to e4 : check` (a speculative move filter needs generated moves).
    SpeculativeWithoutLegality,
    /// `cql() move legal all` (no `: F`).
    AllWithoutTarget,
    /// `cql() move drop N from a1`.
    DropWith {
        /// The parameter `drop` cannot go with.
        keyword: &'static str,
    },
    /// `cql() x = ♘ x = 3`: a variable keeps the kind of its first value.
    VariableKindChanged {
        /// The variable.
        name: String,
        /// What it holds.
        holds: VarKind,
        /// What it was given now.
        given: VarKind,
    },
    /// `cql() chek`: a word that is no keyword or variable but looks like a keyword.
    UnknownKeyword {
        /// The word.
        word: String,
        /// The keyword it was probably meant to be.
        keyword: &'static str,
    },
    /// `cql() Xe4`: a word that would be a piece on a square, but for its
    /// first letter, which is no piece letter.
    NotAPieceLetter {
        /// The word.
        word: String,
        /// Its first letter.
        letter: char,
    },
    /// `cql() h9`, `cql() Ki4`: a word that would be a square (or a piece on
    /// one), but its file is past `h` or its rank past 8.
    NotASquare {
        /// The square as written (`h9`).
        square: String,
    },
    /// `cql() y`: a variable used before it is assigned.
    UnknownVariable {
        /// The variable.
        name: String,
    },
    /// `cql() y += 7`: `+=` and the like before the variable has a value.
    CompoundAssignmentFirst {
        /// The variable.
        name: String,
        /// The operator (`+=`).
        op: String,
    },
    /// `cql() ⬓{♕ ⬓{♖ ⬓{♗ ⬓{♘ ⬓{♙ ⬓{♔ ⬓{♚ ⬓{♛ ⬓{♜ ⬓{♝ ⬓{♞ ♟}}}}}}}}}}}`: transforms
    /// inside the bodies of others copy the filters within them once per
    /// image of each, more than cqlc writes.
    TooManyImages {
        /// How many copies the innermost filter would have.
        images: usize,
        /// How many cqlc writes at most.
        limit: usize,
    },
    /// `cql() rotate45 ♖a1`: an eighth turn of the board takes squares off
    /// it (CQL 6.2 refuses it too).
    Rotate45Squares {
        /// The set of particular squares.
        squares: String,
    },
    /// `cql() function F(x) {x x x x} ✵⬓{♕ ✵⬓{♖ F(F(F(F(F(♔)))))}}`: with the
    /// copies that transforms make of the filters inside them, the query
    /// has more filters than cqlc compiles.
    TooManyFilters {
        /// How many filters cqlc compiles at most.
        limit: usize,
    },
    /// `cql() comment("1") comment("2") ...` with 2,000 comments: the Rust
    /// that cqlc writes for the query would be larger than rustc builds in a
    /// minute.
    CodeTooLarge {
        /// How many tokens the code would have.
        tokens: usize,
        /// How many cqlc writes at most.
        limit: usize,
    },
    /// `cql() ⊢ (((((((♕――){4}){4}){4}){4}){4}){4}){4}`: repetitions with
    /// counts nested in each other copy their bodies at each level, into
    /// more states than cqlc writes.
    PathTooLarge {
        /// How many states the path's automaton would have.
        states: usize,
        /// How many cqlc writes at most.
        limit: usize,
    },
    /// `cql() imagine add [QR]d4 : check` (one piece kind, please).
    ImagineOneKind,
    /// `cql() line --> 3`.
    NumericLineConstituent {
        /// The constituent.
        source: String,
    },
    /// `cql() consecutivemoves(position 1 position 2)`.
    ConsecutiveMovesVariables,
    /// `cql() x = 1 x[1]`: not a dictionary.
    NotADictionary {
        /// The name.
        name: String,
    },
    /// `cql() dictionary D D[1] = 1 D["a"] = 2`: a key or value of another
    /// type than the dictionary's first.
    EntryType {
        /// The dictionary.
        dictionary: String,
        /// `key` or `value`.
        role: &'static str,
        /// The type given.
        found: Type,
    },
    /// `cql() dictionary D k ∊ D true`: going over a dictionary before any
    /// assignment has fixed its types.
    EntryTypesUnknown {
        /// The dictionary.
        dictionary: String,
    },
    /// `cql() atomic ◭x = K`: CQL 6.2 has no atomic piece variables.
    AtomicPiece,
    /// `cql() x = 1 persistent x = 2`: a variable declared without
    /// `persistent` cannot become persistent.
    NotPersistent {
        /// The variable.
        name: String,
    },
    /// `cql() persistent p = parent`: only numbers, strings and sets can be
    /// persistent.
    PersistentKind {
        /// The variable.
        name: String,
    },
    /// `"x" ~~ "(a)\\1"`: a regular expression cqlc cannot match as CQL 6.2
    /// does, or that CQL 6.2 refuses.
    Pattern {
        /// The pattern.
        pattern: String,
        /// Why.
        reason: String,
    },
    /// `cql() line 2 3 lastposition --> check`: something CQL 6.2 does that
    /// cqlc does not implement yet.
    Unsupported {
        /// What it is (`ranges of lines with 'lastposition'`).
        feature: &'static str,
    },
    /// `cql() x = check`: a value no variable can hold.
    AssignmentType {
        /// The variable.
        name: String,
        /// A piece variable (`◭x = ...`).
        piece: bool,
        /// The value's text.
        source: String,
        /// Its type.
        found: Type,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CheckError as E;
        match self {
            E::WrongType { role, want, source, found } => {
                write!(f, "{role} must be {}, but '{source}' is {}", want.describe(), found.describe())
            }
            E::EmptyCompound => f.write_str("'{ }' needs at least one filter inside"),
            E::SortNeedsNumber { source, found } => write!(
                f,
                "what 'sort' sorts must be a number, a set of squares or a string, but '{source}' is {}",
                found.describe()
            ),
            E::SortLabelReused { label } => write!(
                f,
                "sort filters labelled \"{label}\" are one sort of the games: they must sort the same kind of \
                 value (numbers or strings), each with 'min' or each without"
            ),
            E::OrderedSets { left, right } => write!(
                f,
                "two sets of squares can only be compared with == or !=; to compare their sizes, write #{left} and #{right}"
            ),
            E::Incomparable { left, left_type, right, right_type } => write!(
                f,
                "cannot compare '{left}' ({}) with '{right}' ({})",
                left_type.describe(),
                right_type.describe()
            ),
            E::HeaderParameterTwice { name } => write!(f, "'{name}' is given twice in the header"),
            E::NotPgnFileName { name, file } => {
                write!(f, "the header's {name} file '{file}' must end in .pgn or .PGN, as CQL requires")
            }
            E::BackwardsRange { first, last } => {
                write!(f, "{first} {last} is not a range: the second number is smaller")
            }
            E::CurrentMoveWithSource => {
                f.write_str("'currentmove' is about the move that was played: it takes no 'legal' or 'pseudolegal'")
            }
            E::GeneratedCapture => f.write_str(
                "'legal' and 'pseudolegal' take a move '――', not a capture '×' (write 'move legal capture .')",
            ),
            E::GeneratedTarget => f.write_str(
                "a legal or pseudolegal move takes no promotion, and as its target at most one of o-o, o-o-o, castle \
                 and enpassant",
            ),
            E::MoveParameterTwice { keyword } => write!(f, "'{keyword}' is given twice in this move filter"),
            E::TwoCastlings => f.write_str("a move filter takes only one of castle, o-o and o-o-o"),
            E::PrimaryAndSecondary => f.write_str("a move filter takes primary or secondary, not both"),
            E::TwoMoveModes => f.write_str("a move filter takes only one of previous, legal and pseudolegal"),
            E::GameMovesOnly { keyword, mode } => {
                write!(f, "'{keyword}' is about moves played in the game, not {mode} moves")
            }
            E::ReverseWithoutLegality => f.write_str("'reverse' needs 'legal' or 'pseudolegal'"),
            E::SpeculativeWithoutLegality => {
                f.write_str("a speculative move filter ('move ... : F') needs 'legal' or 'pseudolegal'")
            }
            E::AllWithoutTarget => f.write_str("'all' belongs to a speculative move filter: 'move legal all : F'"),
            E::DropWith { keyword } => write!(f, "'drop' cannot be combined with '{keyword}'"),
            E::VariableKindChanged { name, holds, given } => {
                write!(f, "'{name}' holds {}, so it cannot be given {}", holds.describe(), given.describe())
            }
            E::UnknownKeyword { word, .. } => write!(f, "unknown keyword '{word}'"),
            E::NotAPieceLetter { word, letter } => write!(f, "'{letter}' in '{word}' is no piece letter"),
            E::NotASquare { square } => write!(f, "'{square}' is no square"),
            E::UnknownVariable { name } => {
                write!(f, "unknown variable '{name}': a variable must be assigned before it is used")
            }
            E::CompoundAssignmentFirst { name, op } => {
                write!(f, "'{name}' must be assigned with '=' before '{op}' can change it")
            }
            E::TooManyFilters { limit } => write!(
                f,
                "the query has more than {limit} filters here, each counted once per image that the transforms \
                 around it make (a function's body once per call); cqlc compiles at most {limit}"
            ),
            E::CodeTooLarge { tokens, limit } => write!(
                f,
                "the Rust that cqlc writes for the query grows past {limit} tokens here ({tokens} in all); cqlc \
                 writes at most {limit}, which rustc builds in under a minute"
            ),
            E::PathTooLarge { states, limit } => write!(
                f,
                "the repetitions of this path copy its constituents into {states} states, more than the {limit} \
                 cqlc writes (write nested counted repetitions as one, or with '+' or '*')"
            ),
            E::TooManyImages { images, limit } => write!(
                f,
                "the transforms around this filter make {images} images of it, more than the {limit} cqlc writes \
                 (transforms directly inside each other, as in ✵⬓F, make only their distinct images)"
            ),
            E::Rotate45Squares { squares } => write!(
                f,
                "'rotate45' turns directions, not particular squares such as '{squares}' (an eighth turn takes \
                 squares off the board; CQL 6.2 refuses it too)"
            ),
            E::ImagineOneKind => f.write_str("'add' puts one kind of piece, such as Qd4 or n[e5,f6]"),
            E::NumericLineConstituent { source } => {
                write!(f, "a line's constituent matches a position, but '{source}' is a number")
            }
            E::ConsecutiveMovesVariables => {
                f.write_str("'consecutivemoves' takes two position variables: consecutivemoves(x y)")
            }
            E::NotADictionary { name } => {
                write!(f, "'{name}' is not a dictionary: declare one with 'dictionary {name}'")
            }
            E::EntryType { dictionary, role, found } => write!(
                f,
                "this {role} of '{dictionary}' is {}: a dictionary's keys and values are numbers, strings or sets (positions \
                 in a local dictionary), each of one type, fixed by its first use",
                found.describe()
            ),
            E::EntryTypesUnknown { dictionary } => {
                write!(f, "'{dictionary}' has no entry before here: assign one (D[k] = v) before going over its keys")
            }
            E::AtomicPiece => f.write_str("'atomic' takes an assignment to a variable that is not a piece variable"),
            E::NotPersistent { name } => write!(
                f,
                "'{name}' is declared before without 'persistent': a variable is persistent from its first assignment"
            ),
            E::PersistentKind { name } => {
                write!(f, "only numbers, strings and sets can be persistent, not the value given to '{name}'")
            }
            E::Pattern { pattern, reason } => {
                write!(f, "the regular expression \"{pattern}\" cannot be used: {reason}")
            }
            E::Unsupported { feature } => write!(f, "{feature} are not supported by cqlc yet"),
            E::AssignmentType { name, piece, source, found } => {
                let wanted = if *piece { "the squares of a piece" } else { "a set of squares, a number or a position" };
                write!(f, "'{name}' must be given {wanted}, but '{source}' is {}", found.describe())
            }
        }
    }
}
