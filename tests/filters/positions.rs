//! Positions as values and the `:` operator: `parent`, `currentposition`
//! (`∙`), `initialposition`, and `P:F`, which evaluates F at position P
//! (CQL 6.2's documentation: a position filter matches when it names a
//! position, so `parent` fails at the start; a relational filter fails when
//! an operand fails, except `!=`, which is `not ==`).
//!
//! Positions are named by the move that led to them (`2.Qh5+`, `start`).

use super::evaluate::{evaluate, names, positions};

/// Two checks by the white queen, the second answered by a capture:
/// check holds after 2.Qh5+ and after 3.Qxg6+.
const TWO_CHECKS: &str = "[Event \"positions\"]\n\n1.e4 f5 2.Qh5+ g6 3.Qxg6+ hxg6 *\n";

#[test]
fn parent_names_the_position_before_the_current_move() {
    assert_eq!(positions(&cql::cql!("cql() check"), TWO_CHECKS), names(&["2.Qh5+", "3.Qxg6+"]));
    assert_eq!(positions(&cql::cql!("cql() parent:check"), TWO_CHECKS), names(&["2...g6", "3...hxg6"]));
    // `:` groups to the right: two moves back.
    assert_eq!(positions(&cql::cql!("cql() parent:parent:check"), TWO_CHECKS), names(&["3.Qxg6+"]));
    // A position filter matches where it names a position: everywhere but the start.
    assert_eq!(positions(&cql::cql!("cql() parent"), TWO_CHECKS), all_positions()[1..]);
}

#[test]
fn the_current_and_initial_positions() {
    assert_eq!(positions(&cql::cql!("cql() ∙:check"), TWO_CHECKS), names(&["2.Qh5+", "3.Qxg6+"]));
    assert_eq!(positions(&cql::cql!("cql() currentposition:check"), TWO_CHECKS), names(&["2.Qh5+", "3.Qxg6+"]));
    // Sixteen black pieces at the start, fifteen where the pawn has gone.
    let fewer = positions(&cql::cql!("cql() #▲ < initialposition:#▲"), TWO_CHECKS);
    assert_eq!(fewer, names(&["3.Qxg6+", "3...hxg6"]));
}

/// Every position of [`TWO_CHECKS`].
fn all_positions() -> Vec<String> {
    names(&["start", "1.e4", "1...f5", "2.Qh5+", "2...g6", "3.Qxg6+", "3...hxg6"])
}

/// relationaloperator.html: at the initial position `5 == parent:#△` fails
/// (an operand has no value) but `5 != parent:#△` matches.
#[test]
fn a_comparison_with_a_missing_position_fails_except_not_equal() {
    // White loses a piece only at 3...hxg6.
    assert_eq!(positions(&cql::cql!("cql() #△ < parent:#△"), TWO_CHECKS), names(&["3...hxg6"]));
    // White has 16 pieces up to 3.Qxg6+: the parent's count differs from 16 nowhere.
    assert_eq!(positions(&cql::cql!("cql() 16 != parent:#△"), TWO_CHECKS), names(&["start"]));
    assert_eq!(positions(&cql::cql!("cql() 15 != parent:#△"), TWO_CHECKS), all_positions());
    assert!(positions(&cql::cql!("cql() 16 == parent:#△ 5 > parent:#△"), TWO_CHECKS).is_empty());
}

/// A piece variable holds a piece, not a square: at another position it is
/// where that piece stood there. `parent:King ∩ ~King` is
/// `(parent:King) ∩ (~King)`.
#[test]
fn a_piece_variable_read_at_another_position_is_where_the_piece_was() {
    let game = "[Event \"king walk\"]\n\n1.e4 e5 2.Ke2 Ke7 3.Kd3 Nc6 4.Nc3 *\n";
    let moved = cql::cql!("cql() piece King = ♔ parent:King ∩ ~King");
    assert_eq!(positions(&moved, game), names(&["2.Ke2", "3.Kd3"]));
}

/// Comments written through `:` stand at the position named, and a comment
/// prints a position as CQL names positions in its own notes.
#[test]
fn comments_through_a_colon_go_to_the_position_named() {
    let (matched, comments) =
        evaluate(&cql::cql!("cql() check parent:comment(\"before \" ∙ \" and after \" parent)"), TWO_CHECKS);
    assert_eq!(matched, names(&["2.Qh5+", "3.Qxg6+"]));
    let expected = [
        ("1...f5".to_owned(), "before move 2(wtm) and after move 1(btm)".to_owned()),
        ("2...g6".to_owned(), "before move 3(wtm) and after move 2(btm)".to_owned()),
    ];
    assert_eq!(comments, expected);
}

/// A comment names a position as CQL's notes do, numbering moves from 1 at
/// the game's start whatever its `[FEN]` says. Recorded from CQL 6.2: `cql
/// -i b28.pgn -o out.pgn q.cql` with `q.cql` `cql() comment(currentposition)`.
#[test]
fn a_position_is_named_by_its_move_number_from_the_start() {
    let game = "[Event \"b28\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 28\"]\n\n28... Kd8 29. Ra2 Kc8 30. Ra3 *\n";
    let (_, comments) = evaluate(&cql::cql!("cql() comment(∙)"), game);
    let expected = [
        ("start", "move 1(btm)"),
        ("28...Kd8", "move 2(wtm)"),
        ("29.Ra2", "move 2(btm)"),
        ("29...Kc8", "move 3(wtm)"),
        ("30.Ra3", "move 3(btm)"),
    ];
    assert_eq!(comments, expected.map(|(at, text)| (at.to_owned(), text.to_owned())));
}

/// A position variable holds a position of the game: assigned where its
/// value has one, read with `:` and printed in comments.
#[test]
fn position_variables_hold_positions() {
    let before = cql::cql!("cql() Before = parent Before:check comment(\"after \" Before)");
    let (matched, comments) = evaluate(&before, TWO_CHECKS);
    assert_eq!(matched, names(&["2...g6", "3...hxg6"]));
    let expected = [
        ("2...g6".to_owned(), "after move 2(btm)".to_owned()),
        ("3...hxg6".to_owned(), "after move 3(btm)".to_owned()),
    ];
    assert_eq!(comments, expected);
    // Variables keep their value from one position to the next; unbound,
    // a position variable names no position.
    let since_check = cql::cql!("cql() {check Seen = ∙ false} or Seen:check");
    assert_eq!(positions(&since_check, TWO_CHECKS), all_positions()[3..]);
    let error = cqlc::compile("cql() x = ∙ x = 3").unwrap_err();
    assert_eq!(error.message(), "'x' holds a position, so it cannot be given a number");
}

/// Positions compare as CQL numbers them: in game order, the main
/// continuation's whole subtree before a variation. `!=` holds where an
/// operand names no position; the others fail there.
#[test]
fn positions_compare_in_game_order() {
    assert_eq!(positions(&cql::cql!("cql() parent == parent"), TWO_CHECKS), all_positions()[1..]);
    assert_eq!(positions(&cql::cql!("cql() ∙ != parent"), TWO_CHECKS), all_positions());
    assert_eq!(positions(&cql::cql!("cql() ∙ > parent ∙ >= parent"), TWO_CHECKS), all_positions()[1..]);
    assert!(positions(&cql::cql!("cql() ∙ < parent or ∙ == parent"), TWO_CHECKS).is_empty());
    // 1.d4 comes after 1...e5, the end of the main line, in game order.
    let game = "[Event \"order\"]\n\n1.e4 (1.d4) 1...e5 *\n";
    let after_main = cql::cql!("cql(variations) {mainline Main = ∙ false} or ∙ > Main");
    assert_eq!(positions(&after_main, game), names(&["1.d4"]));
}

#[test]
fn the_left_side_of_a_colon_must_be_a_position() {
    let error = cqlc::compile("cql() check:wtm").unwrap_err();
    assert_eq!(error.message(), "the left side of ':' must be a position, but 'check' is true or false");
    assert_eq!(error.span, 6..11);
}

/// `P ∩ Q` of two positions is the squares where both have the same piece or
/// are both empty. `cql -i short.pgn -o out.pgn q.cql`, the game below:
/// `#(initialposition & currentposition) == 62` matches after 1.e4 (e2 and
/// e4 differ).
#[test]
fn two_positions_intersect_in_the_squares_they_share() {
    let game = "[Event \"short\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O Qd6 *\n";
    let same = cql::cql!("cql() #(initialposition ∩ currentposition) == 62");
    assert_eq!(positions(&same, game), names(&["1.e4"]));
}
