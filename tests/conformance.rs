//! Compiled searchers, end to end.
//!
//! Conformance with CQL 6.2: every official example that cqlc's language
//! covers is compiled into a searcher, run on `studies-sample.pgn`, and its
//! output compared with CQL 6.2's recorded output (`../shared/reference`).
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
#[path = "support/searchers.rs"]
mod searchers;

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    sync::OnceLock,
};

use cqlc::package::target_name;
use searchers::{Searchers, queries_in};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

fn work() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("conformance")
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

#[test]
fn official_examples_give_cql_6_2s_output() {
    let built = built();
    let mut problems = built.problems.clone();
    let input = shared().join("corpora/studies-sample.pgn");
    let (mut identical, mut byte_identical) = (0, 0);
    for name in &built.examples {
        let output = work().join(format!("{name}-out.pgn"));
        built.searchers.run(name, &input, &output);
        let expected = shared().join(format!("reference/expected/studies-sample/{name}.pgn"));
        match compare::first_difference(&output, &expected) {
            None => {
                identical += 1;
                let normalise =
                    |bytes: Vec<u8>| bytes.into_iter().map(|b| if b >= 0x80 { b'?' } else { b }).collect::<Vec<_>>();
                if normalise(fs::read(&output).unwrap_or_default())
                    == normalise(fs::read(&expected).unwrap_or_default())
                {
                    byte_identical += 1;
                }
                println!("identical: {name}");
            }
            Some(difference) => problems.push(format!("{name}: {difference}")),
        }
    }
    println!("in scope: {} of 90 examples", built.examples.len());
    println!("byte for byte (non-ASCII as '?'): {byte_identical} of {identical}");
    println!("conformance: {identical}/90 examples identical");
    assert!(problems.is_empty(), "conformance problems:\n{}", problems.join("\n"));
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
