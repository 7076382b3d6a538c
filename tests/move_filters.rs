//! The filters about moves, tested with the examples of the seed documents:
//! 000 (CQLi's `move` filter and its worked example table), 001 (CQL's
//! `move`, primary and secondary moves), 002 (the current move) and 003 (the
//! dash filter).

#[path = "support/evaluate.rs"]
mod evaluate;

use cql::Query;
use evaluate::{evaluate, positions};

/// 000's worked example: the position after 4...Bxc3+, where 5.bxc3 was played.
const WINAWER: &str = "[Event \"000\"]\n\n1.e4 e6 2.d4 d5 3.Nc3 Bb4 4.a3 Bxc3+ 5.bxc3 *\n";

/// Where a query matches in [`WINAWER`]. The queries start `cql() wtm ♝c3`:
/// White to move with a black bishop on c3 holds only at the table's position.
fn at_table(query: &impl Query) -> Vec<String> {
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
fn the_current_move_filters_of_seed_document_002() {
    let game = "[Event \"002\"]\n\n1.e4 d5 2.exd5 e5 3.dxe6 Nf6 4.Nf3 Be7 5.Be2 O-O 6.O-O -- 7.d4 *\n";
    assert_eq!(positions(&cql::cql!("cql() enpassant"), game), vec!["3.dxe6"]);
    assert_eq!(positions(&cql::cql!("cql() enpassantsquare == e5"), game), vec!["3.dxe6"]);
    assert_eq!(positions(&cql::cql!("cql() o-o"), game), vec!["5...O-O", "6.O-O"]);
    assert!(positions(&cql::cql!("cql() o-o-o"), game).is_empty());
    assert_eq!(positions(&cql::cql!("cql() castle btm"), game), vec!["6.O-O"]);
    assert_eq!(positions(&cql::cql!("cql() nullmove"), game), vec!["6...--"]);
    // Castling moves two pieces: `from` is [e1,h1] after white's short castling.
    assert_eq!(positions(&cql::cql!("cql() from == [e1,h1]"), game), vec!["6.O-O"]);
    assert_eq!(positions(&cql::cql!("cql() to == [f1,g1]"), game), vec!["6.O-O"]);
    assert_eq!(positions(&cql::cql!("cql() to == e4 from == e2"), game), vec!["1.e4"]);
    // currentmove: the move that led here was by a white piece / not a pawn capture.
    assert_eq!(positions(&cql::cql!("cql() currentmove △×"), game), vec!["2.exd5", "3.dxe6"]);
    assert_eq!(positions(&cql::cql!("cql() currentmove ♔――g1"), game), vec!["6.O-O"]);
    assert_eq!(positions(&cql::cql!("cql() currentmove ♖――f1"), game), vec!["6.O-O"]);
    // Every one of the 13 moves is primary; the start has no move.
    assert_eq!(positions(&cql::cql!("cql() primary"), game).len(), 13);
}

#[test]
fn from_and_to_respect_the_dash_they_are_the_target_of() {
    // 002's contextual rule: inside ♖――(from) only the rook's square counts.
    let game = "[Event \"ctx\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O *\n";
    assert_eq!(positions(&cql::cql!("cql() ♖――(from) == h1"), game), vec!["3...Bc5"]);
    assert_eq!(positions(&cql::cql!("cql() ♔――(from) == e1"), game), vec!["3...Bc5"]);
    assert_eq!(positions(&cql::cql!("cql() ――(from) == [e1,h1]"), game), vec!["3...Bc5"]);
    // The value of a dash with a target is its last target filter's: x=♘――(to).
    let knight_to = cql::cql!("cql() x = ♘――(to) x == f3");
    assert_eq!(positions(&knight_to, game), vec!["1...e5"]);
    // Without a knight move nothing is assigned, and the filter fails.
    let assigned = cql::cql!("cql() x = ♘――(to)");
    assert_eq!(positions(&assigned, game), vec!["1...e5"]);
    let empty = cql::cql!("cql() x = [] #x == 0");
    assert_eq!(positions(&empty, game).len(), 8);
    // Through braces or a transform, still only when a knight moves.
    assert_eq!(positions(&cql::cql!("cql() x = {♘――(to)}"), game), vec!["1...e5"]);
    assert_eq!(positions(&cql::cql!("cql() x = ⬓ ♘――(to)"), game), vec!["1...e5", "2.Nf3"]);
    // A dash's value may be a string: its last target's.
    let (_, comments) = evaluate(&cql::cql!("cql() comment (♘――(\"knight\"))"), game);
    let written: Vec<_> = comments.into_iter().filter(|(_, text)| !text.is_empty()).collect();
    assert_eq!(written, vec![("1...e5".to_owned(), "knight".to_owned())]);
}

#[test]
fn dash_filters_of_seed_document_003() {
    let game = "[Event \"003\"]\n\n1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.d4 c6 5.Nf3 Bg4 6.Bf4 e6 7.h3 Bxf3 8.Qxf3 Bb4 \
                9.Be2 Nd7 10.a3 O-O-O 11.axb4 Qxa1+ 12.Kd2 Qxh1 13.Qxc6+ bxc6 14.Ba6# *\n";
    // ×: captures, including en passant; ――△: captures of white pieces.
    assert_eq!(positions(&cql::cql!("cql() ♕×"), game), vec!["7...Bxf3", "12...Qxh1"]);
    // Qxd5 (a pawn), Bxf3, Qxa1+, Qxh1, bxc6.
    assert_eq!(positions(&cql::cql!("cql() ▲――△"), game).len(), 5);
    // ~♚―― is (~♚)――: a move by anything but the black king.
    assert_eq!(positions(&cql::cql!("cql() ~♚―― btm"), game).len(), 13);
    // △――(check): white gives check (13.Qxc6+, 14.Ba6#); ♗――(mate).
    assert_eq!(positions(&cql::cql!("cql() △――(check)"), game), vec!["12...Qxh1", "13...bxc6"]);
    assert_eq!(positions(&cql::cql!("cql() ♗――(mate)"), game), vec!["13...bxc6"]);
    // legal ――(o-o-o): black could castle long (once 9...Nd7 cleared b8), and did.
    let could_castle = positions(&cql::cql!("cql() legal ▲――(o-o-o)"), game);
    assert_eq!(could_castle, vec!["10.a3"]);
    // countmoves.
    // countmoves: the 20 first moves of each side.
    assert_eq!(positions(&cql::cql!("cql() countmoves legal ―― == 20 ♙e2"), game), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() countmoves legal ―― == 20 ♟d7 btm"), game), vec!["1.e4"]);
    assert_eq!(positions(&cql::cql!("cql() countmoves ―― == 1 ♙e2"), game), vec!["start"]);
    let after_promotion = "[Event \"promo\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1.e8=N *\n";
    assert_eq!(positions(&cql::cql!("cql() ――=♖♗♘"), after_promotion), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() ――=\"RBN\""), after_promotion), vec!["start"]);
    assert!(positions(&cql::cql!("cql() ――=♕"), after_promotion).is_empty());
    // The four promotions of one pawn move are one move.
    assert_eq!(positions(&cql::cql!("cql() countmoves legal ♙―― == 1"), after_promotion), vec!["start"]);
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

#[test]
fn piece_variables_follow_their_piece() {
    // △T=♕♖――(from): T is the piece that moves next; later it is where that piece is.
    let game = "[Event \"T\"]\n\n1.d4 d5 2.Qd3 Nf6 3.Qb5+ c6 4.Qb3 e6 *\n";
    let queen = cql::cql!("cql() ◭T=♕――(from) ///\"queen \" T");
    let (matched, comments) = evaluate(&queen, game);
    assert_eq!(matched, vec!["1...d5", "2...Nf6", "3...c6"]);
    assert_eq!(comments[0], ("1...d5".to_owned(), "queen Qd1".to_owned()));
    // A piece variable keeps its identity: the queen that stands on d1 is on
    // b5 four moves later from 1.d4 and from 1...d5, not from the start.
    let followed = cql::cql!("cql() ◭Q∊♕d1 {⊢ ―― ―― ―― ―― Q == b5}");
    assert_eq!(positions(&followed, game), vec!["1.d4", "1...d5"]);
    let iterated = cql::cql!("cql() x∊♙ {x == d4} 1 == 1");
    assert_eq!(positions(&iterated, game).len(), 8);
    let all = cql::cql!("cql() ∀x∊♙ {x ∩ a-h2} ◭==32");
    assert_eq!(positions(&all, game), vec!["start"]);
    // ◭x goes over the pieces of a union, empty squares left out.
    assert_eq!(positions(&cql::cql!("cql() ∀◭x∊(□ ∪ ♘) true"), game).len(), 9);
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

#[test]
fn the_values_of_dash_filters_of_seed_document_003() {
    let openings = "[Event \"003\"]\n\n1.e4 (1.d4) (1.Nc3) (1.Nf3) e5 2.Nf3 *\n";
    // y=z∊△ z――: the from squares of every white move played here; with
    // variations all four first moves, without only the main line's.
    let from_squares = cql::cql!("cql(variations) y=z∊△ z―― y == [e2,d2,b1,g1]");
    assert_eq!(positions(&from_squares, openings), vec!["start"]);
    let main_line = cql::cql!("cql() y=z∊△ z―― y == e2");
    assert_eq!(positions(&main_line, openings), vec!["start"]);
    // z∊▦ ♘――z: where the white knights moved.
    let knight_to = cql::cql!("cql(variations) (z∊▦ ♘――z) == [c3,f3]");
    assert_eq!(positions(&knight_to, openings), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() (z∊▦ ♘――z) == f3"), openings), vec!["1...e5"]);
    // y=△――(from): the from square of the next white move.
    assert_eq!(positions(&cql::cql!("cql() y=△――(from) y == g1"), openings), vec!["1...e5"]);
    // A bishop takes a knight and mates: ―― onto a piece is the capture ×.
    let mate = "[Event \"003\"]\n[FEN \"k7/pnK5/8/3B4/8/8/8/8 w - - 0 1\"]\n\n1.Bxb7# *\n";
    assert_eq!(positions(&cql::cql!("cql() ♗d5――♞b7(mate)"), mate), vec!["start"]);
    assert_eq!(positions(&cql::cql!("cql() ♗d5×♞b7(mate)"), mate), vec!["start"]);
    assert!(positions(&cql::cql!("cql() ♗d5――♞b7(stalemate)"), mate).is_empty());
    assert!(positions(&cql::cql!("cql() ♗――_(mate)"), mate).is_empty());
}
