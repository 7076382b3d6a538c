//! CQLi's imaginary positions: the speculative move filter (`move legal :
//! F`, with `all`, `count` and `reverse`), `currentmutation`,
//! `legalposition` and `reachableposition`, tested with the examples of seed
//! document 000 (its worked position after 4...Bxc3+ and its retrograde
//! puzzle) and with counts worked out by hand in the same positions.

use super::evaluate::{messages, positions};

/// 000's worked example: the position after 4...Bxc3+ (White to move:
/// Ke2, bxc3, Bd2 and Qd2 are legal; the bishop came from b4 or a5 and took
/// a knight).
const WINAWER: &str = "[Event \"000\"]\n\n1.e4 e6 2.d4 d5 3.Nc3 Bb4 4.a3 Bxc3+ 5.bxc3 *\n";

/// The positions of [`WINAWER`] where `query` matches.
fn winawer(query: &dyn cql::Query) -> Vec<String> {
    positions(query, WINAWER)
}

/// The messages `query` prints in [`WINAWER`], without their prefix (the
/// game position they were printed at, `game 1, move 5(wtm): `), sorted: the
/// order in which moves are generated is not CQLi's.
fn winawer_messages(query: &dyn cql::Query) -> Vec<String> {
    let mut lines: Vec<String> = messages(query, WINAWER)
        .into_iter()
        .map(|line| line.strip_prefix("game 1, move 5(wtm): ").expect("printed at 4...Bxc3+").to_owned())
        .collect();
    lines.sort();
    lines
}

#[test]
fn a_speculative_move_filter_keeps_the_moves_after_which_its_target_matches() {
    let table = vec!["4...Bxc3+".to_owned()];
    // Only bxc3 puts a white pawn on c3; it is the move from b2.
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move legal count : ♙c3 == 1")), table);
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move from . legal : ♙c3 == b2")), table);
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move to . legal : ♙c3 == c3")), table);
    // No legal move gives check; after every one Black is to move.
    assert!(winawer(&cql::cql!("cql() wtm ♝c3 move legal : check")).is_empty());
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move legal count : check == 0")), table);
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move legal all : btm")), table);
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move legal count all : btm == 4")), table);
    // `all` fails, and `count all` is none, when one move misses the target.
    assert!(winawer(&cql::cql!("cql() wtm ♝c3 move legal all : ♙c3")).is_empty());
    assert!(winawer(&cql::cql!("cql() wtm ♝c3 move legal count all : ♙c3")).is_empty());
    // A set argument ends at the colon: `to d2` is the parameter, `btm` the target.
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move legal count to d2 : btm == 2")), table);
    // Pseudo-legal moves are made too: 35, of which 31 leave the king in check.
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move pseudolegal count : legalposition == 4")), table);
}

#[test]
fn inside_the_target_move_previous_is_the_speculative_move() {
    // 000: "will emit a message containing the from square for every legal move".
    let from = cql::cql!("cql() wtm ♝c3 move legal : message (\"move from: \" move from . previous)");
    let expected = ["move from: b2", "move from: c1", "move from: d1", "move from: e1"];
    assert_eq!(winawer_messages(&from), expected);
    // Its sets are read in the position the move was made from.
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 move legal count : move previous from ♙ == 1")), vec!["4...Bxc3+"]);
    // A reverse move is `move previous` in the position it was taken back to.
    let reverse = cql::cql!("cql() wtm ♝c3 move legal reverse : message (\"from: \" move from . previous)");
    assert_eq!(winawer_messages(&reverse), ["from: a5", "from: b4"]);
}

#[test]
fn currentmutation_writes_moves_as_cqli_writes_reverse_moves() {
    // 000: "~Bb4x(N)c3+ and ~Ba5x(N)c3+".
    let reverse = cql::cql!("cql() wtm ♝c3 move legal reverse : message currentmutation");
    assert_eq!(winawer_messages(&reverse), ["~Ba5x(N)c3+", "~Bb4x(N)c3+"]);
    // Forward moves the same way, without the tilde.
    let forward = cql::cql!("cql() wtm ♝c3 move legal : message currentmutation");
    assert_eq!(winawer_messages(&forward), ["Bc1d2", "Ke1e2", "Pb2x(B)c3", "Qd1d2"]);
    // In a position of the game there is no mutation: the filter fails.
    assert!(winawer(&cql::cql!("cql() currentmutation")).is_empty());
}

#[test]
fn positions_of_games_are_legal_and_reachable() {
    let all = vec!["start", "1.e4", "1...e6", "2.d4", "2...d5", "3.Nc3", "3...Bb4", "4.a3", "4...Bxc3+", "5.bxc3"];
    assert_eq!(winawer(&cql::cql!("cql() legalposition reachableposition")), all);
}

#[test]
fn imagine_evaluates_its_filter_in_the_position_changed_by_hand() {
    let table = vec!["4...Bxc3+".to_owned()];
    // `:` binds tightest, as in `P:F`: a target of several tokens is bracketed.
    // Without the checking bishop White is not in check.
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 imagine remove c3 : {not check}")), table);
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 imagine remove c3 : (currentmutation == \"-c3\")")), table);
    // A white queen on h5 now: legal still; the pieces and side as written.
    let added = cql::cql!("cql() wtm ♝c3 imagine add Qh5 black : (currentmutation == \"+Qh5 btm\")");
    assert!(winawer(&added).is_empty(), "Black to move with White in check is no position");
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 imagine add Qh5 : {legalposition ♕h5}")), table);
    // ... but not reachable: a second queen beside eight pawns needs a promotion.
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 imagine add Qh5 : {not reachableposition}")), table);
    // A whole position from a FEN: Black is stalemated.
    assert_eq!(winawer(&cql::cql!("cql() wtm ♝c3 imagine \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\" : stalemate")), table);
    // A board without a black king is no position: the filter fails.
    assert!(winawer(&cql::cql!("cql() wtm ♝c3 imagine remove e8 : true")).is_empty());
}

/// 000's retrograde puzzle, "What was the last move?", rebuilt from its
/// description (its diagram is not in the text): Black, to move, is in check
/// from the rook on e2 along the e-file, discovered through e3; White has
/// its king on f2 and a pawn on f4; Black misses only a knight. The black
/// bishop on d2 attacks e3, where it could not have arrived (c1, e1 and c3
/// are occupied), so a white king on e3 would have been in an impossible check.
const RETRO: &str = "[Event \"000 retro\"]\n[SetUp \"1\"]\n\
                     [FEN \"1nbq3r/pp1ppp1p/4k1p1/8/5P2/2p5/3bRK2/2r1N3 b - - 0 1\"]\n\n*\n";

#[test]
fn the_retrograde_puzzle_of_seed_document_000() {
    let start = vec!["start".to_owned()];
    // "move legal reverse count will consider three moves".
    assert_eq!(positions(&cql::cql!("cql() move legal reverse count == 3"), RETRO), start);
    let reverse = cql::cql!("cql() move legal reverse : message currentmutation");
    let mut moves: Vec<String> = messages(&reverse, RETRO)
        .into_iter()
        .map(|line| line.strip_prefix("game 1, move 1(btm): ").expect("printed at the start").to_owned())
        .collect();
    moves.sort();
    assert_eq!(moves, ["~Ke3f2+", "~Ke3x(N)f2+", "~Pe3x(N)f4+"]);
    // "... will only consider the one move that is the solution".
    assert_eq!(positions(&cql::cql!("cql() move legal reverse count : reachableposition == 1"), RETRO), start);
    let solution = cql::cql!("cql() move legal reverse : {reachableposition message currentmutation}");
    assert_eq!(messages(&solution, RETRO), ["game 1, move 1(btm): ~Pe3x(N)f4+"]);
}
