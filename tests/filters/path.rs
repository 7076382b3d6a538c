//! The path filter `⊢` (keyword `path`), tested with the examples of seed
//! document 004 and with games built to tell its rules apart: the longest
//! path wins (through variations with `cql(variations)`), the value is the
//! number of moves, repetitions never make the search blow up, only the
//! chosen path's comments stay, `focus` lets other pieces' moves pass
//! between two focused moves, and the parameters write CQL's notes
//! (`Start path that ends at ...`, `End path of length L that starts at
//! ...`, `Max value`, `title: move k of L`, `Focus path: ...`).
//!
//! Positions are named by the move that led to them (`2...Kc7+`, `start`);
//! a note in a variation names its position `move N(side)[id]`, the id
//! counting positions in CQL's order (the main continuation's whole subtree
//! first), and the position named gets an `id:N` note.

use super::evaluate::{evaluate, names, notes, positions, sort_values};

/// A position where six consecutive moves give check (found by search):
/// 1.Qg6+ Qf6+ 2.Qxf6+ Kc7+ (a discovered check) 3.Qb6+ Rxb6+. `♕f7` holds
/// only at the start.
const CHECKS_FEN: &str = "[FEN \"8/1r3Q2/1k6/5q2/8/3R4/1K6/8 w - - 0 1\"]\n\n";

/// The six checks, then a quiet move each, then two single checks.
fn checks_game() -> String {
    format!("{CHECKS_FEN}1.Qg6+ Qf6+ 2.Qxf6+ Kc7+ 3.Qb6+ Rxb6+ 4.Kc2 Rb5 5.Rc3+ Kd6 6.Rd3+ Ke5 *\n")
}

/// The main line has two consecutive checks (1.Qg6+ Qf6+ 2.Kc2); the
/// variation 2.Qxf6+ Kc7+ makes four (its last position has id 5), and the
/// variation 1.Rd6+ Ka7+ 2.Qxb7+ three.
fn checks_tree() -> String {
    format!("{CHECKS_FEN}1.Qg6+ (1.Rd6+ Ka7+ 2.Qxb7+) 1...Qf6+ 2.Kc2 (2.Qxf6+ Kc7+ 3.Kc1) *\n")
}

/// Scholar's mate: the white queen moves twice, other pieces between.
const SCHOLARS_MATE: &str = "[Event \"focus\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n";

/// 004's worked example: "suppose the current position is the start
/// position of the chess game, and the next moves in the PGN file begins
/// 1.e4 e5 2. f3 ... the given filter would have the numeric value 3".
/// (The glyphs before `――e4` and in the last constituents were lost in
/// extraction; the reconstruction is `――e4 not check ♟――□ ―― not check`.)
#[test]
fn the_worked_example_of_seed_document_004_has_value_3() {
    let game = "[Event \"004\"]\n\n1.e4 e5 2.f3 *\n";
    let query = cql::cql!("cql() x = {⊢ ――e4 not check ♟――□ ―― not check} x == 3");
    assert_eq!(positions(&query, game), names(&["start"]));
    let (_, comments) = evaluate(&cql::cql!("cql() ⊢ ――e4 not check ♟――□ ―― not check"), game);
    let expected =
        [("2.f3", "End path of length 3 that starts at move 1(wtm)"), ("start", "Start path that ends at move 2(btm)")];
    assert_eq!(comments, notes(&expected));
    // "let us rewrite the early sequence of simple constituents to use a
    // chain constituent ... This filter matches the exact paths that the
    // earlier filter that did not parenthesize the last three constituents."
    // CQL 6.2 refuses the document's own spelling, `――e4 not check (♟――□ ――
    // not check)`: after a move, a bracket holds one filter ("A
    // parenthesized expression must contain exactly one filter here", `cql
    // -parse`); a chain may follow another chain. `cql -i 004.pgn -o out.pgn
    // q.cql` of this game and query matches at the start, `End path of
    // length 3`.
    let chain = cql::cql!("cql() x = {⊢ (――e4 not check) (♟――□ ―― not check)} x == 3");
    assert_eq!(positions(&chain, game), names(&["start"]));
    // The last filter constituent fails after 2.Qh5+, the pawn constituent
    // after 1...Nc6.
    let check = "[Event \"004\"]\n\n1.e4 f6 2.Qh5+ *\n";
    assert!(positions(&cql::cql!("cql() ⊢ ――e4 not check ♟――□ ―― not check"), check).is_empty());
    let knight = "[Event \"004\"]\n\n1.e4 Nc6 2.f3 *\n";
    assert!(positions(&cql::cql!("cql() ⊢ (――e4 not check) (♟――□ ―― not check)"), knight).is_empty());
}

/// 004 "Notes on parsing": `{△―― △――}` "will match any white to move
/// non-terminal position" (both dashes are filters at the same position,
/// here the game's next move), while `△―― △――` as constituents "will not
/// match any position" (after White's move Black is to move). The glyphs
/// `△` were lost in extraction: without them `―― ――` matches wherever two
/// moves follow.
#[test]
fn braces_turn_constituents_back_into_filters() {
    let game = "[Event \"braces\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *\n";
    let white_to_move = names(&["start", "1...e5", "2...Nc6"]);
    assert_eq!(positions(&cql::cql!("cql() {△―― △――}"), game), white_to_move);
    // A path matches with a move or more, so the braced filter is followed by one.
    assert_eq!(positions(&cql::cql!("cql() ⊢ {△―― △――} ――"), game), white_to_move);
    assert!(positions(&cql::cql!("cql() ⊢ △―― △――"), game).is_empty());
    assert_eq!(positions(&cql::cql!("cql() ⊢ △―― ▲――"), game), white_to_move);
    assert_eq!(positions(&cql::cql!("cql() ⊢ ―― ――"), game), names(&["start", "1.e4", "1...e5", "2.Nf3", "2...Nc6"]));
}

/// 004 "matching repetition constituents": `―― check +` "will match a
/// sequence of moves if there is some number, at least 1, of repetitions of
/// ―― check", and "CQL selects the expansion of repetition constituents so
/// as to maximize the length of the matched path": from each position the
/// value is the length of the run of checks that starts there.
#[test]
fn a_repetition_matches_the_longest_run() {
    let game = checks_game();
    let plus = cql::cql!("cql() x = {⊢ quiet ―― check +} comment(x)");
    let runs = [
        ("start", "6"),
        ("1.Qg6+", "5"),
        ("1...Qf6+", "4"),
        ("2.Qxf6+", "3"),
        ("2...Kc7+", "2"),
        ("3.Qb6+", "1"),
        ("4...Rb5", "1"),
        ("5...Kd6", "1"),
    ];
    let (matched, comments) = evaluate(&plus, &game);
    assert_eq!(comments, notes(&runs));
    assert_eq!(matched, runs.iter().map(|(at, _)| at.to_string()).collect::<Vec<_>>());
}

/// 004: a repetition signal is `*`, `+`, `?` or braces like `{2,}` or
/// `{1,4}`, "which follow standard regular expression notation"; a signal
/// repeats the last dash constituent and the filters after it.
#[test]
fn repetition_signals_bound_the_number_of_repetitions() {
    let game = checks_game();
    // {2,3}: at least two checks in a row, at most three counted.
    let bounded = cql::cql!("cql() x = {⊢ quiet ―― check {2,3}} comment(x)");
    let expected = [("start", "3"), ("1.Qg6+", "3"), ("1...Qf6+", "3"), ("2.Qxf6+", "3"), ("2...Kc7+", "2")];
    assert_eq!(evaluate(&bounded, &game).1, notes(&expected));
    // The same with a chain.
    let chain = cql::cql!("cql() x = {⊢ quiet (―― check){2,3}} comment(x)");
    assert_eq!(evaluate(&chain, &game).1, notes(&expected));
    // {2}: exactly two.
    let exactly = cql::cql!("cql() x = {⊢ quiet ―― check {2}} x == 2");
    assert_eq!(positions(&exactly, &game), names(&["start", "1.Qg6+", "1...Qf6+", "2.Qxf6+", "2...Kc7+"]));
    // ?: a check, then perhaps a second one.
    let optional = cql::cql!("cql() x = {⊢ quiet ―― check ―― check ?} comment(x)");
    let expected = [
        ("start", "2"),
        ("1.Qg6+", "2"),
        ("1...Qf6+", "2"),
        ("2.Qxf6+", "2"),
        ("2...Kc7+", "2"),
        ("3.Qb6+", "1"),
        ("4...Rb5", "1"),
        ("5...Kd6", "1"),
    ];
    assert_eq!(evaluate(&optional, &game).1, notes(&expected));
    // *: any number of checks, then a move that is not one.
    let star = cql::cql!("cql() x = {⊢ quiet ―― check * ―― not check} comment(x)");
    let expected = [
        ("start", "7"),
        ("1.Qg6+", "6"),
        ("1...Qf6+", "5"),
        ("2.Qxf6+", "4"),
        ("2...Kc7+", "3"),
        ("3.Qb6+", "2"),
        ("3...Rxb6+", "1"),
        ("4.Kc2", "1"),
        ("4...Rb5", "2"),
        ("5.Rc3+", "1"),
        ("5...Kd6", "2"),
        ("6.Rd3+", "1"),
    ];
    assert_eq!(evaluate(&star, &game).1, notes(&expected));
}

/// 004: "a path is a sequence of consecutive moves appearing in the game
/// tree"; the longest wins, here the four checks of the variation 2.Qxf6+
/// Kc7+ over the main line's two and the three of 1.Rd6+. Without
/// `variations` only the main line's moves are followed.
#[test]
fn the_longest_path_may_go_through_a_variation() {
    let tree = checks_tree();
    let (matched, comments) = evaluate(&cql::cql!("cql(variations) ♕f7 ♖d3 ⊢ ―― check +"), &tree);
    assert_eq!(matched, names(&["start"]));
    let expected = [
        ("2...Kc7+", "End path of length 4 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 3(wtm)[5]"),
        ("2...Kc7+", "id:5"),
    ];
    assert_eq!(comments, notes(&expected));
    let (matched, comments) = evaluate(&cql::cql!("cql() ♕f7 ♖d3 ⊢ ―― check +"), &tree);
    assert_eq!(matched, names(&["start"]));
    let expected = [
        ("1...Qf6+", "End path of length 2 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 2(wtm)"),
    ];
    assert_eq!(comments, notes(&expected));
    // From a position inside a variation the note names the start's id.
    let (_, comments) = evaluate(&cql::cql!("cql(variations) ♕f6 btm ⊢ ―― check +"), &tree);
    let expected = [
        ("2...Kc7+", "End path of length 1 that starts at move 2(btm)[4]"),
        ("2.Qxf6+", "id:4"),
        ("2.Qxf6+", "Start path that ends at move 3(wtm)[5]"),
        ("2...Kc7+", "id:5"),
    ];
    assert_eq!(comments, notes(&expected));
}

/// 004 "keepallbest: retain comments associated to each matching path";
/// without it only the path chosen (the longest, the first in game order
/// among equals) keeps the comments its filter constituents wrote.
#[test]
fn only_the_chosen_path_keeps_its_comments() {
    let tree = checks_tree();
    let query = cql::cql!("cql(variations) ♕f7 ♖d3 ⊢ quiet (―― check comment(\"check \" pathcount))+");
    let expected = [("1.Qg6+", "check 1"), ("1...Qf6+", "check 2"), ("2.Qxf6+", "check 3"), ("2...Kc7+", "check 4")];
    assert_eq!(evaluate(&query, &tree).1, notes(&expected));
    // `///` takes the rest of the line; the losing 1.Rd6+ Ka7+ 2.Qxb7+
    // leaves nothing either.
    let line = cql::cql!(
        "cql(variations) ♕f7 ♖d3 ⊢ quiet
           ―― ///\"one\"
           ―― check ///\"more\"
           +"
    );
    let expected = [("1.Qg6+", "one"), ("1...Qf6+", "more"), ("2.Qxf6+", "more"), ("2...Kc7+", "more")];
    assert_eq!(evaluate(&line, &tree).1, notes(&expected));
}

/// A PGN tree with 64 consecutive queen checks in its main line (a queen
/// shuffling between e8 and e4 against a lone king) and variations, some
/// nested, branching off: the backtracking matcher of nested repetitions
/// tries exponentially many ways to split a run; the automaton must not.
fn long_checks_tree() -> String {
    let mut moves = Vec::new();
    for cycle in 0..32 {
        let n = 2 * cycle + 1;
        moves.push(match cycle {
            3 | 17 => format!(
                "{n}.Qe8+ Kh7 ({n}...Kg7 {}.Qe5+ Kh7 ({}...Kg8 {}.Qe8+ Kh7) {}.Qe4+ Kh8) {}.Qe4+ Kh8",
                n + 1,
                n + 1,
                n + 2,
                n + 2,
                n + 1
            ),
            10 | 24 => format!("{n}.Qe8+ Kh7 {}.Qe4+ ({}.Qh5+ Kg7 {}.Qe5+ Kh7) {}...Kh8", n + 1, n + 1, n + 2, n + 1),
            _ => format!("{n}.Qe8+ Kh7 {}.Qe4+ Kh8", n + 1),
        });
    }
    format!("[FEN \"7k/8/8/8/8/8/8/K3Q3 w - - 0 1\"]\n\n{} *\n", moves.join(" "))
}

/// 004: "the body of a ⊢ filter can contain multiple repetition
/// constituents"; nested ones (`(―― check*)+`, `((―― check ――)+ ――?)+`)
/// are matched without backtracking: from the start the path found is the
/// whole main line of [`long_checks_tree`] (128 plies), and a search from
/// every position of the tree finishes too.
#[test]
fn nested_repetitions_do_not_blow_up() {
    let tree = long_checks_tree();
    // The game is read whole: 1 + 128 main-line positions + 24 in variations.
    assert_eq!(positions(&cql::cql!("cql(variations) ♔"), &tree).len(), 153);
    // ♕e1 holds only at the start.
    let focused = cql::cql!("cql(variations) ♕e1 ⊢ ◎♕ (―― check*)+");
    let expected = [
        ("64.Qe4+", "End path of length 64 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 64(btm)"),
    ];
    assert_eq!(evaluate(&focused, &tree).1, notes(&expected));
    let nested = cql::cql!("cql(variations) ♕e1 ⊢ ((―― check ――)+ ――?)+");
    let expected = [
        ("64...Kh8", "End path of length 128 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 65(wtm)"),
    ];
    assert_eq!(evaluate(&nested, &tree).1, notes(&expected));
    let bounded = cql::cql!("cql(variations) ♕e1 ⊢ (((―― check){1,2} ――?){1,3})+");
    assert_eq!(evaluate(&bounded, &tree).1, notes(&expected));
    // From every position: where a white move (always a check) is followed
    // by a black one, as the plain filter `wtm ――(――)` says.
    let everywhere = positions(&cql::cql!("cql(variations) ⊢ quiet ((―― check ――)+ ――?)+"), &tree);
    assert_eq!(everywhere, positions(&cql::cql!("cql(variations) wtm ――(――)"), &tree));
    assert!(everywhere.len() >= 64, "{}", everywhere.len());
}

/// 004's `◎` (`focus`) parameter: only moves of the focused pieces are
/// matched by dash constituents and counted; other moves pass between two
/// focused moves, but a path neither starts nor ends with them.
#[test]
fn focus_passes_over_other_pieces_moves() {
    let (matched, comments) = evaluate(&cql::cql!("cql() ⊢ ◎♕ ―― ――"), SCHOLARS_MATE);
    assert_eq!(matched, names(&["1...e5"]));
    let expected = [
        ("4.Qxf7#", "End path of length 2 that starts at move 2(wtm)"),
        ("1...e5", "Start path that ends at move 4(btm)"),
    ];
    assert_eq!(comments, notes(&expected));
    // One queen move: the path ends with it, not with the moves after it.
    let (matched, comments) = evaluate(&cql::cql!("cql() ⊢ ◎♕ ――"), SCHOLARS_MATE);
    assert_eq!(matched, names(&["1...e5", "3...Nf6"]));
    let expected = [
        ("2.Qh5", "End path of length 1 that starts at move 2(wtm)"),
        ("1...e5", "Start path that ends at move 2(btm)"),
        ("4.Qxf7#", "End path of length 1 that starts at move 4(wtm)"),
        ("3...Nf6", "Start path that ends at move 4(btm)"),
    ];
    assert_eq!(comments, notes(&expected));
    // The focus is a set: here the white queen and bishops, whichever are
    // on the board where the path starts.
    let two = cql::cql!("cql() x = {⊢ quiet ◎[QB] ――+} comment(x)");
    assert_eq!(evaluate(&two, SCHOLARS_MATE).1, notes(&[("1...e5", "3"), ("2...Nc6", "2"), ("3...Nf6", "1")]));
}

/// A focus chosen by `if` (consecutive-checks-by-one-color's `◎if wtm △
/// else ▲`): the side to move where the path starts. An `if` without `else`
/// matches where its condition does not (if.html, "point 2 ... might be
/// surprising").
#[test]
fn an_if_chooses_the_focus_and_without_else_matches_where_its_condition_fails() {
    let side_to_move = cql::cql!("cql() x = {⊢ quiet ◎if wtm △ else ▲ ――+} comment(x)");
    let counts = notes(&[
        ("start", "4"),
        ("1.e4", "3"),
        ("1...e5", "3"),
        ("2.Qh5", "2"),
        ("2...Nc6", "2"),
        ("3.Bc4", "1"),
        ("3...Nf6", "1"),
    ]);
    assert_eq!(evaluate(&side_to_move, SCHOLARS_MATE).1, counts);
    let implication = cql::cql!("cql() if check mate");
    assert_eq!(positions(&implication, SCHOLARS_MATE).len(), 8);
    let otherwise = cql::cql!("cql() if wtm ♕d1 else ♞b8");
    assert_eq!(positions(&otherwise, SCHOLARS_MATE), names(&["start", "1.e4", "1...e5", "2.Qh5"]));
}

/// 004 "path status filters ... pathcount, pathcountunfocused": the moves
/// matched so far (focused ones) and the moves of other pieces passed over.
#[test]
fn path_status_filters_count_the_moves_so_far() {
    let query = cql::cql!(
        "cql() ⊢ quiet ◎♕
           ―― comment(pathcount \" queen, \" pathcountunfocused \" other\")
           ―― comment(pathcount \" queen, \" pathcountunfocused \" other\")"
    );
    let expected = [("2.Qh5", "1 queen, 0 other"), ("4.Qxf7#", "2 queen, 3 other")];
    assert_eq!(evaluate(&query, SCHOLARS_MATE).1, notes(&expected));
    // Without focus every move counts; pathcountunfocused stays 0.
    let query = cql::cql!("cql() ♙e2 ⊢ quiet ―― ―― ―― comment(pathcount \"/\" pathcountunfocused)");
    assert_eq!(evaluate(&query, SCHOLARS_MATE).1, notes(&[("2.Qh5", "3/0")]));
    // In `max`, pathcountunfocused is read at the end of each path
    // (clearance-delayed.cql maximises it): from 1...e5 with the white
    // queen and bishops focused, 2.Qh5 passes over no other move, 4.Qxf7#
    // over two.
    let fewest = cql::cql!("cql() ♕d1 ♟e5 ⊢ ◎[QB] max 0 - pathcountunfocused ――+");
    let (_, comments) = evaluate(&fewest, SCHOLARS_MATE);
    let end = "End path of length 1 that starts at move 2(wtm) Max value: 0";
    assert_eq!(comments[0], ("2.Qh5".to_owned(), end.to_owned()));
    let most = cql::cql!("cql() ♕d1 ♟e5 ⊢ ◎[QB] max pathcountunfocused ――+");
    let (_, comments) = evaluate(&most, SCHOLARS_MATE);
    let end = "End path of length 3 that starts at move 2(wtm) Max value: 2";
    assert_eq!(comments[0], ("4.Qxf7#".to_owned(), end.to_owned()));
}

/// 004: "lastposition: return the tail of the last move in the path"; the
/// path status filters `pathstart` and `pathlastposition` name the path's
/// first and last positions so far inside it, and those of the last path
/// that matched after it (pathstatusfilters.html: "the most recent matching
/// ⊢ filter").
#[test]
fn path_positions_are_its_start_and_the_tail_of_its_last_move() {
    // `♕f7` holds only at the start of the checks game.
    let tail = cql::cql!("cql() ♕f7 (⊢ quiet lastposition ―― check +):comment(\"tail\")");
    let (matched, comments) = evaluate(&tail, &checks_game());
    assert_eq!(matched, names(&["start"]));
    assert_eq!(comments, notes(&[("3...Rxb6+", "tail")]));
    // The last position is a value like any other: compared, printed.
    let later = cql::cql!("cql() ♕f7 (⊢ quiet lastposition ―― check +) > ∙ comment((⊢ quiet lastposition ―― check +))");
    assert_eq!(evaluate(&later, &checks_game()).1, notes(&[("start", "move 4(wtm)")]));
    // After the path: its start and last position.
    let after =
        cql::cql!("cql() ♕f7 {⊢ quiet ―― check +} pathstart:comment(\"first\") pathlastposition:comment(\"last\")");
    assert_eq!(evaluate(&after, &checks_game()).1, notes(&[("start", "first"), ("3...Rxb6+", "last")]));
    // Inside: the start stays where the path began (♕f7 there), the last
    // position follows the moves.
    let inside = cql::cql!("cql() x = {⊢ (―― check {pathstart:♕f7} {pathlastposition:check})+} x == 6");
    assert_eq!(positions(&inside, &checks_game()), names(&["start"]));
    // A move constituent's sets are read before the move, where the path
    // has come to: the queen's square there is where a queen move starts.
    let queen_moves = cql::cql!("cql() ⊢ quiet pathlastposition:♕――");
    assert_eq!(positions(&queen_moves, &checks_game()), names(&["start", "1...Qf6+", "2...Kc7+"]));
}

/// 004 "nestban: If the start position of the path has already been
/// included in another matched path of this filter with a different start
/// position, skip".
#[test]
fn nestban_skips_starts_inside_earlier_paths() {
    let game = checks_game();
    let every = positions(&cql::cql!("cql() ⊢ quiet ―― check +"), &game);
    assert_eq!(every.len(), 8);
    let banned = positions(&cql::cql!("cql() ⊢ quiet nestban ―― check +"), &game);
    assert_eq!(banned, names(&["start", "4...Rb5", "5...Kd6"]));
    // Pairs of checks: a path's last position is not inside it (cqlc's
    // reading of "included"), and may start the next path.
    let pairs = positions(&cql::cql!("cql() ⊢ quiet nestban ―― check {2}"), &game);
    assert_eq!(pairs, names(&["start", "1...Qf6+", "2...Kc7+"]));
}

/// A path whose first constituent is a filter starts only where it holds,
/// and goes on from there as any path does; the runtime tries such a filter
/// (one that writes nothing) before it sets up a search, whether or not
/// later constituents write.
#[test]
fn a_path_that_begins_with_a_filter_starts_where_it_holds() {
    let game = checks_game();
    let checks = names(&["1.Qg6+", "1...Qf6+", "2.Qxf6+", "2...Kc7+", "3.Qb6+", "3...Rxb6+", "5.Rc3+", "6.Rd3+"]);
    assert_eq!(positions(&cql::cql!("cql() ⊢ quiet check ――"), &game), checks);
    assert_eq!(positions(&cql::cql!("cql() ⊢ quiet check ―― comment(\"answered\")"), &game), checks);
    // A check answered by a check.
    let answered = names(&["1.Qg6+", "1...Qf6+", "2.Qxf6+", "2...Kc7+", "3.Qb6+"]);
    assert_eq!(positions(&cql::cql!("cql() ⊢ quiet check ―― check"), &game), answered);
    let (_, comments) = evaluate(&cql::cql!("cql() ⊢ quiet check ―― check comment(\"again\")"), &game);
    let again: Vec<String> = comments.into_iter().filter(|(_, text)| text == "again").map(|(at, _)| at).collect();
    assert_eq!(again, names(&["1...Qf6+", "2.Qxf6+", "2...Kc7+", "3.Qb6+", "3...Rxb6+"]));
}

/// `sort ⊢ ...` records the sort's evaluation only where the path can start
/// (the search skips the rest): the same matches, notes and sort values as
/// the sort of the path in braces, evaluated everywhere.
#[test]
fn a_sorted_path_is_evaluated_as_a_sort_of_the_path() {
    let direct = cql::cql!("cql(variations) sort \"checks\" ⊢ nestban ―― check{2,}");
    let braced = cql::cql!("cql(variations) sort \"checks\" {⊢ nestban ―― check{2,} true}");
    for game in [checks_game(), checks_tree()] {
        assert_eq!(evaluate(&direct, &game), evaluate(&braced, &game), "{game}");
        assert_eq!(sort_values(&direct, &game), sort_values(&braced, &game), "{game}");
    }
    // The six checks from the start are the longest run.
    let six = vec![vec![Some(cql::sort_keys::SortValue::Number(6))]];
    assert_eq!(sort_values(&direct, &checks_game()), six);
}

/// 004 "firstmatch: stop after the first matching path is found": the
/// depth-first search of the game tree first completes the shortest path
/// of its first branch.
#[test]
fn firstmatch_takes_the_first_path_found() {
    let game = checks_game();
    let (_, comments) = evaluate(&cql::cql!("cql() ♕f7 ⊢ firstmatch ―― check +"), &game);
    let expected = [
        ("1.Qg6+", "End path of length 1 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 1(btm)"),
    ];
    assert_eq!(comments, notes(&expected));
    let value = cql::cql!("cql() ♕f7 x = {⊢ firstmatch ―― check {3,}} x == 3");
    assert_eq!(positions(&value, &game), names(&["start"]));
}

/// 004 "max numeric filter: maximize the value of the given filter at the
/// tail of the last move in the path"; among paths of the best value the
/// first found wins, however long a later one is (CQL 6.2 replaces its best
/// only on a strictly greater value). The End note gives ` Max value: V`,
/// and the value of the path filter is V, not the length
/// (clearance-delayed.pgn game 79: `End path of length 3 ... Max value:
/// 12`, and its `sort "theme length"` of that path filter is 12). The
/// expectations are CQL 6.2's, `cql -i max.pgn -o out.pgn q.cql` with the
/// game below and each query (recorded again this way: they once said the
/// longest path of the best value wins, which CQL 6.2 does not do).
#[test]
fn max_picks_the_path_whose_end_has_the_largest_value() {
    let game = "[Event \"max\"]\n\n1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 *\n";
    // White keeps 16 units until 2...Qxd5: the first end, 1.e4, has the
    // best value.
    let (matched, comments) = evaluate(&cql::cql!("cql() ♙e2 ⊢ max #△ ――+"), game);
    assert_eq!(matched, names(&["start"]));
    let expected = [
        ("1.e4", "End path of length 1 that starts at move 1(wtm) Max value: 16"),
        ("start", "Start path that ends at move 1(btm)"),
    ];
    assert_eq!(comments, notes(&expected));
    let value = cql::cql!("cql() ♙e2 x = {⊢ quiet max #△ ――+} comment(x)");
    assert_eq!(evaluate(&value, game).1, notes(&[("start", "16")]));
    // Black loses a unit on 2.exd5 and keeps 15 to the end: the first end
    // of value 1 is 2.exd5.
    let (_, comments) = evaluate(&cql::cql!("cql() ♙e2 ⊢ max 16 - #▲ ――+"), game);
    let end = "End path of length 3 that starts at move 1(wtm) Max value: 1";
    assert_eq!(comments[0], ("2.exd5".to_owned(), end.to_owned()));
}

/// 004 "primary: Only consider primary moves": the variation's four checks
/// are out of reach, the main line's two remain.
#[test]
fn primary_follows_only_primary_moves() {
    let tree = checks_tree();
    let primary = cql::cql!("cql(variations) ♕f7 ♖d3 x = {⊢ quiet primary ―― check +} comment(x)");
    assert_eq!(evaluate(&primary, &tree).1, notes(&[("start", "2")]));
    let all = cql::cql!("cql(variations) ♕f7 ♖d3 x = {⊢ quiet ―― check +} comment(x)");
    assert_eq!(evaluate(&all, &tree).1, notes(&[("start", "4")]));
}

/// 004 "quiet: suppress automatically generated comments": no Start/End
/// notes, with the path's own `quiet` or the header's; the user's comments
/// and the match stay.
#[test]
fn quiet_drops_the_notes_but_not_the_comments() {
    let game = checks_game();
    let (matched, comments) = evaluate(&cql::cql!("cql() ♕f7 ⊢ quiet ―― check {6} comment(\"sixth\")"), &game);
    assert_eq!(matched, names(&["start"]));
    assert_eq!(comments, notes(&[("3...Rxb6+", "sixth")]));
    let (matched, comments) = evaluate(&cql::cql!("cql(quiet) ♕f7 ⊢ ―― check {6} comment(\"sixth\")"), &game);
    assert_eq!(matched, names(&["start"]));
    assert_eq!(comments, notes(&[("3...Rxb6+", "sixth")]));
}

/// Among paths with as many focused moves the first in game order (the
/// main continuation first) wins, whether it passes over fewer other moves
/// or more (as CQL 6.2 chooses in wurzburg-plachutta).
#[test]
fn ties_go_to_the_first_path_in_game_order() {
    let query = cql::cql!("cql(variations) ♕d1 ♟e5 ⊢ quiet ◎♕ ―― ―― comment(\"end\")");
    let fewer_others_first = "[Event \"tie\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Qxf7+ (3.Bc4 Nf6 4.Qxf7#) *\n";
    assert_eq!(evaluate(&query, fewer_others_first).1, notes(&[("3.Qxf7+", "end")]));
    let more_others_first = "[Event \"tie\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# (3.Qxf7+) 1-0\n";
    assert_eq!(evaluate(&query, more_others_first).1, notes(&[("4.Qxf7#", "end")]));
}

/// 004 "keepallbest: retain comments associated to each matching path":
/// two paths of four checks, 1.Qf6+ (main line) and 1.Qe6+ (variation);
/// without it only the first in game order keeps its comments. The notes
/// name only the path chosen (the first) either way.
#[test]
fn keepallbest_keeps_the_comments_of_every_best_path() {
    let tree = format!("{CHECKS_FEN}1.Qf6+ (1.Qe6+ Kc7+ 2.Qb6+ Rxb6+) 1...Kc7+ 2.Qb6+ Rxb6+ *\n");
    let first = cql::cql!("cql(variations) ♕f7 ⊢ ―― check {2} comment(\"queen \" ♕) ―― check {2}");
    let expected = [
        ("1...Kc7+", "queen f6"),
        ("2...Rxb6+", "End path of length 4 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 3(wtm)"),
    ];
    assert_eq!(evaluate(&first, &tree).1, notes(&expected));
    let all = cql::cql!("cql(variations) ♕f7 ⊢ keepallbest ―― check {2} comment(\"queen \" ♕) ―― check {2}");
    // The two positions named 1...Kc7+ (the variation's first), as the log
    // holds them.
    let expected = [
        ("1...Kc7+", "queen e6"),
        ("1...Kc7+", "queen f6"),
        ("2...Rxb6+", "End path of length 4 that starts at move 1(wtm)"),
        ("start", "Start path that ends at move 3(wtm)"),
    ];
    assert_eq!(evaluate(&all, &tree).1, notes(&expected));
    // Two best paths through 1.Qf6+ (1...Kc7+ and 1...Ka7+ both uncover the
    // rook's check): the comment of the constituent they share, evaluated
    // once, is kept once.
    let forked = format!("{CHECKS_FEN}1.Qf6+ Kc7+ (1...Ka7+) *\n");
    let shared =
        cql::cql!("cql(variations quiet) ♕f7 ⊢ keepallbest ―― check comment(\"one\") ―― check comment(\"two\")");
    let expected = [("1.Qf6+", "one"), ("1...Ka7+", "two"), ("1...Kc7+", "two")];
    assert_eq!(evaluate(&shared, &forked).1, notes(&expected));
}

/// 004 "verbose: annotate each move of the path" and "title: when verbose
/// is used, describe the path by that string literal": `title: move k of
/// L` at the tail of each focused move (staircase-sort-annotated.pgn:
/// `queen staircase: move 2 of 11`). Without a title cqlc writes `path`
/// (not seen in CQL 6.2's output).
#[test]
fn verbose_numbers_the_moves_of_the_path() {
    let game = checks_game();
    let (_, comments) = evaluate(&cql::cql!("cql(quiet) ♕f7 ⊢ verbose title \"checks\" ―― check {3}"), &game);
    let expected =
        [("1.Qg6+", "checks: move 1 of 3"), ("1...Qf6+", "checks: move 2 of 3"), ("2.Qxf6+", "checks: move 3 of 3")];
    assert_eq!(comments, notes(&expected));
    let (_, comments) = evaluate(&cql::cql!("cql(quiet) ♕f7 ⊢ verbose ―― check {2}"), &game);
    assert_eq!(comments, notes(&[("1.Qg6+", "path: move 1 of 2"), ("1...Qf6+", "path: move 2 of 2")]));
    // With focus only the focused moves are numbered.
    let (_, comments) = evaluate(&cql::cql!("cql(quiet) ⊢ ◎♕ verbose title \"queen\" ―― ――"), SCHOLARS_MATE);
    assert_eq!(comments, notes(&[("2.Qh5", "queen: move 1 of 2"), ("4.Qxf7#", "queen: move 2 of 2")]));
}

/// 004 "piecepath: when ◎ is used, annotate the matched path with the
/// sequence of squares taken by each focused piece", at the start of the
/// path (`Focus path: Qh8-g8-g7`), before the Start note (two-piece-cycle.pgn:
/// `CQL Focus path: Qh6-h7-... qf8-f7-... Start path that ends at move
/// 13(btm)`); the header's `quiet` keeps it (staircase-sort-annotated.pgn),
/// a title goes before it (followpath.pgn: `T1 Focus path: Bd2-e3-c1-b2-a1`).
#[test]
fn piecepath_writes_the_focused_pieces_squares() {
    let queen = "[FEN \"7Q/8/8/8/8/8/6k1/K7 w - - 0 1\"]\n\n1.Qg8+ Kf2 2.Qg7 Ke2 *\n";
    let (_, comments) = evaluate(&cql::cql!("cql() ♕h8 ⊢ ◎♕ piecepath ―― ――"), queen);
    let expected = [
        ("2.Qg7", "End path of length 2 that starts at move 1(wtm)"),
        ("start", "Focus path: Qh8-g8-g7"),
        ("start", "Start path that ends at move 2(btm)"),
    ];
    assert_eq!(comments, notes(&expected));
    let (_, comments) = evaluate(&cql::cql!("cql(quiet) ♕h8 ⊢ ◎♕ piecepath ―― ――"), queen);
    assert_eq!(comments, notes(&[("start", "Focus path: Qh8-g8-g7")]));
    let (_, comments) = evaluate(&cql::cql!("cql(quiet) ♕h8 ⊢ ◎♕ title \"Q\" piecepath ―― ――"), queen);
    assert_eq!(comments, notes(&[("start", "Q Focus path: Qh8-g8-g7")]));
    // Two focused pieces, a space between their paths (the white piece on
    // the lower square: whether CQL orders by colour or by square is not
    // settled).
    let queens = "[FEN \"4k2q/8/8/8/8/8/8/Q3K3 w - - 0 1\"]\n\n1.Qa2 Qh7 2.Qa3 Qh6 *\n";
    let (_, comments) = evaluate(&cql::cql!("cql(quiet) ♕a1 ⊢ ◎[Qq] piecepath ――{4}"), queens);
    assert_eq!(comments, notes(&[("start", "Focus path: Qa1-a2-a3 qh8-h7-h6")]));
    // A piece's path follows the piece, not the square: the black queen
    // takes the white one on g3 and goes on from there.
    let capture = "[Event \"q\"]\n\n1.d4 e5 2.Qd3 Qg5 3.Qg3 Qxg3 4.Nf3 Qg4 *\n";
    let (_, comments) = evaluate(&cql::cql!("cql(quiet) ♕d1 ♟e5 ⊢ ◎[Qq] piecepath ――{5}"), capture);
    assert_eq!(comments, notes(&[("1...e5", "Focus path: Qd1-d3-g3 qd8-g5-g3-g4")]));
}

/// Errors in path filters that the parser tests (cqlc/src/syntax) do not
/// already cover.
#[test]
fn malformed_paths_are_refused_with_a_reason() {
    let message = |source: &str| cqlc::compile(source).expect_err(source).message();
    assert_eq!(message("cql() ⊢ ――{3,1}"), "the repetition's range goes backwards");
    assert_eq!(message("cql() ⊢ title 3 ――"), "'title' needs a string: title \"...\"");
    assert_eq!(message("cql() ⊢ (―― check"), "this '(' is never closed");
    assert!(message("cql() ⊢ max \"a\" ――").starts_with("what a path's 'max' or 'min' compares must be a number"));
    assert!(message("cql() ⊢ ◎ 3 ――").starts_with("the focus of a path (the pieces it follows) must be a set"));
    // Inside a path a path status filter is fine, also in `max`.
    assert!(cqlc::compile("cql() ⊢ max pathcount ―― pathcount == 1").is_ok());
}

/// A path matches with one move or more, and outside a path `pathcount` is
/// the last matching path's. CQL 6.2 (`cql -i short.pgn -o out.pgn q.cql`,
/// the game below): `cql() path k (--)?` matches at every position but the
/// last, `cql() path k` nowhere; `cql() {path --} pathcount == 1` where the
/// path matches, `cql() pathcount` nowhere.
#[test]
fn a_path_matches_with_a_move_and_pathcount_outside_one_is_the_last_paths() {
    let game = "[Event \"short\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O Qd6 *\n";
    let all_but_last =
        names(&["start", "1.e4", "1...e5", "2.Nf3", "2...Nc6", "3.Bb5", "3...a6", "4.Bxc6", "4...dxc6", "5.O-O"]);
    assert_eq!(positions(&cql::cql!("cql() ⊢ ♚ (――)?"), game), all_but_last);
    assert!(positions(&cql::cql!("cql() ⊢ ♚"), game).is_empty());
    assert_eq!(positions(&cql::cql!("cql() {⊢ ――} pathcount == 1"), game), all_but_last);
    assert!(positions(&cql::cql!("cql() pathcount"), game).is_empty());
}

/// A game from a `[FEN]` with fullmove number 28, White to move, and one
/// with Black to move; each has a variation.
const FROM_MOVE_28: &str = "[Event \"w28\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 28\"]\n\n\
    28. Ra2 Kd8 29. Ra3 (29. Ra4 Kc8 30. Ra5) 29... Kc8 30. Ra4 Kb8 *\n\n\
    [Event \"b28\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 28\"]\n\n\
    28... Kd8 29. Ra2 Kc8 (29... Ke8 30. Ra3) 30. Ra3 Kb8 31. Ra4 *\n";

/// CQL 6.2 numbers the positions in its notes from 1 at the game's start,
/// whatever the `[FEN]` says: the start is `move 1(wtm)` or `move 1(btm)`,
/// and each move of Black begins the next number. Recorded from `cql -i
/// from28.pgn -o out.pgn q.cql`, where `q.cql` is `cql(variations) path R--.`
/// (`R――.` here) and `from28.pgn` is [`FROM_MOVE_28`]; positions are named
/// by the game's own numbers (`28.Ra2`).
#[test]
fn notes_number_moves_from_1_at_the_start_whatever_the_fen_says() {
    let (_, mut comments) = evaluate(&cql::cql!("cql(variations) ⊢ ♖――."), FROM_MOVE_28);
    comments.sort();
    let mut expected = notes(&[
        // White to move at the start.
        ("start", "Start path that ends at move 1(btm)"),
        ("28.Ra2", "End path of length 1 that starts at move 1(wtm)"),
        ("28...Kd8", "Start path that ends at move 2(btm)"),
        ("29.Ra3", "End path of length 1 that starts at move 2(wtm)"),
        ("29...Kc8", "id:8"),
        ("29...Kc8", "Start path that ends at move 3(btm)[9]"),
        ("30.Ra5", "End path of length 1 that starts at move 3(wtm)[8]"),
        ("30.Ra5", "id:9"),
        ("29...Kc8", "Start path that ends at move 3(btm)"),
        ("30.Ra4", "End path of length 1 that starts at move 3(wtm)"),
        // Black to move at the start.
        ("28...Kd8", "Start path that ends at move 2(btm)"),
        ("29.Ra2", "End path of length 1 that starts at move 2(wtm)"),
        ("29...Kc8", "Start path that ends at move 3(btm)"),
        ("29...Ke8", "id:7"),
        ("29...Ke8", "Start path that ends at move 3(btm)[8]"),
        ("30.Ra3", "End path of length 1 that starts at move 3(wtm)[7]"),
        ("30.Ra3", "id:8"),
        ("30.Ra3", "End path of length 1 that starts at move 3(wtm)"),
        ("30...Kb8", "Start path that ends at move 4(btm)"),
        ("31.Ra4", "End path of length 1 that starts at move 4(wtm)"),
    ]);
    expected.sort();
    assert_eq!(comments, expected);
}

/// Castling is a move of its rook too, for `focus` and `piecepath`: each
/// focused piece of the two goes on. Recorded from CQL 6.2 (`cql -i
/// castle.pgn -o out.pgn q.cql`, the game below, `q.cql` each query; `S=Ke1|Rh1`
/// gives `Focus path: Ke1-g1-h1 Rh1-f1-e1`); found through
/// clearance-delayed, whose exploiting rook castles in game 3 of
/// annotated-games.
#[test]
fn castling_is_a_move_of_a_focused_rook() {
    let game = "[Event \"castle\"]\n\n1.e4 e5 2.Nf3 d6 3.Bc4 Bg4 4.d3 a6 5.O-O a5 6.Re1 a4 7.Kh1 *\n";
    let (matched, comments) = evaluate(&cql::cql!("cql() ◭E∊♖h1 ⊢◎E E――"), game);
    assert_eq!(matched, names(&["4...a6"]));
    assert_eq!(
        comments,
        notes(&[
            ("5.O-O", "End path of length 1 that starts at move 5(wtm)"),
            ("4...a6", "Start path that ends at move 5(btm)"),
        ])
    );
    let rook = notes(&[
        ("6.Re1", "End path of length 2 that starts at move 5(wtm)"),
        ("4...a6", "Focus path: Rh1-f1-e1"),
        ("4...a6", "Start path that ends at move 6(btm)"),
    ]);
    assert_eq!(evaluate(&cql::cql!("cql() ⊢ piecepath ◎ Rh1 ――{2}"), game).1, rook);
    let both = notes(&[
        ("7.Kh1", "End path of length 3 that starts at move 5(wtm)"),
        ("4...a6", "Focus path: Ke1-g1-h1 Rh1-f1-e1"),
        ("4...a6", "Start path that ends at move 7(btm)"),
    ]);
    assert_eq!(evaluate(&cql::cql!("cql() S=Ke1|Rh1 ⊢ piecepath ◎ S ――{3}"), game).1, both);
}

/// `focus capture`: a move of a focused piece, or a move that captures
/// one, is a focused move, and a path starts with one. Recorded from CQL
/// 6.2 (`cql -i capture.pgn -o out.pgn q.cql`, the game below, `q.cql` each
/// query): the black pawn's own move starts the first path, white's capture
/// of it the second, and once it is taken no second focused move follows
/// (the pawn that took it is not focused).
#[test]
fn with_capture_a_path_starts_with_a_move_of_or_onto_a_focused_piece() {
    let game = "[Event \"capture\"]\n\n1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 *\n";
    assert_eq!(positions(&cql::cql!("cql() ⊢ focus capture ♟d7 ――"), game), names(&["1.e4"]));
    assert_eq!(positions(&cql::cql!("cql() ⊢ focus capture ♟d5 ――"), game), names(&["1...d5"]));
    assert!(positions(&cql::cql!("cql() ⊢ focus capture ♟d5 ――{2}"), game).is_empty());
}

/// A path written once for all the images of a transform keeps the best
/// continuations it works out for each image apart: the white image's are
/// not the black image's. CQL 6.2 (`cql -i game.pgn -o out.pgn q.cql`, with
/// `q.cql` holding the query below) matches after 6.h3 only, where black's
/// image finds `6...d5` (its repeated `♚――g8 .` taken no times).
#[test]
fn each_image_of_a_transformed_path_has_its_own_continuations() {
    let game = "[Event \"flip\"]\n\n1.e4 e5 2.Nf3 Nf6 3.Bc4 Be7 4.d3 O-O 5.c3 Re8 6.h3 d5 *\n";
    let query = cql::cql!("cql() flipcolor ⊢ ♔――g1 .{*} ♖――e1 .{*} ♙――d4");
    assert_eq!(positions(&query, game), names(&["6.h3"]));
}

/// The images of a transform are path filters of their own for `nestban`:
/// black's image starts after 1.Nf3, inside the path white's image matched
/// from the start. CQL 6.2 (`cql -i game.pgn -o out.pgn q.cql`, `q.cql`
/// holding the query) matches at the start, after 1.Nf3 and after 1...Nf6.
#[test]
fn nestban_bans_the_starts_of_each_image_apart() {
    let game = "[Event \"knights\"]\n\n1.Nf3 Nf6 2.Nc3 Nc6 *\n";
    let query = cql::cql!("cql() flipcolor ⊢ nestban ♘――□ ♞――□");
    assert_eq!(positions(&query, game), names(&["start", "1.Nf3", "1...Nf6"]));
}
