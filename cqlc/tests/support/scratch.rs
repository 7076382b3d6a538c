//! A folder of its own for one test, emptied first: under the tests'
//! scratch folder (`searcher_builds::scratch_dir`), in a folder named after
//! the test's module.

use std::{fs, path::PathBuf};

/// The empty folder `name` of the test module that calls it (see
/// [`empty_folder`]).
macro_rules! scratch {
    ($name:expr) => {
        $crate::support::scratch::empty_folder(module_path!(), $name)
    };
}

/// The empty folder `name` of the module `module` (a `module_path!()`).
pub fn empty_folder(module: &str, name: &str) -> PathBuf {
    let dir = super::searcher_builds::scratch_dir().join(module.replace("::", "-")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}
