//! How the tests build searcher packages (with cargo, or through `cqlc
//! run`): in the target folder the tests were built in, with the release
//! profile the workspace has (the workspace spells out the package's
//! `codegen-units` and `lto`, and neither has debug information). The
//! runtime's dependencies are then the ones built for the tests, not built
//! again; the runtime's copy is built once for all the packages. Cargo is not running meanwhile: it
//! leaves the target folder to the test binaries it runs.
//!
//! A warning in a searcher's code (or the runtime's) fails the test: cargo
//! shows the warnings of a package's own code, and repeats them when it
//! does not rebuild it. (`RUSTFLAGS=-D warnings` would change how every
//! dependency is built, so none of the tests' builds would be used.) Each
//! test binary uses some of what is here.
#![allow(dead_code)]

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// The target folder the tests were built in, where their searchers are
/// built too.
pub fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("the tests' target folder").to_path_buf()
}

/// Sets what a cargo started by `command` (cargo itself, or `cqlc run`)
/// needs to build searchers as the tests' dependencies were built.
pub fn building_as_the_tests(command: &mut Command) -> &mut Command {
    command.env("CARGO_TARGET_DIR", target_dir())
}

/// Builds the package of `manifest` (`cargo build --release`): its
/// standard error if it fails or warns.
pub fn build(manifest: &Path) -> Result<(), String> {
    let mut cargo = Command::new(env!("CARGO"));
    cargo.args(["build", "--release", "--quiet", "--manifest-path"]).arg(manifest);
    let built = building_as_the_tests(&mut cargo).output().expect("cargo runs");
    let stderr = String::from_utf8_lossy(&built.stderr).into_owned();
    if built.status.success() && !warned(&stderr) { Ok(()) } else { Err(stderr) }
}

/// Whether rustc warned about Rust code in `stderr` (what a build, or a
/// `cqlc run`, wrote): a warning whose next line points into a `.rs` file
/// (cqlc's own warnings about a query point into the query).
pub fn warned(stderr: &str) -> bool {
    let lines: Vec<&str> = stderr.lines().collect();
    lines.windows(2).any(|pair| {
        pair[0].starts_with("warning")
            && pair[1].trim_start().strip_prefix("--> ").is_some_and(|at| at.contains(".rs:"))
    })
}
