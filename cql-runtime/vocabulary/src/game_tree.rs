//! Where a position is in the game tree, and how two positions are related.

/// A number about the current position's place in the game tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TreeNumber {
    /// `ply`: the moves played from the start to here.
    Ply,
    /// `depth`: how many variations the position is inside.
    Depth,
    /// `movenumber`: the number of the next move (the start is move 1).
    MoveNumber,
    /// `positionid`: the position's id.
    PositionId,
}

impl TreeNumber {
    /// Every tree number.
    pub const ALL: [TreeNumber; 4] =
        [TreeNumber::Ply, TreeNumber::Depth, TreeNumber::MoveNumber, TreeNumber::PositionId];

    /// The filter's keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            TreeNumber::Ply => "ply",
            TreeNumber::Depth => "depth",
            TreeNumber::MoveNumber => "movenumber",
            TreeNumber::PositionId => "positionid",
        }
    }

    /// The number a keyword names.
    pub fn named(keyword: &str) -> Option<TreeNumber> {
        TreeNumber::ALL.into_iter().find(|number| number.keyword() == keyword)
    }
}

/// How two positions are related on a line of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lineage {
    /// `x ≺ y`, `ancestor(x y)`: x comes before y on y's line.
    Before,
    /// `x ≼ y`: x is y or comes before it.
    BeforeOrSame,
    /// `x ≻ y`, `descendant(x y)`: x comes after y on x's line.
    After,
    /// `x ≽ y`: documented as x is y or comes after it, but as strict as
    /// `≻` in CQL 6.2.
    AfterOrSame,
}
