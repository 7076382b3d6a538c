//! The `cqlc` command line.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
};

fn cqlc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cqlc")).args(args).current_dir(dir).output().expect("cqlc runs")
}

use crate::support::searcher_builds;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/examples").join(format!("{name}.cql"))
}

#[test]
fn writes_one_binary_per_query_into_a_package() {
    let dir = scratch!("package");
    let greekgift = example("greekgift");
    fs::copy(example("loneknightmate"), dir.join("lone knight.cql")).unwrap();
    let output = cqlc(&[greekgift.to_str().unwrap(), "lone knight.cql"], &dir);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(dir.join("src/bin/greekgift.rs").exists());
    assert!(dir.join("src/bin/lone_knight.rs").exists());
    let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("cql-runtime = { path = \"cql-runtime\" }") && manifest.contains("[workspace]"));
    assert!(dir.join("cql-runtime/src/lib.rs").exists() && dir.join("Cargo.lock").exists());
    // A query outside the language is refused, and nothing is written for it.
    fs::write(dir.join("later.cql"), "cql() pathdebug").unwrap();
    let refused = cqlc(&["later.cql"], &dir);
    assert_eq!(refused.status.code(), Some(2));
    assert!(!dir.join("src/bin/later.rs").exists());
}

/// Every file under `dir`.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() { files.extend(files_under(&path)) } else { files.push(path) }
    }
    files
}

#[test]
fn a_package_depends_on_no_path_of_this_machine_and_builds_after_it_is_moved() {
    let dir = scratch!("moved");
    let written = cqlc(&[example("greekgift").to_str().unwrap(), "--dir", "first"], &dir);
    assert!(written.status.success(), "{}", String::from_utf8_lossy(&written.stderr));
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().canonicalize().unwrap();
    for file in files_under(&dir.join("first")) {
        let text = String::from_utf8_lossy(&fs::read(&file).unwrap()).into_owned();
        for path in [&checkout, &dir] {
            assert!(!text.contains(path.to_str().unwrap()), "{} names {}", file.display(), path.display());
        }
    }
    fs::rename(dir.join("first"), dir.join("second")).unwrap();
    searcher_builds::build(&dir.join("second/Cargo.toml")).unwrap_or_else(|stderr| panic!("{stderr}"));
    let target = searcher_builds::target_dir();
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/games.pgn");
    let search = Command::new(target.join("release/greekgift"))
        .arg("-i")
        .arg(&games)
        .current_dir(&dir)
        .output()
        .expect("the searcher runs");
    let summary = String::from_utf8(search.stdout).unwrap();
    assert!(summary.starts_with("1 matches of 4 games in "), "{summary}");
}

#[test]
fn a_runtime_folder_that_cqlc_did_not_write_is_left_alone() {
    let dir = scratch!("own-runtime");
    let own = "[package]\nname = \"cql-runtime\"\n";
    fs::create_dir_all(dir.join("cql-runtime")).unwrap();
    fs::write(dir.join("cql-runtime/Cargo.toml"), own).unwrap();
    let output = cqlc(&[example("greekgift").to_str().unwrap()], &dir);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("cql-runtime is not a runtime cqlc wrote; it is left as it is"), "{stderr}");
    assert_eq!(fs::read_to_string(dir.join("cql-runtime/Cargo.toml")).unwrap(), own);
    assert!(!dir.join("Cargo.toml").exists() && !dir.join("cql-runtime/src").exists());
}

#[test]
fn emit_prints_formatted_rust_with_the_query_as_comments() {
    let output = cqlc(&["emit", example("greekgift").to_str().unwrap()], Path::new("."));
    assert!(output.status.success());
    let rust = String::from_utf8(output.stdout).unwrap();
    assert!(rust.contains("// ⊢ ♗×♟h7 check ♚×h7 ♘――g5 check"), "{rust}");
    assert!(rust.contains("// ♗×♟h7"));
    assert!(rust.contains("impl Query for Greekgift"));
    assert!(rust.contains("/// Only games whose text has a bishop move to h7 and a king move to h7 and a knight move"));
    assert!(rust.contains("cql_runtime::driver::main(\"greekgift\", &Greekgift)"));
    assert_formatted(&rust);
}

/// The emitted program is formatted: no line longer than 100 characters
/// (rustfmt's width), and every `note` became a comment.
fn assert_formatted(rust: &str) {
    assert!(!rust.contains("note(\""));
    assert!(rust.lines().all(|line| line.chars().count() <= 100), "a line is too long");
}

#[test]
fn malformed_queries_are_reported_as_rustc_reports_errors() {
    let dir = scratch!("malformed");
    let cases = [
        (
            "unknown.cql",
            "cql()\n  chek mate\n",
            "error: unknown keyword 'chek'\n --> unknown.cql:2:3\n  |\n2 |   chek mate\n  |   ^^^^ no keyword or variable\n  \
             |\n  = help: did you mean 'check'?\n",
        ),
        (
            "castle.cql",
            "cql() move castle o-o\n",
            "error: a move filter takes only one of castle, o-o and o-o-o\n --> castle.cql:1:19\n",
        ),
        (
            "reverse.cql",
            "cql() move reverse\n",
            "error: 'reverse' needs 'legal' or 'pseudolegal'\n --> reverse.cql:1:12\n",
        ),
        (
            "twice.cql",
            "cql() move from K from k\n",
            "error: 'from' is given twice in this move filter\n --> twice.cql:1:19\n",
        ),
        ("later.cql", "cql() pathdebug\n", "error: 'pathdebug' is not supported by cqlc yet\n --> later.cql:1:7\n"),
        (
            "braces.cql",
            "cql() { btm mate\n",
            "error: this '{' is never closed\n --> braces.cql:1:7\n  |\n1 | cql() { btm mate\n  |       ^ unclosed '{'\n",
        ),
        (
            "types.cql",
            "cql() #check > 1\n",
            "error: the operand of '#' must be a set of squares, but 'check' is true or false\n --> types.cql:1:8\n  \
             |\n1 | cql() #check > 1\n  |        ^^^^^ this is true or false\n",
        ),
        (
            "header.cql",
            "cql(input a.pgn input b.pgn) mate\n",
            "error: 'input' is given twice in the header\n --> header.cql:1:17\n",
        ),
        // CQL 6.2 too: `cql q.cql` with this header says "CQL syntax error:
        // victim: invalid pgn file (must end in .pgn or .PGN)", and "bad pgn
        // filename: tiny" for `cql(input tiny)`.
        (
            "victim.cql",
            "cql(output victim) initial\n",
            "error: the header's output file 'victim' must end in .pgn or .PGN, as CQL requires\n --> victim.cql:1:5\n",
        ),
        (
            "tiny.cql",
            "cql(input tiny) initial\n",
            "error: the header's input file 'tiny' must end in .pgn or .PGN, as CQL requires\n --> tiny.cql:1:5\n",
        ),
    ];
    for (file, query, message) in cases {
        fs::write(dir.join(file), query).unwrap();
        let output = cqlc(&["check", file], &dir);
        assert_eq!(output.status.code(), Some(2), "{file}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with(message), "{file}: {stderr}");
    }
    let missing = cqlc(&["check", "nowhere.cql"], &dir);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("nowhere.cql"));
}

#[test]
fn a_query_cql_reads_otherwise_than_it_looks_compiles_with_a_warning() {
    let dir = scratch!("warning");
    fs::write(dir.join("space.cql"), "cql() ♘ ――g5\n").unwrap();
    let output = cqlc(&["check", "space.cql"], &dir);
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "space.cql: ok\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "warning: CQL reads '♘ ――g5' as two filters, '♘' and '――g5' (a move of any piece)\n --> space.cql:1:8\n  \
         |\n1 | cql() ♘ ――g5\n  |        ^ a space\n  |\n  = help: for a move of ♘, write '♘――g5' with no space before \
         '――'\n\n"
    );
}

#[test]
fn check_accepts_the_queries_it_can_compile() {
    let output = cqlc(
        &["check", example("greekgift").to_str().unwrap(), example("smotheredmate").to_str().unwrap()],
        Path::new("."),
    );
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 2);
}

/// `cqlc run QUERY ARGS... -i examples/games.pgn` in `work`, with a cache
/// of its own (tests run side by side).
fn cqlc_run(work: &Path, query: &Path, args: &[&str]) -> Output {
    let cache = work.with_extension("cache");
    fs::create_dir_all(&cache).unwrap();
    let mut run = Command::new(env!("CARGO_BIN_EXE_cqlc"));
    run.arg("run")
        .arg(query)
        .args(args)
        .arg("-i")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/games.pgn"))
        .env("CQLC_CACHE", &cache)
        .current_dir(work);
    without_build_warnings(searcher_builds::building_as_the_tests(&mut run).output().expect("cqlc runs"))
}

/// `output` of a `cqlc run`, which must show no warning of the build of
/// its searcher.
fn without_build_warnings(output: Output) -> Output {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!searcher_builds::warned(&stderr), "{stderr}");
    output
}

#[test]
fn run_compiles_builds_and_searches_in_one_step() {
    let work = scratch!("run");
    let output = cqlc_run(&work, &example("greekgift"), &[]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let summary = String::from_utf8(output.stdout).unwrap();
    assert!(summary.starts_with("1 matches of 4 games in "), "{summary}");
    assert!(summary.trim_end().ends_with(" to greekgift-out.pgn"), "{summary}");
    let found = fs::read_to_string(work.join("greekgift-out.pgn")).unwrap();
    assert!(found.contains("[White \"Colle, Edgar\"]"));
}

/// `cqlc searcher` builds what `cqlc run` builds, the options that change
/// the query compiled in, and prints its path; the searcher's own options
/// are refused there.
#[test]
fn searcher_prints_the_path_of_the_searcher_run_would_build() {
    let work = scratch!("searcher");
    let mut build = Command::new(env!("CARGO_BIN_EXE_cqlc"));
    build.arg("searcher").arg(example("greekgift")).arg("-flipcolor").env("CQLC_CACHE", work.with_extension("cache"));
    let built = without_build_warnings(searcher_builds::building_as_the_tests(&mut build).output().unwrap());
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let searcher = PathBuf::from(String::from_utf8(built.stdout).unwrap().trim_end());
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/games.pgn");
    let searched =
        Command::new(&searcher).arg("-i").arg(&games).arg("-o").arg(work.join("built.pgn")).output().unwrap();
    assert!(searched.status.success(), "{}", String::from_utf8_lossy(&searched.stderr));
    let run = cqlc_run(&work, &example("greekgift"), &["-flipcolor", "-o", "run.pgn"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(fs::read(work.join("built.pgn")).unwrap(), fs::read(work.join("run.pgn")).unwrap());
    let refused = cqlc(&["searcher", "q.cql", "-i", "x.pgn"], &work);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("-i is the searcher's own option"));
}

#[test]
fn a_query_that_is_not_utf8_is_refused_at_its_line_and_column() {
    let dir = scratch!("not-utf8");
    fs::write(dir.join("latin1.cql"), b"cql() check\n  \xc9chec\n").unwrap();
    let output = cqlc(&["check", "latin1.cql"], &dir);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: the file is not UTF-8 text: byte 0xC9 here does not begin a UTF-8 character"),
        "{stderr}"
    );
    assert!(stderr.contains("\n --> latin1.cql:2:3\n  |\n2 |   \u{FFFD}chec\n  |   ^ not UTF-8\n"), "{stderr}");
}

/// `cqlc run query` in `dir` with the environment `env`, with a cargo that
/// fails at once: what happens before the build.
fn run_without_building(dir: &Path, env: &[(&str, &Path)]) -> Output {
    fs::write(dir.join("q.cql"), "cql() check").unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_cqlc"));
    command.args(["run", "q.cql"]).current_dir(dir).env("CARGO", "false");
    for var in ["CQLC_CACHE", "XDG_CACHE_HOME", "HOME", "CARGO_TARGET_DIR"] {
        command.env_remove(var);
    }
    for (var, value) in env {
        command.env(var, value);
    }
    command.output().expect("cqlc runs")
}

#[test]
fn a_cache_folder_that_cannot_be_written_is_named() {
    let dir = scratch!("cache-file");
    let file = dir.join("not a folder");
    fs::write(&file, "").unwrap();
    for cache in [file.clone(), file.join("below")] {
        let output = run_without_building(&dir, &[("CQLC_CACHE", &cache)]);
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with(&format!("cqlc: the cache folder {}: ", cache.display())), "{stderr}");
    }
}

#[test]
fn empty_cache_variables_count_as_unset() {
    let dir = scratch!("cache-empty");
    let home = dir.join("home");
    let work = dir.join("work");
    fs::create_dir_all(&work).unwrap();
    let output = run_without_building(
        &work,
        &[("CQLC_CACHE", Path::new("")), ("XDG_CACHE_HOME", Path::new("")), ("HOME", &home)],
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("building the searcher for q.cql failed"), "{stderr}");
    assert!(home.join(".cache/cqlc/CACHEDIR.TAG").exists());
    assert!(
        fs::read_dir(home.join(".cache/cqlc/runtimes")).unwrap().all(|p| p.unwrap().path().join("Cargo.toml").exists())
    );
    assert!(!work.join("Cargo.toml").exists() && !work.join("src").exists());
}

#[test]
fn an_empty_or_stale_manifest_in_the_cache_is_rewritten() {
    let dir = scratch!("cache-stale");
    let cache = dir.join("cache");
    run_without_building(&dir, &[("CQLC_CACHE", &cache)]);
    let package = fs::read_dir(cache.join("runtimes")).unwrap().next().unwrap().unwrap().path();
    for stale in ["", "[package]\nname = \"old\"\n"] {
        fs::write(package.join("Cargo.toml"), stale).unwrap();
        let output = run_without_building(&dir, &[("CQLC_CACHE", &cache)]);
        assert!(String::from_utf8(output.stderr).unwrap().contains("building the searcher"));
        let manifest = fs::read_to_string(package.join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains("cql-runtime = { path = \"cql-runtime\" }") && manifest.contains("[workspace]"),
            "{manifest}"
        );
    }
}

/// The first build of the runtime, which takes a while, says so; later
/// builds, of a query each, are quiet.
#[test]
fn the_first_build_of_the_runtime_says_what_it_does() {
    let dir = scratch!("first-build");
    let cache = dir.join("cache");
    let first = String::from_utf8(run_without_building(&dir, &[("CQLC_CACHE", &cache)]).stderr).unwrap();
    let package = fs::read_dir(cache.join("runtimes")).unwrap().next().unwrap().unwrap().path();
    let target = package.join("target");
    assert!(
        first.starts_with(&format!(
            "cqlc: building the runtime in {} (the first time takes a minute or two",
            target.display()
        )),
        "{first}"
    );
    // What a build of the runtime leaves.
    fs::create_dir_all(target.join("release/deps")).unwrap();
    fs::write(target.join("release/deps/libcql_runtime-0123abcd.rlib"), "").unwrap();
    let later = String::from_utf8(run_without_building(&dir, &[("CQLC_CACHE", &cache)]).stderr).unwrap();
    assert!(later.starts_with("cqlc: building the searcher for q.cql failed"), "{later}");
}

#[test]
fn a_query_nested_thousands_deep_is_refused_where_it_goes_too_deep() {
    let dir = scratch!("deep");
    fs::write(dir.join("deep.cql"), format!("cql() {}♔{}", "(".repeat(2000), ")".repeat(2000))).unwrap();
    fs::write(dir.join("long.cql"), format!("cql() {} > 2", vec!["1"; 5000].join(" + "))).unwrap();
    for (action, file, at, limit) in
        [("check", "deep.cql", "1:263", 256), ("emit", "deep.cql", "1:263", 256), ("emit", "long.cql", "1:7", 256)]
    {
        let output = cqlc(&[action, file], &dir);
        assert_eq!(output.status.code(), Some(2), "{action} {file}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let message = format!("error: the query nests more than {limit} levels deep here");
        assert!(stderr.starts_with(&message) && stderr.contains(&format!("\n --> {file}:{at}\n")), "{stderr}");
    }
}

/// CQL 6.2's `-flip`, `-shift`, ... put the whole query under the transform
/// (the first outermost): `cqlc run q.cql -flip` finds what `flip` written
/// in front of the query finds.
#[test]
fn run_compiles_cql_transform_options_into_the_query() {
    let work = scratch!("run-transformed");
    fs::write(work.join("plain.cql"), "cql() ♔g1 ♖f1").unwrap();
    fs::write(work.join("written.cql"), "cql() flipcolor flip {♔g1 ♖f1}").unwrap();
    let optioned = cqlc_run(&work, &work.join("plain.cql"), &["-flipcolor", "-flip", "-o", "optioned.pgn"]);
    assert!(optioned.status.success(), "{}", String::from_utf8_lossy(&optioned.stderr));
    let written = cqlc_run(&work, &work.join("written.cql"), &["-o", "written.pgn"]);
    assert!(written.status.success(), "{}", String::from_utf8_lossy(&written.stderr));
    let found = fs::read_to_string(work.join("optioned.pgn")).unwrap();
    assert_eq!(found, fs::read_to_string(work.join("written.pgn")).unwrap());
    // Game 1: after 7.O-O the white king and rook are on g1 and f1; after
    // 7...O-O and 8.Re1 black's are on g8 and f8 (the image with the
    // colours swapped), where the query as written finds only the first.
    assert_eq!(found.matches("CQL}").count(), 3, "{found}");
}

/// CQL 6.2's `-player`, `-year`, `-cql`, ... add filters first in the
/// query's body: `cqlc run q.cql -player Morphy -year 1800 1900` finds what
/// the query with those filters written finds, and an option whose filter
/// does not compile is refused naming it.
#[test]
fn run_compiles_cql_filter_options_into_the_query() {
    let work = scratch!("run-filtered");
    fs::write(work.join("plain.cql"), "cql() initial").unwrap();
    let options = ["-player", "Morphy", "-year", "1800", "1900", "-cql", "wtm", "-o", "optioned.pgn"];
    let optioned = cqlc_run(&work, &work.join("plain.cql"), &options);
    assert!(optioned.status.success(), "{}", String::from_utf8_lossy(&optioned.stderr));
    let found = fs::read_to_string(work.join("optioned.pgn")).unwrap();
    // Of the four games, only Morphy's (1858) is Morphy's and of those years.
    assert_eq!(found.matches("[Event ").count(), 1, "{found}");
    assert!(found.contains("Morphy, Paul"), "{found}");
    let wrong = cqlc_run(&work, &work.join("plain.cql"), &["-cql", "chek"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("the filter of -cql"), "{:?}", wrong);
}

/// CQL 6.2's `-hhdb KEY ...` adds the filter `hhdb KEY ...`, a key whose
/// value is a string taking the next argument as the text to search for:
/// `cqlc run q.cql -hhdb composer Morphy` finds the games whose composer
/// (the `[White]` tag, without the mark `MC`) has `Morphy`. `-hhdb help`
/// lists the keys and runs nothing; keys that do not make one filter are
/// refused.
#[test]
fn run_compiles_the_hhdb_option_into_the_query() {
    let work = scratch!("run-hhdb");
    fs::write(work.join("plain.cql"), "cql() initial").unwrap();
    let optioned = cqlc_run(&work, &work.join("plain.cql"), &["-hhdb", "composer", "Morphy", "-o", "optioned.pgn"]);
    assert!(optioned.status.success(), "{}", String::from_utf8_lossy(&optioned.stderr));
    let found = fs::read_to_string(work.join("optioned.pgn")).unwrap();
    assert_eq!(found.matches("[Event ").count(), 1, "{found}");
    assert!(found.contains("Morphy, Paul"), "{found}");
    let help = cqlc_run(&work, &work.join("plain.cql"), &["-hhdb", "help"]);
    assert!(help.status.success(), "{}", String::from_utf8_lossy(&help.stderr));
    assert!(String::from_utf8_lossy(&help.stdout).contains("<cook> <eg> <main>"), "{help:?}");
    let two = cqlc_run(&work, &work.join("plain.cql"), &["-hhdb", "TT", "MC"]);
    assert_eq!(two.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&two.stderr).contains("one hhdb filter"), "{two:?}");
}

/// `cqlc ARGS...` in `work` with a cache of its own, its searcher built as
/// [`cqlc_run`] builds them, its standard output `stdout`.
fn cqlc_in(work: &Path, args: &[&str], stdout: std::process::Stdio) -> Output {
    let cache = work.with_extension("cache");
    fs::create_dir_all(&cache).unwrap();
    let mut run = Command::new(env!("CARGO_BIN_EXE_cqlc"));
    run.args(args).env("CQLC_CACHE", &cache).current_dir(work).stdout(stdout);
    without_build_warnings(searcher_builds::building_as_the_tests(&mut run).output().expect("cqlc runs"))
}

/// A standard output that is closed before anything is written to it (as
/// `| head` closes it).
fn closed_pipe() -> std::process::Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer.into()
}

/// As `cql -i games.pgn who`: the query file after the options, its
/// `.cql` left out, options in any case; CQL 6.2's `-assign X V` puts
/// `X = "V"` first in the query's body (the query does not compile
/// without it).
#[test]
fn run_takes_the_query_anywhere_without_its_suffix() {
    let work = scratch!("run-anywhere");
    fs::write(work.join("who.cql"), "cql() who == \"Morphy\" player white \"Morphy\"").unwrap();
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/games.pgn");
    let games = games.to_str().unwrap();
    let unassigned = cqlc_in(&work, &["run", "-parse", "who"], std::process::Stdio::piped());
    assert_eq!(unassigned.status.code(), Some(2));
    let checked = cqlc_in(&work, &["run", "-parse", "who", "-assign", "who", "Morphy"], std::process::Stdio::piped());
    assert_eq!(String::from_utf8_lossy(&checked.stdout), "who.cql: ok\n");
    let args = ["run", "-I", games, "-Assign", "who", "Morphy", "who", "-O", "found.pgn", "-Threads", "1"];
    let found = cqlc_in(&work, &args, std::process::Stdio::piped());
    assert!(found.status.success(), "{}", String::from_utf8_lossy(&found.stderr));
    let summary = String::from_utf8(found.stdout).unwrap();
    assert!(summary.starts_with("1 matches of 4 games in "), "{summary}");
    let games = fs::read_to_string(work.join("found.pgn")).unwrap();
    assert_eq!(games.matches("[Event ").count(), 1, "{games}");
    assert!(games.contains("[White \"Morphy, Paul\"]"), "{games}");
    let misplaced = cqlc_in(&work, &["run", "who", "x.pgn"], std::process::Stdio::piped());
    assert_eq!(misplaced.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&misplaced.stderr).contains("'x.pgn' is not a query file"));
    // `cqlc run who -help | head -3`: the searcher (built above) prints its
    // help into a closed pipe, quietly.
    let help = cqlc_in(&work, &["run", "who", "-assign", "who", "Morphy", "-help"], closed_pipe());
    assert!(help.status.success(), "{}", String::from_utf8_lossy(&help.stderr));
    assert!(!String::from_utf8_lossy(&help.stderr).contains("panicked"));
}

/// `cqlc emit q.cql | head` and `cqlc check q.cql | head`: a closed
/// standard output ends cqlc quietly.
#[test]
fn a_closed_standard_output_ends_cqlc_quietly() {
    let work = scratch!("closed-pipe");
    let greekgift = example("greekgift");
    for action in ["emit", "check"] {
        let output = cqlc_in(&work, &[action, greekgift.to_str().unwrap()], closed_pipe());
        assert!(output.status.success(), "{action}: {}", String::from_utf8_lossy(&output.stderr));
        assert!(output.stderr.is_empty(), "{action}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

/// CQL 6.2's options that cqlc does not take (`-u`, `-html`, `-gui`, ...)
/// are answered in one line, before anything is built.
#[test]
fn run_answers_cql_options_it_does_not_take_before_building() {
    let work = scratch!("answered");
    fs::write(work.join("q.cql"), "cql() check").unwrap();
    for (option, advice) in [("-u", "needs no conversion"), ("-HTML", "cqlc emit"), ("-gui", "GUI")] {
        let output = Command::new(env!("CARGO_BIN_EXE_cqlc"))
            .args(["run", option, "q.cql"])
            .env("CARGO", "false")
            .current_dir(&work)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{option}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{option}: {stderr}");
        assert!(stderr.starts_with(&format!("cqlc run: {option} ")) && stderr.contains(advice), "{stderr}");
    }
}
