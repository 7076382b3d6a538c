//! The values of CQL variables.

use shakmaty::Bitboard;

use super::pieces::PieceId;
use crate::tree::NodeId;

/// A variable of a query: its index among the query's variables. The
/// compiler numbers them; generated code names each by a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Var(pub u16);

/// What a variable holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Value {
    /// Not assigned (yet, in this game).
    #[default]
    Unbound,
    /// A set of squares (`x = ♘`, a square variable `x∊S`).
    Set(Bitboard),
    /// A piece, followed through the game as it moves (`◭x = ...`).
    Piece(PieceId),
    /// A number.
    Number(i64),
    /// A position of the game (`Start = ∙`).
    Position(NodeId),
    /// A string (`Name = "Réti"`).
    Str(String),
    /// A dictionary's entries.
    Dictionary(crate::filters::dictionaries::Entries),
}
