//! Comments: `comment` and `///`, and what stays of them. CQL 6.2 writes a
//! text once at a position, where it first stands, whichever filter, piece
//! or position wrote it again.

use super::evaluate::{evaluate, notes};

/// A game whose start has a comment of its own (`{x}`), as has 1.e4 (`{y}`).
const COMMENTED: &str = "[Event \"x\"]\n[Result \"*\"]\n\n{x} 1.e4 {y} e5 2.Nf3 Nc6 *\n";

/// Recorded from CQL 6.2 (`cql -i commented.pgn -o out.pgn q.cql`, the game
/// [`COMMENTED`], `q.cql` each query): `cql() initial comment("x")
/// comment("y") comment("x")` writes `{x Game number 1 x y CQL}` (the
/// game's own `x` stays), `initialposition:comment("z")`, evaluated at each
/// of the five positions, writes one `z`, and `◭X∊♘ {♙――□ comment("pawn")}`
/// one `pawn` for the two knights.
#[test]
fn a_text_is_written_once_at_a_position() {
    let (_, comments) = evaluate(&cql::cql!("cql() initial comment(\"x\") comment(\"y\") comment(\"x\")"), COMMENTED);
    assert_eq!(comments, notes(&[("start", "x"), ("start", "y")]));
    let (matched, comments) = evaluate(&cql::cql!("cql() initialposition:comment(\"z\")"), COMMENTED);
    assert_eq!(matched.len(), 5);
    assert_eq!(comments, notes(&[("start", "z")]));
    let (_, comments) = evaluate(&cql::cql!("cql() initial ◭X∊♘ {♙――□ comment(\"pawn\")}"), COMMENTED);
    assert_eq!(comments, notes(&[("start", "pawn")]));
    // Texts that differ in their spaces are two texts.
    let (_, comments) = evaluate(&cql::cql!("cql() initial comment(\"a b\") comment(\"a  b\")"), COMMENTED);
    assert_eq!(comments, notes(&[("start", "a b"), ("start", "a  b")]));
}

/// Najdorf-Eliskases, Mar del Plata 1947 (game 246,975 of master-games),
/// where turton.cql finds two Turtons from 43...Qd8: the queen crosses c4
/// with 44.Qc3+, then either rook goes to c4 and on to c8. CQL 6.2 writes
/// `T crosses critical square c4` once at 44.Qc3+ (`cql -i master-games.pgn
/// -o out.pgn turton.cql`; its game 246975).
#[test]
fn turton_notes_a_crossing_two_turtons_share_once() {
    let game = "[Event \"Mar del Plata\"]\n[Result \"1-0\"]\n\n\
        1.d4 Nf6 2.c4 e6 3.Nc3 d5 4.Bg5 Nbd7 5.e3 Be7 6.Nf3 O-O 7.Rc1 a6 8.cxd5 exd5 9.Bd3 c6 \
        10.Qc2 Re8 11.O-O Nf8 12.h3 g6 13.Ne5 N6d7 14.Bf4 Nxe5 15.Bxe5 Bd6 16.Bxd6 Qxd6 17.Na4 Ne6 \
        18.Nc5 Nxc5 19.Qxc5 Qf6 20.b4 Bf5 21.Bxf5 Qxf5 22.a4 g5 23.Qb6 Re7 24.b5 axb5 25.axb5 cxb5 \
        26.Rc5 Kg7 27.Qxb5 Rd8 28.Qa5 Red7 29.Rfc1 g4 30.hxg4 Qxg4 31.Rb5 Kh8 32.Qb6 Rd6 33.Qc7 Rg8 \
        34.g3 Qe6 35.Re1 b6 36.e4 dxe4 37.Rxe4 Qf6 38.d5 h5 39.Kg2 Qg6 40.Rf4 Rg7 41.Rh4 Rh7 \
        42.Rbb4 Qf6 43.Rhf4 Qd8 44.Qc3+ Kg8 45.Rbc4 Qf8 46.Rc8 Rd8 47.Rfc4 Rh6 48.Rxd8 Qxd8 49.Rc8 1-0\n";
    let turton = cql::cql_file!("../shared/reference/examples/turton.cql");
    let (_, mut comments) = evaluate(&turton, game);
    comments.sort();
    let mut expected = notes(&[
        ("44.Qc3+", "T crosses critical square c4"),
        ("45.Rbc4", "U to critical square"),
        ("46.Rc8", "U moves supported by T"),
        ("47.Rfc4", "U to critical square"),
        ("49.Rc8", "U moves supported by T"),
    ]);
    expected.sort();
    assert_eq!(comments, expected);
}
