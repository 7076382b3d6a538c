//! Generated code for queries that once tripped the code generator (names
//! that collide, closures that read nothing, targets of every type) builds
//! without a single warning and runs: every query of `tests/generated/` is
//! compiled into a searcher, built with `-D warnings`, and run on
//! `studies-sample.pgn`.

#[path = "support/searchers.rs"]
mod searchers;

use std::{
    fs,
    path::{Path, PathBuf},
};

use cqlc::package::target_name;

fn queries() -> Vec<PathBuf> {
    let queries = searchers::queries_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/generated"));
    assert!(queries.len() >= 8, "{queries:?}");
    queries
}

#[test]
fn tricky_queries_build_without_warnings_and_run() {
    let mut programs = Vec::new();
    for query in queries() {
        let name = target_name(&query);
        let source = fs::read_to_string(&query).expect("a query");
        let file = format!("{name}.cql");
        let program = cqlc::searcher_source(&source, &name, &file)
            .unwrap_or_else(|error| panic!("{}", error.render(&file, &source)));
        programs.push((name, program));
    }
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated");
    let binaries = searchers::build(&work, &programs);
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/studies-sample.pgn");
    for (name, _) in &programs {
        searchers::run(&binaries.join(name), &input, &work.join(format!("{name}-out.pgn")));
    }
}
