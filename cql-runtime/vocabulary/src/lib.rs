//! The vocabulary that the CQL compiler (`cqlc`) and the runtime of the
//! searchers it generates (`cql-runtime`) share: piece kinds, piece roles,
//! the board's directions, comparisons, arithmetic, where moves come from,
//! the pawn structure filters, where a position is in the game tree, the
//! settings of a query's header, what a game's text must contain for a
//! query to match it, and at which of its positions; the keys of `hhdb`
//! and the command-line options that add filters; where cqlc keeps
//! what it makes for later runs; and how `cqlc run` talks to its searcher.
//!
//! Each is defined here once. The runtime uses these types as they are; the
//! compiler folds a query's constants into them and, with the `tokens`
//! feature, writes them into generated code as the runtime names them
//! (`Kinds::WHITE_QUEEN`, `Directions::UP`, `Relation::Less`), so the two
//! sides cannot drift apart.

#![warn(missing_docs)]

mod answered_options;
mod arithmetic;
mod cache;
mod directions;
mod filter_options;
mod game_tree;
mod header;
mod hhdb_keys;
mod hhdb_option;
mod kinds;
mod moves;
mod pawns;
mod positions;
mod prefilter;
pub mod regex;
mod relation;
mod run_pipe;
mod searcher_option_values;
#[cfg(feature = "tokens")]
mod tokens;
mod transform_options;

pub use answered_options::instead_of_option;
pub use arithmetic::Arithmetic;
pub use cache::{cache_dir, fnv1a};
pub use directions::{Directions, SquareMap};
pub use filter_options::{FILTER_OPTIONS, filter_option, is_filter_option};
pub use game_tree::{Lineage, TreeNumber};
pub use header::{Header, Sort};
pub use hhdb_keys::{
    HHDB_AWARD_KEYS, HHDB_GBR_PARTS, HHDB_LONG_NAMES, HHDB_MARKS, HHDB_OTHER_KEYS, hhdb_key_is_quoted,
    hhdb_key_takes_parameter, hhdb_keys, is_hhdb_key,
};
pub use hhdb_option::hhdb_help;
pub use kinds::{Kinds, Roles};
pub use moves::{Legality, MoveSource, MoveSquare};
pub use pawns::PawnStructure;
pub use positions::Positions;
pub use prefilter::{CASTLING_SQUARES, Prefilter, WrittenMove};
pub use relation::Relation;
pub use run_pipe::RUN_PIPE_VARIABLE;
pub use searcher_option_values::{RANGE_OPTIONS, VALUE_OPTIONS, option_values};
pub use transform_options::{TRANSFORM_OPTIONS, transform_option};
