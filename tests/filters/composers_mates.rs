//! The composers' mates and stalemates: `puremate`, `modelmate`,
//! `idealmate`, `purestalemate`, `modelstalemate`, `idealstalemate`. CQL 6.2
//! defines them in CQL itself (the functions of its `matefunction.h`, each
//! keyword standing for `notransform flipcolor {CONDITION PARTICIPANTS}`):
//! each is a set, the pieces that take part in the mate where the side to
//! move is so mated, empty elsewhere.
//!
//! The expected texts are CQL 6.2's: `cql -i position.pgn -o out.pgn q.cql`
//! on a game of the one position (`[FEN "..."]` and `*`), `q.cql` being
//! `cql() comment(puremate " " modelmate " " idealmate " " purestalemate " "
//! modelstalemate " " idealstalemate)`, and what it wrote at the start.

use super::evaluate::{evaluate, names, positions};

/// A game of the single position `fen`.
fn position(fen: &str) -> String {
    format!("[Event \"m\"]\n[FEN \"{fen}\"]\n\n*\n")
}

/// The six filters' values at `fen`, as `comment(puremate " " modelmate " "
/// idealmate " " purestalemate " " modelstalemate " " idealstalemate)` writes
/// them there (`[]` where one fails).
fn verdicts(fen: &str) -> String {
    let query = cql::cql!(
        r#"cql() comment(puremate " " modelmate " " idealmate " " purestalemate " " modelstalemate " " idealstalemate)"#
    );
    let (matched, comments) = evaluate(&query, &position(fen));
    assert_eq!(matched, names(&["start"]));
    comments.into_iter().map(|(_, text)| text).collect::<Vec<_>>().join(" ")
}

/// An ideal mate: every piece of both sides takes part, each flight square
/// guarded once. Rh1# with Kf7 (`[h1,f7,h8]` three times); Qg7# guarded by
/// Kf6, the queen's square being guarded once too; and white mated, found
/// through the colours' swap (`[h1,f2,h8]`).
#[test]
fn an_ideal_mate_uses_every_piece_of_both_sides() {
    assert_eq!(verdicts("7k/5K2/8/8/8/8/8/7R b - - 0 1"), "[h1,f7,h8] [h1,f7,h8] [h1,f7,h8] [] [] []");
    assert_eq!(verdicts("7k/6Q1/5K2/8/8/8/8/8 b - - 0 1"), "[f6,g7,h8] [f6,g7,h8] [f6,g7,h8] [] [] []");
    assert_eq!(verdicts("7r/8/8/8/8/8/5k2/7K w - - 0 1"), "[h1,f2,h8] [h1,f2,h8] [h1,f2,h8] [] [] []");
}

/// A model mate is a pure mate where every white queen, rook, bishop and
/// knight takes part; pawns and the king are exempt, and the mated side's
/// pieces do not matter. An idle knight on a1 spoils it (pure only), an idle
/// pawn on a2 does not (pure and model, not ideal), nor does an idle black
/// pawn on a7 (pure and model, not ideal).
#[test]
fn a_model_mate_needs_every_officer_but_not_pawns_or_king() {
    assert_eq!(verdicts("7k/5K2/8/8/8/8/8/N6R b - - 0 1"), "[h1,f7,h8] [] [] [] [] []");
    assert_eq!(verdicts("7k/5K2/8/8/8/8/P7/7R b - - 0 1"), "[h1,f7,h8] [h1,f7,h8] [] [] [] []");
    assert_eq!(verdicts("7k/p4K2/8/8/8/8/8/7R b - - 0 1"), "[h1,f7,h8] [h1,f7,h8] [] [] [] []");
    // The king of the back-rank mate below takes no part: model, not ideal.
    assert_eq!(verdicts("R3k3/3ppp2/8/8/8/8/8/K7 b - - 0 1"), "[d7,e7,f7,a8,e8] [d7,e7,f7,a8,e8] [] [] [] []");
}

/// Pure mate: each empty or white square of the king's field is guarded
/// exactly once. A bishop on d3 guards h7 with the rook: not pure (all six
/// `[]`). A knight on f5 guards the queen on g7 with the king: not pure.
#[test]
fn a_pure_mate_guards_each_flight_square_once() {
    assert_eq!(verdicts("7k/5K2/8/8/8/3B4/8/7R b - - 0 1"), "[] [] [] [] [] []");
    assert_eq!(verdicts("7k/6Q1/5K2/5N2/8/8/8/8 b - - 0 1"), "[] [] [] [] [] []");
    let mate = position("7k/5K2/8/8/8/3B4/8/7R b - - 0 1");
    assert!(positions(&cql::cql!("cql() puremate"), &mate).is_empty());
    assert_eq!(positions(&cql::cql!("cql() mate"), &mate), names(&["start"]));
}

/// A checker on a line also guards the square of the field behind the king
/// (`KingsField <- k <- x`): after Ra8# with pawns d7, e7, f7 the rook
/// guards d8 and, through the king, f8, once each — pure. A bishop on h6
/// guarding f8 as well makes f8 guarded twice — not pure.
#[test]
fn the_checker_guards_the_square_behind_the_king() {
    assert_eq!(verdicts("R3k3/3ppp2/8/8/8/8/8/K7 b - - 0 1"), "[d7,e7,f7,a8,e8] [d7,e7,f7,a8,e8] [] [] [] []");
    assert_eq!(verdicts("R3k3/3ppp2/7B/8/8/8/8/K7 b - - 0 1"), "[] [] [] [] [] []");
}

/// The mated side's pieces on the king's field (self-blockers) must be
/// unguarded: the smothered mate Nf7# (rook g8, pawns g7, h7) is pure and
/// model; a white bishop on b1 guarding the unpinned pawn h7 makes it not
/// pure.
#[test]
fn self_blockers_must_be_unguarded() {
    assert_eq!(verdicts("6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1"), "[f7,g7,h7,g8,h8] [f7,g7,h7,g8,h8] [] [] [] []");
    assert_eq!(verdicts("6rk/5Npp/8/8/8/8/8/1B2K3 b - - 0 1"), "[] [] [] [] [] []");
}

/// Under a single check, a self-blocker guarded once may stand if it is
/// pinned and could (pseudolegally) capture the checker or interpose: the
/// knight on g7, pinned by Bb2 and guarded by it alone, could go to h5
/// against Rh1 — pure (and model: the bishop attacks g7); a pawn on g7
/// could not — not pure.
#[test]
fn a_guarded_self_blocker_may_stand_if_its_pin_stops_a_defence() {
    assert_eq!(verdicts("7k/4N1n1/8/8/8/8/1B6/K6R b - - 0 1"), "[h1,b2,e7,g7,h8] [h1,b2,e7,g7,h8] [] [] [] []");
    assert_eq!(verdicts("7k/4N1p1/8/8/8/8/1B6/K6R b - - 0 1"), "[] [] [] [] [] []");
}

/// In a double check (Rh1 and Bb2) each checker must be needed: the other
/// check alone could have been met by an unpinned black piece other than
/// the king capturing or interposing. Nothing black: not pure. A knight on
/// e4 meets the bishop's check alone (c3, f6) but nothing meets the rook's:
/// not pure. A rook on a5 meets the rook's (h5): pure.
#[test]
fn in_a_double_check_each_checker_is_needed() {
    assert_eq!(verdicts("7k/4N3/8/8/8/8/1B6/3K3R b - - 0 1"), "[] [] [] [] [] []");
    assert_eq!(verdicts("7k/4N3/8/8/4n3/8/1B6/3K3R b - - 0 1"), "[] [] [] [] [] []");
    assert_eq!(verdicts("7k/4N3/8/r7/4n3/8/1B6/3K3R b - - 0 1"), "[h1,b2,e7,h8] [h1,b2,e7,h8] [] [] [] []");
}

/// "Could have met the other check" is an attack (`->`), not a move: a
/// black pawn on g6 attacking the empty h5 makes the bishop necessary (pure);
/// a pawn on e6 that could interpose on e5 by a push does not make the rook
/// necessary (not pure).
#[test]
fn a_needed_checker_is_judged_by_attacks_not_moves() {
    assert_eq!(verdicts("7k/4N3/6p1/8/4n3/8/1B6/3K3R b - - 0 1"), "[h1,b2,e7,h8] [h1,b2,e7,h8] [] [] [] []");
    assert_eq!(verdicts("7k/4N3/4p3/8/5n2/8/1B6/3K3R b - - 0 1"), "[] [] [] [] [] []");
}

/// White pieces take part when pinned (the bishop e6, pinned by the black
/// bishop on b3, makes the mate model; unpinned it is idle and the mate only
/// pure), or when, under a single check, they pin a piece that could meet
/// the check (Bb2 pinning the knight f6, which could go to h5 or h7; a
/// pinned pawn on f6 could not, and the bishop is idle).
#[test]
fn pinned_white_pieces_and_pinners_of_defenders_take_part() {
    assert_eq!(verdicts("7k/5K2/4B3/8/8/1b6/8/7R b - - 0 1"), "[h1,e6,f7,h8] [h1,e6,f7,h8] [] [] [] []");
    assert_eq!(verdicts("7k/5K2/4B3/8/8/8/8/7R b - - 0 1"), "[h1,f7,h8] [] [] [] [] []");
    assert_eq!(verdicts("7k/5K2/5n2/8/8/8/1B6/7R b - - 0 1"), "[h1,b2,f7,h8] [h1,b2,f7,h8] [] [] [] []");
    assert_eq!(verdicts("7k/5K2/5p2/8/8/8/1B6/7R b - - 0 1"), "[h1,f7,h8] [] [] [] [] []");
}

/// A white piece also takes part when it stands on a line between a piece
/// that could meet the check (pseudolegally) and a square where it would:
/// the pawn g5 blocks the pinned queen f6 from h4; on g4 it blocks nothing
/// and is left out.
#[test]
fn white_pieces_blocking_a_defence_take_part() {
    assert_eq!(verdicts("7k/4N3/4Nq2/6P1/8/8/KB6/7R b - - 0 1"), "[h1,b2,g5,e6,e7,h8] [h1,b2,g5,e6,e7,h8] [] [] [] []");
    assert_eq!(verdicts("7k/4N3/4Nq2/8/6P1/8/KB6/7R b - - 0 1"), "[h1,b2,e6,e7,h8] [h1,b2,e6,e7,h8] [] [] [] []");
}

/// Black pieces take part beside the king and its field when they stand
/// between a black line piece and the white king (the knight d5 shields Kf7
/// from Bb3; the bishop itself is left out) or, under a single check,
/// between a black line piece and a square where it would meet the check
/// (the knight d1 stops Ra1×h1; the rook is left out).
#[test]
fn black_shields_and_blockers_take_part() {
    assert_eq!(verdicts("7k/5K2/8/3n4/8/1b6/8/7R b - - 0 1"), "[h1,d5,f7,h8] [h1,d5,f7,h8] [] [] [] []");
    assert_eq!(verdicts("7k/5K2/8/8/8/8/8/r2n3R b - - 0 1"), "[d1,h1,f7,h8] [d1,h1,f7,h8] [] [] [] []");
}

/// Stalemates: each empty or white square of the field attacked by exactly
/// one white piece. Qf7 with an idle king: pure and model, not ideal.
/// Kf7 and Pg6: ideal (no officer, so model trivially). White stalemated,
/// through the colours' swap. A rook on g1 attacking g8 and g7 with the
/// queen: none.
#[test]
fn stalemates_pure_model_and_ideal() {
    assert_eq!(verdicts("7k/5Q2/8/8/8/8/8/K7 b - - 0 1"), "[] [] [] [f7,h8] [f7,h8] []");
    assert_eq!(verdicts("7k/5K2/6P1/8/8/8/8/8 b - - 0 1"), "[] [] [] [g6,f7,h8] [g6,f7,h8] [g6,f7,h8]");
    assert_eq!(verdicts("8/8/8/8/8/6p1/5k2/7K w - - 0 1"), "[] [] [] [h1,f2,g3] [h1,f2,g3] [h1,f2,g3]");
    assert_eq!(verdicts("7k/5Q2/8/8/8/8/8/6RK b - - 0 1"), "[] [] [] [] [] []");
}

/// A model stalemate exempts pawns (an idle pawn on a2) but not officers
/// (an idle knight on b1 leaves only the pure stalemate).
#[test]
fn a_model_stalemate_needs_every_officer_but_not_pawns() {
    assert_eq!(verdicts("7k/5Q2/8/8/8/8/P7/K7 b - - 0 1"), "[] [] [] [f7,h8] [f7,h8] []");
    assert_eq!(verdicts("7k/5Q2/8/8/8/8/8/KN6 b - - 0 1"), "[] [] [] [f7,h8] [] []");
}

/// The stalemated side's pieces on the field: unpinned ones must be
/// unattacked (the pawn h7 is; a bishop on d3 attacking it spoils the
/// stalemate), pinned ones attacked exactly once (the knight g7 pinned by
/// Ba1 is, by the bishop; a knight on e6 attacking it as well spoils it).
#[test]
fn stalemate_self_blockers_unattacked_or_pinned_and_attacked_once() {
    assert_eq!(verdicts("7k/4N2p/7P/8/8/8/8/K7 b - - 0 1"), "[] [] [] [h6,e7,h7,h8] [h6,e7,h7,h8] []");
    assert_eq!(verdicts("7k/4N2p/7P/8/8/3B4/8/K7 b - - 0 1"), "[] [] [] [] [] []");
    assert_eq!(verdicts("7k/4N1n1/6P1/8/8/8/8/B2K4 b - - 0 1"), "[] [] [] [a1,g6,e7,g7,h8] [a1,g6,e7,g7,h8] []");
    assert_eq!(verdicts("7k/4N1n1/4N1P1/8/8/8/8/B2K4 b - - 0 1"), "[] [] [] [] [] []");
}

/// A stalemate's value holds every piece of the stalemated side, taking part
/// or not (the pawn a3), with the other side's taking part (not the pawn a2
/// or the king).
#[test]
fn a_stalemate_holds_every_piece_of_the_stalemated_side() {
    assert_eq!(verdicts("7k/5Q2/8/8/8/p7/P7/K7 b - - 0 1"), "[] [] [] [a3,f7,h8] [a3,f7,h8] []");
}

/// Where nobody is mated or stalemated all six are empty sets; where one is,
/// they match there only, and work as sets: after 1.Rh1# `#puremate` is 3
/// and `A & puremate` is `[h1,f7]` (`cql() btm comment(#puremate " " A &
/// puremate)`); after 1.Qf7 `comment(purestalemate)` writes `[]` at the
/// start and `[f7,h8]` there, where `idealstalemate` fails (the king a1).
#[test]
fn the_mates_match_where_the_side_to_move_is_mated_and_are_sets() {
    assert_eq!(verdicts("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "[] [] [] [] [] []");
    let mate = "[Event \"m\"]\n[FEN \"7k/5K2/8/8/8/8/8/R7 w - - 0 1\"]\n\n1.Rh1# *\n";
    assert_eq!(positions(&cql::cql!("cql() puremate"), mate), names(&["1.Rh1#"]));
    assert_eq!(positions(&cql::cql!("cql() idealmate"), mate), names(&["1.Rh1#"]));
    assert_eq!(positions(&cql::cql!("cql() not puremate"), mate), names(&["start"]));
    assert!(positions(&cql::cql!("cql() purestalemate"), mate).is_empty());
    assert_eq!(positions(&cql::cql!("cql() puremate & R == h1"), mate), names(&["1.Rh1#"]));
    let (matched, comments) = evaluate(&cql::cql!(r#"cql() btm comment(#puremate " " A & puremate)"#), mate);
    assert_eq!(matched, names(&["1.Rh1#"]));
    assert_eq!(comments, vec![("1.Rh1#".to_owned(), "3 [h1,f7]".to_owned())]);
    let stalemate = "[Event \"s\"]\n[FEN \"7k/8/8/5Q2/8/8/8/K7 w - - 0 1\"]\n\n1.Qf7 *\n";
    assert_eq!(positions(&cql::cql!("cql() purestalemate"), stalemate), names(&["1.Qf7"]));
    assert_eq!(positions(&cql::cql!("cql() modelstalemate"), stalemate), names(&["1.Qf7"]));
    assert!(positions(&cql::cql!("cql() idealstalemate"), stalemate).is_empty());
    let (_, comments) = evaluate(&cql::cql!("cql() comment(purestalemate)"), stalemate);
    assert_eq!(comments, vec![("start".to_owned(), "[]".to_owned()), ("1.Qf7".to_owned(), "[f7,h8]".to_owned())]);
}
