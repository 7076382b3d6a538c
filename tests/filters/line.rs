//! `line`, CQL 6.2's older path over positions (`-->` forward to children,
//! `<--` back to parents): its constituents, groups and repetitions, its
//! parameters and its notes (`Start line that ends at ...`, `End line of
//! length L that starts at ...`, L counting positions). Each expectation is
//! CQL 6.2's output for the query on [`LINE`] (saved as `line.pgn`), run as
//! `cql -o out.pgn q.cql` with the header shown.

use super::{
    evaluate::{evaluate, names, positions},
    game_tree::{expected, game, run},
};

/// A game with two variations, every position named by a move of its own:
/// the main line's ids are 0-8, 3...Nf6 is 9 and 4.Bc4 10, 1...c5 is 11 to
/// 3.Bb5+ 14.
const LINE: &str =
    game!("line", "1. e4 e5 (1... c5 2. Nc3 d6 3. Bb5+) 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. Bc4) 4. Ba4 Nf6");

/// `line --> ♗* --> btm`: positions with a white bishop, then one with Black to move; the longest
/// line from each start, its length counting positions.
/// CQL 6.2: `cql(input line.pgn) line --> ♗* --> btm`.
#[test]
fn a_line_is_the_longest_row_of_positions_matching_its_constituents() {
    let (matched, comments) = run(&cql::cql!("cql() line --> ♗* --> btm"), LINE);
    assert_eq!(matched, names(&["start", "1.e4", "1...e5", "2.Nf3", "2...Nc6", "3.Bb5", "3...a6", "4.Ba4"]));
    let notes = expected(&[
        ("start", &["Start line that ends at move 4(btm)"]),
        ("1.e4", &["Start line that ends at move 4(btm)"]),
        ("1...e5", &["Start line that ends at move 4(btm)"]),
        ("2.Nf3", &["Start line that ends at move 4(btm)"]),
        ("2...Nc6", &["Start line that ends at move 4(btm)"]),
        ("3.Bb5", &["Start line that ends at move 4(btm)"]),
        ("3...a6", &["Start line that ends at move 4(btm)"]),
        (
            "4.Ba4",
            &[
                "End line of length 8 that starts at move 1(wtm)",
                "End line of length 7 that starts at move 1(btm)",
                "End line of length 6 that starts at move 2(wtm)",
                "End line of length 5 that starts at move 2(btm)",
                "End line of length 4 that starts at move 3(wtm)",
                "End line of length 3 that starts at move 3(btm)",
                "End line of length 2 that starts at move 4(wtm)",
                "End line of length 1 that starts at move 4(btm)",
                "Start line that ends at move 4(btm)",
            ],
        ),
    ]);
    assert_eq!(comments, notes);
}

/// `line <-- ...` matches the current position, then its parent, and so on back.
/// CQL 6.2: `cql(input line.pgn variations) line <-- ♗a4 <-- btm <-- ♗b5`.
#[test]
fn a_line_back_goes_to_the_parents() {
    let (matched, comments) = run(&cql::cql!("cql(variations) line <-- ♗a4 <-- btm <-- ♗b5"), LINE);
    assert_eq!(matched, names(&["4...Nf6"]));
    let notes = expected(&[
        ("3...a6", &["End line of length 3 that starts at move 5(wtm)"]),
        ("4...Nf6", &["Start line that ends at move 4(wtm)"]),
    ]);
    assert_eq!(comments, notes);
}

/// `lastposition`: the value is the line's last position.
/// CQL 6.2: `cql(input line.pgn variations) x = line lastposition --> ♗b5 --> ♟a6
/// x:comment("last")`.
#[test]
fn with_lastposition_a_line_is_its_last_position() {
    let (matched, comments) =
        run(&cql::cql!("cql(variations) x = line lastposition --> ♗b5 --> ♟a6 x:comment(\"last\")"), LINE);
    assert_eq!(matched, names(&["3.Bb5", "3...a6"]));
    let notes = expected(&[
        ("3.Bb5", &["Start line that ends at move 4(wtm)"]),
        ("3...a6", &["End line of length 2 that starts at move 3(btm)", "last", "Start line that ends at move 4(btm)"]),
        ("4.Ba4", &["End line of length 2 that starts at move 4(wtm)", "last"]),
    ]);
    assert_eq!(comments, notes);
}

/// `firstmatch`: the first line found (the shortest along the main continuation), not the longest;
/// lines run into variations too.
/// CQL 6.2: `cql(input line.pgn variations) x = line firstmatch --> ♙e4 + --> btm comment("v " x)`.
#[test]
fn firstmatch_takes_the_first_line_found() {
    let (matched, comments) =
        run(&cql::cql!("cql(variations) x = line firstmatch --> ♙e4 + --> btm comment(\"v \" x)"), LINE);
    assert_eq!(
        matched,
        names(&["1.e4", "1...e5", "2.Nf3", "2...Nc6", "3.Bb5", "3...a6", "3...Nf6", "1...c5", "2.Nc3", "2...d6"])
    );
    let notes = expected(&[
        ("1.e4", &["Start line that ends at move 2(btm)", "v 3"]),
        ("1...e5", &["Start line that ends at move 2(btm)", "v 2"]),
        ("1...c5", &["id:11", "Start line that ends at move 2(btm)[12]", "v 2"]),
        (
            "2.Nc3",
            &[
                "End line of length 2 that starts at move 2(wtm)[11]",
                "id:12",
                "Start line that ends at move 3(btm)[14]",
                "v 3",
            ],
        ),
        ("2...d6", &["id:13", "Start line that ends at move 3(btm)[14]", "v 2"]),
        (
            "3.Bb5+",
            &[
                "End line of length 3 that starts at move 2(btm)[12]",
                "id:14",
                "End line of length 2 that starts at move 3(wtm)[13]",
            ],
        ),
        (
            "2.Nf3",
            &[
                "End line of length 3 that starts at move 1(btm)",
                "End line of length 2 that starts at move 2(wtm)",
                "Start line that ends at move 3(btm)",
                "v 3",
            ],
        ),
        ("2...Nc6", &["Start line that ends at move 3(btm)", "v 2"]),
        (
            "3.Bb5",
            &[
                "End line of length 3 that starts at move 2(btm)",
                "End line of length 2 that starts at move 3(wtm)",
                "Start line that ends at move 4(btm)",
                "v 3",
            ],
        ),
        ("3...a6", &["Start line that ends at move 4(btm)", "v 2"]),
        ("3...Nf6", &["id:9", "Start line that ends at move 4(btm)[10]", "v 2"]),
        ("4.Bc4", &["End line of length 2 that starts at move 4(wtm)[9]", "id:10"]),
        (
            "4.Ba4",
            &["End line of length 3 that starts at move 3(btm)", "End line of length 2 that starts at move 4(wtm)"],
        ),
    ]);
    assert_eq!(comments, notes);
}

/// `{2,3}` repeats a constituent two or three times; `quiet` writes no notes.
/// CQL 6.2: `cql(input line.pgn variations) x = line quiet --> ♙e4 {2,3} --> btm comment("v " x)`.
#[test]
fn a_counted_repetition_and_quiet() {
    let (matched, comments) =
        run(&cql::cql!("cql(variations) x = line quiet --> ♙e4 {2,3} --> btm comment(\"v \" x)"), LINE);
    assert_eq!(matched, names(&["1.e4", "1...e5", "2.Nf3", "2...Nc6", "3.Bb5", "1...c5", "2.Nc3"]));
    let notes = expected(&[
        ("1.e4", &["v 3"]),
        ("1...e5", &["v 4"]),
        ("1...c5", &["v 4"]),
        ("2.Nc3", &["v 3"]),
        ("2.Nf3", &["v 3"]),
        ("2...Nc6", &["v 4"]),
        ("3.Bb5", &["v 3"]),
    ]);
    assert_eq!(comments, notes);
}

/// A group `( ... )` of constituents repeated as a whole.
/// CQL 6.2: `cql(input line.pgn variations) x = line --> (wtm --> btm){2} --> wtm comment("v " x)`.
#[test]
fn a_group_repeats_as_a_whole() {
    let (matched, comments) =
        run(&cql::cql!("cql(variations) x = line --> (wtm --> btm){2} --> wtm comment(\"v \" x)"), LINE);
    assert_eq!(matched, names(&["start", "1...e5", "2...Nc6"]));
    let notes = expected(&[
        ("start", &["Start line that ends at move 3(wtm)", "v 5"]),
        ("1...e5", &["Start line that ends at move 4(wtm)", "v 5"]),
        ("2...Nc6", &["End line of length 5 that starts at move 1(wtm)", "Start line that ends at move 5(wtm)", "v 5"]),
        ("3...a6", &["End line of length 5 that starts at move 2(wtm)"]),
        ("4...Nf6", &["End line of length 5 that starts at move 3(wtm)"]),
    ]);
    assert_eq!(comments, notes);
}

/// `nestban`: no line starts at a position after the start of a line found before.
/// CQL 6.2: `cql(input line.pgn variations) line nestban --> wtm --> btm --> wtm`.
#[test]
fn nestban_starts_no_line_inside_one_found() {
    let (matched, comments) = run(&cql::cql!("cql(variations) line nestban --> wtm --> btm --> wtm"), LINE);
    assert_eq!(matched, names(&["start", "2...Nc6", "1...c5"]));
    let notes = expected(&[
        ("start", &["Start line that ends at move 2(wtm)"]),
        ("1...e5", &["End line of length 3 that starts at move 1(wtm)"]),
        ("1...c5", &["id:11", "Start line that ends at move 3(wtm)[13]"]),
        ("2...d6", &["End line of length 3 that starts at move 2(wtm)[11]", "id:13"]),
        ("2...Nc6", &["Start line that ends at move 4(wtm)"]),
        ("3...a6", &["End line of length 3 that starts at move 3(wtm)"]),
    ]);
    assert_eq!(comments, notes);
}

/// A range: the longest line must have 2 or 3 positions (a longer one is no match).
/// CQL 6.2: `cql(input line.pgn variations) line 2 3 --> ♗*`.
#[test]
fn a_range_limits_the_longest_line() {
    let (matched, comments) = run(&cql::cql!("cql(variations) line 2 3 --> ♗*"), LINE);
    assert_eq!(matched, names(&["3...a6", "4.Ba4", "3...Nf6", "2.Nc3", "2...d6"]));
    let notes = expected(&[
        ("2.Nc3", &["id:12", "Start line that ends at move 3(btm)[14]"]),
        ("2...d6", &["id:13", "Start line that ends at move 3(btm)[14]"]),
        (
            "3.Bb5+",
            &[
                "End line of length 3 that starts at move 2(btm)[12]",
                "id:14",
                "End line of length 2 that starts at move 3(wtm)[13]",
            ],
        ),
        ("3...a6", &["Start line that ends at move 5(wtm)"]),
        ("3...Nf6", &["id:9", "Start line that ends at move 4(btm)[10]"]),
        ("4.Bc4", &["End line of length 2 that starts at move 4(wtm)[9]", "id:10"]),
        ("4.Ba4", &["Start line that ends at move 5(wtm)"]),
        (
            "4...Nf6",
            &["End line of length 3 that starts at move 4(wtm)", "End line of length 2 that starts at move 4(btm)"],
        ),
    ]);
    assert_eq!(comments, notes);
}

/// `secondary`: a line follows only the moves that start variations, at
/// every step (a second step would need a variation at the start of a
/// variation); and without `variations`, none.
/// CQL 6.2: `cql(input line.pgn variations) line secondary --> true --> true`, and the same without
/// `variations` or with a third `--> true` (no match).
#[test]
fn secondary_lines_follow_the_moves_that_start_variations() {
    let (matched, comments) = run(&cql::cql!("cql(variations) line secondary --> true --> true"), LINE);
    assert_eq!(matched, names(&["1.e4", "3.Bb5"]));
    let notes = expected(&[
        ("1.e4", &["Start line that ends at move 2(wtm)[11]"]),
        ("1...c5", &["End line of length 2 that starts at move 1(btm)", "id:11"]),
        ("3.Bb5", &["Start line that ends at move 4(wtm)[9]"]),
        ("3...Nf6", &["End line of length 2 that starts at move 3(btm)", "id:9"]),
    ]);
    assert_eq!(comments, notes);
    let (matched, _) = run(&cql::cql!("cql(variations) line secondary --> true --> true --> true"), LINE);
    assert!(matched.is_empty());
    let (matched, _) = run(&cql::cql!("cql() line secondary --> true --> true"), LINE);
    assert!(matched.is_empty());
}

/// `primary`: a line follows only primary moves (from any start).
/// CQL 6.2: `cql(input line.pgn variations) line primary --> ♗* --> btm`.
#[test]
fn primary_lines_follow_primary_moves() {
    let (matched, comments) = run(&cql::cql!("cql(variations) line primary --> ♗* --> btm"), LINE);
    assert_eq!(
        matched,
        names(&[
            "start", "1.e4", "1...e5", "2.Nf3", "2...Nc6", "3.Bb5", "3...a6", "4.Ba4", "3...Nf6", "4.Bc4", "1...c5",
            "2.Nc3", "2...d6", "3.Bb5+"
        ])
    );
    let notes = expected(&[
        ("start", &["Start line that ends at move 4(btm)"]),
        ("1.e4", &["Start line that ends at move 4(btm)"]),
        ("1...e5", &["Start line that ends at move 4(btm)"]),
        ("1...c5", &["id:11", "Start line that ends at move 3(btm)[14]"]),
        ("2.Nc3", &["id:12", "Start line that ends at move 3(btm)[14]"]),
        ("2...d6", &["id:13", "Start line that ends at move 3(btm)[14]"]),
        (
            "3.Bb5+",
            &[
                "End line of length 4 that starts at move 2(wtm)[11]",
                "id:14",
                "End line of length 3 that starts at move 2(btm)[12]",
                "End line of length 2 that starts at move 3(wtm)[13]",
                "End line of length 1 that starts at move 3(btm)[14]",
                "Start line that ends at move 3(btm)[14]",
            ],
        ),
        ("2.Nf3", &["Start line that ends at move 4(btm)"]),
        ("2...Nc6", &["Start line that ends at move 4(btm)"]),
        ("3.Bb5", &["Start line that ends at move 4(btm)"]),
        ("3...a6", &["Start line that ends at move 4(btm)"]),
        ("3...Nf6", &["id:9", "Start line that ends at move 4(btm)[10]"]),
        (
            "4.Bc4",
            &[
                "End line of length 2 that starts at move 4(wtm)[9]",
                "id:10",
                "End line of length 1 that starts at move 4(btm)[10]",
                "Start line that ends at move 4(btm)[10]",
            ],
        ),
        (
            "4.Ba4",
            &[
                "End line of length 8 that starts at move 1(wtm)",
                "End line of length 7 that starts at move 1(btm)",
                "End line of length 6 that starts at move 2(wtm)",
                "End line of length 5 that starts at move 2(btm)",
                "End line of length 4 that starts at move 3(wtm)",
                "End line of length 3 that starts at move 3(btm)",
                "End line of length 2 that starts at move 4(wtm)",
                "End line of length 1 that starts at move 4(btm)",
                "Start line that ends at move 4(btm)",
            ],
        ),
    ]);
    assert_eq!(comments, notes);
}

/// `2 * 3` multiplies: a `*` repeats only before an arrow; `?` makes a constituent optional.
/// CQL 6.2: `cql(input line.pgn variations) x = line --> ♙e4 --> 2 * 3 == 6 --> ♟? --> btm
/// comment("v " x)`.
#[test]
fn a_star_between_numbers_multiplies() {
    let (matched, comments) =
        run(&cql::cql!("cql(variations) x = line --> ♙e4 --> 2 * 3 == 6 --> ♟? --> btm comment(\"v \" x)"), LINE);
    assert_eq!(matched, names(&["1.e4", "1...e5", "2.Nf3", "2...Nc6", "3.Bb5", "1...c5", "2.Nc3"]));
    let notes = expected(&[
        ("1.e4", &["Start line that ends at move 2(btm)", "v 3"]),
        ("1...e5", &["Start line that ends at move 3(btm)", "v 4"]),
        ("1...c5", &["id:11", "Start line that ends at move 3(btm)[14]", "v 4"]),
        ("2.Nc3", &["id:12", "Start line that ends at move 3(btm)[14]", "v 3"]),
        (
            "3.Bb5+",
            &[
                "End line of length 4 that starts at move 2(wtm)[11]",
                "id:14",
                "End line of length 3 that starts at move 2(btm)[12]",
            ],
        ),
        ("2.Nf3", &["End line of length 3 that starts at move 1(btm)", "Start line that ends at move 3(btm)", "v 3"]),
        ("2...Nc6", &["Start line that ends at move 4(btm)", "v 4"]),
        (
            "3.Bb5",
            &[
                "End line of length 4 that starts at move 2(wtm)",
                "End line of length 3 that starts at move 2(btm)",
                "Start line that ends at move 4(btm)",
                "v 3",
            ],
        ),
        (
            "4.Ba4",
            &["End line of length 4 that starts at move 3(wtm)", "End line of length 3 that starts at move 3(btm)"],
        ),
    ]);
    assert_eq!(comments, notes);
}

/// `singlecolor`: only the positions with the start's side to move count,
/// those between pass. CQL 6.2 on `1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O
/// Nf6`: `cql() line singlecolor --> wtm --> wtm --> wtm` matches at the
/// start and after 1...e5 and 2...Nc6, each line three positions long.
#[test]
fn a_single_colour_line_passes_the_other_sides_positions() {
    let game = "[Event \"s\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n";
    let (matched, comments) = evaluate(&cql::cql!("cql() line singlecolor --> wtm --> wtm --> wtm"), game);
    assert_eq!(matched, names(&["start", "1...e5", "2...Nc6"]));
    let mut notes: Vec<(&str, &str)> = comments.iter().map(|(at, text)| (at.as_str(), text.as_str())).collect();
    notes.sort_unstable();
    assert_eq!(
        notes,
        [
            ("1...e5", "Start line that ends at move 4(wtm)"),
            ("2...Nc6", "End line of length 3 that starts at move 1(wtm)"),
            ("2...Nc6", "Start line that ends at move 5(wtm)"),
            ("3...Bc5", "End line of length 3 that starts at move 2(wtm)"),
            ("4...Nf6", "End line of length 3 that starts at move 3(wtm)"),
            ("start", "Start line that ends at move 3(wtm)"),
        ]
    );
    // `find count`: the number found, 0 included (CQL 6.2 writes `n=0` at
    // every position of this game, which has no check).
    let (matched, _) = evaluate(&cql::cql!(r#"cql() x = find count check comment("n=" x)"#), game);
    assert_eq!(matched.len(), 9);
}

/// The images of a transform around a line are tried only where the game's
/// next move may begin one of them (a king move to one of the eight images
/// of g1): white's line starts before 4.O-O, black's before 5...O-O. CQL 6.2
/// (`cql -i game.pgn -o out.pgn q.cql`, `q.cql` holding the query) matches
/// after 3...Bc5 and after 5.Re1.
#[test]
fn a_transformed_line_starts_where_an_image_may() {
    let game = "[Event \"castles\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O Nf6 5.Re1 O-O 6.c3 Re8 7.d4 d5 *\n";
    let query = cql::cql!(
        "cql() flipcolor flip { line --> move from K to g1 --> . {*} --> move from R to e1 --> . {*} --> move from P to d4 }"
    );
    assert_eq!(positions(&query, game), names(&["3...Bc5", "5.Re1"]));
}
