//! `cql`: Chess Query Language queries compiled to native Rust.
//!
//! Write a query with [`cql!`] (or load one with [`cql_file!`]); it is
//! checked and compiled when your program is, and becomes a value
//! implementing [`Query`]. Search a PGN file with [`search`], or go through a
//! file game by game with [`pgn::read_games`] and [`evaluate_game`].
//!
//! ```no_run
//! let greek_gift = cql::cql!("cql() ⊢ ♗×♟h7 check ♚×h7 ♘――g5 check");
//! let found = cql::search(&greek_gift, "games.pgn")?;
//! println!("{} of {} games", found.matches.len(), found.games);
//! # Ok::<(), cql::pgn::SourceError>(())
//! ```

#![warn(missing_docs)]

pub use cql_macros::{cql, cql_file};
pub use cql_runtime::*;
