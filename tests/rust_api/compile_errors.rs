//! Programs that must not compile, and what rustc says about them: each
//! `tests/ui/*.rs` is compiled by rustc against the `cql` crate this test
//! binary was linked with (its dependencies are built already: no project
//! of its own to build, as trybuild would), and what rustc writes must be
//! the file's `.stderr` word for word, but rustc's closing count of errors.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
    time::SystemTime,
};

/// Compiles each `.rs` file of `dir` (relative to the crate's directory):
/// each must fail, with the diagnostics of the `.stderr` file beside it.
pub fn assert_each_fails_as_recorded(dir: &str) {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut programs: Vec<PathBuf> = fs::read_dir(crate_dir.join(dir))
        .unwrap_or_else(|error| panic!("{dir}: {error}"))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| Path::new(dir).join(path.file_name().expect("a file name")))
        .collect();
    programs.sort();
    assert!(!programs.is_empty(), "no programs in {dir}");
    let (deps, cql) = linked_cql();
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("compile-errors");
    fs::create_dir_all(&out).expect("a folder for rustc's output");
    let mut problems = Vec::new();
    for program in &programs {
        let compiled = Command::new(rustc())
            .args(["--edition", "2024", "--crate-type", "bin", "--emit=metadata"])
            .args(["--diagnostic-width=140", "--color=never", "-A", "dead_code"])
            .arg("-L")
            .arg(format!("dependency={}", deps.display()))
            .arg("--extern")
            .arg(format!("cql={}", cql.display()))
            .arg("-o")
            .arg(out.join(program.with_extension("rmeta").file_name().expect("a file name")))
            .arg(program)
            .current_dir(crate_dir)
            .output()
            .expect("rustc runs");
        let said = without_error_count(&String::from_utf8_lossy(&compiled.stderr));
        let recorded = fs::read_to_string(crate_dir.join(program.with_extension("stderr"))).unwrap_or_default();
        if compiled.status.success() {
            problems.push(format!("{} compiles", program.display()));
        } else if said != recorded.trim_end() {
            problems.push(format!("{}: rustc says\n{said}\ninstead of\n{}", program.display(), recorded.trim_end()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// rustc's diagnostics without its closing `error: aborting due to ...`,
/// and without trailing white space.
fn without_error_count(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.starts_with("error: aborting due to ")).collect();
    lines.join("\n").trim_end().to_owned()
}

/// The rustc of the cargo that runs the tests (beside it), or the one on
/// the `PATH`.
fn rustc() -> PathBuf {
    let beside_cargo = Path::new(env!("CARGO")).with_file_name(format!("rustc{}", std::env::consts::EXE_SUFFIX));
    if beside_cargo.exists() { beside_cargo } else { PathBuf::from("rustc") }
}

/// The folder of this test binary's dependencies, and the `cql` library in
/// it that the binary was linked with: the newest one not newer than the
/// binary (a build of another set of features leaves another `cql` there;
/// one newer than this binary was not linked into it, and one that is
/// older but newest was built from the sources this binary was).
fn linked_cql() -> (PathBuf, PathBuf) {
    let binary = std::env::current_exe().expect("the test binary's path");
    let deps = binary.parent().expect("the dependencies' folder").to_path_buf();
    let built = |path: &Path| fs::metadata(path).and_then(|m| m.modified()).unwrap_or(SystemTime::UNIX_EPOCH);
    let linked = built(&binary);
    let cql = fs::read_dir(&deps)
        .expect("the dependencies' folder")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with("libcql-") && name.ends_with(".rlib") && built(path) <= linked
        })
        .max_by_key(|path| built(path))
        .unwrap_or_else(|| panic!("no libcql-*.rlib in {} as old as the test binary", deps.display()));
    (deps, cql)
}
