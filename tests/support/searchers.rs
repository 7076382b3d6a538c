//! Building compiled queries into searcher binaries and running them, for
//! the end-to-end tests.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use cqlc::package::Package;

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

/// Writes each `(name, program)` into one searcher package under `work` and
/// builds it, refusing any warning in the generated code. All the tests'
/// packages share one target directory, so the runtime is built once.
/// Returns the directory of the binaries.
pub fn build(work: &Path, programs: &[(String, String)]) -> PathBuf {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("cql-runtime");
    let package = Package::create(&work.join("package"), &runtime).expect("a searcher package");
    for (name, program) in programs {
        package.write_binary(name, program).expect("a searcher program");
    }
    let target_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("searchers");
    let build = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(package.dir().join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target_dir)
        .env("RUSTFLAGS", "-D warnings")
        .output()
        .expect("cargo runs");
    assert!(build.status.success(), "the searchers build:\n{}", String::from_utf8_lossy(&build.stderr));
    target_dir.join("release")
}

/// Runs the searcher `binary` on `input`, writing the matching games to
/// `output`; it must succeed without a panic.
pub fn run(binary: &Path, input: &Path, output: &Path) {
    let run = Command::new(binary).arg("-i").arg(input).arg("-o").arg(output).output().expect("the searcher runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success() && !stderr.contains("panicked"), "{} fails: {stderr}", binary.display());
}
