//! What the lexer and the parser refuse. Each variant shows a query with
//! that error.

use std::fmt;

use super::{symbol::Symbol, tag_names::TagNameRefusal};

/// An error in the text of a query: it cannot be read as CQL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    /// A query file holding the byte 0xFF, which UTF-8 text never does.
    NotUtf8 {
        /// The first byte that is not UTF-8.
        byte: u8,
    },
    /// The lexical grammar `cql.pest` failed, or read a symbol that
    /// `symbol.rs` does not spell. The grammar reads any character (an
    /// unknown one as a token of its own) and `symbol.rs` spells all its
    /// symbols, so no query is known to do this.
    Unreadable,
    /// `cql() \q`: a backslash that starts none of CQL 6.2's backslash tokens.
    LoneBackslash,
    /// `cql() 99999999999999999999999`: more than a 64-bit number.
    NumberTooLarge,
    /// `cql() [b6-3,d7]`: a range of files or ranks from high to low.
    BackwardsSquareRange {
        /// The range (`6-3`).
        range: String,
    },
    /// `cql() ♔ $`: a character no token starts with.
    UnexpectedCharacter {
        /// The character.
        character: char,
    },
    /// `cql() (check`: something other than what the grammar needs here.
    Unexpected {
        /// What was needed.
        expected: Expected,
        /// What was there instead.
        found: Found,
    },
    /// `cql(quiet`, `cql( check`: no `)` follows the header's `(`.
    HeaderNotClosed,
    /// `cql() comment "abc`: a string whose line ends before its closing `"`.
    UnclosedString,
    /// `cql() check and`: an operator at the end of the query.
    MissingRightSide {
        /// The operator (`and`).
        operator: String,
    },
    /// `cql()`.
    NoFilter,
    /// `cql(3)`: the header holds parameters, which are words.
    NotAHeaderParameter,
    /// `cql(foo)`, `cql(inpt x.pgn)`.
    UnknownHeaderParameter {
        /// The word.
        word: String,
        /// The header parameter it was probably meant to be (`input`).
        suggestion: Option<&'static str>,
    },
    /// `cql(matchstring 3)`.
    MatchStringNeedsString,
    /// `cql(input)`: a parameter's file name or result is missing.
    MissingRawWord(RawWord),
    /// `cql() result 2-0`, `cql(result 2-0)`.
    NotAResult {
        /// What was written instead.
        text: String,
    },
    /// `cql() up 4 1 P`.
    BackwardsDirectionRange {
        /// The direction's keyword.
        keyword: String,
    },
    /// `cql() between(a1)`.
    BetweenArity,
    /// `cql() pin from R from r`.
    PinParameterTwice {
        /// The parameter.
        parameter: &'static str,
    },
    /// `cql() ray (R)`, `cql() xray (Q)`.
    RayArity {
        /// `ray` or `xray`.
        keyword: &'static str,
    },
    /// `cql() makesquare (5)`, `cql() makesquare (1 2 3)`.
    MakeSquareArity,
    /// `cql() max(1)`.
    ExtremumArity {
        /// `max` or `min`.
        keyword: &'static str,
    },
    /// `cql() ray orthogonal up (R k)`: a direction named twice.
    RayDirectionTwice {
        /// The word that names it again.
        word: String,
    },
    /// `cql() a[<]1`.
    BracketAfterSquares {
        /// How the relation is spelled (`[<]`).
        spelling: String,
    },
    /// `cql() line --> k{3}*`.
    RepeatedRepetition,
    /// `cql() line nestban <-- check`.
    NestbanBackward,
    /// `cql() line primary <-- check`: CQL 6.2 chooses among the moves on
    /// from a position only.
    SideLineBackward,
    /// `cql() line primary secondary --> check`.
    PrimaryAndSecondaryLine,
    /// `cql() line --> check <-- mate`.
    MixedLineArrows,
    /// `cql() find all 3 check`.
    FindAllAndRange,
    /// `cql() echo s t check`, `cql() echo (s) check`.
    EchoVariables,
    /// `cql() lca(∙)`, `cql() distance ∙ parent`.
    TwoPositions {
        /// `ancestor`, `descendant`, `lca` or `distance`.
        keyword: String,
    },
    /// `cql() ――e4(check`.
    TargetNotClosed,
    /// `cql() ――e4()`.
    EmptyTarget,
    /// `cql() ――e4――e5`, `cql() check――e4`: a dash touching what is before
    /// it, which is not a set it could move from.
    GluedDash {
        /// The token before the dash.
        before: String,
    },
    /// `cql() ―― (check)`: a space between a dash and its target.
    SpacedTarget,
    /// `cql() ――(check)(mate)`: a bracket after a dash's target.
    BracketAfterMove,
    /// `cql() ――=a1`, `cql() ――=Q or R`.
    NotAPromotionPiece,
    /// `cql() function F(T) {――=T} F(♕)`: CQL 6.2 passes ♕ as a set
    /// variable, which cannot name a promotion.
    ArgumentAsPromotion,
    /// `cql() ∊ a`: a symbol or operator where a filter must start.
    CannotStartFilter {
        /// The symbol as written (the element sign as `∊`, whatever its spelling).
        symbol: String,
    },
    /// `cql() check cql`.
    SecondHeader,
    /// `cql() check or function F() {1}`.
    MisplacedFunction,
    /// `cql() and check`.
    OperatorFirst {
        /// The operator's word.
        word: String,
    },
    /// `cql() fen "rnbqkbnr/9/..."`: not the board of a FEN.
    NotABoard {
        /// The text.
        text: String,
    },
    /// `cql() line --> N * quiet --> P`: a parameter word where a filter
    /// must start.
    ParameterFirst {
        /// The word.
        word: String,
    },
    /// `cql() hhdb xyz`: not a key of `hhdb` (or, for an award, repeated).
    HhdbKey {
        /// The key given.
        key: Option<String>,
    },
    /// `cql() hhdb source`: a key CQL 6.2 lists but gives no meaning.
    HhdbSource,
    /// `cql() hhdb prize sort`: `sort` last, where it could be taken for
    /// a `sort` filter after `hhdb`.
    HhdbSortLast,
    /// `cql() hhdb sort max`: `hhdb sort` needs the kind of award or
    /// `special`.
    HhdbSortWithoutKind,
    /// `cql() hhdb sort prize max`: `sort` and `max` together.
    HhdbSortWithMax,
    /// `cql() hascomment "$0"`: NAGs are 1 to 255.
    NotANag {
        /// The text.
        text: String,
    },
    /// `cql() sort min #P`: CQL 6.2 wants a label with `min` or `max`.
    SortDirectionWithoutLabel,
    /// `cql() sort min "n" quiet #P`: `quiet` comes right after `sort`.
    SortQuietNotFirst,
    /// `cql() persistent x`: `persistent` declares a variable by assigning it.
    PersistentWithoutAssignment,
    /// `cql() "a" ~~ x`: the right side of `~~` is a string in quotes.
    PatternNotLiteral,
    /// `cql() indexof ("a")`.
    IndexOfArity,
    /// `cql() writefile ("f.cqo")`.
    WriteFileArity,
    /// `cql() tag Round`: `tag` and `settag` take the name of a tag in
    /// quotes.
    TagNameNotAString,
    /// `cql() settag ("Event" "x")`: a tag name CQL 6.2 refuses (`tag`
    /// refuses the same, but for the tags it reads itself: `tag "Event"`
    /// is `event`).
    RefusedTagName {
        /// The name.
        name: String,
        /// CQL 6.2's reason.
        reason: TagNameRefusal,
    },
    /// `cql() event "O+"`: CQL 6.2 refuses a text to search for that looks like
    /// a pattern.
    SearchPattern {
        /// The text.
        text: String,
    },
    /// `cql() pathdebug`: a keyword or symbol of CQL 6.2 that cqlc does not
    /// implement.
    Unsupported {
        /// The keyword, or the symbol as messages show it.
        word: String,
    },
    /// `cql() {check`: a bracket whose closing one never comes.
    NeverClosed {
        /// The opening bracket.
        opener: Symbol,
    },
    /// `cql() ///`.
    EmptyLineComment,
    /// `cql() function F(x) {x`.
    FunctionNotClosed {
        /// The function.
        name: String,
    },
    /// `cql() function F(x) {x} F(1 2)`.
    ArgumentCount {
        /// The function.
        name: String,
        /// How many parameters it has.
        params: usize,
        /// How many arguments the call gives.
        arguments: usize,
    },
    /// `cql() function F(x) {F(x)} F(1)`.
    CallsTooDeep {
        /// The function.
        name: String,
    },
    /// `cql() function F(x) {x x} F(F(F(F(F(F(F(F(F(F(F(F(F(F(♔))))))))))))))`:
    /// the calls expand into more tokens than cqlc reads.
    CallsTooLarge {
        /// The function.
        name: String,
        /// How many tokens calls may expand into in all.
        limit: usize,
    },
    /// `cql() ((((...♔...))))` with 300 parentheses, or `cql() ♔ and ♔ and
    /// ...` with 300 `and`s: the query nests deeper than cqlc handles.
    NestsTooDeep {
        /// How many levels cqlc handles.
        limit: usize,
    },
    /// `cql() move promote a1`.
    PieceTypesWithSquares {
        /// `promote` or `drop`.
        keyword: &'static str,
    },
    /// `cql() legal check`.
    MoveExpected {
        /// The keyword as written (`legal`, `countmoves`, ...).
        keyword: String,
    },
    /// `cql() ⊢ title 3 ――`.
    TitleNeedsString,
    /// `cql() ⊢ secondary ――`.
    SecondaryPath,
    /// `cql() ⊢ piecepath ――`.
    PiecepathWithoutFocus,
    /// `cql() ⊢ focus ♕ primary ――`: CQL 6.2 does not implement the two
    /// together.
    FocusWithPrimary,
    /// `cql() ⊢ max 1 min 2 ――`, `cql() ⊢ quiet quiet ――`.
    PathParameterTwice {
        /// The parameter (`max` for `min` too).
        parameter: String,
    },
    /// `cql() ⊢ ―― (check mate)`: after a move in a path, a bracket holds
    /// one filter (or one move, as a chain).
    BracketInPath,
    /// `cql() ⊢ legal ――`.
    LegalMoveInPath,
    /// `cql() ⊢ ――{99999999999}`.
    TooManyRepetitions,
    /// `cql() ⊢ ――{4,2}`.
    BackwardsRepetition,
    /// `cql() ⊢ ――{,}`.
    EmptyRepetition,
    /// `cql() {2}`: a repetition signal outside a path's top level, where
    /// CQL 6.2 reads `{2}` as one even if a compound filter was meant.
    RepetitionOutsidePath {
        /// The signal as written.
        signal: String,
    },
    /// `cql() ⊢ check+ ――`: a repetition signal before any move.
    NothingToRepeat,
    /// `cql() ⊢ check (check)+`: CQL 6.2 reads this, then crashes at the
    /// first position.
    RepeatedChainWithoutMove,
    /// `cql() sort 1`: sorting by a number, which CQL 6.2 refuses as likely
    /// meant to be a range (older CQL sorted within ranges).
    SortByNumber,
    /// `cql() ◭_ = ♕`.
    UnderscoreVariable,
    /// `cql() ◭move = ♕`.
    KeywordVariable {
        /// The keyword.
        name: String,
    },
}

/// What the parser needed where it found something else: the first half of
/// [`SyntaxError::Unexpected`]'s message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// `check`: the query does not start with its header.
    QueryStart,
    /// `cql check`.
    HeaderOpen,
    /// `cql() check }`.
    NoOpenBracket,
    /// `cql(sort check)`.
    SortMatchCount,
    /// `cql(gamenumber x)`.
    Number {
        /// The header parameter.
        parameter: &'static str,
    },
    /// `cql() (check`.
    CloseParen,
    /// `cql() "abc"[1`.
    CloseBracket,
    /// `cql() persistent 3`.
    PersistentAssignment,
    /// `cql() dictionary 3`.
    DictionaryName,
    /// `cql() local x = 1`: `local` only declares a dictionary.
    LocalDictionary,
    /// `cql() unbind 3`.
    UnbindName,
    /// `cql() settag "X" "v"`.
    SetTagOpen,
    /// `cql() indexof "a" "b"`.
    IndexOfOpen,
    /// `cql() writefile "f.cqo" "x"`.
    WriteFileOpen,
    /// `cql() between a1`.
    BetweenOpen,
    /// `cql() max 1 2`.
    ExtremumOpen {
        /// `max` or `min`.
        keyword: &'static str,
    },
    /// `cql() while i < 3 i += 1`.
    WhileOpen,
    /// `cql() cql_assertvariations 3`.
    VariationsMessage,
    /// `cql() makesquare 5 4`.
    MakeSquareOpen,
    /// `cql() ray R k`, `cql() xray up (R k)`.
    RayOpen {
        /// `ray` or `xray`.
        keyword: &'static str,
    },
    /// `cql() line check`: the first arrow.
    LineArrow,
    /// `cql() function F {}`.
    ParameterListOpen,
    /// `cql() ♕→♚←♖`.
    OneWayChain,
    /// `cql() x =`.
    Filter,
    /// `cql() {check)`: one bracket closed by another.
    CloseBefore {
        /// The bracket that closes what is open.
        close: Symbol,
        /// The other one, found first.
        other: Symbol,
    },
    /// `cql() function 3() {}`: (what is shown as found is the token after
    /// the one that is not a name).
    FunctionName,
    /// `cql() function F(3) {}` (what is shown as found is the token after
    /// the one that is not a name).
    ParameterName,
    /// `cql() function F(x) check`.
    FunctionBody,
    /// `cql() move promote`.
    PieceTypes {
        /// `promote` or `drop`.
        keyword: &'static str,
    },
    /// `cql() ⊢`.
    Constituent,
    /// `cql() imagine : check`, `cql() imagine add e4 : check`.
    ImagineChange,
    /// `cql() ∀x = 3`.
    ForAllSet,
    /// `cql() ◭x += 3`.
    PieceAssignment,
    /// `cql() ◭x check`.
    AssignmentOrElement {
        /// The variable.
        name: String,
    },
    /// `cql() ∀ 3` (what is shown as found is the token after the one that
    /// is not a variable).
    ForAllVariable,
    /// `cql() square 3 in a` (what is shown as found is the token after the
    /// one that is not a name).
    DeclaredName {
        /// `square` or `piece`.
        keyword: &'static str,
    },
    /// `cql() square x`.
    DeclaredIn {
        /// `square` or `piece`.
        keyword: &'static str,
        /// The variable.
        name: String,
    },
}

/// What the parser found instead of what it expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A token, as written.
    Token(String),
    /// Nothing: the query ended.
    End,
}

/// A parameter's value read as raw text up to a space or `)`, which is no
/// CQL token (`games.pgn`, `1/2-1/2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawWord {
    /// `cql(input)`.
    InputFile,
    /// `cql(output)`.
    OutputFile,
    /// `cql(result)`, `cql() result`.
    Result,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SyntaxError as E;
        match self {
            E::NotUtf8 { byte } => write!(
                f,
                "the file is not UTF-8 text: byte 0x{byte:02X} here does not begin a UTF-8 character (save the query as UTF-8)"
            ),
            E::Unreadable => f.write_str("cannot read the query here"),
            E::LoneBackslash => f.write_str(
                "a backslash outside quotes starts one of \\n \\r \\t \\\" \\\\ (a one-character string) or \\1, \\-1 (a group of \
                 the last '~~' match)",
            ),
            E::NumberTooLarge => f.write_str("this number is too large"),
            E::BackwardsSquareRange { range } => {
                write!(f, "the range '{range}' goes backwards: write it from low to high")
            }
            E::UnexpectedCharacter { character } => write!(f, "unexpected character '{character}'"),
            E::Unexpected { expected, found } => write!(f, "{expected}, found {found}"),
            E::HeaderNotClosed => f.write_str("the '(' of the header 'cql(' is never closed with ')'"),
            E::UnclosedString => f.write_str("this string is never closed: its line ends before a closing '\"'"),
            E::MissingRightSide { operator } => {
                write!(f, "'{operator}' needs a filter after it, but the query ends there")
            }
            E::NoFilter => f.write_str("the query has no filter after its header"),
            E::NotAHeaderParameter => f.write_str("expected a header parameter such as 'input' or 'variations'"),
            E::UnknownHeaderParameter { word, .. } => write!(f, "unknown header parameter '{word}'"),
            E::MatchStringNeedsString => f.write_str("'matchstring' needs a string, as in matchstring \"found\""),
            E::MissingRawWord(what) => write!(f, "expected {what}"),
            E::NotABoard { text } => write!(
                f,
                "\"{text}\" is not the board of a FEN: eight ranks from the 8th, separated by '/', each of eight squares \
                 (piece letters, A or a for any white or black piece, _ empty, . any, digits for empty squares)"
            ),
            E::ParameterFirst { word } => write!(
                f,
                "'{word}' is a parameter of another filter (a path, a line, a move, ...), written right after its \
                 keyword, not a filter"
            ),
            E::HhdbKey { key: None } => f.write_str("'hhdb' needs a key: hhdb TT, hhdb prize, hhdb \"<cook>\", ..."),
            E::HhdbKey { key: Some(key) } => write!(
                f,
                "'{key}' is not a key of 'hhdb' (the marks of the Black tag such as TT or \"(c)\", composer, cooked, \
                 sound, mainline, gbr, \"<main>\", ..., and the awards: award, prize, hm, commendation, max, special, \
                 sort, each once; 'cqlc run q.cql -hhdb help' lists them)"
            ),
            E::HhdbSource => f.write_str("'hhdb source' has no meaning: CQL 6.2 lists the key but refuses it"),
            E::HhdbSortLast => f.write_str(
                "'sort' is the last key of 'hhdb', where it could be taken for a 'sort' filter: write it right after \
                 'hhdb' (hhdb sort prize)",
            ),
            E::HhdbSortWithoutKind => {
                f.write_str("'hhdb sort' needs the kind of award (award, prize, hm, commendation) or 'special'")
            }
            E::HhdbSortWithMax => f.write_str("'hhdb sort' and 'max' do not go together"),
            E::NotANag { text } => write!(f, "\"{text}\" is no NAG: NAGs go from $1 to $255"),
            E::SortDirectionWithoutLabel => {
                f.write_str("'sort min' and 'sort max' take a label in quotes: sort min \"fewest pawns\" #P")
            }
            E::SortQuietNotFirst => {
                f.write_str("'quiet' must be the first parameter of 'sort': sort quiet min \"fewest pawns\" #P")
            }
            E::PersistentWithoutAssignment => {
                f.write_str("'persistent' declares a variable by assigning it: persistent Count += 1")
            }
            E::PatternNotLiteral => {
                f.write_str("the right side of '~~' must be a regular expression in quotes: S ~~ \"[a-h]\\d\"")
            }
            E::IndexOfArity => f.write_str("'indexof' takes two strings: indexof (part whole)"),
            E::WriteFileArity => f.write_str("'writefile' takes a file name and a string: writefile (\"out.cqo\" text)"),
            E::TagNameNotAString => write!(f, "'tag' takes the name of a tag in quotes: tag \"Annotator\""),
            E::RefusedTagName { name, reason } => write!(f, "CQL 6.2 refuses the tag name \"{name}\": {reason}"),
            E::SearchPattern { text } => write!(
                f,
                "\"{text}\" looks like a pattern, which CQL 6.2 refuses here (it searches for the text as written): \
                 use '~~' for a regular expression"
            ),
            E::NotAResult { text } => write!(f, "'{text}' is not a result (1-0, 0-1, 1/2-1/2)"),
            E::BackwardsDirectionRange { keyword } => {
                write!(f, "the range of '{keyword}' goes backwards: write it from low to high")
            }
            E::BetweenArity => f.write_str("'between' takes two sets of squares: between(x y)"),
            E::MakeSquareArity => {
                f.write_str("'makesquare' takes a file and a rank, makesquare (5 4), or a string, makesquare \"e4\"")
            }
            E::ExtremumArity { keyword } => write!(f, "'{keyword}' takes two or more values: {keyword}(a b ...)"),
            E::PinParameterTwice { parameter } => write!(f, "a pin has only one '{parameter}' parameter"),
            E::RayArity { keyword } => write!(f, "'{keyword}' takes two or more sets of squares: {keyword} (x y ...)"),
            E::RayDirectionTwice { word } => write!(f, "'{word}' names a direction this ray already has"),
            E::BracketAfterSquares { spelling } => {
                write!(f, "CQL 6.2 reads '[' right after squares as more squares: put a space before '{spelling}'")
            }
            E::RepeatedRepetition => {
                f.write_str("a line's constituent takes one repetition signal: group it in '( )' to repeat it again")
            }
            E::NestbanBackward => f.write_str("a line back to earlier positions ('<--') takes no 'nestban'"),
            E::SideLineBackward => {
                f.write_str("a line back to earlier positions ('<--') takes no 'primary' or 'secondary'")
            }
            E::PrimaryAndSecondaryLine => f.write_str("a line takes 'primary' or 'secondary', not both"),
            E::MixedLineArrows => f.write_str("a line goes one way: its arrows are all '-->' or all '<--'"),
            E::FindAllAndRange => f.write_str("'find' counts 'all' positions or those in a range, not both"),
            E::EchoVariables => {
                f.write_str("'echo' names two position variables in parentheses: echo (source target) F")
            }
            E::TwoPositions { keyword } => write!(f, "'{keyword}' takes two positions: {keyword}(x y)"),
            E::TargetNotClosed => f.write_str("the target '(' of this move is never closed with ')'"),
            E::EmptyTarget => f.write_str("a move's target '( )' needs a filter"),
            E::GluedDash { before } => {
                write!(f, "'{before}' touches this move but cannot be its left side: separate them with a space")
            }
            E::SpacedTarget => f.write_str("no space is allowed between a move and its target '(...)'"),
            E::BracketAfterMove => f.write_str("a move has one target '(...)': put all its filters in it"),
            E::NotAPromotionPiece => f.write_str(
                "expected the piece types to promote to after '=': piece types without squares such as ♕ or [RBN], \
                 or a string such as \"RBN\"",
            ),
            E::ArgumentAsPromotion => f.write_str(
                "a function's argument is passed as a variable, and only a string variable can name a promotion: \
                 pass a string such as \"Q\"",
            ),
            E::CannotStartFilter { symbol } => write!(f, "'{symbol}' cannot start a filter here"),
            E::SecondHeader => f.write_str("a query has only one header 'cql(...)'"),
            E::MisplacedFunction => {
                f.write_str("a function is defined among the query's filters or directly inside braces, not here")
            }
            E::OperatorFirst { word } => write!(f, "'{word}' needs a filter before it"),
            E::Unsupported { word } => write!(f, "'{word}' is not supported by cqlc yet"),
            E::NeverClosed { opener } => write!(f, "this '{opener}' is never closed"),
            E::EmptyLineComment => f.write_str("'///' needs something to write on the same line"),
            E::FunctionNotClosed { name } => write!(f, "the body of '{name}' is never closed"),
            E::ArgumentCount { name, params, arguments } => {
                write!(f, "'{name}' takes {params} argument(s), but this call gives {arguments}")
            }
            E::CallsTooDeep { name } => write!(f, "calls of '{name}' nest too deeply (a call of itself?)"),
            E::CallsTooLarge { name, limit } => {
                write!(f, "the calls of '{name}' expand into more than {limit} tokens (calls nested in arguments?)")
            }
            E::NestsTooDeep { limit } => write!(
                f,
                "the query nests more than {limit} levels deep here (brackets, prefixes such as 'not', and chains \
                 such as 'a and b and ...' each count); cqlc handles at most {limit}"
            ),
            E::PieceTypesWithSquares { keyword } => {
                write!(f, "'{keyword}' needs piece types without squares, such as [RBN] (use 'to' for the squares)")
            }
            E::MoveExpected { keyword } => {
                write!(f, "'{keyword}' must be followed by a move such as ♘――g5 or ――(check)")
            }
            E::TitleNeedsString => f.write_str("'title' needs a string: title \"...\""),
            E::SecondaryPath => f.write_str("a path takes no 'secondary' parameter"),
            E::PiecepathWithoutFocus => {
                f.write_str("'piecepath' notes the moves of the focused pieces: it needs 'focus' too")
            }
            E::FocusWithPrimary => {
                f.write_str("a path takes 'focus' or 'primary', not both (CQL 6.2 does not implement them together)")
            }
            E::PathParameterTwice { parameter } => write!(f, "a path has only one '{parameter}' parameter"),
            E::BracketInPath => f.write_str(
                "in a path, a bracket after a move holds one filter or one move: use braces '{ }' for more, or \
                 start the chain after another constituent",
            ),
            E::LegalMoveInPath => f.write_str(
                "a legal or pseudolegal move is not a path constituent: put it in braces '{ }' to use it as a filter",
            ),
            E::TooManyRepetitions => f.write_str("too many repetitions"),
            E::BackwardsRepetition => f.write_str("the repetition's range goes backwards"),
            E::EmptyRepetition => f.write_str("'{,}' repeats nothing: write '*' for any number of times"),
            E::RepetitionOutsidePath { signal } => write!(
                f,
                "'{signal}' is a repetition signal, which only a path's constituents take; for a compound filter, \
                 put spaces inside the braces"
            ),
            E::NothingToRepeat => f.write_str(
                "nothing to repeat: a repetition repeats the last '――' and the filters after it; \
                 to use '+' or '*' as arithmetic, put the filter in braces '{ }'",
            ),
            E::RepeatedChainWithoutMove => f.write_str("a repeated chain must contain a move ('――')"),
            E::SortByNumber => {
                f.write_str("'sort' sorts by a filter, not a number (ranges are not supported in 'sort')")
            }
            E::UnderscoreVariable => f.write_str("'_' cannot name a variable"),
            E::KeywordVariable { name } => write!(f, "'{name}' is a keyword and cannot name a variable"),
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Expected as E;
        match self {
            E::QueryStart => f.write_str("a query starts with 'cql(...)'"),
            E::HeaderOpen => f.write_str("expected '(' after 'cql'"),
            E::NoOpenBracket => f.write_str("unbalanced closing bracket"),
            E::SortMatchCount => f.write_str("the header sorts only by 'matchcount': sort matchcount N M"),
            E::Number { parameter } => write!(f, "'{parameter}' needs a number"),
            E::CloseParen => f.write_str("expected ')' to close '('"),
            E::CloseBracket => f.write_str("expected ']' to close the '[' of a part of a string: S[i], S[i:j]"),
            E::PersistentAssignment => f.write_str("expected a variable's assignment after 'persistent': persistent Count += 1"),
            E::DictionaryName => f.write_str("expected the dictionary's name after 'dictionary'"),
            E::LocalDictionary => {
                f.write_str("'local' declares a dictionary cleared at each game: local dictionary Name (CQL 6.2 has no other local)")
            }
            E::UnbindName => f.write_str("expected the name of a variable or dictionary"),
            E::SetTagOpen => f.write_str("expected '(' after 'settag': settag (\"Name\" value)"),
            E::WriteFileOpen => f.write_str("expected '(' after 'writefile': writefile (\"out.cqo\" text)"),
            E::IndexOfOpen => f.write_str("expected '(' after 'indexof': indexof (part whole)"),
            E::LineArrow => f.write_str("expected '-->' or '<--' before the first constituent of the line"),
            E::BetweenOpen => f.write_str("expected '(' after 'between': between(x y)"),
            E::ExtremumOpen { keyword } => write!(f, "expected '(' after '{keyword}': {keyword}(a b ...)"),
            E::WhileOpen => f.write_str("expected '(' after 'while': while (test) body"),
            E::VariationsMessage => f.write_str("expected a message in quotes after 'cql_assertvariations'"),
            E::MakeSquareOpen => f.write_str("expected '(' or a string after 'makesquare': makesquare (5 4)"),
            E::RayOpen { keyword: "xray" } => f.write_str("expected '(' after 'xray': xray (x y ...)"),
            E::RayOpen { keyword } => write!(f, "expected '(' or directions after '{keyword}': {keyword} up (x y ...)"),
            E::ParameterListOpen => f.write_str("expected '(' after the function's name: function Name(a b) {...}"),
            E::OneWayChain => f.write_str("a chain of attacks points one way: use parentheses to mix → and ←"),
            E::Filter => f.write_str("expected a filter"),
            E::CloseBefore { close, other } => write!(f, "expected '{close}' before '{other}'"),
            E::FunctionName => f.write_str("expected the function's name after 'function'"),
            E::ParameterName => f.write_str("expected a parameter name or ')'"),
            E::FunctionBody => f.write_str("a function's body is in braces: function Name(a b) {...}"),
            E::PieceTypes { keyword } => write!(f, "'{keyword}' needs piece types"),
            E::Constituent => f.write_str("'⊢' needs at least one constituent"),
            E::ImagineChange => f.write_str(
                "'imagine' needs changes and ':' then a filter: a FEN string, 'add Qd4', 'remove S', 'white' or 'black'",
            ),
            E::ForAllSet => f.write_str("'∀' needs '∊' and a set to go over"),
            E::PieceAssignment => f.write_str("a piece variable can only be assigned with '='"),
            E::AssignmentOrElement { name } => write!(f, "expected '=' or '∊' after the variable '{name}'"),
            E::ForAllVariable => f.write_str("expected a variable after '∀'"),
            E::DeclaredName { keyword } => write!(f, "expected a variable name after '{keyword}'"),
            E::DeclaredIn { keyword, name } => write!(f, "expected 'in' after '{keyword} {name}'"),
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Token(text) => write!(f, "'{text}'"),
            Found::End => f.write_str("the end of the query"),
        }
    }
}

impl fmt::Display for RawWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RawWord::InputFile => "a file name after 'input'",
            RawWord::OutputFile => "a file name after 'output'",
            RawWord::Result => "a result such as 1-0 after 'result'",
        })
    }
}
