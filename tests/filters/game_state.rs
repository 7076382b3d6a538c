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
