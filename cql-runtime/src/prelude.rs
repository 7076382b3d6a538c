//! Everything generated code uses, in one import: `use cql_runtime::prelude::*;`.

pub use shakmaty::{Bitboard, CastlingSide, Color, Role, Square};

pub use crate::{
    cursor::Cursor,
    filters::{
        attacks::{attacked_by, attacked_by_chain, attacking, attacking_chain},
        candidates::{Candidate, MoveSource, MoveSquare},
        composers_mates::ComposersMate,
        dictionaries::Key,
        directions::{DirectionSquares, Directions, between},
        echo::{Echo, EchoTargets},
        find::FindSettings,
        game_tree::{Lineage, TreeNumber, color_value, distance, lca, lineage},
        imagine::Change,
        material::power,
        numbers::{Arithmetic, Relation, arithmetic, compare, format_bool, format_number, in_range},
        path::{
            Best, Focus, ImageKey, MoveTest, Path, PathSettings, PositionTest, Site, State, path, path_tail,
            sorted_path,
        },
        pawns::{PawnStructure, pawns},
        positions::{at_position, common_squares, format_position, position_number},
        rays::{pins, ray, xray},
        sets::{Kinds, KindsOnBoard, count, format_set},
        square_values::{
            color_type_of, file_of, make_square, piece_name_of, piece_name_str, rank_of, square_named, square_root,
            type_name_of, type_name_str, type_of,
        },
        strings::{
            ConstantMatches, Pattern, ascii_character, ascii_code, concatenation, format_string, lowercase, read_file,
            string_contains, string_index, string_index_of, string_length, string_relation, string_slice,
            string_to_int, uppercase, write_file,
        },
        transforms::Greatest,
        variants::VariantEnd,
    },
    generation::Legality,
    move_view::MoveView,
    persistent::{Persistent, PersistentKind},
    query::{Header, Positions, Prefilter, Query, Sort},
    state::{Value, Var},
    stop,
    tree::NodeId,
};
pub use cql_vocabulary::{Roles, WrittenMove};

/// Marks the CQL source a piece of generated code comes from. It does
/// nothing; `cqlc emit` prints each call as a `//` comment.
#[inline(always)]
pub const fn note(_source: &str) {}
