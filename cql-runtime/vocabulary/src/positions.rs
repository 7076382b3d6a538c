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
    /// Only the ends of lines, positions the game goes no further from:
    /// `terminal` holds only there, and so do `mate` and `stalemate` (a
    /// stalemated side that passes with a null move is not stalemated, as
    /// in CQL 6.2, and a side in check cannot pass).
    Ends,
}

/// In words, for the doc comment of generated code.
impl fmt::Display for Positions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Positions::Every => "any position",
            Positions::Initial => "the position the game starts from",
            Positions::Ends => "the end of a line",
        })
    }
}
