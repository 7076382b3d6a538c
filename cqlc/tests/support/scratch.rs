//! A folder of its own for one test, emptied first: under the tests'
//! temporary folder, in a folder named after the test binary.

use std::{
    fs,
    path::{Path, PathBuf},
};

/// The empty folder `name` of this test binary.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_CRATE_NAME")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}
