//! Turning query text into tokens with the pest grammar `cql.pest`.
//!
//! Besides its kind and span, each token records how it touches the token
//! before it: glued (no space between), after a line break, or after a blank
//! line. CQL's syntax depends on all three.

use pest::{Parser, iterators::Pair};
use pest_derive::Parser;

use super::{
    ast::{Designator, Kinds, Span},
    error::SyntaxError,
    symbol::{AssignOp, Symbol},
};
use crate::diagnostic::Diagnostic;

#[derive(Parser)]
#[grammar = "syntax/cql.pest"]
struct CqlLexer;

/// A token of a query.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Where it is.
    pub span: Span,
    /// No whitespace or comment between this token and the one before.
    pub glued: bool,
    /// A line break between this token and the one before.
    pub line_break_before: bool,
    /// A blank line between this token and the one before.
    pub blank_line_before: bool,
    /// Put here by a function call: a token of one of its arguments.
    pub from_argument: bool,
}

/// The kinds of token.
#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// A string literal (CQL has no escapes inside quotes), or one of the
    /// one-character strings `\n`, `\"`, ...
    Str(String),
    /// `\1`, `\-1`: a group of the last regular expression match, its text
    /// or (`offset`) where it starts.
    Group {
        /// The group's number (0: the whole match).
        index: u8,
        /// `\-N`: where it starts.
        offset: bool,
    },
    /// A number.
    Number(i64),
    /// An assignment operator (`=`, `+=`, ...).
    Assign(AssignOp),
    /// A piece designator.
    Designator(Designator),
    /// `o-o` or `o-o-o` (also `O-O`).
    Castle { queenside: bool },
    /// `◭x`: the name of a piece variable.
    PieceVariable(String),
    /// A word: a keyword or a name.
    Word(String),
    /// An operator or punctuation mark, however it is spelt.
    Symbol(Symbol),
    /// A repetition signal in braces: `{2}`, `{2,}`, `{,3}`, `{2,3}`, `{*}`
    /// (`min` 0, no `max`), `{+}` (`min` 1).
    Repetition {
        /// The fewest repetitions.
        min: u32,
        /// The most, if any.
        max: Option<u32>,
    },
}

/// Splits `source` into tokens, or gives every token that is none.
pub fn tokenize(source: &str) -> Result<Vec<Token>, Diagnostic> {
    let pairs = CqlLexer::parse(Rule::query, source).map_err(|error| {
        let at = match error.location {
            pest::error::InputLocation::Pos(at) => at,
            pest::error::InputLocation::Span((at, _)) => at,
        };
        Diagnostic::new(at..at + 1, SyntaxError::Unreadable)
    })?;
    let (mut tokens, mut errors) = (Vec::new(), Vec::new());
    let mut gap = Gap::start();
    // The children of `query`: gaps and tokens (the parts of a token are its own children).
    let top = pairs.into_iter().next().map(|query| query.into_inner());
    for pair in top.into_iter().flatten().filter(|pair| pair.as_rule() != Rule::EOI) {
        if pair.as_rule() == Rule::gap {
            gap = Gap::of(pair.as_str());
            continue;
        }
        let span = pair.as_span().start()..pair.as_span().end();
        let kind = match token_kind(pair) {
            Ok(kind) => kind,
            Err(error) => {
                errors.push(error);
                continue;
            }
        };
        tokens.push(Token {
            kind,
            span,
            glued: gap.empty,
            line_break_before: gap.line_break,
            blank_line_before: gap.blank_line,
            from_argument: false,
        });
        gap = Gap { empty: true, line_break: false, blank_line: false };
    }
    match Diagnostic::gathered(errors) {
        Some(errors) => Err(errors),
        None => Ok(tokens),
    }
}

/// What separates two tokens.
struct Gap {
    /// Nothing at all: the tokens touch.
    empty: bool,
    /// A line break.
    line_break: bool,
    /// A line with nothing but spaces on it.
    blank_line: bool,
}

impl Gap {
    /// What comes before the first token: as a line break.
    fn start() -> Gap {
        Gap { empty: false, line_break: true, blank_line: false }
    }

    /// The gap of whitespace and comments `text`.
    fn of(text: &str) -> Gap {
        // A blank line: two line breaks with only spaces between them
        // (a line holding a comment is not blank).
        let mut blank_line = false;
        let mut since_break: Option<bool> = None;
        for c in text.chars() {
            match c {
                '\n' => {
                    if since_break == Some(true) {
                        blank_line = true;
                    }
                    since_break = Some(true);
                }
                ' ' | '\t' | '\r' => {}
                _ => {
                    if let Some(only_space) = since_break.as_mut() {
                        *only_space = false;
                    }
                }
            }
        }
        Gap { empty: false, line_break: text.contains('\n'), blank_line }
    }
}

/// The kind of the token `pair`, or why it is no token.
fn token_kind(pair: Pair<'_, Rule>) -> Result<TokenKind, Diagnostic> {
    let text = pair.as_str();
    let span = pair.as_span().start()..pair.as_span().end();
    let unreadable = || Diagnostic::new(span.clone(), SyntaxError::Unreadable);
    Ok(match pair.as_rule() {
        Rule::string => TokenKind::Str(text[1..text.len() - 1].to_owned()),
        Rule::number => {
            TokenKind::Number(text.parse().map_err(|_| Diagnostic::new(span.clone(), SyntaxError::NumberTooLarge))?)
        }
        Rule::triple_slash
        | Rule::arrow_token
        | Rule::dash_token
        | Rule::capture_token
        | Rule::relation
        | Rule::symbol => TokenKind::Symbol(Symbol::spelt(text).ok_or_else(unreadable)?),
        Rule::backslash => {
            backslash(&text[1..]).ok_or_else(|| Diagnostic::new(span.clone(), SyntaxError::LoneBackslash))?
        }
        Rule::assign_op => TokenKind::Assign(AssignOp::spelt(text).ok_or_else(unreadable)?),
        Rule::designator => {
            if let Some(range) = descending_range(text) {
                return Err(Diagnostic::new(span, SyntaxError::BackwardsSquareRange { range: range.to_owned() }));
            }
            TokenKind::Designator(designator(pair))
        }
        Rule::repetition => repetition(text).map_err(|error| Diagnostic::new(span.clone(), error))?,
        Rule::castle_word => TokenKind::Castle { queenside: text.len() == 5 },
        Rule::piece_variable => {
            let marker = if text.starts_with("[Aa]") { 4 } else { text.chars().next().map_or(0, char::len_utf8) };
            TokenKind::PieceVariable(text[marker..].to_owned())
        }
        Rule::word => TokenKind::Word(text.to_owned()),
        _ if text == "\"" => {
            let input = pair.get_input();
            let line_end = input[span.start..].find('\n').map_or(input.len(), |end| span.start + end);
            return Err(Diagnostic::new(span.start..line_end, SyntaxError::UnclosedString));
        }
        _ => {
            let character = text.chars().next().unwrap_or(' ');
            return Err(Diagnostic::new(span, SyntaxError::UnexpectedCharacter { character }));
        }
    })
}

/// The most repetitions a signal may ask for, as in CQL 6.2.
const MAX_REPETITIONS: u32 = 100_000;

/// The repetition `{...}` (`text`), or why CQL 6.2 refuses it.
fn repetition(text: &str) -> Result<TokenKind, SyntaxError> {
    let inside = &text[1..text.len() - 1];
    let count = |digits: &str| match digits {
        "" => Ok(None),
        _ => digits
            .parse::<u32>()
            .ok()
            .filter(|n| *n <= MAX_REPETITIONS)
            .map(Some)
            .ok_or(SyntaxError::TooManyRepetitions),
    };
    let (min, max) = match inside {
        "*" => (0, None),
        "+" => (1, None),
        "," => return Err(SyntaxError::EmptyRepetition),
        _ => match inside.split_once(',') {
            Some((min, max)) => (count(min)?.unwrap_or(0), count(max)?),
            None => {
                let n = count(inside)?.unwrap_or(0);
                (n, Some(n))
            }
        },
    };
    if max.is_some_and(|max| max < min) {
        return Err(SyntaxError::BackwardsRepetition);
    }
    Ok(TokenKind::Repetition { min, max })
}

/// A backslash token, after its backslash: CQL 6.2's one-character strings
/// `\"`, `\\`, `\n`, `\r`, `\t` (there are no escapes inside quotes), or a
/// group of the last regular expression match, `\1` (its text) or `\-1`
/// (where it starts).
fn backslash(rest: &str) -> Option<TokenKind> {
    let text = match rest {
        "\"" => "\"",
        "\\" => "\\",
        "n" => "\n",
        "r" => "\r",
        "t" => "\t",
        _ => {
            let (offset, digits) = match rest.strip_prefix('-') {
                Some(digits) => (true, digits),
                None => (false, rest),
            };
            return Some(TokenKind::Group { index: digits.parse().ok()?, offset });
        }
    };
    Some(TokenKind::Str(text.to_owned()))
}

/// The pieces and squares a designator token names.
fn designator(pair: Pair<'_, Rule>) -> Designator {
    let mut designator = Designator { pieces: None, squares: None };
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::piece_glyphs => {
                let kinds = part.as_str().chars().map(glyph_kinds).fold(Kinds::NONE, Kinds::with);
                designator.pieces = Some(kinds);
            }
            Rule::ascii_piece => designator.pieces = Some(ascii_kinds(part.as_str())),
            Rule::piece_list => {
                let inner = part.into_inner().next().expect("the pieces in brackets");
                let kinds = match inner.as_rule() {
                    Rule::piece_glyphs => inner.as_str().chars().map(glyph_kinds).fold(Kinds::NONE, Kinds::with),
                    _ => inner
                        .as_str()
                        .chars()
                        .map(|c| ascii_kinds(c.encode_utf8(&mut [0; 4])))
                        .fold(Kinds::NONE, Kinds::with),
                };
                designator.pieces = Some(kinds);
            }
            Rule::square_part => designator.squares = Some(square_part(part)),
            Rule::all_squares => designator.squares = Some(u64::MAX),
            Rule::no_squares => designator.squares = Some(0),
            _ => {}
        }
    }
    designator
}

/// The piece kinds of a Unicode piece glyph (`♔`, `△`, `□`, `◭`).
fn glyph_kinds(glyph: char) -> Kinds {
    match glyph {
        '♔' => Kinds::piece(true, 5),
        '♕' => Kinds::piece(true, 4),
        '♖' => Kinds::piece(true, 3),
        '♗' => Kinds::piece(true, 2),
        '♘' => Kinds::piece(true, 1),
        '♙' => Kinds::piece(true, 0),
        '♚' => Kinds::piece(false, 5),
        '♛' => Kinds::piece(false, 4),
        '♜' => Kinds::piece(false, 3),
        '♝' => Kinds::piece(false, 2),
        '♞' => Kinds::piece(false, 1),
        '♟' => Kinds::piece(false, 0),
        '△' => Kinds::WHITE,
        '▲' => Kinds::BLACK,
        '□' => Kinds::EMPTY,
        _ => Kinds::ANY_PIECE, // ◭
    }
}

/// The piece kinds of an ASCII piece letter (`K`, `a` for any black piece, `_` for empty).
fn ascii_kinds(letter: &str) -> Kinds {
    let role = |c: char| "pnbrqk".find(c.to_ascii_lowercase()).map(|r| r as u8);
    match letter {
        "A" => Kinds::WHITE,
        "a" => Kinds::BLACK,
        "_" => Kinds::EMPTY,
        _ => {
            let c = letter.chars().next().unwrap_or('_');
            match role(c) {
                Some(role) => Kinds::piece(c.is_ascii_uppercase(), role),
                None => Kinds::EMPTY,
            }
        }
    }
}

/// The mask of a designator's squares: a range or a list of ranges.
fn square_part(part: Pair<'_, Rule>) -> u64 {
    part.into_inner()
        .flat_map(|inner| match inner.as_rule() {
            Rule::square_list => inner.into_inner().map(|range| square_range(range.as_str())).collect::<Vec<_>>(),
            _ => vec![square_range(inner.as_str())],
        })
        .fold(0, |all, mask| all | mask)
}

/// The first range of a designator's text that runs from high to low
/// (`h-a1`, `b6-3`), which CQL refuses.
fn descending_range(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    (1..bytes.len().saturating_sub(1)).find_map(|i| {
        let (before, after) = (bytes[i - 1], bytes[i + 1]);
        let same_kind = (before.is_ascii_lowercase() && after.is_ascii_lowercase() && (b'a'..=b'h').contains(&before))
            || (before.is_ascii_digit() && after.is_ascii_digit());
        (bytes[i] == b'-' && same_kind && after < before).then(|| &text[i - 1..i + 2])
    })
}

/// The mask of `a-h1-8`, `e4`, `a1-8`, `c-e2` and the like.
fn square_range(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let (files, rest) = match bytes {
        [f1, b'-', f2, rest @ ..] if f2.is_ascii_lowercase() => ((f1 - b'a', f2 - b'a'), rest),
        [f, rest @ ..] => ((f - b'a', f - b'a'), rest),
        [] => return 0,
    };
    let ranks = match rest {
        [r1, b'-', r2] => (r1 - b'1', r2 - b'1'),
        [r] => (r - b'1', r - b'1'),
        _ => return 0,
    };
    let mut mask = 0;
    for file in files.0.min(files.1)..=files.0.max(files.1) {
        for rank in ranks.0.min(ranks.1)..=ranks.0.max(ranks.1) {
            mask |= 1u64 << (rank * 8 + file);
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<TokenKind> {
        tokenize(source).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn ascii_and_unicode_spellings_give_the_same_tokens() {
        assert_eq!(kinds("B[x]ph7 -> k"), kinds("♗×♟h7 → ♚"));
        assert_eq!(kinds("N--g5"), kinds("♘――g5"));
        assert_eq!(kinds("[forall][Aa]x[element]Q"), kinds("∀◭x∊♕"));
        assert_eq!(kinds("[Aa]x"), vec![TokenKind::PieceVariable("x".into())]);
        assert!(matches!(kinds("[Aa]a1")[..], [TokenKind::Designator(_)]));
    }

    #[test]
    fn designators_combine_pieces_and_squares() {
        let squares = |s: &str| match &kinds(s)[0] {
            TokenKind::Designator(d) => d.squares,
            other => panic!("{other:?}"),
        };
        assert_eq!(squares("a-h1"), Some(0xff));
        assert_eq!(squares("Pa-h7"), Some(0xff << 48));
        assert_eq!(squares("[a1,h8]"), Some(1 | 1 << 63));
        assert_eq!(squares("♙b2-7"), Some(0x0002_0202_0202_0200));
        assert_eq!(squares("a1-8"), Some(0x0101_0101_0101_0101));
        assert_eq!(squares("Q"), None);
    }

    #[test]
    fn ranges_run_from_low_to_high() {
        let error = tokenize("[b6-3,d7]").unwrap_err();
        assert_eq!(error.message(), "the range '6-3' goes backwards: write it from low to high");
        assert!(tokenize("[e2,g-f1]").is_err());
        assert!(tokenize("a-h1-8").is_ok());
    }

    #[test]
    fn words_are_not_designators() {
        assert_eq!(kinds("abs"), vec![TokenKind::Word("abs".into())]);
        assert_eq!(kinds("a"), vec![TokenKind::Designator(Designator { pieces: Some(Kinds::BLACK), squares: None })]);
    }

    #[test]
    fn tokens_know_what_separates_them() {
        let tokens = tokenize("a--b c\n\nd // x\n e").unwrap();
        assert!(tokens[1].glued && tokens[2].glued && !tokens[3].glued);
        assert!(tokens[4].blank_line_before);
        assert!(tokens[5].line_break_before && !tokens[5].blank_line_before);
    }

    /// CQL 6.2 lexes `{2}` as a repetition signal wherever it stands, and
    /// `{ 2 }` as braces around a number.
    #[test]
    fn braces_around_counts_alone_are_repetitions() {
        assert_eq!(kinds("{2,}"), vec![TokenKind::Repetition { min: 2, max: None }]);
        assert_eq!(kinds("{,3}"), vec![TokenKind::Repetition { min: 0, max: Some(3) }]);
        assert_eq!(
            kinds("{*}{+}"),
            vec![TokenKind::Repetition { min: 0, max: None }, TokenKind::Repetition { min: 1, max: None }]
        );
        assert_eq!(kinds("{ 2 }").len(), 3);
        assert!(tokenize("{100001}").is_err() && tokenize("{,}").is_err());
    }

    #[test]
    fn four_slashes_are_a_line_comment_but_three_are_a_filter() {
        assert_eq!(kinds("///\"x\""), vec![TokenKind::Symbol(Symbol::TripleSlash), TokenKind::Str("x".into())]);
        assert_eq!(kinds("//////// note\ncheck"), vec![TokenKind::Word("check".into())]);
    }
}
