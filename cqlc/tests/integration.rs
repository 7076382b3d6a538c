//! The compiler's integration tests, one module (the file of its name) to a
//! subject. They are one binary so that cqlc and the support code are
//! compiled and linked once, not once per file; tests that wait on other
//! programs (a build, `cargo install`, Python) run beside the others.

#[macro_use]
mod support;

mod batch;
mod cache;
mod cli;
mod dask;
mod diagnostics;
mod fuzz;
mod install;
mod limits;
mod limits_build;
mod parser_corpus;
mod run_processes;
