//! The integration tests of the `cql` package that the test harness runs,
//! one module (the file of its name) to a subject. They are one binary so
//! that the runtime's generic code and the support code are compiled and
//! linked once, not once per file.

mod support {
    pub mod game_trees;
    pub mod searcher_builds;
    pub mod searchers;
}

mod compressed_input;
mod conformance;
mod deep_games;
mod driver;
mod filters;
mod fuzz_reader;
mod move_index;
mod output_pgn_validity;
mod prefilter;
mod reading;
mod repeated_notes;
mod rust_api;
mod tag_sections;
