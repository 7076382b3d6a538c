//! What can be wrong with a game of the input, and where.

use std::fmt;

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
    /// A move that is not legal in its position, e.g. `23... Nxe5`: reading
    /// stops there.
    IllegalMove(String),
    /// A move that fits several legal moves: reading stops there.
    AmbiguousMove(String),
    /// A word written as a move that cannot be read as one (`23... Nb8x`):
    /// reading stops there.
    UnreadableMove(String),
    /// A null move played by a side in check: reading stops there.
    NullMoveInCheck(String),
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
    /// A game whose text is longer than the reader keeps (the limit, in
    /// bytes).
    TooLarge(usize),
}

impl Problem {
    /// Whether the game can still be searched despite this problem.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            Problem::InvalidFen(_)
                | Problem::UnsupportedVariant(_)
                | Problem::NestedTooDeep(_)
                | Problem::TooLong(_)
                | Problem::TooLarge(_)
        )
    }

    /// Whether reading the game's moves stopped at this problem: the game is
    /// searched up to the move before it.
    pub fn stops_reading(&self) -> bool {
        matches!(
            self,
            Problem::IllegalMove(_)
                | Problem::AmbiguousMove(_)
                | Problem::UnreadableMove(_)
                | Problem::NullMoveInCheck(_)
        )
    }

    /// What becomes of a game with these problems.
    fn consequence<'p>(problems: impl Iterator<Item = &'p Problem> + Clone) -> &'static str {
        if problems.clone().any(Problem::is_fatal) {
            "game skipped"
        } else if problems.clone().any(Problem::stops_reading) {
            "game searched up to that move"
        } else {
            "game searched"
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::IllegalMove(mv) => write!(f, "illegal move {mv}"),
            Problem::AmbiguousMove(mv) => write!(f, "ambiguous move {mv}"),
            Problem::UnreadableMove(mv) => write!(f, "unreadable move {mv}"),
            Problem::NullMoveInCheck(mv) => write!(f, "null move {mv} by a side in check"),
            Problem::InvalidFen(fen) => write!(f, "unusable FEN \"{fen}\""),
            Problem::UnsupportedVariant(variant) => {
                write!(
                    f,
                    "variant \"{variant}\" is not supported (cqlc plays Standard, Chess960, Crazyhouse, Atomic, Antichess, Horde, King of the Hill, Racing Kings, Three-check)"
                )
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
            Problem::TooLarge(limit) => write!(f, "a game text of more than {} MiB", limit >> 20),
        }
    }
}

impl fmt::Display for Irregularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let consequence = Problem::consequence(std::iter::once(&self.problem));
        write!(f, "game {} (line {}): {}; {consequence}", self.game, self.line, self.problem)
    }
}

/// One line about everything wrong with one game: its number, the line of
/// its first problem, the problems, and whether it was searched. `None` if
/// nothing was wrong.
pub fn describe_game(problems: &[Irregularity]) -> Option<String> {
    let first = problems.first()?;
    let kinds = problems.iter().map(|p| &p.problem);
    let list: Vec<String> = kinds.clone().map(Problem::to_string).collect();
    let consequence = Problem::consequence(kinds);
    Some(format!("game {} (line {}): {}; {consequence}", first.game, first.line, list.join("; ")))
}

/// The line (counting from 0 within `text`) of byte `offset`.
pub(crate) fn line_at(text: &[u8], offset: usize) -> u64 {
    memchr::memchr_iter(b'\n', &text[..offset.min(text.len())]).count() as u64
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
}
