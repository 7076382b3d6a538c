//! `cargo install --locked --path cqlc` gives a cqlc that works from
//! anywhere, after its checkout is gone: the checkout is copied (its files
//! that git knows of, with their times), installed into a temporary root,
//! and deleted; the installed cqlc then searches from another folder with
//! the runtime it carries, and finds what CQL 6.2 found.
//!
//! The install builds in the tests' own target folder, where cargo finds
//! cqlc built already (the copy's files have the checkout's times and
//! sit at the same places in it), and the searcher as the tests' searchers
//! are built (`tests/support/searcher_builds.rs`), on what is built already.

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use crate::support::searcher_builds;

fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The target folder the tests were built in.
fn tests_target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("the tests' target folder").to_path_buf()
}

/// Copies the files of the checkout that git tracks or would track (none
/// it ignores) into `to`, with the times they were modified.
fn copy_checkout(to: &Path) {
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        .current_dir(checkout())
        .output()
        .expect("git runs");
    assert!(listed.status.success(), "git ls-files: {}", String::from_utf8_lossy(&listed.stderr));
    for file in listed.stdout.split(|&b| b == 0).filter(|name| !name.is_empty()) {
        let file = Path::new(std::str::from_utf8(file).expect("a UTF-8 path"));
        let (from, to) = (checkout().join(file), to.join(file));
        let Ok(metadata) = fs::metadata(&from) else { continue }; // deleted, not yet committed
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(&from, &to).unwrap();
        fs::File::options().write(true).open(&to).unwrap().set_modified(metadata.modified().unwrap()).unwrap();
    }
}

/// The `(name, version)` of each package from a registry in a lock file.
fn registry_packages(lock: &str) -> BTreeSet<(String, String)> {
    lock.split("\n[[package]]\n")
        .filter(|package| package.contains("\nsource = \"registry+"))
        .map(|package| {
            let field = |key: &str| {
                package.lines().find_map(|line| line.strip_prefix(key)?.strip_prefix(" = \"")?.strip_suffix('"'))
            };
            (field("name").unwrap().to_owned(), field("version").unwrap().to_owned())
        })
        .collect()
}

/// The games of a CQL output file, each as its words (spacing and line
/// breaks aside), without the summary CQL 6.2 does not write into it.
fn games(pgn: &str) -> Vec<String> {
    pgn.split("\n[Event ").map(|game| game.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

#[test]
fn an_installed_cqlc_searches_after_its_checkout_is_deleted() {
    let work = searcher_builds::scratch_dir().join("install");
    let _ = fs::remove_dir_all(&work);
    let (copy, root, elsewhere) = (work.join("checkout"), work.join("root"), work.join("elsewhere"));
    copy_checkout(&copy);
    let installed = Command::new(env!("CARGO"))
        .args(["install", "--locked", "--quiet", "--path"])
        .arg(copy.join("cqlc"))
        .arg("--root")
        .arg(&root)
        .env("CARGO_TARGET_DIR", tests_target())
        .output()
        .expect("cargo runs");
    assert!(installed.status.success(), "cargo install: {}", String::from_utf8_lossy(&installed.stderr));
    fs::remove_dir_all(&copy).unwrap();

    fs::create_dir_all(&elsewhere).unwrap();
    let shared = checkout().join("../shared");
    let cache = work.join("cache");
    let expected = fs::read_to_string(shared.join("reference/expected/studies-sample/greekgift.pgn")).unwrap();
    // The second run builds with the lock file the first one cut (`--locked`).
    for _ in 0..2 {
        let _ = fs::remove_file(elsewhere.join("found.pgn"));
        let mut run = Command::new(root.join("bin/cqlc"));
        run.arg("run")
            .arg(shared.join("reference/examples/greekgift.cql"))
            .arg("-i")
            .arg(shared.join("corpora/studies-sample.pgn"))
            .args(["-o", "found.pgn"])
            .current_dir(&elsewhere)
            .env("CQLC_CACHE", &cache);
        let run = searcher_builds::building_as_the_tests(&mut run).output().expect("the installed cqlc runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success() && !searcher_builds::warned(&stderr), "{stderr}");
        let found = fs::read_to_string(elsewhere.join("found.pgn")).unwrap();
        assert_eq!(games(&found), games(&expected));
    }

    // The searchers' package depends on no path outside itself, and was
    // built with the versions of the workspace's lock file.
    let package = fs::read_dir(cache.join("runtimes")).unwrap().next().unwrap().unwrap().path();
    let manifest = fs::read_to_string(package.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("cql-runtime = { path = \"cql-runtime\" }"), "{manifest}");
    let lock = fs::read_to_string(package.join("Cargo.lock")).unwrap();
    let workspace_lock = fs::read_to_string(checkout().join("Cargo.lock")).unwrap();
    let (used, tested) = (registry_packages(&lock), registry_packages(&workspace_lock));
    assert!(used.iter().any(|(name, _)| name == "shakmaty"), "{lock}");
    assert!(used.is_subset(&tested), "versions the workspace does not lock: {:?}", used.difference(&tested));
    assert!(used.len() < tested.len(), "the lock file is cut down to the runtime's packages");
}
