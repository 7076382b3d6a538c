//! The `move` filter, tested with the examples of the seed documents: 000
//! (CQLi's `move` filter and its worked example table) and 001 (CQL's
//! `move`, primary and secondary moves).

use cql::Query;

use super::{
    evaluate::{evaluate, positions},
    games::PROMOTIONS_PLAYED,
};

/// 000's worked example: the position after 4...Bxc3+, where 5.bxc3 was played.
const WINAWER: &str = "[Event \"000\"]\n\n1.e4 e6 2.d4 d5 3.Nc3 Bb4 4.a3 Bxc3+ 5.bxc3 *\n";

/// Where a query matches in [`WINAWER`]. The queries start `cql() wtm ♝c3`:
/// White to move with a black bishop on c3 holds only at the table's position.
fn at_table(query: &dyn Query) -> Vec<String> {
    positions(query, WINAWER)
}

#[test]
fn the_table_of_seed_document_000() {
    let table = vec!["4...Bxc3+".to_owned()];
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move count == 1")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move from . previous == b4")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move to . previous == c3")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move capture . previous == c3")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move previous from b4")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move legal count == 4")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move from A legal == [c1,d1,e1,b2]")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move to _ legal == [d2,e2]")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move to a legal == c3")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move capture . legal == c3")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 not move legal castle")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move pseudolegal count == 35")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move legal reverse count == 2")), table);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move from . legal reverse == [b4,a5]")), table);
    // And a wrong value does not match.
    assert!(at_table(&cql::cql!("cql() wtm ♝c3 move legal count == 5")).is_empty());
    assert!(at_table(&cql::cql!("cql() wtm ♝c3 move previous from a5")).is_empty());
}

#[test]
fn reverse_moves_read_their_sets_before_the_move() {
    // The bishop took a knight on c3 (White misses only a knight): in the
    // position before the move the knight stands on c3 and the bishop on b4 or a5.
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move capture ♘ legal reverse")), vec!["4...Bxc3+"]);
    assert!(at_table(&cql::cql!("cql() wtm ♝c3 move capture ♗ legal reverse")).is_empty());
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move from ♝ legal reverse == [b4,a5]")), vec!["4...Bxc3+"]);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 move to . legal reverse == c3")), vec!["4...Bxc3+"]);
    // Pseudo-legal moves may leave the king in check: 35 here, as dash filters too.
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 countmoves pseudolegal ―― == 35")), vec!["4...Bxc3+"]);
    assert_eq!(at_table(&cql::cql!("cql() wtm ♝c3 pseudolegal ♔――d2")), vec!["4...Bxc3+"]);
    assert!(at_table(&cql::cql!("cql() wtm ♝c3 legal ♔――d2")).is_empty());
}

#[test]
fn move_count_always_matches_with_zero_for_no_move() {
    let last = cql::cql!("cql() move count == 0");
    assert_eq!(positions(&last, WINAWER), vec!["5.bxc3"]);
}

/// 001's game: 3.a3 and 3.Bc4 start variations, so does 3...Be7.
const PRIMARY: &str = "[Event \"001\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. a3 h6) (3. Bc4 Bc5 (3...Be7 4 o-o) 4 d4) *\n";

#[test]
fn secondary_moves_are_the_first_moves_of_variations() {
    // 001: with variations, `move secondary from P` matches after 2...Nc6 only.
    let secondary_pawn = cql::cql!("cql(variations) move secondary from P");
    assert_eq!(positions(&secondary_pawn, PRIMARY), vec!["2...Nc6"]);
    // 001: the positions after 3.Bb5 and 3...Bc5, not after 3...Be7.
    let primary_bishop = cql::cql!("cql(variations) move previous primary from [Bb]");
    assert_eq!(positions(&primary_bishop, PRIMARY), vec!["3.Bb5", "3...Bc5"]);
    // Without variations only the main line is searched, and only primary moves are moves.
    let main_line = cql::cql!("cql() move secondary");
    assert!(positions(&main_line, PRIMARY).is_empty());
}

#[test]
fn the_move_filter_examples_of_seed_document_001() {
    let kings = "[Event \"kings\"]\n\n1.e4 d5 2.Ke2 dxe4 3.Ke3 Kd7 4.Kxe4 *\n";
    // The white king moves to an empty square: 2.Ke2 and 3.Ke3, not 4.Kxe4.
    assert_eq!(positions(&cql::cql!("cql() move from K to _"), kings), vec!["1...d5", "2...dxe4"]);
    assert_eq!(positions(&cql::cql!("cql() move from k"), kings), vec!["3.Ke3"]);
    let rook = "[Event \"rook\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n\
                1.Ra7 Kf8 2.Kd2 Kg8 3.Rb7 -- 4.Kd3 Kh8 5.Rb3 Kg8 6.Rc3 *\n";
    let after_rook_moves = vec!["1.Ra7", "3.Rb7", "5.Rb3", "6.Rc3"];
    assert_eq!(positions(&cql::cql!("cql() move previous from R"), rook), after_rook_moves);
    assert_eq!(positions(&cql::cql!("cql() move previous null"), rook), vec!["3...--"]);
    // A rook moves into the king's field: only 6.Rc3 lands next to the king on d3.
    assert_eq!(positions(&cql::cql!("cql() move from R to anydirection 1 K"), rook), vec!["5...Kg8"]);
    let promotions = "[Event \"promote\"]\n[FEN \"8/1P4k1/8/8/8/8/6p1/K7 w - - 0 1\"]\n\n1.b8=N g1=Q+ 2.Ka2 *\n";
    assert_eq!(positions(&cql::cql!("cql() move promote N"), promotions), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() move promote [RBN]"), promotions), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() move promote [qQ]"), promotions), vec!["1.b8=N"]);
    // En passant is possible after 2...d5 (for White) and after 5.g4 (for Black).
    let en_passant = "[Event \"ep\"]\n\n1.e4 Nf6 2.e5 d5 3.exd6 h5 4.a3 h4 5.g4 hxg3 *\n";
    let white_may = cql::cql!("cql() move previous from pa-h7 to horizontal 1 Pa-h5");
    assert_eq!(positions(&white_may, en_passant), vec!["2...d5"]);
    let either_may = cql::cql!("cql() flipcolor move previous from pa-h7 to horizontal 1 Pa-h5");
    assert_eq!(positions(&either_may, en_passant), vec!["2...d5", "5.g4"]);
    assert_eq!(positions(&cql::cql!("cql() move from pg-h4 enpassant"), en_passant), vec!["5.g4"]);
}

#[test]
fn a_comment_after_a_move_filter_is_written_after_the_move() {
    let game = "[Event \"custody\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O Nf6 *\n";
    let (_, comments) = evaluate(&cql::cql!("cql() move o-o comment \"short castling\""), game);
    assert_eq!(comments, vec![("4.O-O".to_owned(), "short castling".to_owned())]);
    // Parentheses keep the comment at the current position.
    let (_, comments) = evaluate(&cql::cql!("cql() move o-o (comment \"before castling\")"), game);
    assert_eq!(comments, vec![("3...Bc5".to_owned(), "before castling".to_owned())]);
    let (_, comments) = evaluate(&cql::cql!("cql() comment \"before castling\" move o-o"), game);
    assert_eq!(comments, vec![("3...Bc5".to_owned(), "before castling".to_owned())]);
}

/// Played moves are the game tree's children, one each, whatever their
/// squares: `move count` (ordinary mode, a CQLi extension) counts as CQL
/// 6.2's `countmoves ――` does (see the dash filter's tests): here 5 moves,
/// 4 of them by the pawn, where generated moves count the pawn's once.
#[test]
fn move_count_counts_each_played_move() {
    let (at_start, game) = (vec!["start".to_owned()], PROMOTIONS_PLAYED);
    assert_eq!(positions(&cql::cql!("cql(variations) move count == 5 ♙h7"), game), at_start);
    assert_eq!(positions(&cql::cql!("cql(variations) move from P count == 4 ♙h7"), game), at_start);
    assert_eq!(positions(&cql::cql!("cql(variations) move promote Q count == 2 ♙h7"), game), at_start);
    assert_eq!(positions(&cql::cql!("cql(variations) move legal from P count == 1 ♙h7"), game), at_start);
    // Without variations only the main line's move is played.
    assert_eq!(positions(&cql::cql!("cql() move count == 1 ♙h7"), game), at_start);
}
