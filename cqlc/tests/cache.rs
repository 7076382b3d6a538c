//! `cqlc cache`: where the cache is, the size of its parts, clearing them,
//! and the searchers `cqlc run` removes when they have not been used for a
//! month. The cache is filled by `cqlc run` with a cargo that fails at
//! once (what `cqlc run` writes before the build) and with files of known
//! sizes where a build would have left its binaries.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
    time::{Duration, SystemTime},
};

/// `cqlc ARGS` in `dir` with the cache `cache`, and a cargo that fails.
fn cqlc(dir: &Path, cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cqlc"))
        .args(args)
        .current_dir(dir)
        .env("CQLC_CACHE", cache)
        .env("CARGO", "false")
        .output()
        .expect("cqlc runs")
}

/// Writes the query `text` as `name` in `dir` and has `cqlc run` write its
/// searcher into the cache (the build fails); gives the searcher's name.
fn run_query(dir: &Path, cache: &Path, name: &str, text: &str) -> String {
    fs::write(dir.join(name), text).unwrap();
    let before = programs(cache);
    let output = cqlc(dir, cache, &["run", name]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&format!("building the searcher for {name} failed")), "{stderr}");
    let mut new: Vec<String> = programs(cache).into_iter().filter(|p| !before.contains(p)).collect();
    assert_eq!(new.len(), 1, "one new program in the cache");
    new.pop().unwrap()
}

/// The one runtime package folder of the cache.
fn package_dir(cache: &Path) -> PathBuf {
    let mut packages: Vec<PathBuf> =
        fs::read_dir(cache.join("runtimes")).unwrap().map(|entry| entry.unwrap().path()).collect();
    assert_eq!(packages.len(), 1, "one runtime in {}", cache.display());
    packages.pop().unwrap()
}

/// The names of the searchers whose programs are in the cache.
fn programs(cache: &Path) -> Vec<String> {
    let Ok(runtimes) = fs::read_dir(cache.join("runtimes")) else { return Vec::new() };
    let mut names = Vec::new();
    for package in runtimes {
        for program in fs::read_dir(package.unwrap().path().join("src/bin")).unwrap() {
            let path = program.unwrap().path();
            names.push(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    names
}

/// What a build leaves of the searcher `name` in the package `package`: a
/// binary of `bytes` bytes and cargo's own files about it.
fn fake_build(package: &Path, name: &str, bytes: usize) -> Vec<PathBuf> {
    let release = package.join("target/release");
    let files = [
        release.join(name),
        release.join(format!("{name}.d")),
        release.join("deps").join(format!("{name}-0123abcd")),
        release.join(".fingerprint").join(format!("{name}-0123abcd")).join("bin-q"),
    ];
    for file in &files {
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(file, vec![b'x'; bytes]).unwrap();
    }
    files.to_vec()
}

/// The bytes of the files at or under `path`.
fn size_of(path: &Path) -> u64 {
    let metadata = fs::symlink_metadata(path).unwrap();
    if !metadata.is_dir() {
        return metadata.len();
    }
    fs::read_dir(path).unwrap().map(|entry| size_of(&entry.unwrap().path())).sum()
}

/// The size on the line of `cqlc cache`'s output that starts with `part`,
/// read back from `1.5 MB` (and the like) into bytes, with the half unit
/// that the decimal it shows may round away.
fn shown_size(listing: &str, part: &str) -> (f64, f64) {
    let line = listing.lines().find(|line| line.starts_with(part)).unwrap_or_else(|| panic!("{part}: {listing}"));
    let mut words = line[part.len()..].split_whitespace();
    let number: f64 = words.next().unwrap().parse().unwrap();
    let unit = match words.next().unwrap() {
        "B" => return (number, 0.0),
        "kB" => 1e3,
        "MB" => 1e6,
        "GB" => 1e9,
        other => panic!("unit {other}"),
    };
    (number * unit, unit / 20.0)
}

fn assert_shown(listing: &str, part: &str, bytes: u64) {
    let (shown, rounding) = shown_size(listing, part);
    assert!((shown - bytes as f64).abs() <= rounding, "{part}: {bytes} bytes shown as {shown}:\n{listing}");
}

#[test]
fn cache_shows_its_folder_and_the_size_of_each_part() {
    let dir = scratch!("show");
    let cache = dir.join("the cache");
    let empty = cqlc(&dir, &cache, &["cache"]);
    assert!(empty.status.success());
    let listing = String::from_utf8(empty.stdout).unwrap();
    assert!(listing.starts_with(&format!("cache folder: {}\n", cache.display())), "{listing}");
    assert_shown(&listing, "total", 0);

    let first = run_query(&dir, &cache, "mate.cql", "cql() mate");
    let second = run_query(&dir, &cache, "check.cql", "cql() check");
    let package = package_dir(&cache);
    let mut searcher_files = fake_build(&package, &first, 1500);
    searcher_files.extend(fake_build(&package, &second, 700_000));
    for name in [&first, &second] {
        searcher_files.push(package.join("src/bin").join(format!("{name}.rs")));
        searcher_files.push(package.join("used").join(name));
    }
    let searchers: u64 = searcher_files.iter().map(|file| size_of(file)).sum();
    let index = cache.join("index");
    fs::create_dir_all(&index).unwrap();
    fs::write(index.join("games-0123abcd.cqlx"), vec![0; 2_345_678]).unwrap();

    let output = cqlc(&dir, &cache, &["cache"]);
    assert!(output.status.success());
    let listing = String::from_utf8(output.stdout).unwrap();
    assert!(listing.contains("2 queries"), "{listing}");
    assert_shown(&listing, "searchers", searchers);
    assert_shown(&listing, "runtime builds", size_of(&cache.join("runtimes")) - searchers);
    assert_shown(&listing, "move indexes", 2_345_678);
    assert_shown(&listing, "total", size_of(&cache));
    // The folder is marked as a cache, as backup tools know it.
    let tag = fs::read_to_string(cache.join("CACHEDIR.TAG")).unwrap();
    assert!(tag.starts_with("Signature: 8a477f597d28d172789f06886806bc55"), "{tag}");
}

#[test]
fn cache_clear_removes_the_part_it_is_given() {
    let dir = scratch!("clear");
    let cache = dir.join("cache");
    let searcher = run_query(&dir, &cache, "mate.cql", "cql() mate");
    let package = package_dir(&cache);
    let binaries = fake_build(&package, &searcher, 100);
    let runtime_build = package.join("target/release/deps/libcql_runtime-0123abcd.rlib");
    fs::write(&runtime_build, "a build of the runtime").unwrap();
    fs::create_dir_all(cache.join("index")).unwrap();
    fs::write(cache.join("index/games-0123abcd.cqlx"), "an index").unwrap();

    let cleared = cqlc(&dir, &cache, &["cache", "clear", "searchers"]);
    assert!(cleared.status.success(), "{}", String::from_utf8_lossy(&cleared.stderr));
    assert!(String::from_utf8(cleared.stdout).unwrap().starts_with("removed "));
    assert!(binaries.iter().all(|file| !file.exists()));
    assert!(programs(&cache).is_empty() && !package.join("used").join(&searcher).exists());
    assert!(runtime_build.exists() && package.join("cql-runtime/src/lib.rs").exists());

    assert!(cqlc(&dir, &cache, &["cache", "clear", "index"]).status.success());
    assert!(!cache.join("index").exists() && runtime_build.exists());
    assert!(cqlc(&dir, &cache, &["cache", "clear", "runtime"]).status.success());
    assert!(!cache.join("runtimes").exists());

    run_query(&dir, &cache, "mate.cql", "cql() mate");
    fs::create_dir_all(cache.join("index")).unwrap();
    assert!(cqlc(&dir, &cache, &["cache", "clear"]).status.success());
    let left: Vec<_> = fs::read_dir(&cache).unwrap().map(|entry| entry.unwrap().file_name()).collect();
    assert_eq!(left, ["CACHEDIR.TAG"]);

    let refused = cqlc(&dir, &cache, &["cache", "clear", "binaries"]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(stderr.contains("'binaries'") && stderr.contains("runtime, searchers, index, all"), "{stderr}");
}

/// Sets the time the searcher `name` was last used to `days` days ago.
fn used_days_ago(cache: &Path, name: &str, days: u64) {
    let stamp = package_dir(cache).join("used").join(name);
    let then = SystemTime::now() - Duration::from_secs(days * 24 * 60 * 60);
    fs::File::options().write(true).open(stamp).unwrap().set_modified(then).unwrap();
}

#[test]
fn searchers_unused_for_a_month_are_removed_by_the_next_run() {
    let dir = scratch!("prune");
    let cache = dir.join("cache");
    let old = run_query(&dir, &cache, "old.cql", "cql() mate");
    let recent = run_query(&dir, &cache, "recent.cql", "cql() stalemate");
    let package = package_dir(&cache);
    let old_files = fake_build(&package, &old, 10);
    let recent_files = fake_build(&package, &recent, 10);
    used_days_ago(&cache, &old, 31);
    used_days_ago(&cache, &recent, 29);

    let new = run_query(&dir, &cache, "new.cql", "cql() check");
    let mut left = programs(&cache);
    left.sort();
    let mut expected = vec![recent.clone(), new];
    expected.sort();
    assert_eq!(left, expected);
    assert!(old_files.iter().all(|file| !file.exists()) && !package.join("used").join(&old).exists());
    assert!(recent_files.iter().all(|file| file.exists()));
    // Running a query again counts as using it: its binary stays.
    used_days_ago(&cache, &recent, 40);
    cqlc(&dir, &cache, &["run", "recent.cql"]);
    assert!(recent_files.iter().all(|file| file.exists()));
}
