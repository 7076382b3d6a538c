//! The CQL compiler: from the text of a Chess Query Language query to Rust
//! code that searches games with the `cql-runtime` crate.
//!
//! The phases, each in its own module: [`syntax`] (text to syntax tree),
//! `check` (names, types, constraints: syntax tree to typed IR), `codegen`
//! (IR to Rust tokens), [`package`] (writing a searcher package).

pub mod syntax;
