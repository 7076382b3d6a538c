//! `cql`: Chess Query Language queries compiled to native Rust.
//!
//! Write a query with [`cql!`] (or load one with [`cql_file!`]); it is checked
//! and compiled when your program is, and becomes a value implementing
//! [`Query`]. Search a PGN file with [`search`], or evaluate the query game by
//! game with [`evaluate`].
//!
//! ```ignore
//! let greek_gift = cql::cql!("cql() ⊢ ♗×♟h7 check ♚×h7 ♘――g5 check");
//! let found = cql::search(&greek_gift, "games.pgn")?;
//! ```

pub use cql_runtime::*;
