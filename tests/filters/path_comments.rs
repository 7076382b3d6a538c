//! Which comments a path keeps, as CQL 6.2 keeps them: it searches depth
//! first, a repetition trying what follows it before one more time, and
//! keeps every comment written since it started on the line to its best
//! end, as the log stood when that end was first reached: those of exits of
//! `*`, `?` and `{m,n}` tried before, and of filters whose continuation
//! failed, too. Only a move taken back takes back what was written after
//! it. Each expectation is CQL 6.2's output of `cql -i t1.pgn -o out.pgn
//! q.cql`, with [`TREE`] as t1.pgn and the query as q.cql (notes named by
//! position as in `path.rs`; CQL's `[14]` in `move 5(btm)[14]` is cqlc's).

use super::evaluate::{evaluate, notes};

/// A check at 3.Bxf7+ in the main line, and a longer line to a check at
/// 5.Ng5+ in the variation.
const TREE: &str =
    "[Event \"t1\"]\n\n1. e4 e5 2. Bc4 Nc6 (2... Nf6 3. Bxf7+ Kxf7 4. Nf3 Nc6 5. Ng5+ Kg8) 3. Bxf7+ Kxf7 4. Nf3 d6 *\n";

/// `cql() initial Cnt=10 ⊢ ―― Cnt+=1 * comment("Cnt is " Cnt)`: the
/// comment of every exit of `*` on the way stays, the first at the start.
#[test]
fn every_exit_of_a_star_on_the_way_keeps_its_comment() {
    let query = cql::cql!("cql() initial Cnt=10 ⊢ ―― Cnt+=1 * comment(\"Cnt is \" Cnt)");
    let expected = [
        ("start", "Cnt is 10"),
        ("1.e4", "Cnt is 11"),
        ("1...e5", "Cnt is 12"),
        ("2.Bc4", "Cnt is 13"),
        ("2...Nc6", "Cnt is 14"),
        ("3.Bxf7+", "Cnt is 15"),
        ("3...Kxf7", "Cnt is 16"),
        ("4.Nf3", "Cnt is 17"),
        ("4...d6", "Cnt is 18"),
        ("4...d6", "End path of length 8 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 5(wtm)"),
    ];
    assert_eq!(evaluate(&query, TREE).1, notes(&expected));
}

/// `cql() initial path --* comment("c") check`: nothing after the best
/// end stays; with `variations`, nothing of the main line's subtree, taken
/// back before the longer path through the variation was found.
#[test]
fn what_comes_after_the_best_end_or_in_a_line_taken_back_goes() {
    let query = cql::cql!("cql() initial path --* comment(\"c\") check");
    let expected = [
        ("start", "c"),
        ("1.e4", "c"),
        ("1...e5", "c"),
        ("2.Bc4", "c"),
        ("2...Nc6", "c"),
        ("3.Bxf7+", "c"),
        ("3.Bxf7+", "End path of length 5 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 3(btm)"),
    ];
    assert_eq!(evaluate(&query, TREE).1, notes(&expected));
    let query = cql::cql!("cql(variations) initial path --* comment(\"c\") check");
    let expected = [
        ("start", "c"),
        ("1.e4", "c"),
        ("1...e5", "c"),
        ("2.Bc4", "c"),
        ("2...Nf6", "c"),
        ("3.Bxf7+", "c"),
        ("3...Kxf7", "c"),
        ("4.Nf3", "c"),
        ("4...Nc6", "c"),
        ("5.Ng5+", "c"),
        ("5.Ng5+", "End path of length 9 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 5(btm)[14]"),
        ("5.Ng5+", "id:14"),
    ];
    assert_eq!(evaluate(&query, TREE).1, notes(&expected));
}

/// `cql(variations) ply==2 path ―― ――? comment("o" pathcount) ―― check`:
/// `?` first tries without its move; that attempt's comment (`o1` after
/// 2.Bc4) stays though no check follows. `(―― Cnt+=1
/// comment("c" Cnt)){1,2} ―― check` likewise: `c3`, written in the
/// variation after the best end was found, goes.
#[test]
fn a_failed_exit_of_a_repetition_keeps_its_comments() {
    let query = cql::cql!("cql(variations quiet) ply==2 path ―― ――? comment(\"o\" pathcount) ―― check");
    assert_eq!(evaluate(&query, TREE).1, notes(&[("2.Bc4", "o1"), ("2...Nc6", "o2")]));
    let query = cql::cql!("cql(variations quiet) ply==2 Cnt=0 path (―― Cnt+=1 comment(\"c\" Cnt)){1,2} ―― check");
    assert_eq!(evaluate(&query, TREE).1, notes(&[("2.Bc4", "c1"), ("2...Nc6", "c2")]));
}

/// `cql(variations) initial Cnt=0 path (―― Cnt+=1)* comment("s" Cnt) check
/// comment("t" Cnt)`: a filter that holds keeps its comment when what
/// follows fails (`s` everywhere on the way) or when the path it ends is
/// no better than the best (`t10` after the variation's 3.Bxf7+, as long
/// as the main line's); the counter counts every move tried, in CQL's
/// order.
#[test]
fn a_filter_whose_continuation_fails_keeps_its_comments() {
    let query =
        cql::cql!("cql(variations quiet) initial Cnt=0 path (―― Cnt+=1)* comment(\"s\" Cnt) check comment(\"t\" Cnt)");
    let expected = [
        ("start", "s0"),
        ("1.e4", "s1"),
        ("1...e5", "s2"),
        ("2.Bc4", "s3"),
        ("2...Nf6", "s9"),
        ("3.Bxf7+", "s10"),
        ("3.Bxf7+", "t10"),
        ("3...Kxf7", "s11"),
        ("4.Nf3", "s12"),
        ("4...Nc6", "s13"),
        ("5.Ng5+", "s14"),
        ("5.Ng5+", "t14"),
    ];
    assert_eq!(evaluate(&query, TREE).1, notes(&expected));
}

/// With `keepallbest`, each path as good as the best adds the log as it
/// stands: `cql(variations quiet) ply==2 path keepallbest ―― ―― comment("k"
/// pathcount) ―― check` keeps `k2` after 2...Nc6 and after 2...Nf6; with
/// `max #[Aa]` every path to a position with all 32 pieces is as good. (The
/// log holds what the last best end added first, then what was saved.)
#[test]
fn keepallbest_keeps_the_log_of_every_best_end() {
    let query = cql::cql!("cql(variations quiet) ply==2 path keepallbest ―― ―― comment(\"k\" pathcount) ―― check");
    assert_eq!(evaluate(&query, TREE).1, notes(&[("2...Nf6", "k2"), ("2...Nc6", "k2")]));
    let query = cql::cql!("cql(variations quiet) initial path keepallbest max #[Aa] (―― comment(\"m\" pathcount))+");
    let expected = [("1.e4", "m1"), ("1...e5", "m2"), ("2.Bc4", "m3"), ("2...Nf6", "m4"), ("2...Nc6", "m4")];
    assert_eq!(evaluate(&query, TREE).1, notes(&expected));
}

/// With `focus`, the moves of other pieces pass: `cql(variations quiet)
/// ply==2 path keepallbest focus ♗ ―― comment("f" pathcount) ―― comment("g"
/// pathcount)` keeps `f1` once and `g2` after both 3.Bxf7+.
#[test]
fn a_focused_path_keeps_its_comments_as_cql_does() {
    let query = cql::cql!(
        "cql(variations quiet) ply==2 path keepallbest focus ♗ ―― comment(\"f\" pathcount) ―― comment(\"g\" pathcount)"
    );
    assert_eq!(evaluate(&query, TREE).1, notes(&[("2.Bc4", "f1"), ("3.Bxf7+", "g2"), ("3.Bxf7+", "g2")]));
}

/// With `max`, a path keeps the first end of the best value, however long a
/// later end of the same value is (CQL 6.2 replaces its best only on a
/// strictly greater value). `#[Aa]` is 32 up to 2...Nc6 and less after
/// 3.Bxf7+: CQL 6.2 ends both paths at 1.e4, the first end, with or without
/// a comment in the path.
#[test]
fn with_max_the_first_end_of_the_best_value_is_kept() {
    let quiet = cql::cql!("cql(variations) initial path max #[Aa] ――+");
    let expected = [
        ("1.e4", "End path of length 1 that starts at move 1(wtm) Max value: 32"),
        ("start", "Start path that ends at move 1(btm)"),
    ];
    assert_eq!(evaluate(&quiet, TREE).1, notes(&expected));
    let commenting = cql::cql!("cql(variations) initial path max #[Aa] (―― comment(\"m\" pathcount))+");
    let expected = [
        ("1.e4", "m1"),
        ("1.e4", "End path of length 1 that starts at move 1(wtm) Max value: 32"),
        ("start", "Start path that ends at move 1(btm)"),
    ];
    assert_eq!(evaluate(&commenting, TREE).1, notes(&expected));
    // `{2,}`: the first end of two moves or more, 1...e5.
    let two = cql::cql!("cql(variations) initial path max #[Aa] ――{2,}");
    let expected = [
        ("1...e5", "End path of length 2 that starts at move 1(wtm) Max value: 32"),
        ("start", "Start path that ends at move 2(wtm)"),
    ];
    assert_eq!(evaluate(&two, TREE).1, notes(&expected));
}
