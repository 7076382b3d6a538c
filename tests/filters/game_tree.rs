//! The game tree: `find` (forward, `<--`, `all`, ranges, `quiet`), the
//! numbers of a position (`ply`, `depth`, `movenumber`, `positionid`,
//! `sidetomove`), `terminal`, `try`, `virtualmainline`, `child`,
//! `child(N)`, `position N`, the relations `ancestor`, `descendant`, `≺ ≼ ≻
//! ≽` (`[<] [<=] [>] [>=]`), `lca`, `distance`, and `P:not F`.
//!
//! Every expectation was recorded from CQL 6.2: `cql -o out.pgn q.cql` in a
//! directory holding the game as `g.pgn`, `q.cql` being `cql(input g.pgn
//! ...)` with the header and body quoted above each test. Without
//! `variations` CQL 6.2 sees the main line only: the positions of the
//! variations are not searched, numbered nor reached. The games name each
//! position once, so that the comments can be compared position by position
//! ([`at_positions`]): CQL's PGN shows what stands at each position, not in
//! which order positions were written to.

use std::collections::BTreeMap;

use super::evaluate::{evaluate, names, notes, positions};

/// A game with tags; the moves, then `*`.
macro_rules! game {
    ($event:literal, $moves:literal) => {
        concat!(
            "[Event \"",
            $event,
            "\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n",
            "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n",
            $moves,
            " *\n"
        )
    };
}
pub(super) use game;

/// A white knight reaches f3 twice: in the main line at move 3 (leaving
/// with 4.Ng5) and in a variation at move 2. Position ids: the main line
/// 0..=8, then 1...c5 9, 2.Nf3 10, 2...d6 11.
const FIND: &str = game!("find", "1. e4 e5 (1... c5 2. Nf3 d6) 2. Nc3 Nc6 3. Nf3 Nf6 4. Ng5 d5");

/// The example of CQL's gametree page (its `1...d5` after 1.Nf3 made
/// `1...c5`, to name each position once). Position ids: start 0, 1.e4 1,
/// 1...e5 2, 2.d4 3, 1.d4 4, 1...Nf6 5, 1...d5 6, 2.c4 7, 1.Nf3 8, 1...c5 9.
const TREE: &str = game!("tree", "1. e4 (1. d4 Nf6 (1... d5 2. c4)) (1. Nf3 c5) 1... e5 2. d4");

/// The example of CQL's virtualmainline page (its last `d6` made `Nc6`):
/// variations begun by White (1.d4, 2.f4) and by Black (1...e5).
const VIRTUAL: &str = game!("virtual", "1. e4 (1. d4 d5) 1... c5 (1... e5 2. Nf3 (2. f4 d6) 2... Nc6)");

/// 2.Nf3 after 1.d4 d5 is the second secondary White move on its path.
const TRY: &str = game!("try", "1. e4 (1. d4 d5 2. c4 (2. Nf3)) 1... e5 (1... c5 2. Nf3)");

/// Checks: 3.Qxe5# in a variation, 4.Qxf7# at the end of the main line.
const CHECKS: &str = game!("checks", "1. e4 e5 2. Qh5 Nc6 (2... Ke7 3. Qxe5+) 3. Bc4 Nf6 4. Qxf7#");

/// The positions of [`FIND`] in the order CQL 6.2 numbers them.
const FIND_ALL: [&str; 12] =
    ["start", "1.e4", "1...e5", "2.Nc3", "2...Nc6", "3.Nf3", "3...Nf6", "4.Ng5", "4...d5", "1...c5", "2.Nf3", "2...d6"];

/// The positions of [`FIND`] from which a knight on f3 is reached.
const FORWARD: [&str; 10] =
    ["start", "1.e4", "1...e5", "2.Nc3", "2...Nc6", "3.Nf3", "3...Nf6", "1...c5", "2.Nf3", "2...d6"];

/// The comments of [`evaluate`], position by position, each position's
/// texts in the order they stand there.
pub(super) fn at_positions(comments: Vec<(String, String)>) -> BTreeMap<String, Vec<String>> {
    let mut at: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (position, text) in comments {
        at.entry(position).or_default().push(text);
    }
    at
}

/// Expected comments, position by position, as [`at_positions`] gives them.
pub(super) fn expected(at: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
    at.iter().map(|(position, texts)| (position.to_string(), texts.iter().map(|t| t.to_string()).collect())).collect()
}

/// Expected comments, one at each position.
pub(super) fn one_each(at: &[(&str, &str)]) -> BTreeMap<String, Vec<String>> {
    at.iter().map(|(position, text)| (position.to_string(), vec![text.to_string()])).collect()
}

/// The positions matched and the comments written, position by position.
pub(super) fn run(query: &dyn cql::Query, pgn: &str) -> (Vec<String>, BTreeMap<String, Vec<String>>) {
    let (matched, comments) = evaluate(query, pgn);
    (matched, at_positions(comments))
}

/// `cql(input g.pgn variations) find ♘f3`, and the same without
/// `variations`: each position from which a knight on f3 is reached (the
/// current position included) matches; `Found` stands at the positions
/// found. Without `variations` the variation is not followed.
#[test]
fn find_searches_forward_from_the_current_position() {
    let (matched, comments) = run(&cql::cql!("cql(variations) find ♘f3"), FIND);
    let found =
        expected(&[("2.Nf3", &["Found"]), ("2...d6", &["Found"]), ("3.Nf3", &["Found"]), ("3...Nf6", &["Found"])]);
    assert_eq!(matched, names(&FORWARD));
    assert_eq!(comments, found);
    let (matched, comments) = run(&cql::cql!("cql() find ♘f3"), FIND);
    assert_eq!(matched, names(&FIND_ALL[..7]));
    assert_eq!(comments, expected(&[("3.Nf3", &["Found"]), ("3...Nf6", &["Found"])]));
}

/// The value of `find` is the first position found, in CQL's order (the
/// main continuation's whole subtree first): from the start that is 3.Nf3,
/// not the nearer 2.Nf3. `cql(input g.pgn variations) initial x = find ♘f3
/// x:comment("here")` writes `Found here` at 3.Nf3; `initial comment(find
/// quiet ♘f3)` writes `move 3(btm)` at the start; `x = find ♘f3
/// x:comment("here")` writes `here` after `Found` at the four knights.
#[test]
fn the_value_of_find_is_the_first_position_found() {
    let (matched, comments) = run(&cql::cql!("cql(variations) initial x = find ♘f3  x:comment(\"here\")"), FIND);
    assert_eq!(matched, names(&["start"]));
    assert_eq!(comments, expected(&[("3.Nf3", &["Found", "here"])]));
    let (_, comments) = run(&cql::cql!("cql(variations) initial comment(find quiet ♘f3)"), FIND);
    assert_eq!(comments, expected(&[("start", &["move 3(btm)"])]));
    let (matched, comments) = run(&cql::cql!("cql(variations) x = find ♘f3  x:comment(\"here\")"), FIND);
    assert_eq!(matched.len(), 10);
    let here = expected(&[
        ("2.Nf3", &["Found", "here"]),
        ("2...d6", &["Found", "here"]),
        ("3.Nf3", &["Found", "here"]),
        ("3...Nf6", &["Found", "here"]),
    ]);
    assert_eq!(comments, here);
}

/// `find <--` searches the current position, then its ancestors.
/// `cql(input g.pgn variations) x = find <-- ♘f3 comment(x)`: a position
/// in a variation is printed with its id, and gets an `id:N` note.
#[test]
fn find_backward_searches_the_current_position_then_its_ancestors() {
    let back = ["3.Nf3", "3...Nf6", "4.Ng5", "4...d5", "2.Nf3", "2...d6"];
    assert_eq!(positions(&cql::cql!("cql(variations) find <-- ♘f3"), FIND), names(&back));
    assert_eq!(positions(&cql::cql!("cql() find <-- ♘f3"), FIND), names(&back[..4]));
    let (matched, comments) = run(&cql::cql!("cql(variations) x = find <-- ♘f3 comment(x)"), FIND);
    assert_eq!(matched, names(&back));
    let printed = expected(&[
        ("2.Nf3", &["Found", "id:10", "move 2(btm)[10]"]),
        ("2...d6", &["Found", "id:11", "move 3(wtm)[11]"]),
        ("3.Nf3", &["Found", "move 3(btm)"]),
        ("3...Nf6", &["Found", "move 4(wtm)"]),
        ("4.Ng5", &["move 4(wtm)"]),
        ("4...d5", &["move 4(wtm)"]),
    ]);
    assert_eq!(comments, printed);
}

/// `find all` counts the positions found and notes each `Found k of n`.
/// `cql(input g.pgn variations) find all ♘f3`, without `variations`, and
/// `find <-- all ♘f3` (also written `find all <-- ♘f3`).
#[test]
fn find_all_counts_and_numbers_what_it_found() {
    let (matched, comments) = run(&cql::cql!("cql(variations) find all ♘f3"), FIND);
    assert_eq!(matched, names(&FORWARD));
    let counted = expected(&[
        ("2.Nf3", &["Found 3 of 4", "Found 1 of 2"]),
        ("2...d6", &["Found 4 of 4", "Found 2 of 2", "Found 1 of 1"]),
        ("3.Nf3", &["Found 1 of 4", "Found 1 of 2"]),
        ("3...Nf6", &["Found 2 of 4", "Found 2 of 2", "Found 1 of 1"]),
    ]);
    assert_eq!(comments, counted);
    let (matched, comments) = run(&cql::cql!("cql() find all ♘f3"), FIND);
    assert_eq!(matched, names(&FIND_ALL[..7]));
    assert_eq!(comments, expected(&[("3.Nf3", &["Found 1 of 2"]), ("3...Nf6", &["Found 2 of 2", "Found 1 of 1"])]));
    let back = expected(&[
        ("2.Nf3", &["Found 1 of 1", "Found 2 of 2"]),
        ("2...d6", &["Found 1 of 2"]),
        ("3.Nf3", &["Found 1 of 1", "Found 2 of 2"]),
        ("3...Nf6", &["Found 1 of 2"]),
    ]);
    let matched_back = names(&["3.Nf3", "3...Nf6", "4.Ng5", "4...d5", "2.Nf3", "2...d6"]);
    assert_eq!(run(&cql::cql!("cql(variations) find <-- all ♘f3"), FIND), (matched_back.clone(), back.clone()));
    assert_eq!(run(&cql::cql!("cql(variations) find all <-- ♘f3"), FIND), (matched_back, back));
}

/// A range bounds the count; one number means exactly that many; a count
/// of 0 in the range still matches, with the count as value.
/// `cql(input g.pgn variations)` with `find 2 ♘f3`, `find 1 3 ♘f3`, `find
/// 0 1 ♘f3` and `x = find 0 1000 ♘f3 comment(x)`; `find 2 ♘f3` without
/// `variations`. `find 2 3 all ♘f3` is a syntax error.
#[test]
fn find_with_a_range_matches_where_the_count_is_in_it() {
    let (matched, comments) = run(&cql::cql!("cql(variations) find 2 ♘f3"), FIND);
    assert_eq!(matched, names(&["1...e5", "2.Nc3", "2...Nc6", "3.Nf3", "1...c5", "2.Nf3"]));
    let two = expected(&[
        ("2.Nf3", &["Found 1 of 2"]),
        ("2...d6", &["Found 2 of 2"]),
        ("3.Nf3", &["Found 1 of 2"]),
        ("3...Nf6", &["Found 2 of 2"]),
    ]);
    assert_eq!(comments, two);
    // Without variations the start sees two knights too.
    assert_eq!(positions(&cql::cql!("cql() find 2 ♘f3"), FIND), names(&FIND_ALL[..6]));
    let one_to_three = names(&["1...e5", "2.Nc3", "2...Nc6", "3.Nf3", "3...Nf6", "1...c5", "2.Nf3", "2...d6"]);
    assert_eq!(positions(&cql::cql!("cql(variations) find 1 3 ♘f3"), FIND), one_to_three);
    let (matched, comments) = run(&cql::cql!("cql(variations) find 0 1 ♘f3"), FIND);
    assert_eq!(matched, names(&["3...Nf6", "4.Ng5", "4...d5", "2...d6"]));
    assert_eq!(comments, expected(&[("2...d6", &["Found 1 of 1"]), ("3...Nf6", &["Found 1 of 1"])]));
    let (matched, comments) = run(&cql::cql!("cql(variations) x = find 0 1000 ♘f3 comment(x)"), FIND);
    assert_eq!(matched, names(&FIND_ALL));
    let values = expected(&[
        ("start", &["4"]),
        ("1.e4", &["4"]),
        ("1...e5", &["2"]),
        ("2.Nc3", &["2"]),
        ("2...Nc6", &["2"]),
        ("3.Nf3", &["Found 1 of 4", "Found 1 of 2", "2"]),
        ("3...Nf6", &["Found 2 of 4", "Found 2 of 2", "Found 1 of 1", "1"]),
        ("4.Ng5", &["0"]),
        ("4...d5", &["0"]),
        ("1...c5", &["2"]),
        ("2.Nf3", &["Found 3 of 4", "Found 1 of 2", "2"]),
        ("2...d6", &["Found 4 of 4", "Found 2 of 2", "Found 1 of 1", "1"]),
    ]);
    assert_eq!(comments, values);
    assert!(cqlc::compile("cql() find 2 3 all ♘f3").is_err());
}

/// `find quiet` writes no notes, nor does any `find` under the header's
/// `quiet`, which leaves the user's comments. `cql(input g.pgn variations)`
/// with `find quiet ♘f3`, `find quiet all ♘f3`, `find quiet <-- all ♘f3`;
/// `cql(input g.pgn variations quiet)` with `find all ♘f3 comment("m")`
/// and `x = find ♘f3 x:comment("here")`.
#[test]
fn quiet_finds_write_no_notes() {
    let forward = names(&FORWARD);
    assert_eq!(evaluate(&cql::cql!("cql(variations) find quiet ♘f3"), FIND), (forward.clone(), vec![]));
    assert_eq!(evaluate(&cql::cql!("cql(variations) find quiet all ♘f3"), FIND), (forward.clone(), vec![]));
    let back = names(&["3.Nf3", "3...Nf6", "4.Ng5", "4...d5", "2.Nf3", "2...d6"]);
    assert_eq!(evaluate(&cql::cql!("cql(variations) find quiet <-- all ♘f3"), FIND), (back, vec![]));
    let (matched, comments) = run(&cql::cql!("cql(variations quiet) find all ♘f3 comment(\"m\")"), FIND);
    assert_eq!(matched, forward);
    assert_eq!(comments, forward.iter().map(|at| (at.clone(), vec!["m".to_owned()])).collect());
    let (_, comments) = run(&cql::cql!("cql(variations quiet) x = find ♘f3  x:comment(\"here\")"), FIND);
    let here = expected(&[("2.Nf3", &["here"]), ("2...d6", &["here"]), ("3.Nf3", &["here"]), ("3...Nf6", &["here"])]);
    assert_eq!(comments, here);
}

/// The target's own comments stay where it matched, and `find <-- 2` is
/// exactly two, backward. `cql(input g.pgn variations)` with `find all
/// {comment("v") ♘f3}` and `find <-- 2 ♘f3`.
#[test]
fn find_keeps_the_comments_of_the_positions_found() {
    let (_, comments) = run(&cql::cql!("cql(variations) find all {comment(\"v\") ♘f3}"), FIND);
    let found = expected(&[
        ("2.Nf3", &["v", "Found 3 of 4", "Found 1 of 2"]),
        ("2...d6", &["v", "Found 4 of 4", "Found 2 of 2", "Found 1 of 1"]),
        ("3.Nf3", &["v", "Found 1 of 4", "Found 1 of 2"]),
        ("3...Nf6", &["v", "Found 2 of 4", "Found 2 of 2", "Found 1 of 1"]),
    ]);
    assert_eq!(comments, found);
    let (matched, comments) = run(&cql::cql!("cql(variations) find <-- 2 ♘f3"), FIND);
    assert_eq!(matched, names(&["3...Nf6", "4.Ng5", "4...d5", "2...d6"]));
    let two =
        [("2.Nf3", "Found 2 of 2"), ("2...d6", "Found 1 of 2"), ("3.Nf3", "Found 2 of 2"), ("3...Nf6", "Found 1 of 2")];
    assert_eq!(comments, one_each(&two));
}

/// The examples of CQL's find page, in [`CHECKS`]: `cql(input g.pgn
/// variations) find check` and `x = 1 + find all check comment(x)`.
#[test]
fn the_examples_of_the_find_page() {
    let (matched, comments) = run(&cql::cql!("cql(variations) find check"), CHECKS);
    assert_eq!(matched.len(), 10);
    assert_eq!(comments, expected(&[("3.Qxe5#", &["Found"]), ("4.Qxf7#", &["Found"])]));
    let (_, comments) = run(&cql::cql!("cql(variations) x = 1 + find all check  comment(x)"), CHECKS);
    let mut counts = one_each(&[("start", "3"), ("1.e4", "3"), ("1...e5", "3"), ("2.Qh5", "3"), ("2...Nc6", "2")]);
    counts.extend(one_each(&[("3.Bc4", "2"), ("3...Nf6", "2"), ("2...Ke7", "2")]));
    counts.extend(expected(&[
        ("3.Qxe5#", &["Found 2 of 2", "Found 1 of 1", "2"]),
        ("4.Qxf7#", &["Found 1 of 2", "Found 1 of 1", "2"]),
    ]));
    assert_eq!(comments, counts);
}

/// Move numbers count from 1 at the game's start, whatever its FEN says.
/// `cql(input g.pgn) comment(movenumber " " ply " " sidetomove)`.
#[test]
fn move_numbers_count_from_the_start_of_the_game() {
    let game = "[Event \"b28\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n\
                [Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 28\"]\n\n28... Kd8 29. Ra2 Kc8 30. Ra3 *\n";
    let (_, comments) = run(&cql::cql!("cql() comment(movenumber \" \" ply \" \" sidetomove)"), game);
    let numbers =
        [("start", "1 0 -1"), ("28...Kd8", "2 1 1"), ("29.Ra2", "2 2 -1"), ("29...Kc8", "3 3 1"), ("30.Ra3", "3 4 -1")];
    assert_eq!(comments, one_each(&numbers));
}

/// `cql(input g.pgn variations) comment(ply " " depth " " movenumber " "
/// positionid " " sidetomove)`, and the same without `variations` (the
/// main line only is numbered).
#[test]
fn the_numbers_of_a_position() {
    let query =
        cql::cql!("cql(variations) comment(ply \" \" depth \" \" movenumber \" \" positionid \" \" sidetomove)");
    let (_, comments) = run(&query, VIRTUAL);
    let numbers = expected(&[
        ("start", &["0 0 1 0 1"]),
        ("1.e4", &["1 0 1 1 -1"]),
        ("1...c5", &["2 0 2 2 1"]),
        ("1...e5", &["2 1 2 3 1"]),
        ("2.Nf3", &["3 1 2 4 -1"]),
        ("2...Nc6", &["4 1 3 5 1"]),
        ("2.f4", &["3 2 2 6 -1"]),
        ("2...d6", &["4 2 3 7 1"]),
        ("1.d4", &["1 1 1 8 -1"]),
        ("1...d5", &["2 1 2 9 1"]),
    ]);
    assert_eq!(comments, numbers);
    let query = cql::cql!("cql() comment(ply \" \" depth \" \" movenumber \" \" positionid \" \" sidetomove)");
    let (_, comments) = run(&query, VIRTUAL);
    let main = expected(&[("start", &["0 0 1 0 1"]), ("1.e4", &["1 0 1 1 -1"]), ("1...c5", &["2 0 2 2 1"])]);
    assert_eq!(comments, main);
}

/// `cql(input g.pgn variations)` with `virtualmainline` (the positions
/// reached by primary White moves and any Black moves), `terminal`, and
/// both without `variations`.
#[test]
fn virtualmainline_and_terminal() {
    let virtual_main = names(&["start", "1.e4", "1...c5", "1...e5", "2.Nf3", "2...Nc6"]);
    assert_eq!(positions(&cql::cql!("cql(variations) virtualmainline"), VIRTUAL), virtual_main);
    let rest = names(&["2.f4", "2...d6", "1.d4", "1...d5"]);
    assert_eq!(positions(&cql::cql!("cql(variations) not virtualmainline"), VIRTUAL), rest);
    let ends = names(&["1...c5", "2...Nc6", "2...d6", "1...d5"]);
    assert_eq!(positions(&cql::cql!("cql(variations) terminal"), VIRTUAL), ends);
    assert_eq!(positions(&cql::cql!("cql() virtualmainline"), VIRTUAL), names(&["start", "1.e4", "1...c5"]));
    assert_eq!(positions(&cql::cql!("cql() terminal"), VIRTUAL), names(&["1...c5"]));
}

/// `try`: exactly one secondary White move on the way to the position,
/// `1 == find <-- quiet all {btm secondary}`. `cql(input g.pgn variations)
/// try` on [`TRY`] and on [`VIRTUAL`]; without `variations` it never holds.
#[test]
fn try_is_one_secondary_white_move_on_the_way() {
    let tries = names(&["1.d4", "1...d5", "2.c4"]);
    assert_eq!(positions(&cql::cql!("cql(variations) try"), TRY), tries);
    assert_eq!(positions(&cql::cql!("cql(variations) 1 == find <-- quiet all {btm secondary}"), TRY), tries);
    assert_eq!(positions(&cql::cql!("cql(variations) try"), VIRTUAL), names(&["2.f4", "2...d6", "1.d4", "1...d5"]));
    assert!(positions(&cql::cql!("cql() try"), TRY).is_empty());
}

/// `cql(input g.pgn variations)` with `child:comment("first")`,
/// `child(1):comment("second")`, `child(2)`, `x = child comment(x)` and
/// `x = child(1) comment(x)`; `child:comment("first")` without `variations`.
#[test]
fn child_and_child_n_are_the_moves_from_the_position() {
    let (matched, comments) = run(&cql::cql!("cql(variations) child:comment(\"first\")"), TREE);
    assert_eq!(matched, names(&["start", "1.e4", "1...e5", "1.d4", "1...d5", "1.Nf3"]));
    let first = ["1.e4", "1...e5", "2.d4", "1...Nf6", "2.c4", "1...c5"];
    assert_eq!(comments, first.iter().map(|at| (at.to_string(), vec!["first".to_owned()])).collect());
    let (matched, comments) = run(&cql::cql!("cql(variations) child(1):comment(\"second\")"), TREE);
    assert_eq!(matched, names(&["start", "1.d4"]));
    assert_eq!(comments, expected(&[("1.d4", &["second"]), ("1...d5", &["second"])]));
    assert_eq!(positions(&cql::cql!("cql(variations) child(2)"), TREE), names(&["start"]));
    let (_, comments) = run(&cql::cql!("cql(variations) x = child  comment(x)"), TREE);
    let printed = expected(&[
        ("start", &["move 1(btm)"]),
        ("1.e4", &["move 2(wtm)"]),
        ("1...e5", &["move 2(btm)"]),
        ("1.d4", &["move 2(wtm)[5]"]),
        ("1...Nf6", &["id:5"]),
        ("1...d5", &["move 2(btm)[7]"]),
        ("2.c4", &["id:7"]),
        ("1.Nf3", &["move 2(wtm)[9]"]),
        ("1...c5", &["id:9"]),
    ]);
    assert_eq!(comments, printed);
    let (_, comments) = run(&cql::cql!("cql(variations) x = child(1)  comment(x)"), TREE);
    let printed =
        expected(&[("start", &["move 1(btm)[4]"]), ("1.d4", &["id:4", "move 2(wtm)[6]"]), ("1...d5", &["id:6"])]);
    assert_eq!(comments, printed);
    let (matched, comments) = run(&cql::cql!("cql() child:comment(\"first\")"), TREE);
    assert_eq!(matched, names(&["start", "1.e4", "1...e5"]));
    assert_eq!(comments, expected(&[("1.e4", &["first"]), ("1...e5", &["first"]), ("2.d4", &["first"])]));
}

/// `position N` is the position with id N, failing past the last;
/// without `variations` only the main line is numbered.
/// `cql(input g.pgn variations) (position 5):comment("five")`, `position
/// 9`, `position 10`, and `position 3` without `variations`.
#[test]
fn position_n_is_the_position_numbered_n() {
    let (matched, comments) = run(&cql::cql!("cql(variations) (position 5):comment(\"five\")"), TREE);
    assert_eq!(matched.len(), 10);
    assert_eq!(comments, expected(&[("1...Nf6", &["five"])]));
    assert_eq!(positions(&cql::cql!("cql(variations) position 9"), TREE).len(), 10);
    assert!(positions(&cql::cql!("cql(variations) position 10"), TREE).is_empty());
    assert_eq!(positions(&cql::cql!("cql() position 3"), TREE), names(&["start", "1.e4", "1...e5", "2.d4"]));
}

/// CQL 6.2 reads `position N:F` as `(position N):F`, the example of its
/// position page: `cql(input g.pgn variations) position 0 : child : comment
/// ("first position")` writes `first position` at 1.e4 and matches
/// everywhere; `position 1+positionid:comment("next id")` writes `next id`
/// at every position but the start, and matches at all but 1...c5 (id 9,
/// the last).
#[test]
fn position_n_colon_applies_to_the_position() {
    let first = cql::cql!("cql(variations) position 0 : child : comment (\"first position\")");
    let (matched, comments) = evaluate(&first, TREE);
    assert_eq!(matched.len(), 10);
    assert_eq!(comments, notes(&[("1.e4", "first position")]));
    let next = cql::cql!("cql(variations) position 1+positionid:comment(\"next id\")");
    let (matched, comments) = evaluate(&next, TREE);
    assert_eq!(matched.len(), 9);
    assert!(!matched.contains(&"1...c5".to_owned()));
    assert_eq!(comments.len(), 9);
    assert!(comments.iter().all(|(at, text)| at != "start" && text == "next id"));
}

/// `cql(input g.pgn variations)` with each of `position 4 ≺ ∙`, `∙ ≻
/// position 4`, `position 4 [<] ∙`, `∙ [>] position 4`, `ancestor(position
/// 4 ∙)` and `descendant(∙ position 4)` (the strict descendants of 1.d4),
/// `position 4 ≼ ∙` and `position 4 [<=] ∙` (1.d4 too), `ancestor(∙
/// position 7)`, `descendant(position 7 ∙)`, `∙ ≺ position 7` and `∙ <
/// position 7` (ids compared); `cql(input g.pgn) position 4 ≼ ∙` matches
/// nowhere.
#[test]
fn ancestors_and_descendants() {
    let below = names(&["1...Nf6", "1...d5", "2.c4"]);
    let from = names(&["1.d4", "1...Nf6", "1...d5", "2.c4"]);
    assert_eq!(positions(&cql::cql!("cql(variations) position 4 ≺ ∙"), TREE), below);
    assert_eq!(positions(&cql::cql!("cql(variations) ∙ ≻ position 4"), TREE), below);
    assert_eq!(positions(&cql::cql!("cql(variations) position 4 [<] ∙"), TREE), below);
    assert_eq!(positions(&cql::cql!("cql(variations) ∙ [>] position 4"), TREE), below);
    assert_eq!(positions(&cql::cql!("cql(variations) ancestor(position 4 ∙)"), TREE), below);
    assert_eq!(positions(&cql::cql!("cql(variations) descendant(∙ position 4)"), TREE), below);
    assert_eq!(positions(&cql::cql!("cql(variations) position 4 ≼ ∙"), TREE), from);
    assert_eq!(positions(&cql::cql!("cql(variations) position 4 [<=] ∙"), TREE), from);
    let above = names(&["start", "1.d4", "1...d5"]);
    assert_eq!(positions(&cql::cql!("cql(variations) ancestor(∙ position 7)"), TREE), above);
    assert_eq!(positions(&cql::cql!("cql(variations) descendant(position 7 ∙)"), TREE), above);
    assert_eq!(positions(&cql::cql!("cql(variations) ∙ ≺ position 7"), TREE), above);
    let lower_ids = names(&["start", "1.e4", "1...e5", "2.d4", "1.d4", "1...Nf6", "1...d5"]);
    assert_eq!(positions(&cql::cql!("cql(variations) ∙ < position 7"), TREE), lower_ids);
    assert!(positions(&cql::cql!("cql() position 4 ≼ ∙"), TREE).is_empty());
}

/// CQL 6.2's `≽` is strict, as `≻` is (its documentation says `Y≽X` is
/// `Y≻X or Y==X`): `cql(input g.pgn variations)` with `∙ ≽ position 4`
/// and `∙ [>=] position 4` match below 1.d4 only, `∙ ≽ ∙` and `position 4
/// ≽ position 4` nowhere, `position 7 ≽ ∙` at the start, 1.d4 and 1...d5.
#[test]
fn at_least_a_descendant_is_a_strict_descendant_in_cql_6_2() {
    let below = names(&["1...Nf6", "1...d5", "2.c4"]);
    assert_eq!(positions(&cql::cql!("cql(variations) ∙ ≽ position 4"), TREE), below);
    assert_eq!(positions(&cql::cql!("cql(variations) ∙ [>=] position 4"), TREE), below);
    assert!(positions(&cql::cql!("cql(variations) ∙ ≽ ∙"), TREE).is_empty());
    assert!(positions(&cql::cql!("cql(variations) position 4 ≽ position 4"), TREE).is_empty());
    let above = names(&["start", "1.d4", "1...d5"]);
    assert_eq!(positions(&cql::cql!("cql(variations) position 7 ≽ ∙"), TREE), above);
}

/// Without `variations` CQL 6.2 has no positions in the variations: `cql(input
/// g.pgn)` with `child(1)`, `(position 5):comment("five")`, `x = lca(∙
/// position 7)` and `x = distance(∙ position 7)` match nowhere in [`TREE`].
#[test]
fn without_variations_the_variations_are_out_of_reach() {
    assert!(positions(&cql::cql!("cql() child(1)"), TREE).is_empty());
    assert!(positions(&cql::cql!("cql() (position 5):comment(\"five\")"), TREE).is_empty());
    assert!(positions(&cql::cql!("cql() x = lca(∙ position 7)"), TREE).is_empty());
    assert!(positions(&cql::cql!("cql() x = distance(∙ position 7)"), TREE).is_empty());
}

/// A relation's value is its left operand: `cql(input g.pgn variations)
/// (position 6 ≺ ∙):comment("anc")` writes `anc` at 1...d5 and matches at 2.c4.
#[test]
fn a_relation_is_its_left_position() {
    let (matched, comments) = run(&cql::cql!("cql(variations) (position 6 ≺ ∙):comment(\"anc\")"), TREE);
    assert_eq!(matched, names(&["2.c4"]));
    assert_eq!(comments, expected(&[("1...d5", &["anc"])]));
}

/// `cql(input g.pgn variations)` with `x = lca(∙ position 7) comment(x)`,
/// `x = distance(∙ position 7) comment(x)` and `x = distance(position 9 ∙)
/// comment(x)`; in [`FIND`], `x = distance(∙ child(1)) comment(x)`.
#[test]
fn lca_and_distance() {
    let (matched, comments) = run(&cql::cql!("cql(variations) x = lca(∙ position 7)  comment(x)"), TREE);
    assert_eq!(matched.len(), 10);
    let mut lca = one_each(&["start", "1.e4", "1...e5", "2.d4", "1.Nf3", "1...c5"].map(|at| (at, "move 1(wtm)")));
    lca.extend(expected(&[("1.d4", &["id:4", "move 1(btm)[4]"]), ("1...Nf6", &["move 1(btm)[4]"])]));
    lca.extend(expected(&[("1...d5", &["id:6", "move 2(wtm)[6]"]), ("2.c4", &["id:7", "move 2(btm)[7]"])]));
    assert_eq!(comments, lca);
    let tree = ["start", "1.e4", "1...e5", "2.d4", "1.d4", "1...Nf6", "1...d5", "2.c4", "1.Nf3", "1...c5"];
    let (_, comments) = run(&cql::cql!("cql(variations) x = distance(∙ position 7)  comment(x)"), TREE);
    let to_c4 = ["3", "4", "5", "6", "2", "3", "1", "0", "4", "5"];
    assert_eq!(comments, one_each(&tree.iter().copied().zip(to_c4).collect::<Vec<_>>()));
    let (_, comments) = run(&cql::cql!("cql(variations) x = distance(position 9 ∙)  comment(x)"), TREE);
    let to_c5 = ["2", "3", "4", "5", "3", "4", "4", "5", "1", "0"];
    assert_eq!(comments, one_each(&tree.iter().copied().zip(to_c5).collect::<Vec<_>>()));
    // `distance` fails where an argument does: only 1.e4 has a second move.
    let (matched, comments) = run(&cql::cql!("cql(variations) x = distance(∙ child(1))  comment(x)"), FIND);
    assert_eq!((matched, comments), (names(&["1.e4"]), expected(&[("1.e4", &["1"])])));
}

/// `P:not F` is `P:(not F)`, and binds tighter than `and` and `or`.
/// `cql(input g.pgn variations)` with `child:not check`, `child:not check
/// and ♞f6` (nothing), `child:not ♞f6 or check` and `not child:check`.
#[test]
fn a_colon_takes_not_and_its_operand() {
    let quiet_children = names(&["start", "1.e4", "1...e5", "2.Qh5", "2...Nc6", "3.Bc4"]);
    assert_eq!(positions(&cql::cql!("cql(variations) child:not check"), CHECKS), quiet_children);
    assert!(positions(&cql::cql!("cql(variations) child:not check and ♞f6"), CHECKS).is_empty());
    let either = names(&["start", "1.e4", "1...e5", "2.Qh5", "2...Nc6", "4.Qxf7#", "2...Ke7", "3.Qxe5#"]);
    assert_eq!(positions(&cql::cql!("cql(variations) child:not ♞f6 or check"), CHECKS), either);
    let no_check_next = names(&["start", "1.e4", "1...e5", "2.Qh5", "2...Nc6", "3.Bc4", "4.Qxf7#", "3.Qxe5#"]);
    assert_eq!(positions(&cql::cql!("cql(variations) not child:check"), CHECKS), no_check_next);
}

/// `white` and `black` are the values of `sidetomove`, 1 and -1, and swap
/// under `flipcolor` (`comment` writes its numbers side by side: `1-1`).
/// `cql(input g.pgn) sidetomove == black comment(white black)` and
/// `cql(input g.pgn) flipcolor {sidetomove == white comment(white)}`, on
/// [`CHECKS`]. (CQL 6.2 stops with an internal error on `cql(input g.pgn)
/// ply < 3 white`, which uses `white` only for whether it matches.)
#[test]
fn white_and_black_are_the_values_of_the_side_to_move() {
    let (matched, comments) = run(&cql::cql!("cql() sidetomove == black comment(white black)"), CHECKS);
    let black_to_move = ["1.e4", "2.Qh5", "3.Bc4", "4.Qxf7#"];
    assert_eq!(matched, names(&black_to_move));
    assert_eq!(comments, one_each(&black_to_move.map(|position| (position, "1-1"))));
    let (matched, comments) = run(&cql::cql!("cql() flipcolor {sidetomove == white comment(white)}"), CHECKS);
    let main_line = ["start", "1.e4", "1...e5", "2.Qh5", "2...Nc6", "3.Bc4", "3...Nf6", "4.Qxf7#"];
    assert_eq!(matched, names(&main_line));
    let values = ["1", "-1", "1", "-1", "1", "-1", "1", "-1"];
    let at: Vec<(&str, &str)> = main_line.into_iter().zip(values).collect();
    assert_eq!(comments, one_each(&at));
}
