//! The pawn structure filters, each a set of pawns of either colour. The
//! expected sets are CQL 6.2's: `cql -i position.pgn -o out.pgn q.cql` with
//! `q.cql` = `cql() comment(passedpawns) wtm` (or `doubledpawns`) on the
//! position of each test.

use super::evaluate::{evaluate, names};

/// A game of one move from `fen`, so that the query sees the start.
fn from(fen: &str) -> String {
    format!("[Event \"pawns\"]\n[FEN \"{fen}\"]\n\n1. Kd1 *\n")
}

/// What `cql() comment(F) wtm` writes at the start of `fen`'s game.
fn comment(query: &dyn cql::Query, fen: &str) -> String {
    let (matched, comments) = evaluate(query, &from(fen));
    assert_eq!(matched, names(&["start"]));
    comments.into_iter().map(|(_, text)| text).collect()
}

/// A pawn is passed when no pawn of the other colour stands in front of it
/// on its file or the files beside it (CQL 6.2 writes `[a5,h6]` and `a7`).
#[test]
fn passedpawns_have_no_enemy_pawn_in_front_on_their_or_adjacent_files() {
    let query = cql::cql!("cql() comment(passedpawns) wtm");
    assert_eq!(comment(&query, "4k3/8/7p/P2p4/4P3/8/8/4K3 w - - 0 1"), "[a5,h6]");
    assert_eq!(comment(&query, "4k3/pp3p2/1p6/8/2P5/2P1P3/4P3/4K3 w - - 0 1"), "a7");
}

/// Doubled pawns: every pawn of a file that holds more than one of its
/// colour (CQL 6.2 writes `[e2,c3,e3,c4,b6,b7]`).
#[test]
fn doubledpawns_share_their_file_with_a_pawn_of_their_colour() {
    let query = cql::cql!("cql() comment(doubledpawns) wtm");
    assert_eq!(comment(&query, "4k3/pp3p2/1p6/8/2P5/2P1P3/4P3/4K3 w - - 0 1"), "[e2,c3,e3,c4,b6,b7]");
    assert_eq!(comment(&query, "4k3/8/7p/P2p4/4P3/8/8/4K3 w - - 0 1"), "[]");
}
