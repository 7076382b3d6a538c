//! Variables: piece variables follow their piece through the game.

use super::evaluate::{evaluate, positions};

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

/// A set that reads a variable sees it as written before, whatever it
/// costs: the current move's squares are not read before a set that
/// assigns, in an intersection or in an attack. As CQL 6.2 reads them
/// (`cql -i g.pgn -o out.pgn q.cql` on this game writes `{CQL}` after 1.e4
/// and 2.f4 for the first query, after 3.Bb5+ for the second).
#[test]
fn sets_that_assign_keep_their_place_before_the_move_is_read() {
    let game = "[Event \"a\"]\n\n1.e4 e5 2.f4 d6 3.Bb5+ c6 *\n";
    let intersection = cql::cql!("cql() x = 0 {x == 0 to} ∩ {x = 1 ♙}");
    assert_eq!(positions(&intersection, game), vec!["1.e4", "2.f4"]);
    let attack = cql::cql!("cql() x = 0 ({x == 0 to} ∩ {x = 1 △}) → ♚");
    assert_eq!(positions(&attack, game), vec!["3.Bb5+"]);
}

/// `x ∪= S` (also `|=`) is `x = x ∪ S`, `x ∩= S` (also `&=`) `x = x ∩ S`;
/// what `∊` goes over reaches as far as a dash: `y∊♘――(to)` goes over
/// `♘――(to)`. Recorded from CQL 6.2 (`cql -i g.pgn -o out.pgn q.cql` on
/// this game): `cql() x = a1 x ∪= ♘――(to) comment("x " x)` writes `x a1`
/// at every position but 1...e5 (`x [a1,f3]`); `cql() x = [b1,g1] x &=
/// ♘――(from) comment("x " x)` writes `x g1` after 1...e5 and `x []`
/// elsewhere; `cql() y∊♘――(to) comment("y " y)` writes `y f3` after 1...e5
/// alone; `cql() ∀y∊♘――(to) y == f3 comment("all")` writes `all` at all 8.
#[test]
fn set_assignment_operators_and_an_iteration_over_a_dash() {
    let game = "[Event \"ctx\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O *\n";
    let comments = |query| evaluate(query, game).1;
    let union = comments(&cql::cql!("cql() x = a1 x ∪= ♘――(to) comment(x)"));
    let union_ascii = comments(&cql::cql!("cql() x = a1 x |= ♘――(to) comment(x)"));
    assert_eq!(union, union_ascii);
    assert_eq!(union.len(), 8);
    assert!(union.iter().all(|(at, x)| x == if at == "1...e5" { "[a1,f3]" } else { "a1" }), "{union:?}");
    let intersection = comments(&cql::cql!("cql() x = [b1,g1] x &= ♘――(from) comment(x)"));
    assert_eq!(intersection, comments(&cql::cql!("cql() x = [b1,g1] x ∩= ♘――(from) comment(x)")));
    assert_eq!(intersection.len(), 8);
    assert!(intersection.iter().all(|(at, x)| x == if at == "1...e5" { "g1" } else { "[]" }), "{intersection:?}");
    assert_eq!(positions(&cql::cql!("cql() y∊♘――(to) y == f3"), game), vec!["1...e5"]);
    assert_eq!(positions(&cql::cql!("cql() ∀y∊♘――(to) y == f3"), game).len(), 8);
}

/// A loop's body that fails still leaves what it assigned before failing:
/// `cnt += 1` counts every white knight, whether or not it moves next, so
/// the loop cannot skip the knights that do not move. CQL 6.2 (`cql -i
/// g.pgn -o out.pgn q.cql`, this game, `cql() cnt = 0 ◭T∊♘ {cnt += 1 ⊢
/// T――} comment("c " cnt)`) writes `c 2` after 1...e5 alone.
#[test]
fn a_failing_loop_body_keeps_its_assignments() {
    let game = "[Event \"ctx\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O *\n";
    let counted = cql::cql!("cql() cnt = 0 ◭T∊♘ {cnt += 1 ⊢ T――} cnt == 2");
    assert_eq!(positions(&counted, game), vec!["1...e5"]);
}
