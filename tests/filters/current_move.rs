//! The filters about the current move, tested with the examples of seed
//! document 002: `from`, `to`, `enpassant`, ..., and how `from` and `to`
//! keep to the pieces of the dash whose target they are in.

use super::evaluate::{evaluate, positions};

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
    // Without a knight move a set variable is assigned the empty set and
    // the filter matches, even where a filter before the dash fails; a
    // piece variable is not assigned. CQL 6.2 (`cql -i ctx.pgn -o out.pgn
    // q.cql`, this game): `cql() x = ♘――(to) comment("to " x)` writes
    // `to []` at every position but 1...e5 (`to f3`); `cql() x = {check
    // ♘――(to)} comment("hit " x)` writes `hit []` at all 8; `cql() piece Z
    // = ♘――(from) comment("hit " Z)` writes `hit Ng1` at 1...e5 alone.
    let assigned = cql::cql!("cql() x = ♘――(to) x == []");
    assert_eq!(positions(&assigned, game).len(), 7);
    assert!(!positions(&assigned, game).contains(&"1...e5".to_owned()));
    assert_eq!(positions(&cql::cql!("cql() x = {check ♘――(to)} x == []"), game).len(), 8);
    assert_eq!(positions(&cql::cql!("cql() piece Z = ♘――(from)"), game), vec!["1...e5"]);
    let empty = cql::cql!("cql() x = [] #x == 0");
    assert_eq!(positions(&empty, game).len(), 8);
    // Through braces or a transform, the same (CQL 6.2: `cql() x = {♘――(to)}
    // comment("hit")` writes `hit` at all 8 positions; `cql() x = flipcolor
    // ♘――(to) comment("hit " x)` writes `hit f3` after 1...e5, `hit c6` after
    // 2.Nf3 and `hit []` at the other six).
    assert_eq!(positions(&cql::cql!("cql() x = {♘――(to)} x == f3"), game), vec!["1...e5"]);
    assert_eq!(positions(&cql::cql!("cql() x = {♘――(to)} x == []"), game).len(), 7);
    assert_eq!(positions(&cql::cql!("cql() x = ⬓ ♘――(to) x ∩ [f3,c6]"), game), vec!["1...e5", "2.Nf3"]);
    assert_eq!(positions(&cql::cql!("cql() x = ⬓ ♘――(to) x == []"), game).len(), 6);
    // With variations, the first move in PGN order that passes gives the
    // value. CQL 6.2 on `1. e4 (1. Nc3 d5) (1. Nf3 Nf6) 1... e5 2. Nf3 Nc6`
    // with `cql(variations) x = ♘――(to) comment("to " x) y = ♘――(from)
    // comment("from " y) z = △――(to) comment("any " z)`: `to c3 from b1 any
    // e4` at the start, `to f3 from g1 any f3` after 1...e5, `to [] from []
    // any []` at the other seven positions.
    let branching = "[Event \"v\"]\n\n1. e4 (1. Nc3 d5) (1. Nf3 Nf6) 1... e5 2. Nf3 Nc6 *\n";
    let first = cql::cql!("cql(variations) x = ♘――(to) y = ♘――(from) z = △――(to) comment(x \" \" y \" \" z)");
    let (_, comments) = evaluate(&first, branching);
    let found: Vec<_> = comments.iter().filter(|(_, text)| text != "[] [] []").collect();
    assert_eq!(
        found,
        vec![&("start".to_owned(), "c3 b1 e4".to_owned()), &("1...e5".to_owned(), "f3 g1 f3".to_owned())]
    );
    assert_eq!(comments.len(), 9, "a comment at each position: {comments:?}");
    // A dash's value may be a string: its last target's; where no knight
    // moves it has none, which a comment prints as `<false>` (CQL 6.2:
    // `1.e4 {<false> CQL} 1...e5 {knight CQL} 2.Nf3 {<false> CQL}` for
    // `cql() comment (N--("knight"))` on `1. e4 e5 2. Nf3`).
    let (_, comments) = evaluate(&cql::cql!("cql() comment (♘――(\"knight\"))"), game);
    let knight: Vec<_> = comments.iter().filter(|(_, text)| text != "<false>").collect();
    assert_eq!(knight, vec![&("1...e5".to_owned(), "knight".to_owned())]);
    assert_eq!(comments.len(), 8, "a comment at each position: {comments:?}");
}
