//! Building compiled queries into a searcher and running it, for the
//! end-to-end tests.
//!
//! All the queries of a test go into one program, built once: each query is
//! a module of it, exactly as cqlc writes it for a searcher of its own, and
//! the program's first argument names the query to run with the rest of the
//! command line (`searchers greekgift -i games.pgn -o out.pgn`). One program
//! links once, where a binary per query would link dozens of times.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use super::searcher_builds;

use cqlc::package::{Package, Runtime};

/// The `.cql` files of `dir`, sorted by name.
pub fn queries_in(dir: &Path) -> Vec<PathBuf> {
    let mut queries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "cql"))
        .collect();
    queries.sort();
    queries
}

/// A built program holding several compiled queries.
pub struct Searchers {
    binary: PathBuf,
}

impl Searchers {
    /// Compiles each `(name, query)` (the query's CQL text), writes them into
    /// one searcher package under `work` and builds it, refusing any warning
    /// in the generated code (as `searcher_builds` builds the tests'
    /// searchers).
    pub fn build(work: &Path, queries: &[(String, String)]) -> Searchers {
        let package = Package::cache(&work.join("package"), &Runtime::Embedded).expect("a searcher package");
        // The package holds this program alone, whatever an earlier run left
        // there; an unchanged program is not rewritten, so not rebuilt.
        let program = cqlc::searchers_program(queries).unwrap_or_else(|(name, error)| {
            let source = queries.iter().find(|(known, _)| *known == name).map_or("", |(_, source)| source.as_str());
            panic!("{}", error.render(&name, source))
        });
        for entry in fs::read_dir(package.dir().join("src/bin")).expect("the package's programs") {
            let path = entry.expect("a program").path();
            let unchanged = path.file_name().is_some_and(|name| name == "searchers.rs")
                && fs::read(&path).is_ok_and(|text| text == program.as_bytes());
            if !unchanged {
                fs::remove_file(&path).expect("an earlier program removed");
            }
        }
        package.write_binary("searchers", &program).expect("the searchers' program");
        searcher_builds::build(&package.dir().join("Cargo.toml"))
            .unwrap_or_else(|stderr| panic!("the searchers build:\n{stderr}"));
        Searchers { binary: searcher_builds::target_dir().join("release/searchers") }
    }

    /// Runs the query `name` on `input`, writing the matching games to
    /// `output`; it must succeed without a panic.
    pub fn run(&self, name: &str, input: &Path, output: &Path) {
        self.run_checked(name, input, output, false);
    }

    /// [`Searchers::run`], giving what the searcher printed.
    pub fn run_printing(&self, name: &str, input: &Path, output: &Path) -> String {
        self.run_checked(name, input, output, false)
    }

    /// [`Searchers::run`], evaluating every game and position and failing
    /// if the query matches where its pre-filter or its positions shortcut
    /// would not have looked (`CQLC_VERIFY_SHORTCUTS`).
    pub fn run_verifying_shortcuts(&self, name: &str, input: &Path, output: &Path) {
        self.run_checked(name, input, output, true);
    }

    fn run_checked(&self, name: &str, input: &Path, output: &Path, verify_shortcuts: bool) -> String {
        let mut command = Command::new(&self.binary);
        if verify_shortcuts {
            command.env(cql::settings::VERIFY_SHORTCUTS, "1");
        }
        let run = command.arg(name).arg("-i").arg(input).arg("-o").arg(output).output().expect("the searcher runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success() && !stderr.contains("panicked"), "{name} fails: {stderr}");
        String::from_utf8_lossy(&run.stdout).into_owned()
    }
}
