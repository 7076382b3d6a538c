//! Games played by their `[Variant]` tag's rules, one game per variant
//! built for a rule that standard chess does not have: a move legal there
//! and illegal in standard chess, or the reverse. And CQLi's variant filters
//! (`variant`, `variantwin`, `variantloss`, `variantdraw`, `variantend`)
//! and the `drop` parameter of the move filter.

use super::evaluate::positions;

/// The tags of a game of `variant`, from `fen` if given.
fn game(variant: &str, fen: Option<&str>, moves: &str) -> String {
    let fen = fen.map_or(String::new(), |fen| format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    format!("[Event \"{variant}\"]\n[Variant \"{variant}\"]\n{fen}\n{moves}\n")
}

/// Names of positions.
fn at(names: &[&str]) -> Vec<String> {
    names.iter().map(|&name| name.to_owned()).collect()
}

#[test]
fn crazyhouse_drops_captured_pieces_and_move_drop_finds_them() {
    // White took a pawn with 2.exd5 and drops it on e6 (unreadable in standard chess).
    let zh = game("Crazyhouse", None, "1.e4 d5 2.exd5 Qxd5 3.Nc3 Qd8 4.P@e6 fxe6 *");
    assert_eq!(positions(&cql::cql!("cql() move count == 0"), &zh), at(&["4...fxe6"]), "read to the end");
    assert_eq!(positions(&cql::cql!("cql() move drop P to e6"), &zh), at(&["3...Qd8"]));
    assert_eq!(positions(&cql::cql!("cql() move previous drop A"), &zh), at(&["4.@e6"]));
    // After 2...Qxd5 (and 3...Qd8) White may drop its pawn on any of the 33
    // empty squares of ranks 2 to 7.
    assert_eq!(positions(&cql::cql!("cql() move legal drop A count == 33"), &zh), at(&["2...Qxd5", "3...Qd8"]));
    assert!(positions(&cql::cql!("cql() move legal drop N"), &zh).is_empty(), "no knight in hand");
    // A drop has no from square: `from .` leaves it out, of counts too
    // (where a pawn in hand may drop on the empty e6).
    let drops_on_e6 = cql::cql!("cql() (move legal to e6 count) - (move legal from . to e6 count) == 1");
    assert_eq!(positions(&drops_on_e6, &zh), at(&["2...Qxd5", "3.Nc3", "3...Qd8"]));
    assert_eq!(positions(&cql::cql!("cql() move previous to e6 from ."), &zh), at(&["4...fxe6"]));
    assert_eq!(positions(&cql::cql!("cql() move previous to e6"), &zh), at(&["4.@e6", "4...fxe6"]));
    assert_eq!(positions(&cql::cql!("cql() variant == \"Crazyhouse\" initial"), &zh), at(&["start"]));
}

#[test]
fn atomic_explosions_remove_neighbours_which_are_not_captured() {
    // 1.Qxd5 explodes the queen, the knight and the bishop on e6; then the
    // kings walk side by side, which only Atomic allows (4.Kf4 beside Kf5).
    let fen = "4k3/7p/4b3/3n4/8/8/8/3QK3 w - - 0 1";
    let atomic = game("Atomic", Some(fen), "1.Qxd5 Kf7 2.Kf2 Kf6 3.Kf3 Kf5 4.Kf4 *");
    assert_eq!(positions(&cql::cql!("cql() move count == 0"), &atomic), at(&["4.Kf4"]));
    assert_eq!(positions(&cql::cql!("cql() move previous capture ."), &atomic), at(&["1.Qxd5"]));
    assert!(positions(&cql::cql!("cql() move previous capture e6"), &atomic).is_empty(), "exploded, not captured");
    assert_eq!(positions(&cql::cql!("cql() btm [QNBnb] == 0"), &atomic), at(&["1.Qxd5", "2.Kf2", "3.Kf3", "4.Kf4"]));
    assert_eq!(positions(&cql::cql!("cql() ♔ attacks ♚"), &atomic), at(&["4.Kf4"]));
}

#[test]
fn antichess_captures_are_compulsory() {
    // After 1...b5 standard chess has 30 moves; Antichess only 2.Bxb5 (and
    // after 2...c6 only 3.Bxc6).
    let giveaway = game("Antichess", None, "1.e3 b5 2.Bxb5 c6 *");
    assert_eq!(positions(&cql::cql!("cql() move legal count == 1"), &giveaway), at(&["1...b5", "2...c6"]));
    assert_eq!(positions(&cql::cql!("cql() variant == \"Giveaway\" initial"), &giveaway), at(&["start"]));
}

#[test]
fn horde_starts_with_36_pawns_and_no_white_king() {
    // 1.e5 is a push from e4, where the horde's pawns stand.
    let horde = game("Horde", None, "1.e5 d6 2.exd6 cxd6 *");
    assert_eq!(positions(&cql::cql!("cql() #P == 36 not ♔"), &horde), at(&["start", "1.e5", "1...d6", "2.exd6"]));
    assert_eq!(positions(&cql::cql!("cql() #P == 35"), &horde), at(&["2...cxd6"]));
}

#[test]
fn a_king_on_the_hill_ends_the_game() {
    let koth = game("King of the Hill", None, "1.d3 e6 2.Kd2 Ke7 3.Ke3 Kf6 4.Ke4 1-0");
    assert_eq!(positions(&cql::cql!("cql() variantend"), &koth), at(&["4.Ke4#"]));
    assert_eq!(positions(&cql::cql!("cql() variantloss"), &koth), at(&["4.Ke4#"]));
    assert!(positions(&cql::cql!("cql() variantwin or variantdraw"), &koth).is_empty());
    // Standard chess would go on; here no move is legal.
    assert_eq!(positions(&cql::cql!("cql() move legal count == 0"), &koth), at(&["4.Ke4#"]));
}

#[test]
fn racing_kings_forbid_checks_and_end_on_the_eighth_rank() {
    // Ra1 and Rb6 would check the king on a6.
    let racing = game("Racing Kings", Some("8/6K1/k7/8/8/8/8/1R6 w - - 0 1"), "1.Kg8 1-0");
    assert_eq!(positions(&cql::cql!("cql() wtm move legal from R to [a1,b6] count == 0"), &racing), at(&["start"]));
    assert_eq!(positions(&cql::cql!("cql() variantloss"), &racing), at(&["1.Kg8#"]));
    let standard = "[Event \"standard\"]\n[FEN \"8/6K1/k7/8/8/8/8/1R6 w - - 0 1\"]\n\n1.Kg8 *\n";
    assert_eq!(positions(&cql::cql!("cql() move legal from R to [a1,b6] count == 2"), standard), at(&["start"]));
    assert!(positions(&cql::cql!("cql() variantend"), standard).is_empty());
}

#[test]
fn the_third_check_ends_a_three_check_game() {
    let three = game("Three-check", None, "1.e4 e5 2.Qh5 Nc6 3.Qxf7+ Kxf7 4.Bc4+ d5 5.Bxd5+ 1-0");
    assert_eq!(positions(&cql::cql!("cql() variantend"), &three), at(&["5.Bxd5#"]));
    assert_eq!(positions(&cql::cql!("cql() check not variantend"), &three), at(&["3.Qxf7+", "4.Bc4+"]));
    assert_eq!(positions(&cql::cql!("cql() move legal count == 0"), &three), at(&["5.Bxd5#"]));
}

#[test]
fn each_game_of_a_file_has_its_own_rules() {
    let standard = "[Event \"standard\"]\n\n1.e4 d5 2.exd5 *\n";
    let zh = game("Crazyhouse", None, "1.e4 d5 2.exd5 Qxd5 3.P@d4 *");
    let mixed = format!("{standard}\n{zh}\n{standard}");
    let names = cql::cql!("cql() move count == 0");
    assert_eq!(positions(&names, &mixed), at(&["2.exd5", "3.@d4", "2.exd5"]));
    assert_eq!(positions(&cql::cql!("cql() variant == \"Standard\" initial"), &mixed), at(&["start", "start"]));
}
