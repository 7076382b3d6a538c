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
