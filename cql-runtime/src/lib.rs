//! The runtime of cqlc searchers.
//!
//! `cqlc` compiles a CQL query into a type implementing [`Query`]; this crate
//! does the rest: it streams PGN ([`pgn`]), builds each game's tree of
//! positions ([`tree`], [`game`]), evaluates the query at each position with a
//! [`Cursor`], writes matching games as CQL 6.2 does ([`output`]), and provides
//! the searcher's command line and parallel driver ([`driver`]).

#![warn(missing_docs)]

pub mod cursor;
pub mod driver;
pub mod eval;
pub mod filters;
pub mod game;
pub mod moves;
pub mod notes;
pub mod output;
pub mod pgn;
pub mod prelude;
pub mod query;
pub mod tree;

pub use cursor::Cursor;
pub use driver::{Found, GameOutcome, search};
pub use eval::{EvalSettings, GameState, evaluate_game};
pub use game::Game;
pub use query::{Header, Query, Sort};
pub use tree::{GameTree, MoveIn, NodeId};

pub use shakmaty;
