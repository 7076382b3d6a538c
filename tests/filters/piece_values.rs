//! Squares and pieces as values — `rank`, `file`, `makesquare`,
//! `colortype`, `type`, `typename`, `piecename`, `pieceid` — direction
//! filters whose distance is a numeric variable, `connectedpawns` and
//! `isolatedpawns`, `sqrt`, `max` and `min`, and the control filters `while`
//! and `loop`.
//!
//! The expected values are CQL 6.2's: `cql -i game.pgn -o out.pgn q.cql`,
//! the game and `q.cql` each test's, and what CQL wrote at each position (a
//! value that does not exist written `<false>`, a set `[]`, `e4` or
//! `[a1,h1]`).

use super::evaluate::{evaluate, names, notes, positions};

/// A game of the single position `fen`.
fn position(fen: &str) -> String {
    format!("[Event \"v\"]\n[FEN \"{fen}\"]\n\n*\n")
}

/// `1.e4 e5` from the standard start.
const OPEN: &str = "[Event \"v\"]\n\n1.e4 e5 *\n";

/// White: king e1, rooks a1 and h1, knight c2, pawn e5; black: king e8,
/// pawn d5; e4 empty.
const MIXED: &str = "4k3/8/8/3pP3/8/8/2N5/R3K2R w KQ - 0 1";

/// A white queen on c4 two ranks above a white rook on c2, the kings on e1
/// and e8.
const QUEEN_OVER_ROOK: &str = "4k3/8/8/8/2Q5/8/2R5/4K3 w - - 0 1";

/// What `query` writes at the start of `game`, where it must match: its
/// texts there joined by spaces, as CQL 6.2 writes them in one comment.
fn at_start(query: &dyn cql::Query, game: &str) -> String {
    let (matched, comments) = evaluate(query, game);
    assert!(matched.iter().any(|at| at == "start"), "no match at the start: {matched:?}");
    comments.into_iter().filter(|(at, _)| at == "start").map(|(_, text)| text).collect::<Vec<_>>().join(" ")
}

/// `rank` and `file` are the coordinates, 1 to 8, of the one square of a
/// set. CQL 6.2: `cql() initial comment(rank e4 " " file e4 " " rank h8 " "
/// file a1 " " rank K " " file k)` on `1.e4 e5` writes `4 5 8 1 1 5`.
#[test]
fn rank_and_file_are_the_coordinates_of_one_square() {
    let query =
        cql::cql!(r#"cql() initial comment(rank e4 " " file e4 " " rank h8 " " file a1 " " rank K " " file k)"#);
    assert_eq!(at_start(&query, OPEN), "4 5 8 1 1 5");
}

/// A set of no square or of several gives `rank` and `file` no value (CQL
/// 6.2 writes `<false> <false> <false> 5` for `cql() initial comment(rank
/// [e4,e5] " " file [] " " file P " " rank e4 + 1)`); alone they match where
/// the set is one square: `cql() rank e4` everywhere, `cql() file [e4,e5]`
/// and `cql() rank P` nowhere.
#[test]
fn rank_and_file_have_no_value_unless_the_set_is_one_square() {
    let query = cql::cql!(r#"cql() initial comment(rank [e4,e5] " " file [] " " file P " " rank e4 + 1)"#);
    assert_eq!(at_start(&query, OPEN), "<false> <false> <false> 5");
    assert_eq!(positions(&cql::cql!("cql() rank e4"), OPEN), names(&["start", "1.e4", "1...e5"]));
    assert!(positions(&cql::cql!("cql() file [e4,e5]"), OPEN).is_empty());
    assert!(positions(&cql::cql!("cql() rank P"), OPEN).is_empty());
}

/// The operand of `rank` and `file` is a whole set expression, `&` and `|`
/// included, and arithmetic binds looser: `rank [a1,e2] & P` is 2, `file e1
/// | e2` has no value (two squares), `rank K - rank k` is -7 (CQL 6.2 writes
/// `2 <false> -7`); `cql() rank e2 & P == 2` matches at the start only.
#[test]
fn rank_and_file_take_a_whole_set_expression() {
    let query = cql::cql!(r#"cql() initial comment(rank [a1,e2] & P " " file e1 | e2 " " rank K - rank k)"#);
    assert_eq!(at_start(&query, OPEN), "2 <false> -7");
    assert_eq!(positions(&cql::cql!("cql() rank e2 & P == 2"), OPEN), names(&["start"]));
}

/// `makesquare (F R)` is the square of file F and rank R, each 1 to 8, and
/// the empty set outside the board or when an argument has no value. CQL
/// 6.2: `e4 a1 h8 [] [] []` for `(5 4) (1 1) (8 8) (0 4) (5 9) (-1 1)`, and
/// `e5 []` for `(file e4 rank e4 + 1) (file [e4,e5] 4)`.
#[test]
fn makesquare_from_file_and_rank_numbers() {
    let query = cql::cql!(
        r#"cql() initial comment(makesquare (5 4) " " makesquare (1 1) " " makesquare (8 8) " " makesquare (0 4) " " makesquare (5 9) " " makesquare (-1 1))"#
    );
    assert_eq!(at_start(&query, OPEN), "e4 a1 h8 [] [] []");
    let query = cql::cql!(r#"cql() initial comment(makesquare (file e4 rank e4 + 1) " " makesquare (file [e4,e5] 4))"#);
    assert_eq!(at_start(&query, OPEN), "e5 []");
}

/// `makesquare "e4"` (or `makesquare ("h8")`) is the square named by a
/// string of exactly a file letter `a`-`h` and a rank digit; any other
/// string gives the empty set. CQL 6.2: `e4 h8 [] [] [] []` for `"e4"
/// ("h8") "E4" "e44" "" "i1"`.
#[test]
fn makesquare_from_a_square_name() {
    let query = cql::cql!(
        r#"cql() initial comment(makesquare "e4" " " makesquare ("h8") " " makesquare "E4" " " makesquare "e44" " " makesquare "" " " makesquare "i1")"#
    );
    assert_eq!(at_start(&query, OPEN), "e4 h8 [] [] [] []");
}

/// `makesquare` is a set filter: alone it matches where the square exists
/// (`makesquare "e9"` never, `initial makesquare (5 4)` at the start), and it
/// combines with other sets (`makesquare "e4" & P`, `makesquare (5 4) & P`
/// after 1.e4 and 1...e5).
#[test]
fn makesquare_is_a_set() {
    assert!(positions(&cql::cql!(r#"cql() makesquare "e9""#), OPEN).is_empty());
    assert_eq!(positions(&cql::cql!("cql() initial makesquare (5 4)"), OPEN), names(&["start"]));
    assert_eq!(positions(&cql::cql!(r#"cql() makesquare "e4" & P"#), OPEN), names(&["1.e4", "1...e5"]));
    assert_eq!(positions(&cql::cql!("cql() makesquare (5 4) & P"), OPEN), names(&["1.e4", "1...e5"]));
}

/// `colortype` is the piece type of the one square of a set — pawn 1,
/// knight 2, bishop 3, rook 4, queen 5, king 6 — negative for black, 0 for
/// an empty square, no value for several squares or none. CQL 6.2 writes `6
/// -6 -1 1 2 4 0 <false> <false>` for e1 e8 d5 e5 c2 a1 e4 [a1,h1] [].
#[test]
fn colortype_is_the_signed_piece_type() {
    let query = cql::cql!(
        r#"cql() comment(colortype e1 " " colortype e8 " " colortype d5 " " colortype e5 " " colortype c2 " " colortype a1 " " colortype e4 " " colortype [a1,h1] " " colortype [])"#
    );
    assert_eq!(at_start(&query, &position(MIXED)), "6 -6 -1 1 2 4 0 <false> <false>");
    // Alone it matches where the set is one square, empty or not.
    assert_eq!(positions(&cql::cql!("cql() colortype e4"), &position(MIXED)), names(&["start"]));
    assert!(positions(&cql::cql!("cql() colortype [a1,h1]"), &position(MIXED)).is_empty());
    assert_eq!(positions(&cql::cql!("cql() colortype e8 == -6"), &position(MIXED)), names(&["start"]));
}

/// `type` is `abs colortype`: `6 6 1 0 <false>` for e1 e8 d5 e4 [a1,h1].
#[test]
fn type_is_the_unsigned_piece_type() {
    let query = cql::cql!(r#"cql() comment(type e1 " " type e8 " " type d5 " " type e4 " " type [a1,h1])"#);
    assert_eq!(at_start(&query, &position(MIXED)), "6 6 1 0 <false>");
    let query = cql::cql!("cql() type e8 == 6 colortype d5 < 0 type d5 == 1");
    assert_eq!(positions(&query, &position(MIXED)), names(&["start"]));
}

/// `typename` and `piecename` are one-letter strings: `piecename` the FEN
/// letter (upper case white, lower case black), `typename` the upper-case
/// letter whatever the colour, `_` for an empty square. CQL 6.2 writes `K K
/// P _ N` and `K k p _ N` for e1 e8 d5 e4 c2, and `<false>` where the set is
/// not one square.
#[test]
fn typename_and_piecename_are_letters() {
    let query =
        cql::cql!(r#"cql() comment(typename e1 " " typename e8 " " typename d5 " " typename e4 " " typename c2)"#);
    assert_eq!(at_start(&query, &position(MIXED)), "K K P _ N");
    let query =
        cql::cql!(r#"cql() comment(piecename e1 " " piecename e8 " " piecename d5 " " piecename e4 " " piecename c2)"#);
    assert_eq!(at_start(&query, &position(MIXED)), "K k p _ N");
    let query = cql::cql!(r#"cql() comment(typename [a1,h1] " " piecename [] " " typename R)"#);
    assert_eq!(at_start(&query, &position(MIXED)), "<false> <false> <false>");
}

/// What `comment(typename X piecename X)` writes for a piece or square
/// variable X: at the start of `1.e4 e5`, `◭X∊[Kk]` writes `KK` and `Kk`,
/// `∀X∊[e1,e4,e8]` writes `KK`, `__` and `Kk`.
#[test]
fn typename_and_piecename_of_a_variable() {
    let query = cql::cql!("cql() initial ◭X∊[Kk] comment(typename X piecename X)");
    assert_eq!(at_start(&query, OPEN), "KK Kk");
    let query = cql::cql!("cql() initial ∀X∊[e1,e4,e8] comment(typename X piecename X)");
    assert_eq!(at_start(&query, OPEN), "KK __ Kk");
}

/// They compare as strings: `typename e8 == "K"`, `piecename e8 == "k"`,
/// `typename e4 == "_"` and `typename d5 == typename e5` hold, `piecename
/// e8 == "K"` and `piecename d5 == piecename e5` do not; without a value
/// the comparison fails (`typename [a1,h1] == "R"`).
#[test]
fn typename_and_piecename_compare_as_strings() {
    let game = position(MIXED);
    let start = names(&["start"]);
    assert_eq!(positions(&cql::cql!(r#"cql() typename e8 == "K""#), &game), start);
    assert_eq!(positions(&cql::cql!(r#"cql() piecename e8 == "k""#), &game), start);
    assert_eq!(positions(&cql::cql!(r#"cql() typename e4 == "_""#), &game), start);
    assert_eq!(positions(&cql::cql!("cql() typename d5 == typename e5"), &game), start);
    assert!(positions(&cql::cql!(r#"cql() piecename e8 == "K""#), &game).is_empty());
    assert!(positions(&cql::cql!("cql() piecename d5 == piecename e5"), &game).is_empty());
    assert!(positions(&cql::cql!(r#"cql() typename [a1,h1] == "R""#), &game).is_empty());
    assert_eq!(positions(&cql::cql!(r#"cql() not typename [a1,h1] == "R""#), &game), start);
}

/// The pieces of a game's first position are numbered from 0 in the order
/// of their squares a1, b1, ..., h1, a2, ..., h8. CQL 6.2: a1 h1 a2 e1 e7 e8
/// h8 are `0 7 8 4 20 28 31` at the standard start; a1 e1 h1 e2 d4 b7 a8 e8
/// are `0 1 2 3 4 5 6 7` from `r3k3/1P6/8/8/3p4/8/4P3/R3K2R`.
#[test]
fn pieceid_numbers_the_first_positions_pieces_by_square() {
    let query = cql::cql!(
        r#"cql() initial comment(pieceid a1 " " pieceid h1 " " pieceid a2 " " pieceid e1 " " pieceid e7 " " pieceid e8 " " pieceid h8)"#
    );
    assert_eq!(at_start(&query, OPEN), "0 7 8 4 20 28 31");
    let query = cql::cql!(
        r#"cql() comment(pieceid a1 " " pieceid e1 " " pieceid h1 " " pieceid e2 " " pieceid d4 " " pieceid b7 " " pieceid a8 " " pieceid e8)"#
    );
    assert_eq!(at_start(&query, &position("r3k3/1P6/8/8/3p4/8/4P3/R3K2R w KQ - 0 1")), "0 1 2 3 4 5 6 7");
}

/// A piece keeps its number as it moves; a captured piece's number is gone.
/// CQL 6.2, `cql() comment(pieceid d5 " " pieceid a5 " " pieceid c3)`: the
/// pawn d7 (19) reaches d5, the pawn e2 (12) takes it, the queen d8 (27)
/// takes that and goes to a5, the knight b1 (1) to c3.
#[test]
fn pieceid_follows_a_piece_until_it_is_captured() {
    let game = "[Event \"v\"]\n\n1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 *\n";
    let (_, comments) = evaluate(&cql::cql!(r#"cql() comment(pieceid d5 " " pieceid a5 " " pieceid c3)"#), game);
    let expected = notes(&[
        ("start", "<false> <false> <false>"),
        ("1.e4", "<false> <false> <false>"),
        ("1...d5", "19 <false> <false>"),
        ("2.exd5", "12 <false> <false>"),
        ("2...Qxd5", "27 <false> <false>"),
        ("3.Nc3", "27 <false> 1"),
        ("3...Qa5", "<false> 27 1"),
    ]);
    assert_eq!(comments, expected);
}

/// The game below numbers Ra1 0, Ke1 1, Rh1 2, Pe2 3, pd4 4, Pb7 5, ra8 6,
/// ke8 7.
const SPECIAL_MOVES: &str = "[Event \"v\"]\n[FEN \"r3k3/1P6/8/8/3p4/8/4P3/R3K2R w KQ - 0 1\"]\n\n\
    1.e4 dxe3 2.O-O Kd7 3.bxa8=Q *\n";

/// En passant: the capturing pawn keeps its number (4), the captured one's
/// (3, on e4 after 1.e4) is gone. CQL 6.2, `cql() comment(pieceid p " "
/// pieceid e4)`.
#[test]
fn pieceid_through_en_passant() {
    let (_, comments) = evaluate(&cql::cql!(r#"cql() comment(pieceid p " " pieceid e4)"#), SPECIAL_MOVES);
    let expected = notes(&[
        ("start", "4 <false>"),
        ("1.e4", "4 3"),
        ("1...dxe3", "4 <false>"),
        ("2.O-O", "4 <false>"),
        ("2...Kd7", "4 <false>"),
        ("3.bxa8=Q", "4 <false>"),
    ]);
    assert_eq!(comments, expected);
}

/// Castling: the king and the rook both keep their numbers. CQL 6.2 writes
/// `1 0 2` at every position for `cql() comment(pieceid K " " pieceid R &
/// [a1,d1] " " pieceid R & [f1,h1])`.
#[test]
fn pieceid_through_castling() {
    let query = cql::cql!(r#"cql() comment(pieceid K " " pieceid R & [a1,d1] " " pieceid R & [f1,h1])"#);
    let (matched, comments) = evaluate(&query, SPECIAL_MOVES);
    assert_eq!(matched.len(), 6);
    assert_eq!(comments.len(), 6);
    assert!(comments.iter().all(|(_, text)| text == "1 0 2"), "{comments:?}");
}

/// Promotion: the new piece keeps the pawn's number (5), the rook it takes
/// loses its own (6). CQL 6.2, `cql() comment(pieceid b7 " " pieceid a8)`.
#[test]
fn pieceid_through_promotion() {
    let (_, comments) = evaluate(&cql::cql!(r#"cql() comment(pieceid b7 " " pieceid a8)"#), SPECIAL_MOVES);
    let expected = notes(&[
        ("start", "5 6"),
        ("1.e4", "5 6"),
        ("1...dxe3", "5 6"),
        ("2.O-O", "5 6"),
        ("2...Kd7", "5 6"),
        ("3.bxa8=Q", "<false> 5"),
    ]);
    assert_eq!(comments, expected);
}

/// A variation numbers its pieces as the position it branches from: after
/// 2.O-O the king g1 is 1 and the rook f1 2, after 2.O-O-O the king c1 is 1
/// and the rook d1 0. CQL 6.2, `cql(variations) comment(pieceid c1 " "
/// pieceid d1 " " pieceid f1 " " pieceid g1)`.
#[test]
fn pieceid_in_variations_continues_from_the_branch() {
    let game = "[Event \"v\"]\n[FEN \"r3k3/1P6/8/8/3p4/8/4P3/R3K2R w KQ - 0 1\"]\n\n\
        1.e4 dxe3 2.O-O (2.O-O-O Kf7) 2...Kd7 3.bxa8=Q *\n";
    let query = cql::cql!(r#"cql(variations) comment(pieceid c1 " " pieceid d1 " " pieceid f1 " " pieceid g1)"#);
    let (_, mut comments) = evaluate(&query, game);
    comments.sort();
    let none = "<false> <false> <false> <false>";
    let mut expected = notes(&[
        ("start", none),
        ("1.e4", none),
        ("1...dxe3", none),
        ("2.O-O", "<false> <false> 2 1"),
        ("2.O-O-O", "1 0 <false> <false>"),
        ("2...Kf7", "1 0 <false> <false>"),
        ("2...Kd7", "<false> <false> 2 1"),
        ("3.bxa8=Q", "<false> <false> 2 1"),
    ]);
    expected.sort();
    assert_eq!(comments, expected);
}

/// A null move changes no number. CQL 6.2, `cql() comment(pieceid e1 " "
/// pieceid e8 " " pieceid f3)` on `1.e4 -- 2.Nf3`.
#[test]
fn pieceid_through_a_null_move() {
    let game = "[Event \"v\"]\n\n1.e4 -- 2.Nf3 *\n";
    let (_, comments) = evaluate(&cql::cql!(r#"cql() comment(pieceid e1 " " pieceid e8 " " pieceid f3)"#), game);
    let expected =
        notes(&[("start", "4 28 <false>"), ("1.e4", "4 28 <false>"), ("1...--", "4 28 <false>"), ("2.Nf3", "4 28 6")]);
    assert_eq!(comments, expected);
}

/// `pieceid` of a set has a value where the set is one occupied square:
/// `cql() pieceid e4` matches after 1.e4 and 1...e5, `pieceid [e2,e4]`
/// nowhere, `pieceid e2 == 12` at the start.
#[test]
fn pieceid_has_no_value_on_an_empty_square_or_several() {
    assert_eq!(positions(&cql::cql!("cql() pieceid e4"), OPEN), names(&["1.e4", "1...e5"]));
    assert!(positions(&cql::cql!("cql() pieceid [e2,e4]"), OPEN).is_empty());
    assert_eq!(positions(&cql::cql!("cql() pieceid e2 == 12"), OPEN), names(&["start"]));
}

/// `pieceid X` of a piece variable is its piece's number, even after the
/// piece is captured (the rook a8, 6, taken by 3.bxa8=Q); `X` itself is
/// written as the piece where it stands (`Pb7`, then the new queen `Qa8`).
/// CQL 6.2, `cql() if initial ◭X=b7 comment(pieceid X " " X)` and `cql() if
/// initial ◭X=a8 comment(pieceid X)`.
#[test]
fn pieceid_of_a_piece_variable_outlives_its_piece() {
    let query = cql::cql!(r#"cql() if initial ◭X=b7 comment(pieceid X " " X)"#);
    let (_, comments) = evaluate(&query, SPECIAL_MOVES);
    let expected = notes(&[
        ("start", "5 Pb7"),
        ("1.e4", "5 Pb7"),
        ("1...dxe3", "5 Pb7"),
        ("2.O-O", "5 Pb7"),
        ("2...Kd7", "5 Pb7"),
        ("3.bxa8=Q", "5 Qa8"),
    ]);
    assert_eq!(comments, expected);
    let (_, comments) = evaluate(&cql::cql!("cql() if initial ◭X=a8 comment(pieceid X)"), SPECIAL_MOVES);
    assert_eq!(comments.len(), 6);
    assert!(comments.iter().all(|(_, text)| text == "6"), "{comments:?}");
}

/// A direction's distance may be a numeric variable assigned before: `up D
/// R` with D = 2 is c4, with D = 0 the rook's own square, with D = -2 (from
/// the queen) down two. CQL 6.2 writes `c4`, `c2`, `c2`, `[c4,c5,c6]` (`up D
/// E R`, D = 2, E = 4), `[c3,c4] [c4,c5]` (`up 1 D R`, `up D 3 R`),
/// `[c3,c4,c5]` (`vertical D E Q`, -1 to 1), `[c3,g3] [c1,g1,c3,e3,g3]`
/// (`diagonal D K`, `anydirection D K`, D = 2).
#[test]
fn a_direction_distance_may_be_a_numeric_variable() {
    let game = position(QUEEN_OVER_ROOK);
    assert_eq!(at_start(&cql::cql!("cql() D=2 comment(up D R)"), &game), "c4");
    assert_eq!(at_start(&cql::cql!("cql() D=0 comment(up D R)"), &game), "c2");
    assert_eq!(at_start(&cql::cql!("cql() D=-2 comment(up D Q)"), &game), "c2");
    assert_eq!(at_start(&cql::cql!("cql() D=2 E=4 comment(up D E R)"), &game), "[c4,c5,c6]");
    assert_eq!(at_start(&cql::cql!(r#"cql() D=2 comment(up 1 D R " " up D 3 R)"#), &game), "[c3,c4] [c4,c5]");
    assert_eq!(at_start(&cql::cql!("cql() D=-1 E=1 comment(vertical D E Q)"), &game), "[c3,c4,c5]");
    assert_eq!(
        at_start(&cql::cql!(r#"cql() D=2 comment(diagonal D K " " anydirection D K)"#), &game),
        "[c3,g3] [c1,g1,c3,e3,g3]"
    );
    assert_eq!(positions(&cql::cql!("cql() D=2 up D R == c4 #up D R == 1"), &game), names(&["start"]));
}

/// The variable is read each time the direction is evaluated: `D=2
/// comment(up D R) D=3 comment(up D R)` writes `c4` then `c5`.
#[test]
fn a_direction_variable_is_read_when_evaluated() {
    let (_, comments) =
        evaluate(&cql::cql!("cql() D=2 comment(up D R) D=3 comment(up D R)"), &position(QUEEN_OVER_ROOK));
    assert_eq!(comments, notes(&[("start", "c4"), ("start", "c5")]));
}

/// Negative variable distances turn the direction round, as in
/// chameleon.cql's `up DeltaRank right DeltaFile Piece`: with DR = -1 and
/// DF = -2, `up DR right DF e4` is c3 and `left DF down DR e4` is g5.
#[test]
fn variable_distances_chain_with_either_sign() {
    let game = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(at_start(&cql::cql!("cql() DR=-1 DF=-2 comment(up DR right DF e4)"), &game), "c3");
    assert_eq!(at_start(&cql::cql!("cql() DR=-1 DF=-2 comment(left DF down DR e4)"), &game), "g5");
}

/// Only a numeric variable is a distance: with a set variable D = c6, `up D
/// R` is `up D` (c7, c8) followed by `R` as a second argument of `comment`
/// (CQL 6.2 writes `[c7,c8]c2`).
#[test]
fn a_set_variable_is_not_a_distance() {
    assert_eq!(at_start(&cql::cql!("cql() D=c6 comment(up D R)"), &position(QUEEN_OVER_ROOK)), "[c7,c8]c2");
}

/// A pawn is connected when a pawn of its colour stands on a file beside
/// it, on any rank; isolated otherwise. CQL 6.2 writes `[a2,b4,b6,a7,c7]
/// [g2,d4,d5,h6,h7]` for `cql() comment(connectedpawns " " isolatedpawns)`
/// here (the doubled d-pawns are isolated), and `[a2,b4] [h6,h7] 5` for the
/// white connected, the black isolated and the count.
#[test]
fn connected_and_isolated_pawns() {
    let game = position("4k3/p1p4p/1p5p/3P4/1P1P4/8/P5P1/4K3 w - - 0 1");
    let query = cql::cql!(r#"cql() comment(connectedpawns " " isolatedpawns)"#);
    assert_eq!(at_start(&query, &game), "[a2,b4,b6,a7,c7] [g2,d4,d5,h6,h7]");
    let query = cql::cql!(r#"cql() comment(connectedpawns & P " " isolatedpawns & p " " #connectedpawns)"#);
    assert_eq!(at_start(&query, &game), "[a2,b4] [h6,h7] 5");
    assert_eq!(positions(&cql::cql!("cql() connectedpawns == [a2,b4,b6,a7,c7]"), &game), names(&["start"]));
    // Transforms do not turn them: one text, the same set.
    assert_eq!(at_start(&cql::cql!("cql() flipcolor comment(isolatedpawns)"), &game), "[g2,d4,d5,h6,h7]");
}

/// Ranks do not matter (pawns a2 and b7 are connected), and without pawns
/// both sets are empty and, alone, do not match.
#[test]
fn connected_pawns_need_only_a_neighbouring_file() {
    let query = cql::cql!(r#"cql() comment(connectedpawns " " isolatedpawns)"#);
    assert_eq!(at_start(&query, &position("4k3/1P6/8/8/8/8/P7/4K3 w - - 0 1")), "[a2,b7] []");
    let bare = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(at_start(&query, &bare), "[] []");
    assert!(positions(&cql::cql!("cql() connectedpawns"), &bare).is_empty());
    assert!(positions(&cql::cql!("cql() isolatedpawns"), &bare).is_empty());
}

/// `sqrt` is the integer square root, rounded down, with no value for a
/// negative number. CQL 6.2 writes `4 4 4 0 <false> 1000` for 16 17 24 0 -4
/// 1000000.
#[test]
fn sqrt_is_the_integer_root() {
    let query =
        cql::cql!(r#"cql() initial comment(sqrt 16 " " sqrt 17 " " sqrt 24 " " sqrt 0 " " sqrt -4 " " sqrt 1000000)"#);
    assert_eq!(at_start(&query, OPEN), "4 4 4 0 <false> 1000");
    assert!(positions(&cql::cql!("cql() x=sqrt -1"), OPEN).is_empty());
    assert_eq!(positions(&cql::cql!("cql() x=sqrt 15 x==3"), OPEN).len(), 3);
}

/// Like `abs`, `sqrt` takes a whole sum or product: `sqrt #P` is 2,
/// `sqrt 9 + 7` is 4, `sqrt 9 * 4` is 6, `sqrt (9) + 7` is 4 (CQL 6.2
/// writes `2 4 6 4`), and `x=7 sqrt x * x == 7` holds.
#[test]
fn sqrt_takes_a_whole_expression() {
    let query = cql::cql!(r#"cql() initial comment(sqrt #P " " sqrt 9 + 7 " " sqrt 9 * 4 " " sqrt (9) + 7)"#);
    assert_eq!(at_start(&query, OPEN), "2 4 6 4");
    assert_eq!(positions(&cql::cql!("cql() initial x=7 sqrt x * x == 7"), OPEN), names(&["start"]));
    assert_eq!(positions(&cql::cql!("cql() sqrt 16 == 4"), OPEN).len(), 3);
}

/// `max` and `min` of two or more numbers. CQL 6.2 writes `2 1 7 1` for
/// `max(1 2) min(1 2) max(2 7 5) min(4 -3 9)`: `4 -3` is a subtraction, so
/// the last is `min(1 9)`.
#[test]
fn max_and_min_of_numbers() {
    let query = cql::cql!(r#"cql() initial comment(max(1 2) " " min(1 2) " " max(2 7 5) " " min(4 -3 9))"#);
    assert_eq!(at_start(&query, OPEN), "2 1 7 1");
    let query = cql::cql!(r#"cql() initial comment(max (1 2) " " max(1 2 + 3))"#);
    assert_eq!(at_start(&query, OPEN), "2 5");
    assert_eq!(positions(&cql::cql!("cql() max(#P #p) == 8"), OPEN).len(), 3);
}

/// An argument written `-5` after another is a subtraction: `max(3 -5 2)`
/// is `max(-2 2)` = 2 and `min(3 -5 2)` is -2; parenthesised, `(-5)` is an
/// argument (CQL 6.2 writes `2 -2 3 -5`).
#[test]
fn max_and_min_read_a_minus_between_arguments_as_subtraction() {
    let query = cql::cql!(r#"cql() initial comment(max(3 -5 2) " " min(3 -5 2) " " max(3 (-5) 2) " " min(3 (-5) 2))"#);
    assert_eq!(at_start(&query, OPEN), "2 -2 3 -5");
}

/// Arguments without a value are left out; with none left there is no
/// value. CQL 6.2 writes `4 <false> 3` for `max(rank e4 rank [a1,a2])
/// max(rank [a1,a2] file [a1,a2]) min(#P #p 3)`.
#[test]
fn max_and_min_skip_arguments_without_a_value() {
    let query = cql::cql!(
        r#"cql() initial comment(max(rank e4 rank [a1,a2]) " " max(rank [a1,a2] file [a1,a2]) " " min(#P #p 3))"#
    );
    assert_eq!(at_start(&query, OPEN), "4 <false> 3");
    assert!(positions(&cql::cql!("cql() initial x=max(rank [a1,a2] file [a1,a2])"), OPEN).is_empty());
}

/// Of strings, bytewise: CQL 6.2 writes `b abc a k` for `max("b" "abc")
/// min("b" "abc") max("B" "a") max(typename e1 piecename e8)`.
#[test]
fn max_and_min_of_strings() {
    let query = cql::cql!(
        r#"cql() initial comment(max("b" "abc") " " min("b" "abc") " " max("B" "a") " " max(typename e1 piecename e8))"#
    );
    assert_eq!(at_start(&query, OPEN), "b abc a k");
}

/// Only the comments of the arguments equal to the result stay, all of them
/// on a tie: CQL 6.2 writes `b`, `a`, `b d`, `c` and `b` for the queries
/// below.
#[test]
fn max_and_min_keep_the_comments_of_the_best_arguments() {
    let query = cql::cql!(r#"cql() initial x=max({comment("a") 1} {comment("b") 2})"#);
    assert_eq!(at_start(&query, OPEN), "b");
    let query = cql::cql!(r#"cql() initial x=max({comment("a") 2} {comment("b") 1})"#);
    assert_eq!(at_start(&query, OPEN), "a");
    let query =
        cql::cql!(r#"cql() initial x=max({comment("a") 1} {comment("b") 3} {comment("c") 2} {comment("d") 3})"#);
    assert_eq!(at_start(&query, OPEN), "b d");
    let query = cql::cql!(r#"cql() initial x=min({comment("a") 3} {comment("b") 2} {comment("c") 1})"#);
    assert_eq!(at_start(&query, OPEN), "c");
    let query = cql::cql!(r#"cql() initial x=max({comment("a") rank [a1,a2]} {comment("b") 3})"#);
    assert_eq!(at_start(&query, OPEN), "b");
}

/// `while (T) B` evaluates B as long as T matches, and is true. CQL 6.2
/// writes `i0 i1 i2 end3` for the first query, `end5` where the test fails
/// at once.
#[test]
fn while_repeats_its_body_while_the_test_matches() {
    let query = cql::cql!(r#"cql() initial i=0 while (i<3) {comment("i" i) i+=1} comment("end" i)"#);
    assert_eq!(at_start(&query, OPEN), "i0 i1 i2 end3");
    let query = cql::cql!(r#"cql() initial i=5 while (i<3) i+=1 comment("end" i)"#);
    assert_eq!(at_start(&query, OPEN), "end5");
    let query = cql::cql!("cql() i=0 j=0 while (i<ply) {i+=1 j+=i} comment(j)");
    let (_, comments) = evaluate(&query, OPEN);
    assert_eq!(comments, notes(&[("start", "0"), ("1.e4", "1"), ("1...e5", "3")]));
}

/// `while` is always true and has no value: `i=0 while (false) i+=1`
/// matches everywhere, `not while (false) true` nowhere, and
/// `comment(while (false) true)` writes `<true>`.
#[test]
fn while_is_always_true() {
    assert_eq!(positions(&cql::cql!("cql() i=0 while (false) i+=1"), OPEN).len(), 3);
    assert!(positions(&cql::cql!("cql() initial not while (false) true"), OPEN).is_empty());
    assert_eq!(at_start(&cql::cql!("cql() initial comment(while (false) true)"), OPEN), "<true>");
}

/// A failing body does not stop `while` (only the test does) and loses its
/// comments, not its assignments; a matching test keeps its comments, the
/// last, failing one does not; a text is written once. CQL 6.2 writes `b1
/// end3`, `t0 t1 t2 end3` and `x`.
#[test]
fn while_keeps_the_comments_of_what_matched() {
    let query = cql::cql!(r#"cql() initial i=0 while (i<3) {i+=1 comment("b" i) i<2} comment("end" i)"#);
    assert_eq!(at_start(&query, OPEN), "b1 end3");
    let query = cql::cql!(r#"cql() initial i=0 while ({comment("t" i) i<3}) i+=1 comment("end" i)"#);
    assert_eq!(at_start(&query, OPEN), "t0 t1 t2 end3");
    let query = cql::cql!(r#"cql() initial i=0 while (i<3) {comment("x") i+=1}"#);
    assert_eq!(at_start(&query, OPEN), "x");
}

/// `loop B` evaluates B until it fails, and is true when B matched at least
/// once. The failing round's comments are dropped, its assignments kept.
/// CQL 6.2 writes `l1 l2 end3`; `i=5 loop {i+=1 i<3}` fails (and leaves i
/// at 6: `end6`); `comment(loop ...)` writes `<true>`.
#[test]
fn loop_repeats_its_body_until_it_fails() {
    let query = cql::cql!(r#"cql() initial i=0 loop {i+=1 comment("l" i) i<3} comment("end" i)"#);
    assert_eq!(at_start(&query, OPEN), "l1 l2 end3");
    assert!(positions(&cql::cql!(r#"cql() initial i=5 loop {i+=1 i<3} comment("end" i)"#), OPEN).is_empty());
    let query = cql::cql!(r#"cql() initial i=5 not loop {i+=1 i<3} comment("end" i)"#);
    assert_eq!(at_start(&query, OPEN), "end6");
    assert_eq!(at_start(&cql::cql!("cql() initial i=0 comment(loop {i+=1 i<3})"), OPEN), "<true>");
    // Matched at 1...e5 only, where the body holds once (ply 2): i ends at 2.
    let (matched, comments) = evaluate(&cql::cql!("cql() i=0 loop {i+=1 i<ply} comment(i)"), OPEN);
    assert_eq!(matched, names(&["1...e5"]));
    assert_eq!(comments, notes(&[("1...e5", "2")]));
}
