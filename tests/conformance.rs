//! Compiled searchers, end to end.
//!
//! Conformance with CQL 6.2: every official example that cqlc's language
//! covers is compiled into a searcher, run on `studies-sample.pgn` and on
//! `annotated-games.pgn`, and its output compared with CQL 6.2's recorded
//! output (`../shared/reference`; `compare.rs` says what differences are
//! normalised). An example whose output differs only in games cqlc's reader
//! reads otherwise than CQL 6.2 (skips, or reads other moves) is reported,
//! not failed: the reader's test (`reading.rs`) is where those fail.
//! `tests/conformance/in-scope.txt` lists the examples that must compile and
//! give CQL's answer; an example that compiles but is not listed fails the
//! test too, so the list always says what is covered.
//!
//! Generated code for queries that once tripped the code generator
//! (`tests/generated/`: names that collide, closures that read nothing,
//! targets of every type) builds without a single warning and runs.
//!
//! All of them are built as one program, once. And the code written for
//! each official example stays short enough to read (`cqlc emit`): each
//! piece of it written once.

#[path = "conformance/compare.rs"]
mod compare;
use crate::support::searchers;

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    sync::OnceLock,
};

use compare::{Corpus, Outcome};
use cqlc::package::target_name;
use searchers::{Searchers, queries_in};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

fn work() -> PathBuf {
    crate::support::searcher_builds::scratch_dir().join("conformance")
}

fn in_scope_list() -> BTreeSet<String> {
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/in-scope.txt");
    fs::read_to_string(list)
        .expect("tests/conformance/in-scope.txt")
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim().to_owned())
        .filter(|name| !name.is_empty())
        .collect()
}

/// The searchers of both tests, built once, and what the official examples
/// showed while they were compiled.
struct Built {
    searchers: Searchers,
    /// The official examples that compile.
    examples: Vec<String>,
    /// The tricky queries, by the names they are run by.
    tricky: Vec<String>,
    /// Examples listed but not compiling, or compiling but not listed.
    problems: Vec<String>,
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let examples = queries_in(&shared().join("reference/examples"));
        assert_eq!(examples.len(), 90, "the 90 official examples");
        let listed = in_scope_list();
        let mut queries = Vec::new();
        let mut problems = Vec::new();
        for example in &examples {
            let name = target_name(example);
            let source = fs::read_to_string(example).expect("an example");
            match cqlc::compile(&source) {
                Ok(_) if !listed.contains(&name) => {
                    problems.push(format!("{name}: compiles but is not listed in in-scope.txt"));
                    queries.push((name, source));
                }
                Ok(_) => queries.push((name, source)),
                Err(error) if listed.contains(&name) => {
                    let error = error.render(&name, &source);
                    problems.push(format!("{name}: listed as in scope but does not compile: {error}"));
                }
                Err(_) => {}
            }
        }
        let example_names: Vec<String> = queries.iter().map(|(name, _)| name.clone()).collect();
        let tricky_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/generated");
        let mut tricky = Vec::new();
        for query in queries_in(&tricky_dir) {
            let name = format!("tricky-{}", target_name(&query));
            queries.push((name.clone(), fs::read_to_string(&query).expect("a query")));
            tricky.push(name);
        }
        let searchers = Searchers::build(&work(), &queries);
        Built { searchers, examples: example_names, tricky, problems }
    })
}

/// The corpora the official examples are run on, each with the extension of
/// CQL 6.2's recorded outputs for it (`expected/<corpus>/<example>.<ext>`).
const CORPORA: [(&str, &str); 2] = [("studies-sample", "pgn"), ("annotated-games", "pgn.zst")];

#[test]
fn official_examples_give_cql_6_2s_output() {
    let built = built();
    let mut problems = built.problems.clone();
    let mut figures = Vec::new();
    for (corpus, extension) in CORPORA {
        let input = shared().join(format!("corpora/{corpus}.pgn"));
        let games = Corpus::read(&input, &shared().join(format!("reference/read/{corpus}.pgn.zst")));
        let dir = work().join(corpus);
        fs::create_dir_all(&dir).expect("a directory for the outputs");
        let (mut identical, mut byte_identical) = (0, 0);
        for name in &built.examples {
            let output = dir.join(format!("{name}-out.pgn"));
            let printed = built.searchers.run_printing(name, &input, &output);
            if let Some(problem) = printed_after_summary(corpus, name, &printed) {
                problems.push(problem);
            }
            let expected = shared().join(format!("reference/expected/{corpus}/{name}.{extension}"));
            match compare::compare(&output, &expected, &games) {
                Outcome::Identical => {
                    identical += 1;
                    if as_ascii(&fs::read(&output).unwrap_or_default()) == as_ascii(&plain_bytes(&expected)) {
                        byte_identical += 1;
                    }
                }
                Outcome::MisreadGamesOnly(numbers) => problems.push(format!(
                    "{corpus}: {name}: identical but for games cqlc reads otherwise than CQL 6.2: {numbers:?}"
                )),
                Outcome::Differs(difference) => problems.push(format!("{corpus}: {name}: {difference}")),
            }
        }
        println!("{corpus}: byte for byte (non-ASCII as '?'): {byte_identical} of {identical}");
        figures.push(format!("conformance: {identical}/90 examples identical on {corpus}"));
    }
    println!("in scope: {} of 90 examples", built.examples.len());
    println!("{}", figures.join("\n"));
    assert!(problems.is_empty(), "conformance problems:\n{}", problems.join("\n"));
}

/// Whether `printed` (by the example `name` on `corpus`) ends, after its
/// summary line, as CQL 6.2's output does where `tests/conformance/printed`
/// records it (the values of persistent variables); a problem if not.
fn printed_after_summary(corpus: &str, name: &str, printed: &str) -> Option<String> {
    let recorded = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/conformance/printed/{corpus}/{name}.txt"));
    let expected = fs::read_to_string(recorded).ok()?;
    let after: Vec<&str> = printed.lines().skip_while(|line| !line.contains(" matches of ")).skip(1).collect();
    let expected: Vec<&str> = expected.lines().collect();
    (after != expected).then(|| format!("{corpus}: {name}: prints {after:?} after its summary, CQL 6.2 {expected:?}"))
}

/// Where a game has several comments at one place, CQL 6.2 keeps the last
/// and cqlc all of them: the comparison takes cqlc's text as the last of
/// them and what follows, and still sees a comment lost or a note missing
/// (`tests/conformance/comments/README.md` says how the files were made).
#[test]
fn the_comparison_keeps_the_last_of_a_games_comments() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/comments");
    let corpus = Corpus::read(&fixtures.join("input.pgn"), &fixtures.join("cql-read.pgn"));
    let expected = fixtures.join("cql-out.pgn");
    assert_eq!(compare::compare(&fixtures.join("cqlc-out.pgn"), &expected, &corpus), Outcome::Identical);
    let ours = fs::read_to_string(fixtures.join("cqlc-out.pgn")).expect("cqlc's output");
    fs::create_dir_all(work()).expect("a directory for the outputs");
    for (written, instead) in [("{a b CQL}", "{a CQL}"), ("{a b CQL}", "{a b}"), ("{e h CQL}", "{CQL}")] {
        let changed = work().join("changed-comments.pgn");
        fs::write(&changed, ours.replace(written, instead)).expect("a changed output");
        let outcome = compare::compare(&changed, &expected, &corpus);
        assert!(matches!(outcome, Outcome::Differs(_)), "{instead} for {written}: {outcome:?}");
    }
}

/// The bytes of a file, unpacked if it is zstd-compressed.
fn plain_bytes(path: &Path) -> Vec<u8> {
    let bytes = fs::read(path).unwrap_or_default();
    if path.extension().is_some_and(|e| e == "zst") { zstd::decode_all(&bytes[..]).unwrap_or_default() } else { bytes }
}

/// `bytes` with each byte at or above 0x80 as `?`, as CQL 6.2 writes them.
fn as_ascii(bytes: &[u8]) -> Vec<u8> {
    bytes.iter().map(|&b| if b >= 0x80 { b'?' } else { b }).collect()
}

#[test]
fn tricky_queries_build_without_warnings_and_run() {
    let built = built();
    assert!(built.tricky.len() >= 8, "{:?}", built.tricky);
    let input = shared().join("corpora/studies-sample.pgn");
    for name in &built.tricky {
        built.searchers.run(name, &input, &work().join(format!("{name}-out.pgn")));
    }
}

/// The Rust cqlc writes for an official example is at most 400 lines: paths,
/// transforms' images and calls of CQL functions are written once each.
#[test]
fn the_code_of_each_official_example_is_at_most_400_lines() {
    for name in &in_scope_list() {
        let source = fs::read_to_string(shared().join(format!("reference/examples/{name}.cql"))).expect("an example");
        let program = cqlc::searcher_source(&source, name, &format!("{name}.cql")).expect("it compiles");
        let lines = program.lines().count();
        assert!(lines <= 400, "{name}: {lines} lines");
    }
}

/// The corpora on which each searcher's shortcuts are checked, besides the
/// two its output is compared on (where a game they skipped would be
/// missing): tournament games, studies and problems, Chess960, and games
/// CQL 6.2 cannot read.
const SHORTCUT_CORPORA: [&str; 4] =
    ["twic-sample.pgn", "lichess-studies-and-problems.pgn", "chess960-games.pgn", "irregular-games.pgn"];

/// The pre-filter (on a game's text) and the positions shortcut (only the
/// start, only the ends of lines) never leave out a game or a position
/// where the query matches: every official example and tricky query is run
/// on every small corpus evaluating everything, and a match the shortcuts
/// would have skipped fails the run.
#[test]
fn the_shortcuts_never_skip_a_match() {
    let built = built();
    let dir = work().join("shortcuts");
    fs::create_dir_all(&dir).expect("a directory for the outputs");
    // One input of all of them, so that each query is one run.
    let mut text = Vec::new();
    for corpus in SHORTCUT_CORPORA {
        text.extend(fs::read(shared().join("corpora").join(corpus)).expect("a corpus"));
        text.extend(b"\n\n");
    }
    let input = dir.join("corpora.pgn");
    fs::write(&input, text).expect("the corpora joined");
    for name in built.examples.iter().chain(&built.tricky) {
        built.searchers.run_verifying_shortcuts(name, &input, &dir.join(format!("{name}-out.pgn")));
    }
}
