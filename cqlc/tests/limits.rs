//! Queries at the edge of what cqlc handles: the deepest nesting it
//! accepts goes through every phase called from a stack the size of a main
//! thread's (8 MB), and one level more is refused with the place it
//! happens. Brackets, prefixes and chains of binary operators (which CQL 6.2
//! reads however long) all nest at most [`LIMIT`] levels deep.

use std::thread;

use cqlc::{
    Diagnostic,
    diagnostic::{CheckError, Error},
};

/// The nesting limit, as the compiler states it.
const LIMIT: usize = cqlc::syntax::MAX_NESTING;

/// Queries nesting `depth` levels of brackets or prefixes, each in its own way.
fn bracket_shapes(depth: usize) -> Vec<(&'static str, String)> {
    vec![
        ("parentheses", format!("cql() {}♔{}", "(".repeat(depth - 1), ")".repeat(depth - 1))),
        ("braces", format!("cql() {}♔{}", "{".repeat(depth - 1), "}".repeat(depth - 1))),
        ("not", format!("cql() {}♔", "not ".repeat(depth - 1))),
        ("comparisons", format!("cql() {}1", "1 < ".repeat(depth - 1))),
        ("if", format!("cql() {}♔", "if check ".repeat(depth - 1))),
    ]
}

/// Queries whose chains of binary operators are `depth` levels deep.
fn chain_shapes(depth: usize) -> Vec<(&'static str, String)> {
    let terms =
        |separator: &str, term: &dyn Fn(usize) -> String| (0..depth).map(term).collect::<Vec<_>>().join(separator);
    let piece =
        |i: usize| format!("{}{}{}", &"KQRBNPkqrbnp"[i % 12..i % 12 + 1], &"abcdefgh"[i % 8..i % 8 + 1], i / 8 % 8 + 1);
    vec![
        ("and", format!("cql() {}", terms(" and ", &|_| "♔".into()))),
        ("or", format!("cql() {}", terms(" or ", &piece))),
        // The comparison is a level of its own.
        ("sum", format!("cql() {} > 2", vec!["1"; depth - 1].join(" + "))),
    ]
}

/// Every shape at the depth the limit allows (`extra` levels more).
fn shapes_at_limits(extra: usize) -> Vec<(&'static str, String)> {
    bracket_shapes(LIMIT + extra).into_iter().chain(chain_shapes(LIMIT + extra)).collect()
}

/// Runs `work` on a thread with a main thread's stack.
fn on_main_sized_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    thread::Builder::new().stack_size(8 << 20).spawn(work).unwrap().join().expect("no overflow")
}

#[test]
fn the_deepest_accepted_queries_compile_and_generate_code_from_an_8_mb_stack() {
    for (shape, query) in shapes_at_limits(0) {
        let source = on_main_sized_stack(move || cqlc::searcher_source(&query, "deep", "deep.cql"));
        assert!(source.is_ok(), "{shape}: {:?}", source.err().map(|d| d.message()));
    }
}

#[test]
fn one_level_more_is_refused_where_it_nests_too_deep() {
    for (shape, query) in shapes_at_limits(1) {
        let copy = query.clone();
        let error = on_main_sized_stack(move || cqlc::compile(&copy)).expect_err(shape);
        let message = format!("the query nests more than {LIMIT} levels deep here");
        assert!(error.message().starts_with(&message), "{shape}: {}", error.message());
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
    // CQL 6.2 reads a sum of 3,000 terms; cqlc stops at the 257th level, as
    // the README says.
    let sum = format!("cql() {} > 2", vec!["1"; 3000].join(" + "));
    let error = on_main_sized_stack(move || cqlc::compile(&sum)).unwrap_err();
    assert!(error.message().starts_with("the query nests more than 256 levels deep here"), "{}", error.message());
}

#[test]
fn the_macro_takes_chains_only_as_deep_as_brackets() {
    // `cql!` makes rustc's tokens on rustc's own stack.
    let chain = format!("cql() {}", vec!["♔"; LIMIT + 1].join(" or "));
    let error = cqlc::query_expression(&chain, quote::quote!(::cql), "q.cql").unwrap_err();
    assert!(error.message().starts_with("the query nests more than 256 levels deep"), "{}", error.message());
    let chain = format!("cql() {}", vec!["♔"; LIMIT - 1].join(" or "));
    assert!(cqlc::query_expression(&chain, quote::quote!(::cql), "q.cql").is_ok());
}

/// The `i`-th of the 768 designators of one piece on one square (`♔a1`, ...).
fn designator(i: usize) -> String {
    let piece = &"KQRBNPkqrbnp"[i / 64 % 12..][..1];
    format!("{piece}{}{}", (b'a' + (i / 8 % 8) as u8) as char, i % 8 + 1)
}

/// The query `cql() F(0) F(1) ...`, `count` filters made by `filter`, and
/// with `around` each side of them (`{` and `}`).
fn many(count: usize, around: (&str, &str), filter: impl Fn(usize) -> String) -> String {
    let filters: Vec<String> = (0..count).map(filter).collect();
    format!("cql() {}{}{}", around.0, filters.join(" "), around.1)
}

/// The error of a query whose code is too large to write, and where it is.
fn too_large(query: &str) -> (Diagnostic, usize) {
    let error = cqlc::searcher_source(query, "large", "large.cql").expect_err("too large");
    assert!(
        matches!(error.error, Error::Check(CheckError::CodeTooLarge { tokens, limit: TOKENS }) if tokens > TOKENS),
        "{error:?}"
    );
    let at = error.span.start;
    (error, at)
}

/// The most tokens cqlc writes for a query.
const TOKENS: usize = cqlc::code_size::MAX_TOKENS;

#[test]
fn a_query_whose_code_would_be_too_large_is_refused_at_the_filter_where_it_grows_past_the_limit() {
    // 20,000 `not`s (160 KB) took rustc 4 minutes and 10 GB to build.
    let nots = many(20_000, ("", ""), |i| format!("not {}", designator(i)));
    let (error, at) = too_large(&nots);
    let shown = error.render("q.cql", &nots);
    let header = format!("error: the Rust that cqlc writes for the query grows past {TOKENS} tokens here (");
    let place = format!("\n --> q.cql:1:{}\n", at + 1);
    let carets = shown.lines().find(|line| line.contains('^')).unwrap_or_default();
    assert!(shown.starts_with(&header) && shown.contains(&place), "{place}: {}", &shown[..shown.len().min(2000)]);
    assert!(carets.ends_with("^^^^^^^ past the limit here"), "{carets}");
    grows_at(&nots, at, "not ", "");
    // Inside braces, at the filter within them.
    let braced = many(20_000, ("{", "}"), |i| format!("not {}", designator(i)));
    grows_at(&braced, too_large(&braced).1, "not ", "}");
    // 4,000 comments took 2:44 and 4.8 GB; a path of 9,999 states 2:16.
    let comments = many(4_000, ("", ""), |i| format!("comment(\"c{i}\")"));
    grows_at(&comments, too_large(&comments).1, "comment(", "");
    assert_eq!(too_large("cql() check path ((--){99}){101}").1, "cql() check ".len());
}

/// Whether `query` grows too large `at` a filter starting with `filter`
/// (the next such filter ends it): the query without it (ended by `end`) is
/// written, with it refused.
fn grows_at(query: &str, at: usize, filter: &str, end: &str) {
    assert!(query[at..].starts_with(filter), "{}", &query[at..at + 20]);
    let before = format!("{}{end}", query[..at].trim_end());
    assert!(cqlc::searcher_source(&before, "q", "q.cql").is_ok(), "{}", &query[at..at + 20]);
    let through = query[at + 1..].find(&format!(" {filter}")).map_or(query.len(), |next| at + 1 + next);
    assert!(cqlc::searcher_source(&format!("{}{end}", &query[..through]), "q", "q.cql").is_err());
}

#[test]
fn the_copies_transforms_make_count_against_the_filters_cqlc_compiles() {
    // Fifteen functions each doubling the one before, inside transforms
    // making 1,024 images: `cqlc check` took 121 s and 990 MB.
    let names: Vec<String> = (0..15).map(|i| format!("Twice{}", (b'A' + i) as char)).collect();
    let mut query = format!("cql()\nfunction {}(x) {{x x}}\n", names[0]);
    for pair in names.windows(2) {
        query.push_str(&format!("function {}(x) {{{}(x) {}(x)}}\n", pair[1], pair[0], pair[0]));
    }
    query.push_str(&format!("{}{}(♔a1){}", "⬓{♕ ".repeat(10), names[14], "}".repeat(10)));
    let started = std::time::Instant::now();
    let error = cqlc::compile(&query).unwrap_err();
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert_eq!(error.error, Error::Check(CheckError::TooManyFilters { limit: 100_000 }));
    // At the 100,001st filter: a call in a function's body, or its argument.
    let at = &query[error.span.start..];
    assert!(at.starts_with("Twice") || at.starts_with("♔a1)"), "{at}");
    // Eight doublings inside six transforms fit.
    let fits = query
        .replace("⬓{♕ ⬓{♕ ⬓{♕ ⬓{♕ ", "{♕ {♕ {♕ {♕ ")
        .replace(&format!("{}(♔", names[14]), &format!("{}(♔", names[7]));
    assert!(cqlc::compile(&fits).is_ok(), "{:?}", cqlc::compile(&fits).err().map(|e| e.message()));
}

#[test]
fn what_goes_into_a_comment_of_the_code_is_written_so_that_rustc_takes_it() {
    // rustc refuses characters that change the direction of text in any
    // comment, and a carriage return in a doc comment.
    let query =
        "// a leading comment with \u{202e} in it\ncql() ⬓{♕a1 comment(\"\r\u{2066}\")} path check comment(\"\r\")";
    let program = cqlc::searcher_source(query, "q", "q.cql").unwrap();
    let comments = program.lines().filter(|line| line.trim_start().starts_with("//"));
    for line in comments {
        assert!(!line.contains(['\r', '\u{202e}', '\u{2066}']), "{line:?}");
    }
    assert!(program.contains("/// The query of `q.cql`: a leading comment with \\u{202e} in it"), "{program}");
}
