//! cqlc from a Rust program: the `cql!` and `cql_file!` macros (`macros`),
//! a search set up step by step (`search_builder`), and what a program
//! using them compiles (`dependencies`).

mod compile_errors;
mod dependencies;
mod macros;
mod search_builder;
