//! Which positions of a game a query can match at, as the compiler tells
//! from the filters every match needs: the searcher evaluates the query
//! only there.

use std::fmt;

/// The positions of a game where a query can match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Positions {
    /// Any position.
    #[default]
    Every,
    /// Only the position the game starts from (`initial`).
    Initial,
    /// Only positions that no move of the game is played from: where the
    /// side to move has no legal move (`mate`, `stalemate`) or the line
    /// ends (`terminal`). A null move played from a position does not
    /// count: a stalemated side may pass.
    Ends,
}

/// In words, for the doc comment of generated code.
impl fmt::Display for Positions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Positions::Every => "any position",
            Positions::Initial => "the position the game starts from",
            Positions::Ends => "a position no move of the game is played from",
        })
    }
}
