//! What cqlc accepts, rustc builds: searchers for queries at the edge of
//! cqlc's limits, written as `cqlc` writes them and built with cargo. One
//! package holds them all, so that they build in parallel; it shares its
//! target folder with the other tests' searchers, so the runtime is built
//! once.

use std::{fs, process::Command, time::Instant};

use cqlc::diagnostic::{CheckError, Error};

use crate::support;

/// `count` filters made by `filter`, after `cql() `.
fn many(count: usize, filter: impl Fn(usize) -> String) -> String {
    let filters: Vec<String> = (0..count).map(filter).collect();
    format!("cql() {}", filters.join(" "))
}

/// The query that nests `find` as deep as cqlc allows: 255 `find`s in each
/// other, each an instantiation of the runtime's generic `find_first` in
/// the one around it (rustc stops at 128 unless told otherwise).
fn deepest_finds() -> String {
    format!("cql() {}check", "find ".repeat(cqlc::syntax::MAX_NESTING - 1))
}

/// A query whose text in the code's comments has characters rustc refuses
/// in comments: a change of the direction of text in the leading comment
/// and in strings, carriage returns in strings, other control characters.
const COMMENTS: &str = "// \u{202e}reversed\u{202c} and \u{2066}isolated\u{2069}\r\ncql() \
    function Said(x) {comment(x \"\r\")} Said(\"\u{2067}\") ⬓{♕a1 comment(\"c\rd\u{1}\u{85}\u{2028}\")} \
    {path check comment(\"a\rb\u{202e}\")}";

/// The dash `♕――` to a square, the `i`-th of 512 different ones: each
/// hands closures to a generic function of the runtime that rustc copies
/// for them, the costliest code per token cqlc writes side by side.
fn dash(i: usize) -> String {
    let square = |n: usize| format!("{}{}", (b'a' + (n / 8 % 8) as u8) as char, n % 8 + 1);
    format!("Q{}--{}", square(i / 64), square(i))
}

/// The most dashes a query may hold: the next one makes its code too large.
fn most_dashes() -> usize {
    let fits = |count: usize| cqlc::searcher_source(&many(count, dash), "q", "q.cql").is_ok();
    let (mut low, mut high) = (1, 512);
    assert!(fits(low) && !fits(high));
    while high - low > 1 {
        let middle = (low + high) / 2;
        if fits(middle) { low = middle } else { high = middle }
    }
    low
}

#[test]
fn searchers_at_the_limits_build() {
    let dashes = most_dashes();
    let error = cqlc::searcher_source(&many(dashes + 1, dash), "q", "q.cql").unwrap_err();
    assert!(matches!(error.error, Error::Check(CheckError::CodeTooLarge { .. })), "{error:?}");
    let queries =
        [("deepest_finds", deepest_finds()), ("comments", COMMENTS.to_owned()), ("dashes", many(dashes, dash))];
    let package = support::package("limits");
    for entry in fs::read_dir(package.dir().join("src/bin")).unwrap() {
        let path = entry.unwrap().path();
        if !queries.iter().any(|(name, _)| path.file_stem().is_some_and(|stem| stem == *name)) {
            fs::remove_file(&path).unwrap();
        }
    }
    for (name, query) in &queries {
        let program = cqlc::searcher_source(query, name, &format!("{name}.cql"))
            .unwrap_or_else(|error| panic!("{name}: {}", error.render(name, query)));
        package.write_binary(name, &program).unwrap();
    }
    let started = Instant::now();
    support::build(&package).unwrap_or_else(|stderr| panic!("{stderr}"));
    eprintln!("built {dashes} dashes, 255 finds and the comments in {:?}", started.elapsed());
    for (name, _) in &queries {
        let version = Command::new(support::target_dir().join("release").join(name)).arg("-version").output().unwrap();
        assert!(version.status.success(), "{name}");
    }
}
