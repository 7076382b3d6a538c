//! The direction filters (`up 2 ♕`, `diagonal`, ...), which count steps
//! and turn with the board, and `between(x y)`.
//!
//! Positions are named by the move that led to them (`2.Qh5`, `start`).

use super::{
    evaluate::{names, positions},
    games::WHITE_WINS,
};

#[test]
fn directions_count_steps_and_turn_with_the_board() {
    let pawn_over_king = "[Event \"dir\"]\n[FEN \"8/4p3/4k3/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    // The black king stands just below its pawn: only ⬓'s image (down 1 ♟) sees it.
    assert!(positions(&cql::cql!("cql() ♔ ∩ up 1 ♙"), pawn_over_king).is_empty());
    assert_eq!(positions(&cql::cql!("cql() ⬓ ♔ ∩ up 1 ♙"), pawn_over_king), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() ♚ == down 1 ♟"), pawn_over_king), vec!["start"]);
    // The queen is two ranks above the rook: `right 2` finds it only rotated.
    let queen_over_rook = "[Event \"dir\"]\n[FEN \"4k3/8/8/8/2Q5/8/2R5/4K3 w - - 0 1\"]\n\n*\n";
    assert!(positions(&cql::cql!("cql() ♕ ∩ right 2 ♖"), queen_over_rook).is_empty());
    assert_eq!(positions(&cql::cql!("cql() ✵ ♕ ∩ right 2 ♖"), queen_over_rook), vec!["start"]);
    // Ranges, pieces in between ignored: c3-c8 above the rook, c3-c5 within three.
    assert_eq!(positions(&cql::cql!("cql() #up ♖ == 6 #up 1 3 ♖ == 3"), queen_over_rook), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() up -2 ♕ == ♖ diagonal 1 ♔ == [d2,f2]"), queen_over_rook), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() #anydirection ♕ == 25"), queen_over_rook), vec!["start"]);
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
