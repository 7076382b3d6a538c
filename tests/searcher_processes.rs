//! The tests that start searcher processes of their own and send them
//! signals: this binary, started again as a searcher (see
//! `support/processes.rs`). Signals must reach a process of their own, so
//! the binary has its own `main` instead of the test harness; the cases of
//! each file run one after another.

mod support {
    // Only `move_tree` of it is used here.
    #[allow(dead_code)]
    pub mod game_trees;
    pub mod processes;
}

mod command_line;
mod damaged_input;
mod output_file;
mod pgn_extract_habits;
mod stopping;

use std::process::ExitCode;

use support::processes::{run_cases, searcher_main};

fn main() -> ExitCode {
    if let Some(code) = searcher_main() {
        return code;
    }
    run_cases(&[
        ("command_line", command_line::CASES),
        ("damaged_input", damaged_input::CASES),
        ("output_file", output_file::CASES),
        ("pgn_extract_habits", pgn_extract_habits::CASES),
        ("stopping", stopping::CASES),
    ])
}
