//! The pawn structure filters: each names a set of pawns of either colour.

/// A pawn structure filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnStructure {
    /// `passedpawns`: no pawn of the other colour in front of it on its own
    /// or an adjacent file.
    Passed,
}

impl PawnStructure {
    /// Every pawn structure filter.
    pub const ALL: [PawnStructure; 1] = [PawnStructure::Passed];

    /// The filter's keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            PawnStructure::Passed => "passedpawns",
        }
    }

    /// The filter a keyword names.
    pub fn named(keyword: &str) -> Option<PawnStructure> {
        PawnStructure::ALL.into_iter().find(|structure| structure.keyword() == keyword)
    }
}
