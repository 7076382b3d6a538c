//! Filters about the game as a whole: `result` (turned by `⬓`, which
//! swaps the colours, into the other side's win).

use super::{
    evaluate::{names, positions},
    games::{BLACK_WINS, WHITE_WINS},
};

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
