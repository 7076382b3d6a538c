//! Queries at the edge of what cqlc handles: the deepest nesting it
//! accepts goes through every phase on a stack the size of a main thread's
//! (8 MB), and one level more is refused with the place it happens.

use std::thread;

/// The nesting limit, as the compiler states it.
const LIMIT: usize = cqlc::syntax::MAX_NESTING;

/// Queries nesting `depth` levels, each in its own way.
fn shapes(depth: usize) -> Vec<(&'static str, String)> {
    let terms =
        |separator: &str, term: &dyn Fn(usize) -> String| (0..depth).map(term).collect::<Vec<_>>().join(separator);
    let piece =
        |i: usize| format!("{}{}{}", &"KQRBNPkqrbnp"[i % 12..i % 12 + 1], &"abcdefgh"[i % 8..i % 8 + 1], i / 8 % 8 + 1);
    vec![
        ("parentheses", format!("cql() {}♔{}", "(".repeat(depth - 1), ")".repeat(depth - 1))),
        ("braces", format!("cql() {}♔{}", "{".repeat(depth - 1), "}".repeat(depth - 1))),
        ("and", format!("cql() {}", terms(" and ", &|_| "♔".into()))),
        ("or", format!("cql() {}", terms(" or ", &piece))),
        // The comparison is a level of its own.
        ("sum", format!("cql() {} > 2", vec!["1"; depth - 1].join(" + "))),
        ("not", format!("cql() {}♔", "not ".repeat(depth - 1))),
        ("comparisons", format!("cql() {}1", "1 < ".repeat(depth - 1))),
        ("if", format!("cql() {}♔", "if check ".repeat(depth - 1))),
    ]
}

/// Runs `work` on a thread with a main thread's stack.
fn on_main_sized_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    thread::Builder::new().stack_size(8 << 20).spawn(work).unwrap().join().expect("no overflow")
}

#[test]
fn the_deepest_accepted_queries_compile_and_generate_code_on_an_8_mb_stack() {
    for (shape, query) in shapes(LIMIT) {
        let source = on_main_sized_stack(move || cqlc::searcher_source(&query, "deep", "deep.cql"));
        assert!(source.is_ok(), "{shape}: {:?}", source.err().map(|d| d.message()));
    }
}

#[test]
fn one_level_more_is_refused_where_it_nests_too_deep() {
    for (shape, query) in shapes(LIMIT + 1) {
        let copy = query.clone();
        let error = on_main_sized_stack(move || cqlc::compile(&copy)).expect_err(shape);
        assert!(error.message().starts_with("the query nests more than 256 levels deep here"), "{shape}");
        assert!(error.span.start >= "cql() ".len() && error.span.start < query.len(), "{shape}");
    }
}

#[test]
fn thousands_of_levels_are_refused_not_overflowed() {
    let parentheses = format!("cql() {}♔{}", "(".repeat(2000), ")".repeat(2000));
    let error = on_main_sized_stack(move || cqlc::compile(&parentheses)).unwrap_err();
    // At the 257th level: the 257th parenthesis.
    assert_eq!(error.span.start, "cql() ".len() + 256);
    let chain = format!("cql() {}", vec!["♔"; 5000].join(" and "));
    assert!(on_main_sized_stack(move || cqlc::compile(&chain)).is_err());
    let sum = format!("cql() {} > 2", vec!["1"; 3000].join(" + "));
    assert!(on_main_sized_stack(move || cqlc::compile(&sum)).is_err());
}
