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

/// The folder the tests write their searcher packages in: beside the target
/// folder (`target-tests` beside `target`), not in it. Every package's copy
/// of the runtime is one build with the workspace's own runtime (same name,
/// version and place in its package), and cargo names the source files of a
/// package inside the target folder relative to that folder: a package
/// built there last would have cargo look at its copy's files, not the
/// workspace's, and miss an edit of the runtime. Outside, each build looks
/// at its own package's files.
pub fn scratch_dir() -> PathBuf {
    let target = target_dir();
    let name = target.file_name().expect("the target folder has a name").to_string_lossy().into_owned();
    target.with_file_name(name + "-tests")
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
