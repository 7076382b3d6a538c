//! Searcher packages the compiler's tests build: written under the tests'
//! temporary folder and built with the flags of every test's searchers
//! (warnings refused), in the target folder they share, so that the
//! runtime is built once (`tests/support/searchers.rs` of the root package
//! builds its own the same way).

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

use cqlc::package::{Package, Runtime};

/// The target folder the tests' searchers share.
pub fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("searchers")
}

/// The searcher package in the tests' temporary folder `name`, on the
/// runtime cqlc carries (this checkout's).
pub fn package(name: &str) -> Package {
    Package::cache(&Path::new(env!("CARGO_TARGET_TMPDIR")).join(name), &Runtime::Embedded).expect("a searcher package")
}

/// Builds `package` in [`target_dir`], refusing any warning.
pub fn build(package: &Package) -> Output {
    Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(package.dir().join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target_dir())
        .env("RUSTFLAGS", "-D warnings")
        .output()
        .expect("cargo runs")
}
