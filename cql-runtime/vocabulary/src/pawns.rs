//! The pawn structure filters: each names a set of pawns of either colour.

/// A pawn structure filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnStructure {
    /// `passedpawns`: no pawn of the other colour in front of it on its own
    /// or an adjacent file.
    Passed,
    /// `doubledpawns`: another pawn of its colour on its file.
    Doubled,
    /// `connectedpawns`: a pawn of its colour on an adjacent file, on any rank.
    Connected,
    /// `isolatedpawns`: no pawn of its colour on an adjacent file.
    Isolated,
}

impl PawnStructure {
    /// Every pawn structure filter.
    pub const ALL: [PawnStructure; 4] =
        [PawnStructure::Passed, PawnStructure::Doubled, PawnStructure::Connected, PawnStructure::Isolated];

    /// The filter's keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            PawnStructure::Passed => "passedpawns",
            PawnStructure::Doubled => "doubledpawns",
            PawnStructure::Connected => "connectedpawns",
            PawnStructure::Isolated => "isolatedpawns",
        }
    }

    /// The filter a keyword names.
    pub fn named(keyword: &str) -> Option<PawnStructure> {
        PawnStructure::ALL.into_iter().find(|structure| structure.keyword() == keyword)
    }
}
