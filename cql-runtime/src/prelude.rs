//! Everything generated code uses, in one import: `use cql_runtime::prelude::*;`.

pub use shakmaty::{Bitboard, CastlingSide, Color, Role, Square};

pub use crate::{
    cursor::Cursor,
    eval::{Value, Var},
    filters::{
        attacks::{attacked_by, attacked_by_chain, attacking, attacking_chain},
        between::between,
        candidates::{Candidate, MoveSource, MoveSquare},
        directions::{DirectionSquares, Directions},
        kinds::{Kinds, KindsOnBoard},
        material::{passed_pawns, power},
        moves::{MoveView, drops_in_variants_only},
        path::{Best, Focus, Path, PathSettings, State, path, path_tail},
        positions::{at_position, format_position, position_number},
        reverse::squares_of,
        values::{Arithmetic, Relation, arithmetic, compare, count, format_bool, format_number, format_set},
    },
    moves::Legality,
    query::{Header, Query, Sort},
    tree::NodeId,
};
pub use cql_vocabulary::Roles;

/// Marks the CQL source a piece of generated code comes from. It does
/// nothing; `cqlc emit` prints each call as a `//` comment.
#[inline(always)]
pub const fn note(_source: &str) {}
