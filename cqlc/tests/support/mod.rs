//! Searcher packages the compiler's tests build: written under the tests'
//! scratch folder (beside the target folder) and built as every test's searchers are
//! (`tests/support/searcher_builds.rs` of the root package: in the tests'
//! target folder, on the dependencies built for the tests, warnings
//! refused).

use std::path::PathBuf;

use cqlc::package::{Package, Runtime};

#[macro_use]
pub mod scratch;
#[path = "../../../tests/support/searcher_builds.rs"]
pub mod searcher_builds;

/// The target folder the tests' searchers are built in (where their
/// binaries are).
pub fn target_dir() -> PathBuf {
    searcher_builds::target_dir()
}

/// The searcher package in the tests' scratch folder `name`
/// ([`searcher_builds::scratch_dir`]), on the
/// runtime cqlc carries (this checkout's).
pub fn package(name: &str) -> Package {
    Package::cache(&searcher_builds::scratch_dir().join(name), &Runtime::Embedded).expect("a searcher package")
}

/// Builds `package` in [`target_dir`]: its standard error if it fails or
/// warns.
pub fn build(package: &Package) -> Result<(), String> {
    searcher_builds::build(&package.dir().join("Cargo.toml"))
}
