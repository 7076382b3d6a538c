//! `echo` and `consecutivemoves`: pairs of positions, and what CQL 6.2
//! writes about them: `s`/`t` (the variables' names) at the source and
//! target, `<--target` at the source and `-->source` at the target, `LCA`
//! at their latest common ancestor when it is neither, `id:N` at a position
//! of a variation named in a comment, `x-move[k]`/`y-move[k]` along the
//! longest run of moves two lines share.
//!
//! Every expectation was recorded from CQL 6.2: `cql -o out.pgn q.cql` in a
//! directory holding the game as `g.pgn`, `q.cql` being `cql(input g.pgn
//! ...)` with the header and body quoted above each test. The comments are
//! compared position by position (each game names each position once), as
//! CQL's PGN shows them.

use super::{
    evaluate::{evaluate, names, notes},
    game_tree::{expected, game, one_each, run},
};

/// The position after 2...e5 comes back after 4...Nc6, and in the variation
/// after 2...Nc6; the position after 4.Nf3 is that after 2.e4 in the
/// variation. Each pair's latest common ancestor is the start. Position
/// ids: the main line 0..=8, then 1.Nf3 9, 1...e5 10, 2.e4 11, 2...Nc6 12.
const ECHO: &str = game!("echo", "1. e4 (1. Nf3 e5 2. e4 Nc6) 1... Nc6 2. Nf3 e5 3. Ng1 Nb8 4. Nf3 Nc6");

/// The sources of [`ECHO`]'s repeated positions, in CQL's order.
const REPEATED: [&str; 5] = ["2...e5", "4.Nf3", "4...Nc6", "2.e4", "2...Nc6"];

/// The main line ends with 3.Bc4 Bc5 (id 6). The first variation shares
/// one move with it (e4), the second two in a row (Nf3 Nc6). Ids: 1.d3 7,
/// 1...d6 8, 2.e4 9, 1.Nf3 10, 1...Nc6 11, 2.d3 12.
const CONSECUTIVE: &str =
    game!("consecutive", "1. e4 (1. d3 d6 2. e4) (1. Nf3 Nc6 2. d3) 1... e5 2. Nf3 Nc6 3. Bc4 Bc5");

/// The variation shares two runs of two moves with the main line (Nf3 Nc6
/// and e4 e5), in the other order. 2...e5 in the variation has id 10.
const TIE: &str = game!("tie", "1. e4 (1. Nf3 Nc6 2. e4 e5 3. Bb5 a6) 1... e5 2. Nf3 Nc6 3. Bc4 Bc5");

/// `cql(input g.pgn variations) echo (s t) {#(s ∩ t) == 64 sidetomove ==
/// s:sidetomove}` (`&` for `∩`): a source and a target are the same
/// position with the same side to move.
#[test]
fn echo_pairs_positions_across_the_variations() {
    let (matched, comments) =
        run(&cql::cql!("cql(variations) echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove}"), ECHO);
    assert_eq!(matched, names(&REPEATED));
    let pairs = expected(&[
        ("start", &["LCA"]),
        ("2...e5", &["s", "<--move 5(wtm)", "<--move 3(wtm)[12]", "t", "-->move 5(wtm)", "-->move 3(wtm)[12]"]),
        ("4.Nf3", &["s", "<--move 2(btm)[11]", "t", "-->move 2(btm)[11]"]),
        ("4...Nc6", &["t", "-->move 3(wtm)", "s", "<--move 3(wtm)", "<--move 3(wtm)[12]", "-->move 3(wtm)[12]"]),
        ("2.e4", &["t", "-->move 4(btm)", "id:11", "s", "<--move 4(btm)"]),
        ("2...Nc6", &["t", "-->move 3(wtm)", "id:12", "-->move 5(wtm)", "s", "<--move 3(wtm)", "<--move 5(wtm)"]),
    ]);
    assert_eq!(comments, pairs);
}

/// Without `variations` the targets are the main line's positions only; the
/// notes are named after the variables. `cql(input g.pgn) echo (s t)
/// {...}` and `echo (source target) {#(source ∩ target) == 64 sidetomove
/// == source:sidetomove}`.
#[test]
fn echo_without_variations_and_named_after_its_variables() {
    let (matched, comments) = run(&cql::cql!("cql() echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove}"), ECHO);
    assert_eq!(matched, names(&["2...e5", "4...Nc6"]));
    let pairs = expected(&[
        ("2...e5", &["s", "<--move 5(wtm)", "t", "-->move 5(wtm)"]),
        ("4...Nc6", &["t", "-->move 3(wtm)", "s", "<--move 3(wtm)"]),
    ]);
    assert_eq!(comments, pairs);
    let named = cql::cql!("cql() echo (source target) {#(source ∩ target) == 64  sidetomove == source:sidetomove}");
    let (matched, comments) = run(&named, ECHO);
    assert_eq!(matched, names(&["2...e5", "4...Nc6"]));
    let pairs = expected(&[
        ("2...e5", &["source", "<--move 5(wtm)", "target", "-->move 5(wtm)"]),
        ("4...Nc6", &["target", "-->move 3(wtm)", "source", "<--move 3(wtm)"]),
    ]);
    assert_eq!(comments, pairs);
}

/// `echo quiet` and the header's `quiet` write nothing; the user's
/// comments stay. `cql(input g.pgn variations) echo quiet (s t) {...}`,
/// `cql(input g.pgn variations quiet) echo (s t) {...} comment("e")`.
#[test]
fn quiet_echoes_write_no_notes() {
    let query = cql::cql!("cql(variations) echo quiet (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove}");
    assert_eq!(evaluate(&query, ECHO), (names(&REPEATED), vec![]));
    let query = cql::cql!("cql(variations quiet) echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove}");
    assert_eq!(evaluate(&query, ECHO), (names(&REPEATED), vec![]));
    let query =
        cql::cql!("cql(variations quiet) echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove} comment(\"e\")");
    let (matched, comments) = run(&query, ECHO);
    assert_eq!(matched, names(&REPEATED));
    assert_eq!(comments, REPEATED.iter().map(|at| (at.to_string(), vec!["e".to_owned()])).collect());
}

/// `in all` makes the source a target too: every position matches.
/// `cql(input g.pgn) echo (s t) in all {#(s ∩ t) == 64 sidetomove ==
/// s:sidetomove}`.
#[test]
fn echo_in_all_pairs_each_position_with_itself() {
    let query = cql::cql!("cql() echo (s t) in all {#(s ∩ t) == 64  sidetomove == s:sidetomove}");
    let (matched, comments) = run(&query, ECHO);
    let main = ["start", "1.e4", "1...Nc6", "2.Nf3", "2...e5", "3.Ng1", "3...Nb8", "4.Nf3", "4...Nc6"];
    assert_eq!(matched, names(&main));
    let own = |at: &str| {
        let name = match at {
            "start" => "move 1(wtm)",
            "1.e4" => "move 1(btm)",
            "1...Nc6" => "move 2(wtm)",
            "2.Nf3" => "move 2(btm)",
            "3.Ng1" => "move 3(btm)",
            "3...Nb8" => "move 4(wtm)",
            _ => "move 4(btm)",
        };
        vec!["s".to_owned(), "t".to_owned(), format!("-->{name}"), format!("<--{name}")]
    };
    let mut all: std::collections::BTreeMap<String, Vec<String>> =
        main.iter().map(|at| (at.to_string(), own(at))).collect();
    let repeated = expected(&[
        ("2...e5", &["s", "t", "-->move 3(wtm)", "<--move 3(wtm)", "<--move 5(wtm)", "-->move 5(wtm)"]),
        ("4...Nc6", &["t", "-->move 3(wtm)", "s", "<--move 3(wtm)", "-->move 5(wtm)", "<--move 5(wtm)"]),
    ]);
    all.extend(repeated);
    assert_eq!(comments, all);
}

/// An echo whose body is a number is a number: the largest over the
/// targets; every matching pair is noted. `cql(input g.pgn variations)` and
/// `cql(input g.pgn)` with `x = echo quiet (s t) {#(s ∩ t) == 64
/// sidetomove == s:sidetomove distance(s t)} comment(x)`, and `echo (s t)
/// {... distance(s t)}`.
#[test]
fn a_numeric_echo_is_its_largest_value() {
    let query = cql::cql!(
        "cql(variations) x = echo quiet (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove  distance(s t)} comment(x)"
    );
    let (matched, comments) = run(&query, ECHO);
    assert_eq!(matched, names(&REPEATED));
    let values = [("2...e5", "8"), ("4.Nf3", "10"), ("4...Nc6", "12"), ("2.e4", "10"), ("2...Nc6", "12")];
    assert_eq!(comments, one_each(&values));
    let query =
        cql::cql!("cql() x = echo quiet (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove  distance(s t)} comment(x)");
    let (_, comments) = run(&query, ECHO);
    assert_eq!(comments, expected(&[("2...e5", &["4"]), ("4...Nc6", &["4"])]));
    let numeric = cql::cql!("cql(variations) echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove  distance(s t)}");
    let boolean = cql::cql!("cql(variations) echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove}");
    assert_eq!(run(&numeric, ECHO), run(&boolean, ECHO));
}

/// Sorted, only the notes of the best pair stay (the first reaching the
/// best value). `cql(input g.pgn variations) sort echo (s t) {#(s ∩ t) ==
/// 64 sidetomove == s:sidetomove distance(s t)}`: 4...Nc6 and 2...Nc6, 12
/// moves apart through the start; with `10 - distance(s t)`: 2...e5 and
/// 4...Nc6, the second a descendant of the first (no `LCA`).
#[test]
fn a_sorted_echo_keeps_the_notes_of_its_best_pair() {
    let query =
        cql::cql!("cql(variations) sort echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove  distance(s t)}");
    let (matched, comments) = run(&query, ECHO);
    assert_eq!(matched, names(&REPEATED));
    let best = expected(&[
        ("start", &["LCA"]),
        ("4...Nc6", &["s", "<--move 3(wtm)[12]"]),
        ("2...Nc6", &["t", "-->move 5(wtm)", "id:12"]),
    ]);
    assert_eq!(comments, best);
    let query =
        cql::cql!("cql(variations) sort echo (s t) {#(s ∩ t) == 64  sidetomove == s:sidetomove  10 - distance(s t)}");
    let (matched, comments) = run(&query, ECHO);
    assert_eq!(matched, names(&REPEATED));
    assert_eq!(comments, expected(&[("2...e5", &["s", "<--move 5(wtm)"]), ("4...Nc6", &["t", "-->move 3(wtm)"])]));
}

/// `consecutivemoves (x y)`: the longest run of moves the two lines from
/// their common ancestor share. Only the notes of the game's longest run
/// stay (the first found). `cql(input g.pgn variations) x = position 6 y =
/// ∙ v = consecutivemoves (x y) v > 0 comment(v)`, the same with `(y x)`
/// (the notes follow the variables), with `quiet`, and under the header's
/// `quiet`. (`v > 0` leaves out the positions where cqlc differs, see
/// [`consecutivemoves_fails_where_no_move_is_shared`].)
#[test]
fn consecutivemoves_is_the_longest_run_of_shared_moves() {
    let query = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves (x y)  v > 0  comment(v)");
    let (matched, comments) = run(&query, CONSECUTIVE);
    assert_eq!(matched, names(&SHARING));
    assert_eq!(comments, longest_run());
    let swapped = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves (y x)  v > 0  comment(v)");
    assert_eq!(run(&swapped, CONSECUTIVE), (matched.clone(), longest_run()));
    let values = expected(&[("2.e4", &["1"]), ("1.Nf3", &["1"]), ("1...Nc6", &["2"]), ("2.d3", &["2"])]);
    let quiet = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves quiet (x y)  v > 0  comment(v)");
    assert_eq!(run(&quiet, CONSECUTIVE), (matched.clone(), values.clone()));
    let header =
        cql::cql!("cql(variations quiet) x = position 6  y = ∙  v = consecutivemoves (x y)  v > 0  comment(v)");
    assert_eq!(run(&header, CONSECUTIVE), (matched, values));
}

/// The positions of [`CONSECUTIVE`] whose line shares a move with the main
/// line's.
const SHARING: [&str; 4] = ["2.e4", "1.Nf3", "1...Nc6", "2.d3"];

/// The notes of `x = position 6 y = ∙ v = consecutivemoves (x y)
/// comment(v)` in [`CONSECUTIVE`].
fn longest_run() -> std::collections::BTreeMap<String, Vec<String>> {
    expected(&[
        ("2.Nf3", &["x-move[1]"]),
        ("2...Nc6", &["x-move[2]"]),
        ("2.e4", &["1"]),
        ("1.Nf3", &["1", "y-move[1]"]),
        ("1...Nc6", &["2", "y-move[2]"]),
        ("2.d3", &["2"]),
    ])
}

/// CQL 6.2's `consecutivemoves` fails where the lines share no move, even
/// with a range holding 0: `cql(input g.pgn variations) x = position 6 y
/// = ∙ v = consecutivemoves (x y) comment(v)` matches at the four positions
/// of [`SHARING`] only, with `consecutivemoves 0 1` at 2.e4 and 1.Nf3 (as
/// with `1`), and `sort echo (s t) consecutivemoves (s t)` everywhere but
/// at the start.
#[test]
fn consecutivemoves_fails_where_no_move_is_shared() {
    let query = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves (x y)  comment(v)");
    assert_eq!(run(&query, CONSECUTIVE), (names(&SHARING), longest_run()));
    let one = expected(&[("1.e4", &["x-move[1]"]), ("2.e4", &["1", "y-move[1]"]), ("1.Nf3", &["1"])]);
    let query = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves 0 1 (x y)  comment(v)");
    assert_eq!(run(&query, CONSECUTIVE), (names(&["2.e4", "1.Nf3"]), one));
    let (matched, _) = run(&cql::cql!("cql(variations) sort echo (s t) consecutivemoves 1 100 (s t)"), CONSECUTIVE);
    assert_eq!(matched.len(), 12, "all but the start");
}

/// A range keeps the counts in it, and the notes of the longest run among
/// them. `cql(input g.pgn variations) x = position 6 y = ∙ v =
/// consecutivemoves R (x y) comment(v)` with R `2 10`, `1` and `2 10 quiet`.
#[test]
fn consecutivemoves_with_a_range() {
    let query = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves 2 10 (x y)  comment(v)");
    let (matched, comments) = run(&query, CONSECUTIVE);
    assert_eq!(matched, names(&["1...Nc6", "2.d3"]));
    let longest = expected(&[
        ("2.Nf3", &["x-move[1]"]),
        ("2...Nc6", &["x-move[2]"]),
        ("1.Nf3", &["y-move[1]"]),
        ("1...Nc6", &["2", "y-move[2]"]),
        ("2.d3", &["2"]),
    ]);
    assert_eq!(comments, longest);
    let one = expected(&[("1.e4", &["x-move[1]"]), ("2.e4", &["1", "y-move[1]"]), ("1.Nf3", &["1"])]);
    let query = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves 1 (x y)  comment(v)");
    assert_eq!(run(&query, CONSECUTIVE), (names(&["2.e4", "1.Nf3"]), one));
    let query = cql::cql!("cql(variations) x = position 6  y = ∙  v = consecutivemoves 2 10 quiet (x y)  comment(v)");
    let values = expected(&[("1...Nc6", &["2"]), ("2.d3", &["2"])]);
    assert_eq!(run(&query, CONSECUTIVE), (names(&["1...Nc6", "2.d3"]), values));
}

/// Of two runs as long, the notes mark the one that comes first in the
/// first argument's line. `cql(input g.pgn variations) x = position 6 y =
/// ∙ positionid == 10 v = consecutivemoves (x y) comment(v)` marks e4 e5;
/// with `(y x)`, Nf3 Nc6.
#[test]
fn consecutivemoves_marks_the_first_of_equal_runs_in_its_first_line() {
    let query =
        cql::cql!("cql(variations) x = position 6  y = ∙  positionid == 10  v = consecutivemoves (x y)  comment(v)");
    let in_x = expected(&[
        ("1.e4", &["x-move[1]"]),
        ("1...e5", &["x-move[2]"]),
        ("2.e4", &["y-move[1]"]),
        ("2...e5", &["2", "y-move[2]"]),
    ]);
    assert_eq!(run(&query, TIE), (names(&["2...e5"]), in_x));
    let query =
        cql::cql!("cql(variations) x = position 6  y = ∙  positionid == 10  v = consecutivemoves (y x)  comment(v)");
    let in_y = expected(&[
        ("1.Nf3", &["y-move[1]"]),
        ("1...Nc6", &["y-move[2]"]),
        ("2...e5", &["2"]),
        ("2.Nf3", &["x-move[1]"]),
        ("2...Nc6", &["x-move[2]"]),
    ]);
    assert_eq!(run(&query, TIE), (names(&["2...e5"]), in_y));
}

/// `consecutivemoves` inside `echo`: the echo notes every pair, the
/// consecutivemoves only its longest run, after the echo's notes.
/// `cql(input g.pgn variations) echo (s t) {s < t consecutivemoves 2 10 (s
/// t)}`, and sorted, `sort echo (s t) consecutivemoves 1 100 (s t)`, its
/// notes before the echo's (every position matches but the start).
#[test]
fn consecutivemoves_inside_echo() {
    let (matched, comments) =
        run(&cql::cql!("cql(variations) echo (s t) {s < t  consecutivemoves 2 10 (s t)}"), CONSECUTIVE);
    assert_eq!(matched, names(&["2...Nc6", "3.Bc4", "3...Bc5"]));
    let pairs = expected(&[
        ("start", &["LCA"]),
        ("2.Nf3", &["s-move[1]"]),
        ("2...Nc6", &["s", "<--move 2(wtm)[11]", "<--move 2(btm)[12]", "s-move[2]"]),
        ("3.Bc4", &["s", "<--move 2(wtm)[11]", "<--move 2(btm)[12]"]),
        ("3...Bc5", &["s", "<--move 2(wtm)[11]", "<--move 2(btm)[12]"]),
        ("1.Nf3", &["t-move[1]"]),
        ("1...Nc6", &["t", "-->move 3(wtm)", "id:11", "-->move 3(btm)", "-->move 4(wtm)", "t-move[2]"]),
        ("2.d3", &["t", "-->move 3(wtm)", "id:12", "-->move 3(btm)", "-->move 4(wtm)"]),
    ]);
    assert_eq!(comments, pairs);
    let (matched, comments) =
        run(&cql::cql!("cql(variations) sort echo (s t) consecutivemoves 1 100 (s t)"), CONSECUTIVE);
    assert_eq!(matched.len(), 12, "all but the start");
    let best = expected(&[
        ("start", &["LCA"]),
        ("2.Nf3", &["s-move[1]"]),
        ("2...Nc6", &["s-move[2]", "s", "<--move 2(wtm)[11]"]),
        ("1.Nf3", &["t-move[1]"]),
        ("1...Nc6", &["t-move[2]", "t", "-->move 3(wtm)", "id:11"]),
    ]);
    assert_eq!(comments, best);
}

/// `consecutivemoves` keys a move by its squares and the piece that moves,
/// not by what a pawn promotes to (issue 28, divergence 3). CQL 6.2: `cql(variations) echo (s t)
/// consecutivemoves 3 100 (s t)` matches the first of these games (a8=Q
/// and a8=R are the same move, then Kg6 and Kb2), not the second (Ra1 is
/// not Qa1).
#[test]
fn consecutive_moves_are_the_same_squares_and_the_same_piece() {
    let games = "[Event \"1\"]\n[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n\
                 1. a8=Q (1. a8=R Kg6 2. Kb2) 1... Kg6 2. Kb2 *\n\n\
                 [Event \"2\"]\n[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/8/2K5 w - - 0 1\"]\n\n\
                 1. a8=Q (1. a8=R Kg6 2. Ra1 Kf5 3. Kd2) 1... Kg6 2. Qa1 Kf5 3. Kd2 *\n";
    let query = cql::cql!("cql(variations) echo (s t) consecutivemoves 3 100 (s t)");
    assert_eq!(super::evaluate::matching_games(&query, games), [true, false]);
}

/// The two lines share the king's four moves after 1.h3 and 1.h4.
const KING_WALK: &str =
    "[FEN \"8/7k/8/8/8/8/7P/K7 w - - 0 1\"]\n\n1. h3 (1. h4 Kg6 2. Kb2 Kf5 3. Kc3) 1... Kg6 2. Kb2 Kf5 3. Kc3 *\n";

/// The notes of the game's longest run stay even when the filter that found
/// it fails, and are written if the game matches: `cql(input t3b.pgn
/// variations) {echo quiet (s t) {consecutivemoves 3 100 (s t) false}} or
/// initial` matches at the start only and marks the four moves in both
/// lines; with `consecutivemoves 1 2` the longest run in the range (the
/// first two moves) is marked. Without `or initial` no game matches and
/// nothing is written.
#[test]
fn consecutivemoves_notes_outlive_the_filter_that_failed() {
    let query = cql::cql!("cql(variations) {echo quiet (s t) {consecutivemoves 3 100 (s t) false}} or initial");
    let (matched, comments) = evaluate(&query, KING_WALK);
    assert_eq!(matched, names(&["start"]));
    let run: Vec<(String, String)> = ["1...Kg6", "2.Kb2", "2...Kf5", "3.Kc3"]
        .iter()
        .enumerate()
        .flat_map(|(k, at)| {
            [(at.to_string(), format!("s-move[{}]", k + 1)), (at.to_string(), format!("t-move[{}]", k + 1))]
        })
        .collect();
    assert_eq!(comments, run);
    let query = cql::cql!("cql(variations) {echo quiet (s t) {consecutivemoves 1 2 (s t) false}} or initial");
    let expected = [("1...Kg6", "s-move[1]"), ("1...Kg6", "t-move[1]"), ("2.Kb2", "s-move[2]"), ("2.Kb2", "t-move[2]")];
    assert_eq!(evaluate(&query, KING_WALK).1, notes(&expected));
    let query = cql::cql!("cql(variations) echo quiet (s t) {consecutivemoves 3 100 (s t) false}");
    assert!(evaluate(&query, KING_WALK).0.is_empty());
}
