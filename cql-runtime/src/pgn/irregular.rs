//! What can be wrong with a game of the input, and where.

use std::fmt;

use shakmaty::san::SanPlus;

/// A problem found while reading one game, with the game's number and the
/// line the problem is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Irregularity {
    /// The game's number in its input, counting from 1.
    pub game: u64,
    /// The input line of the problem (for a bad move, the move's line; else
    /// the game's first line).
    pub line: u64,
    /// What is wrong.
    pub problem: Problem,
}

/// The kinds of irregular PGN the reader recognises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A move that is not legal in its position, e.g. `23... Nxe5`.
    IllegalMove(String),
    /// A move that fits several legal moves.
    AmbiguousMove(String),
    /// A null move played by a side in check.
    NullMoveInCheck,
    /// A `[FEN]` tag that is not a usable position.
    InvalidFen(String),
    /// A `[Variant]` this searcher does not play.
    UnsupportedVariant(String),
    /// A `{` comment without its `}`.
    UnterminatedComment,
    /// A `(` without its `)`.
    UnclosedVariation,
    /// A `)` without its `(`.
    UnmatchedParenthesis,
    /// A variation before the first move of the game.
    VariationBeforeFirstMove,
    /// No game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    NoResult,
    /// Variations nested deeper than the reader follows (the limit).
    NestedTooDeep(usize),
    /// A line of more plies than the search follows (the limit).
    TooLong(u32),
    /// Anything else the PGN reader could not read.
    Malformed(String),
}

impl Problem {
    /// Whether the game can still be searched despite this problem.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            Problem::IllegalMove(_)
                | Problem::AmbiguousMove(_)
                | Problem::NullMoveInCheck
                | Problem::InvalidFen(_)
                | Problem::UnsupportedVariant(_)
                | Problem::NestedTooDeep(_)
                | Problem::TooLong(_)
        )
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::IllegalMove(mv) => write!(f, "illegal move {mv}"),
            Problem::AmbiguousMove(mv) => write!(f, "ambiguous move {mv}"),
            Problem::NullMoveInCheck => write!(f, "null move by a side in check"),
            Problem::InvalidFen(fen) => write!(f, "unusable FEN \"{fen}\""),
            Problem::UnsupportedVariant(variant) => {
                write!(f, "variant \"{variant}\" is not supported yet")
            }
            Problem::UnterminatedComment => write!(f, "comment without a closing brace"),
            Problem::UnclosedVariation => write!(f, "variation without a closing parenthesis"),
            Problem::UnmatchedParenthesis => write!(f, "closing parenthesis without a variation"),
            Problem::VariationBeforeFirstMove => {
                write!(f, "variation before the first move (ignored)")
            }
            Problem::NoResult => write!(f, "no result"),
            Problem::NestedTooDeep(limit) => write!(f, "variations nested more than {limit} levels deep"),
            Problem::TooLong(limit) => write!(f, "a line of more than {limit} plies"),
            Problem::Malformed(what) => write!(f, "{what}"),
        }
    }
}

impl fmt::Display for Irregularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let consequence = if self.problem.is_fatal() { "game skipped" } else { "game searched" };
        write!(f, "game {} (line {}): {}; {consequence}", self.game, self.line, self.problem)
    }
}

/// One line about everything wrong with one game: its number, the line of
/// its first problem, the problems, and whether it was searched. `None` if
/// nothing was wrong.
pub fn describe_game(problems: &[Irregularity]) -> Option<String> {
    let first = problems.first()?;
    let fatal = problems.iter().any(|p| p.problem.is_fatal());
    let list: Vec<String> = problems.iter().map(|p| p.problem.to_string()).collect();
    let consequence = if fatal { "game skipped" } else { "game searched" };
    Some(format!("game {} (line {}): {}; {consequence}", first.game, first.line, list.join("; ")))
}

/// The line (counting from 0 within `text`) of the `index`-th move token of a
/// game's text, found the way the PGN reader finds moves: outside tags,
/// comments and `%` lines, a token that reads as SAN. Used only to place a
/// warning, so a miss falls back to the game's first line.
pub(crate) fn line_of_san(text: &[u8], index: usize) -> u64 {
    let mut line = 0u64;
    let mut seen = 0usize;
    let mut at = 0usize;
    let mut line_start = true;
    while at < text.len() {
        let byte = text[at];
        match byte {
            b'\n' => {
                line += 1;
                line_start = true;
                at += 1;
                continue;
            }
            b'[' | b'%' if line_start => at = skip_past(text, at, b'\n'),
            b'{' => {
                let end = skip_past(text, at, b'}');
                line += text[at..end].iter().filter(|&&b| b == b'\n').count() as u64;
                at = end;
            }
            b';' => at = skip_past(text, at, b'\n'),
            _ if is_separator(byte) => at += 1,
            _ => {
                let end = text[at..].iter().position(|&b| is_separator(b)).map_or(text.len(), |i| at + i);
                let token = &text[at..end];
                let is_move = !token[0].is_ascii_digit() && SanPlus::from_ascii(token).is_ok()
                    || token == b"--"
                    || token.starts_with(b"0-0")
                    || token.starts_with(b"O-O");
                if is_move {
                    if seen == index {
                        return line;
                    }
                    seen += 1;
                }
                at = end;
            }
        }
        line_start = false;
    }
    0
}

fn skip_past(text: &[u8], at: usize, needle: u8) -> usize {
    memchr::memchr(needle, &text[at..]).map_or(text.len(), |i| {
        // Keep a newline for the caller to count.
        if needle == b'\n' { at + i } else { at + i + 1 }
    })
}

fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | b'(' | b')' | b'{' | b'}' | b'!' | b'?' | b'$' | b';' | b'.' | b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_with_several_problems_gets_one_line() {
        let at = |problem| Irregularity { game: 3, line: 40, problem };
        let line = describe_game(&[at(Problem::UnclosedVariation), at(Problem::NoResult)]);
        assert_eq!(
            line.as_deref(),
            Some("game 3 (line 40): variation without a closing parenthesis; no result; game searched")
        );
        assert_eq!(describe_game(&[]), None);
    }

    #[test]
    fn finds_the_line_of_the_nth_move_skipping_comments_and_numbers() {
        let text = b"[Event \"x\"]\n\n1.e4 {a\ncomment Nf3} e5\n2.Nf3 (2.Bc4 Nc6)\n2...Nc6 *\n";
        assert_eq!(line_of_san(text, 0), 2);
        assert_eq!(line_of_san(text, 1), 3);
        assert_eq!(line_of_san(text, 2), 4);
        assert_eq!(line_of_san(text, 3), 4);
        assert_eq!(line_of_san(text, 5), 5);
    }
}
