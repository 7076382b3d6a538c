//! Strings as CQL 6.2 has them: string variables, `+`, `#`, `in`,
//! subscripts, `~~` with its groups and the loop over matches, `str`,
//! `int`, `lowercase`, `uppercase`, `indexof`, `ascii`, and a promotion
//! named by a string.
//!
//! The expected texts are CQL 6.2's: `cql -i g.pgn -o out.pgn q.cql`, with
//! `q.cql` each test's query and `g.pgn` its game, reading the comment CQL
//! wrote at the start (whitespace collapsed).

use super::evaluate::{evaluate, names, positions};

/// `1.e4 e5 2.Nf3 Nc6`.
const GAME: &str =
    "[Event \"Test Open\"]\n[White \"Kasparov, Garry\"]\n[Black \"Karpov, Anatoly\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";

/// What `query` writes at the start of `game`, where it must match.
fn at_start(query: &dyn cql::Query, game: &str) -> String {
    let (matched, comments) = evaluate(query, game);
    assert!(matched.iter().any(|at| at == "start"), "no match at the start: {matched:?}");
    comments.into_iter().filter(|(at, _)| at == "start").map(|(_, text)| text).collect::<Vec<_>>().join(" ")
}

/// CQL 6.2: `initial x="ab" x+= "c" x += "d" comment(x)` writes `abcd`;
/// `x="a" x="b" + x` makes x `ba`; `#` counts bytes.
#[test]
fn string_variables_join_and_count() {
    assert_eq!(at_start(&cql::cql!(r#"cql() initial x="ab" x+= "c" x += "d" comment(x)"#), GAME), "abcd");
    assert_eq!(at_start(&cql::cql!(r#"cql() initial x="a" x="b" + x comment(x)"#), GAME), "ba");
    let lengths = cql::cql!(
        r#"cql() initial s="abcde" comment("len=" #s " lit=" #"xyz" " cat=" #"ab"+"cd" " plus1=" #"ab" + 1 " empty=" #"")"#
    );
    assert_eq!(at_start(&lengths, GAME), "len=5 lit=3 cat=4 plus1=3 empty=0");
}

/// CQL 6.2, `s="abcde"`: a single index out of range has no value, a range
/// is clamped to the string.
#[test]
fn subscripts_take_bytes_and_ranges_are_clamped() {
    let query = cql::cql!(
        r#"cql() initial s="abcde" comment(s[0] " " s[4] " " s[5] " " s[-1] " " s[-6] " " s[1:3] " " s[1:] " " s[:2] " " s[-2:] " " s[:-1] " (" s[3:1] ") " s[-10:2] " " s[2:100] " " "abcde"[1] " " s[1:4][1])"#
    );
    assert_eq!(at_start(&query, GAME), "a e <false> e <false> bc bcde ab de abcd () ab cde b c");
}

/// CQL 6.2: `~~` is the first match, its groups kept for `\1` (text) and
/// `\-1` (where it starts); a group that took no part has no value.
#[test]
fn a_match_keeps_its_groups() {
    let query = cql::cql!(
        r#"cql() initial comment("a=" "xabcx" ~~ "b" " b=" "xabcx" ~~ "a(b)(z)?c" " g0=" \0 " g1=" \1 " g2=" \2 " i0=" \-0 " i1=" \-1 " i2=" \-2)"#
    );
    assert_eq!(at_start(&query, GAME), "a=b b=abc g0=abc g1=b g2=<false> i0=1 i1=2 i2=<false>");
}

/// CQL 6.2: `while (S ~~ "re")` goes over the matches, each with its
/// groups, and leaves the last one's.
#[test]
fn while_over_a_match_goes_over_every_match() {
    let query = cql::cql!(
        r#"cql() initial cnt=0 t="" while ("a1b22c333" ~~ "([a-z])(\d+)") {cnt+=1 t+=\2 + "@" + str(\-2) + ";"} comment("cnt=" cnt " t=" t " after0=" \0)"#
    );
    assert_eq!(at_start(&query, GAME), "cnt=3 t=1@1;22@3;333@6; after0=c333");
}

/// CQL 6.2: a group that takes no part in a match has no value there,
/// whatever it held at the match before (each body stops at the `+=` of a
/// group without a value). Recorded with `cql -i g.pgn -o out.pgn q.cql`.
#[test]
fn a_group_that_takes_no_part_in_the_next_match_forgets_its_text() {
    let query = cql::cql!(
        r#"cql() initial t="" while ("xaybz" ~~ "(a)|(b)") {t+="[" t+=\1 t+="|" t+=\2 t+="]"} comment("t=" t)"#
    );
    assert_eq!(at_start(&query, GAME), "t=[a|[");
}

/// CQL 6.2's values of the other functions of strings.
#[test]
fn the_functions_of_strings_give_cql_6_2s_values() {
    let query = cql::cql!(
        r#"cql() initial comment("idx=" indexof("c" "abcabc") " no=" indexof("z" "abc") " int=" int "12" + "3" " low=" lowercase "ABC" " up=" uppercase "abc" " asc=" ascii "A" " ch=" ascii 66 " in=" "bc" in "abcde" " str=" str(3 " " a1))"#
    );
    assert_eq!(at_start(&query, GAME), "idx=2 no=<false> int=123 low=abc up=ABC asc=65 ch=B in=<true> str=3 a1");
    let compare = cql::cql!(
        r#"cql() initial comment("lt=" "A" < "a" " gt=" "b" > "abc" " eq=" "x" == "x" " ne=" "x" != "y" " ne2=" "x" != "x")"#
    );
    assert_eq!(at_start(&compare, GAME), "lt=A gt=b eq=x ne=<true> ne2=<false>");
}

/// There are no escapes inside quotes (`"x\ny"` is four bytes); `\n` and
/// the like are one-character strings outside them.
#[test]
fn backslashes_are_strings_outside_quotes_only() {
    let query = cql::cql!(r#"cql() initial comment(#"x\ny" " " #\n)"#);
    assert_eq!(at_start(&query, GAME), "4 1");
}

/// CQL 6.2 on `[FEN "8/P6k/8/8/8/8/p6K/8 w - - 0 1"] 1. a8=Q a1=N`: `――=T`
/// matches a promotion to a piece whose letter (either case) is in T,
/// read before the move; `""` is any.
#[test]
fn a_promotion_named_by_a_string_is_to_a_piece_it_names() {
    let game = "[Event \"p\"]\n[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/p6K/8 w - - 0 1\"]\n\n1. a8=Q a1=N 2. Qb8 Nb3 *\n";
    assert_eq!(positions(&cql::cql!(r#"cql() T="q" ――=T"#), game), names(&["start"]));
    assert_eq!(positions(&cql::cql!(r#"cql() T="N" ――=T"#), game), names(&["1.a8=Q"]));
    assert_eq!(positions(&cql::cql!(r#"cql() T="" ――=T"#), game), names(&["start", "1.a8=Q"]));
    assert!(positions(&cql::cql!(r#"cql() T="K" ――=T"#), game).is_empty());
}

/// What cqlc's automaton cannot do as CQL 6.2 does (back-references,
/// look-ahead) is refused when the query is compiled, with the reason.
#[test]
fn patterns_that_need_backtracking_are_refused_at_compile_time() {
    for query in [r#"cql() "aa" ~~ "(a)\1""#, r#"cql() "ab" ~~ "a(?=b)""#] {
        let error = cqlc::compile(query).unwrap_err();
        assert!(error.message().contains("backtracking"), "{query}: {}", error.message());
    }
}

/// `writefile (F C)` empties F at its first write of the run and adds to it
/// after; `readfile F` is its text. CQL 6.2 on `1. e4 (1. d4 d5) e5 2. Nf3`
/// writes `pos move 1(wtm)`, `pos move 1(btm)`, `pos move 2(wtm)`, `pos
/// move 2(btm)`, a line each, over what the file held.
#[test]
fn writefile_empties_the_file_once_then_adds_to_it() {
    let path = std::path::Path::new("/tmp/cqlc-filters-writefile.cqo");
    std::fs::write(path, "stale\n").unwrap();
    let game = "[Event \"w\"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 *\n";
    let query = cql::cql!(r#"cql() writefile("/tmp/cqlc-filters-writefile.cqo" "pos " + str(currentposition) + \n)"#);
    assert_eq!(positions(&query, game).len(), 4);
    let written = std::fs::read_to_string(path).unwrap();
    assert_eq!(written, "pos move 1(wtm)\npos move 1(btm)\npos move 2(wtm)\npos move 2(btm)\n");
    let read = cql::cql!(r#"cql() initial x = readfile "/tmp/cqlc-filters-writefile.cqo" comment(#x)"#);
    assert_eq!(at_start(&read, game), "64");
}
