//! Filters about the game rather than the position: `result` (turned by
//! `⬓`, which swaps the colours, into the other side's win), `initial`,
//! `mainline` and `variation`; and `between(x y)` and `abs` besides.
//!
//! Positions are named by the move that led to them (`2.Qh5`, `start`).

#[path = "support/evaluate.rs"]
mod evaluate;

use evaluate::positions;

/// Names, as [`positions`] returns them.
fn names(expected: &[&str]) -> Vec<String> {
    expected.iter().map(|&name| name.to_owned()).collect()
}

const WHITE_WINS: &str = "[Event \"w\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n";
const BLACK_WINS: &str = "[Event \"b\"]\n[Result \"0-1\"]\n\n1.f3 e5 2.g4 Qh4# 0-1\n";

#[test]
fn result_matches_the_games_result_and_flipcolor_swaps_it() {
    let white = cql::cql!("cql() result 1-0 mate");
    assert_eq!(positions(&white, WHITE_WINS), names(&["4.Qxf7#"]));
    assert!(positions(&white, BLACK_WINS).is_empty());
    // The quoted form is the same filter.
    assert_eq!(positions(&cql::cql!("cql() result \"0-1\" mate"), BLACK_WINS), names(&["2...Qh4#"]));
    // ⬓: a mate by the winner, either colour.
    let winner_mates = cql::cql!("cql() ⬓ {result 1-0 btm mate}");
    assert_eq!(positions(&winner_mates, WHITE_WINS), names(&["4.Qxf7#"]));
    assert_eq!(positions(&winner_mates, BLACK_WINS), names(&["2...Qh4#"]));
    let error = cqlc::compile("cql() result 2-0").unwrap_err();
    assert_eq!(error.message(), "'2-0' is not a result (1-0, 0-1, 1/2-1/2)");
}

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

/// `abs` takes a whole sum (CQL 6.2's precedence table puts it below `+`
/// and `-`): `abs #▲ - #△` is `abs (#▲ - #△)`. After 4.Qxf7# white has 16
/// pieces and black 15.
#[test]
fn abs_takes_the_absolute_value_of_a_sum() {
    let query = cql::cql!("cql() abs #▲ - #△ == 1");
    assert_eq!(positions(&query, WHITE_WINS), names(&["4.Qxf7#"]));
    assert_eq!(positions(&cql::cql!("cql() abs (0 - 3) == 3 abs 2 == 2"), BLACK_WINS).len(), 5);
}

/// `between(x y)` is a set of squares (counted in a comparison): the bishop
/// on c4 and the pawn on f7 have d5 and e6 between them (the other bishop,
/// on c1, is on no line with f7), the queen on h5 and the king on e8 have
/// g6 and f7.
#[test]
fn between_is_the_squares_on_the_line_between() {
    let query = cql::cql!("cql() between(♗ ♟f7) == [d5,e6] #between(♕ ♚) == 2");
    assert_eq!(positions(&query, WHITE_WINS), names(&["3.Bc4", "3...Nf6"]));
}
