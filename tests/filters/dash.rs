//! The dash filter `F――G` (`F×G`), tested with the examples of seed
//! document 003: its sides, promotions, targets and values.

use super::{evaluate::positions, games::PROMOTIONS_PLAYED};

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

/// `countmoves` of played moves counts each child of the position, of
/// generated moves each from/to pair once. Recorded from CQL 6.2 (`cql -i
/// promotions.pgn -o out.pgn q.cql`, `q.cql` being `cql(variations)
/// comment(countmoves ――)` and so on; the start's comment is the count) on
/// [`PROMOTIONS_PLAYED`]: `――` 5, `――=♕` 2, `――h8(check)` 3 (both queens
/// and the rook), `legal ♙――h8` 1; without `variations` `――` is 1.
#[test]
fn countmoves_counts_each_played_move() {
    let at_start = vec!["start".to_owned()];
    let game = PROMOTIONS_PLAYED;
    assert_eq!(positions(&cql::cql!("cql(variations) (countmoves ――) == 5 ♙h7"), game), at_start);
    assert_eq!(positions(&cql::cql!("cql(variations) (countmoves ――=♕) == 2 ♙h7"), game), at_start);
    assert_eq!(positions(&cql::cql!("cql(variations) (countmoves ――h8(check)) == 3 ♙h7"), game), at_start);
    assert_eq!(positions(&cql::cql!("cql(variations) (countmoves legal ♙――h8) == 1 ♙h7"), game), at_start);
    assert_eq!(positions(&cql::cql!("cql() (countmoves ――) == 1 ♙h7"), game), at_start);
}

/// What CQL 6.2 reads after `=`: a designator of piece types (`A`: any,
/// `_` and `K`: none), `.` (any), or a string whose piece letters count,
/// either case (`""`: any). `cql -i promo.pgn -o out.pgn q.cql`, the game
/// below: `――="Nty"`, `――=""`, `――=A`, `――=.`, `――={[RN]}` and `――=n` match
/// at the start; `――="qa5"`, `――=K` and `――=_` nowhere.
#[test]
fn promotions_read_as_cql_6_2_reads_them() {
    let game = "[Event \"promo\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1.e8=N *\n";
    let start = vec!["start"];
    assert_eq!(positions(&cql::cql!("cql() ――=\"Nty\""), game), start);
    assert_eq!(positions(&cql::cql!("cql() ――=\"\""), game), start);
    assert_eq!(positions(&cql::cql!("cql() ――=A"), game), start);
    assert_eq!(positions(&cql::cql!("cql() ――=."), game), start);
    assert_eq!(positions(&cql::cql!("cql() ――={[RN]}"), game), start);
    assert_eq!(positions(&cql::cql!("cql() ――=n"), game), start);
    assert!(positions(&cql::cql!("cql() ――=\"qa5\""), game).is_empty());
    assert!(positions(&cql::cql!("cql() ――=K"), game).is_empty());
    assert!(positions(&cql::cql!("cql() ――=_"), game).is_empty());
}

/// `legal F――G` is a set, the squares the legal moves go to, as CQL 6.2
/// reads it (`move legal from F to G`). `cql -i legal.pgn -o out.pgn q.cql`,
/// the game below: `#legal ―― == 16` matches at the start and after 1.e4,
/// `legal ♘―― == [a3,c3,f3,h3]` at the start.
#[test]
fn a_legal_dash_is_the_squares_its_moves_go_to() {
    let game = "[Event \"legal\"]\n\n1.e4 e5 2.Nf3 Nc6 *\n";
    assert_eq!(positions(&cql::cql!("cql() #legal ―― == 16"), game), vec!["start", "1.e4"]);
    assert_eq!(positions(&cql::cql!("cql() legal ♘―― == [a3,c3,f3,h3]"), game), vec!["start"]);
}
