//! The runtime of cqlc searchers.
//!
//! `cqlc` compiles a CQL query into a type implementing [`Query`]; this crate
//! does the rest: it streams PGN ([`pgn`]), builds each game's tree of
//! positions ([`tree`], [`game`]), evaluates the query at each position with a
//! [`Cursor`], writes matching games as CQL 6.2 does ([`output`]), and provides
//! the searcher's command line and parallel driver ([`driver`]).
//!
//! The modules in layers, bottom first; each imports only from layers below
//! it (and from its own layer's earlier modules), never back:
//!
//! 1. Leaves: [`stop`] (a search asked to stop part way), `abandoned`
//!    (temporary files killed processes left), [`rules`] (the variant a
//!    game is played in),
//!    [`command_line`] (the searcher's options), [`settings`] (how
//!    games are searched: the command line over the header over the
//!    defaults), [`sort_keys`], [`position`] (a position in its variant's
//!    rules), [`tree`] (with [`lineage`]: how its positions are related) and
//!    [`game`], [`move_view`] (a move
//!    as the filters see it), [`generation`] (pseudo-legal and reverse
//!    moves), [`pgn`] (reading games), [`index`] (games kept once read)
//!    and [`output`] (writing them).
//! 2. The evaluation's memory: [`notes`] (the comment log) and [`state`]
//!    (everything kept for one game: notes, variables, piece identities,
//!    imaginary positions, paths).
//! 3. The [`cursor`]: where a query is evaluated, and how it moves.
//! 4. The [`filters`]: `impl Cursor` blocks and functions, one family to a
//!    file.
//! 5. The [`query`] trait, then [`evaluate`] (`evaluate_game`: a query over
//!    one game).
//! 6. The [`driver`]: the searcher program and the library's [`search`].
//!
//! [`prelude`] gathers what generated code uses.

#![warn(missing_docs)]

mod abandoned;
mod board_keys;
mod by_node;
pub mod command_line;
pub mod cursor;
pub mod driver;
pub mod evaluate;
pub mod extract_options;
pub mod filters;
pub mod game;
pub mod generation;
pub mod index;
pub mod lineage;
pub mod move_view;
pub mod notes;
pub mod outcome_extras;
pub mod output;
pub mod persistent;
pub mod pgn;
pub mod position;
pub mod prelude;
pub mod query;
pub mod rules;
pub mod settings;
pub mod shard_options;
pub mod sort_keys;
pub mod state;
pub mod stop;
pub mod tree;

pub use cursor::Cursor;
pub use driver::{Found, GameOutcome, Search, search};
pub use evaluate::evaluate_game;
pub use game::Game;
pub use query::{Header, Query, Sort};
pub use settings::EvalSettings;
pub use state::GameState;
pub use tree::{GameTree, MoveIn, NodeId};

pub use shakmaty;
