//! Conformance with CQL 6.2: every official example that cqlc's language
//! covers is compiled into a searcher, run on `studies-sample.pgn`, and its
//! output compared with CQL 6.2's recorded output (`../shared/reference`).
//!
//! `tests/conformance/in-scope.txt` lists the examples that must compile and
//! give CQL's answer; an example that compiles but is not listed fails the
//! test too, so the list always says what is covered.

#[path = "conformance/compare.rs"]
mod compare;
#[path = "support/searchers.rs"]
mod searchers;

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
};

use cqlc::package::target_name;

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
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

#[test]
fn official_examples_give_cql_6_2s_output() {
    let examples = searchers::queries_in(&shared().join("reference/examples"));
    assert_eq!(examples.len(), 90, "the 90 official examples");

    let listed = in_scope_list();
    let mut compiled = Vec::new();
    let mut problems = Vec::new();
    for example in &examples {
        let name = target_name(example);
        let source = fs::read_to_string(example).expect("an example");
        match cqlc::searcher_source(&source, &name, &format!("{name}.cql")) {
            Ok(program) => {
                if !listed.contains(&name) {
                    problems.push(format!("{name}: compiles but is not listed in in-scope.txt"));
                }
                compiled.push((name, program));
            }
            Err(error) if listed.contains(&name) => {
                problems
                    .push(format!("{name}: listed as in scope but does not compile: {}", error.render(&name, &source)));
            }
            Err(_) => {}
        }
    }

    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("conformance");
    let binaries = searchers::build(&work, &compiled);

    let input = shared().join("corpora/studies-sample.pgn");
    let (mut identical, mut byte_identical) = (0, 0);
    for (name, _) in &compiled {
        let output = work.join(format!("{name}-out.pgn"));
        searchers::run(&binaries.join(name), &input, &output);
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
    println!("in scope: {} of 90 examples", compiled.len());
    println!("byte for byte (non-ASCII as '?'): {byte_identical} of {identical}");
    println!("conformance: {identical}/90 examples identical");
    assert!(problems.is_empty(), "conformance problems:\n{}", problems.join("\n"));
}
