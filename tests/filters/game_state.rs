//! Filters about where the current position stands in the game:
//! `initial`, `mainline`, `variation`.

use super::{
    evaluate::{names, positions},
    games::WHITE_WINS,
};

#[test]
fn mainline_and_variation_tell_where_a_position_is() {
    let game = "[Event \"v\"]\n\n1.e4 (1.d4 d5) 1...e5 *\n";
    assert_eq!(positions(&cql::cql!("cql(variations) mainline"), game), names(&["start", "1.e4", "1...e5"]));
    assert_eq!(positions(&cql::cql!("cql(variations) variation"), game), names(&["1.d4", "1...d5"]));
}

#[test]
fn initial_is_the_position_the_game_starts_from() {
    assert_eq!(positions(&cql::cql!("cql() initial"), WHITE_WINS), names(&["start"]));
    let from_fen = "[Event \"f\"]\n[FEN \"8/8/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1.Kb1 Kb3 *\n";
    assert_eq!(positions(&cql::cql!("cql() initial"), from_fen), names(&["start"]));
    assert_eq!(positions(&cql::cql!("cql() not initial"), from_fen), names(&["1.Kb1", "1...Kb3"]));
}

/// A query that needs `mate`, `stalemate` or `terminal` is evaluated only
/// at the ends of lines, and `initial` alone is the start.
#[test]
fn queries_that_need_an_end_or_the_start_match_there_only() {
    let passes = "[Event \"s\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n1... -- 2.Qf8# 1-0\n";
    assert_eq!(positions(&cql::cql!("cql() stalemate"), passes), names(&[]));
    assert_eq!(positions(&cql::cql!("cql() {wtm mate} or {btm mate}"), passes), names(&["2.Qf8#"]));
    let branching = "[Event \"v\"]\n\n1.e4 (1.d4 d5) 1...e5 *\n";
    assert_eq!(positions(&cql::cql!("cql(variations) terminal"), branching), names(&["1...e5", "1...d5"]));
    assert_eq!(positions(&cql::cql!("cql(variations) initial ♔e1"), branching), names(&["start"]));
}

/// `stalemate` holds where the side to move has no move and is not in
/// check, and the game goes no further: a stalemated side that passes (a
/// null move follows, in the main line or a variation) is not stalemated.
/// CQL 6.2's answers: `cql -i passes.pgn -o out.pgn q.cql` with `q.cql`
/// `cql(variations) stalemate` and the first three games below marks the second
/// variation's `1.Qf7` in the first, both `1.Qf7` in the second and
/// nothing in the third; with `cql() stalemate` it marks nothing in
/// `[FEN "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"] 1... -- 2.Kf6 -- *`, where `cql()
/// not check move legal count == 0` marks the start and `2.Kf6`.
#[test]
fn a_stalemated_side_that_passes_is_not_stalemated() {
    let fen = "[Event \"s\"]\n[SetUp \"1\"]\n[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 0 1\"]\n\n";
    let stalemate = cql::cql!("cql(variations) stalemate");
    let in_a_variation = format!("{fen}1. Qd7 (1. Qf7 -- 2. Qf8#) (1. Qf7) 1... Kg8 *\n");
    assert_eq!(positions(&stalemate, &in_a_variation), names(&["1.Qf7"]));
    let twice = format!("{fen}1. Qf7 (1. Qf7) *\n");
    assert_eq!(positions(&stalemate, &twice), names(&["1.Qf7", "1.Qf7"]));
    let passing = format!("{fen}1. Qf7 -- (1... --) *\n");
    assert_eq!(positions(&stalemate, &passing), names(&[]));
    let passing_twice = "[Event \"s\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n1... -- 2.Kf6 -- *\n";
    assert_eq!(positions(&cql::cql!("cql() stalemate"), passing_twice), names(&[]));
    assert_eq!(positions(&cql::cql!("cql() not check move legal count == 0"), passing_twice).len(), 2);
}
