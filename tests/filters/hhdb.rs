//! `hhdb`, the fields of the Harold van der Heijden database of endgame
//! studies, on four studies written as the database writes them: the
//! composers in `[White]` (` NN` after them for an unknown one), the GBR
//! code and the marks in `[Black]` (`MC`: too many composers for `[White]`,
//! then named up to the first period of the first comment; `U1`, `U3`:
//! unsound), `<main>`, `<or>` and `<cook>` in comments.
//!
//! Each answer is CQL 6.2's, recorded with `cql -i studies.pgn -o out.pgn
//! q.cql` (`studies.pgn` being [`STUDIES`]) and the query the test names.

use super::evaluate::{evaluate, matching_games, names, notes, positions};

/// Four studies: (1) cooked in a variation's comment, `TT`, `<main>` and
/// `<or>` in the comments of its first move and a variation; (2) `MC U3`,
/// its composers in the first comment; (3) `U1` and cooked in the main
/// line; (4) `<cook` only in its `[Event]` tag.
const STUDIES: &str = r#"[Event "1.p Jenever ty"]
[Site "?"]
[Date "2015.??.??"]
[Round "?"]
[White "Kopilov=E Pervakov=O"]
[Black "(+0000.10a1a3) TT"]
[Result "1-0"]
[SetUp "1"]
[FEN "k7/8/8/8/8/8/7P/K7 w - - 0 1"]

{(EG#20453). stipulation: Win.} 1.Kb1 {<main>} (1.h4 {<or>} 1...Ka7) 1...Kb8 (1...Ka7 {<cook> 2.Kb2}) 2.h4 1-0

[Event "2.hm Moscow"]
[Site "?"]
[Date "2004.??.??"]
[Round "?"]
[White "Martsvalashvili=R NN"]
[Black "(+0000.10a1a3) MC U3"]
[Result "1-0"]
[SetUp "1"]
[FEN "k7/8/8/8/8/8/7P/K7 w - - 0 1"]

{Martsvalashvili=R Kalandadze=V Pachkoria=D. EBUR=4.} 1.Kb1 Kb8 (1...Ka7 2.Kb2) 2.h4 1-0

[Event "Studies"]
[Site "?"]
[Date "2004.??.??"]
[Round "?"]
[White "Gurgenidze=D NN"]
[Black "(+0000.10a1a3) U1"]
[Result "1-0"]
[SetUp "1"]
[FEN "k7/8/8/8/8/8/7P/K7 w - - 0 1"]

1.Kb1 {<cook>} Kb8 2.h4 1-0

[Event "Other <cook"]
[Site "?"]
[Date "2004.??.??"]
[Round "?"]
[White "NN"]
[Black "(+0000.10a1a3)"]
[Result "1-0"]
[SetUp "1"]
[FEN "k7/8/8/8/8/8/7P/K7 w - - 0 1"]

{A NN.} 1.Kb1 Kb8 2.h4 1-0
"#;

/// `hhdb cooked` is `<cook` anywhere in the game's text, its tags too;
/// `hhdb unsound` is cooked or marked `U1` to `U5`; `hhdb sound` is not
/// marked `U3` to `U5`, nor cooked and marked `U1` or `U2` (so a cooked
/// study without a mark is both). `q.cql`: `cql(quiet) initial hhdb
/// cooked` (and `sound`, `unsound`): games 1, 3, 4; 1, 4; all four.
#[test]
fn cooked_sound_and_unsound_read_the_text_and_the_marks() {
    let cooked = cql::cql!("cql(quiet) initial hhdb cooked");
    assert_eq!(matching_games(&cooked, STUDIES), [true, false, true, true]);
    let sound = cql::cql!("cql(quiet) initial hhdb sound");
    assert_eq!(matching_games(&sound, STUDIES), [true, false, false, true]);
    let unsound = cql::cql!("cql(quiet) initial hhdb unsound");
    assert_eq!(matching_games(&unsound, STUDIES), [true, true, true, true]);
    // The filter CQL 6.2 has for it, which a query may name too.
    let named = cql::cql!("cql(quiet) initial cql_hhdbhascook");
    assert_eq!(matching_games(&named, STUDIES), [true, false, true, true]);
}

/// `hhdb composer`: the `[White]` tag without a last ` NN`, or with `MC`
/// the first comment up to its first period. `q.cql`: `cql(quiet) initial
/// comment(hhdb composer)`, and `cql(quiet) initial hhdb composer
/// "Kopilov"` (game 1 only).
#[test]
fn composer_is_the_white_tag_or_the_first_comment() {
    let composer = cql::cql!("cql(quiet) initial comment(hhdb composer)");
    let expected = [
        ("start", "Kopilov=E Pervakov=O"),
        ("start", "Martsvalashvili=R Kalandadze=V Pachkoria=D"),
        ("start", "Gurgenidze=D"),
        ("start", "NN"),
    ];
    assert_eq!(evaluate(&composer, STUDIES).1, notes(&expected));
    let searched = cql::cql!(r#"cql(quiet) initial hhdb composer "Kopilov""#);
    assert_eq!(matching_games(&searched, STUDIES), [true, false, false, false]);
}

/// `hhdb search`: the event, the `[White]` and `[Black]` tags and the
/// first comment, one a line. `q.cql`: `cql(quiet) initial comment(hhdb
/// search)`, and `cql(quiet) initial hhdb search "Kopilov"` (game 1).
#[test]
fn search_is_the_event_the_players_and_the_first_comment() {
    let search = cql::cql!("cql(quiet) initial comment(hhdb search)");
    let expected = [
        ("start", "1.p Jenever ty\nKopilov=E Pervakov=O\n(+0000.10a1a3) TT\n(EG#20453). stipulation: Win."),
        (
            "start",
            "2.hm Moscow\nMartsvalashvili=R NN\n(+0000.10a1a3) MC U3\nMartsvalashvili=R Kalandadze=V Pachkoria=D. EBUR=4.",
        ),
        ("start", "Studies\nGurgenidze=D NN\n(+0000.10a1a3) U1"),
        ("start", "Other <cook\nNN\n(+0000.10a1a3)\nA NN."),
    ];
    assert_eq!(evaluate(&search, STUDIES).1, notes(&expected));
    let searched = cql::cql!(r#"cql(quiet) initial hhdb search "Kopilov""#);
    assert_eq!(matching_games(&searched, STUDIES), [true, false, false, false]);
}

/// `hhdb mainline`: no move on the way here is a variation's without a
/// `<main>` comment; `hhdb variation` the others; `hhdb "<main>"` and
/// `hhdb "<or>"` the comments. `q.cql`: `cql(quiet variations) hhdb
/// mainline comment("M")` (and `variation`, `"<main>"`, `"<or>"`): the main
/// line of each game; the positions of the variations of games 1 and 2;
/// 1.Kb1 of game 1; 1.h4 of game 1.
#[test]
fn mainline_and_variation_tell_the_lines_apart() {
    let mainline = cql::cql!("cql(quiet variations) hhdb mainline");
    let main_line = ["start", "1.Kb1", "1...Kb8", "2.h4"];
    assert_eq!(positions(&mainline, STUDIES), names(&main_line.repeat(4)));
    let variation = cql::cql!("cql(quiet variations) hhdb variation");
    // In the order the harness lists them.
    let variations = ["1...Ka7", "1.h4", "1...Ka7", "1...Ka7", "2.Kb2"];
    assert_eq!(positions(&variation, STUDIES), names(&variations));
    let main = cql::cql!(r#"cql(quiet variations) hhdb "<main>""#);
    assert_eq!(positions(&main, STUDIES), names(&["1.Kb1"]));
    let or = cql::cql!(r#"cql(quiet variations) hhdb "<or>""#);
    assert_eq!(positions(&or, STUDIES), names(&["1.h4"]));
}

/// The keys about variations stop CQL 6.2 before it reads a game unless
/// the search is over variations: `cql -i studies.pgn q.cql` with `q.cql`
/// `cql() hhdb mainline` prints the message and exits (with
/// `-variations` it searches). cqlc's searcher has the message in its
/// header, and stops with it the same way.
#[test]
fn the_keys_about_variations_say_so_in_the_header() {
    let expected = "'hhdb mainline' can only be used when 'variations' is set in the CQL header (or run with 'cql \
                    -variations...')";
    let query = cqlc::compile("cql() hhdb mainline").unwrap().output;
    assert_eq!(query.header.needs_variations.as_deref(), Some(expected));
    // CQL 6.2's message for "<main>" has no dots.
    let main = cqlc::compile("cql(variations) hhdb \"<main>\"").unwrap().output;
    let message = main.header.needs_variations.unwrap();
    assert!(message.ends_with("(or run with 'cql -variations')"), "{message}");
    assert_eq!(cqlc::compile("cql() hhdb TT").unwrap().output.header.needs_variations, None);
}

/// Nine games of one move whose `[Event]` tags name awards, in order: `2.hm
/// A`, `sp.p B`, `1.p C`, `Studies` (none), `1/3.p D`, `sp.hm E`, `.c F`,
/// `1.p G`, `2.sp.p H`.
const AWARDS: &str = "[Event \"2.hm A\"]\n\n1.e4 *\n\n[Event \"sp.p B\"]\n\n1.e4 *\n\n\
    [Event \"1.p C\"]\n\n1.e4 *\n\n[Event \"Studies\"]\n\n1.e4 *\n\n[Event \"1/3.p D\"]\n\n1.e4 *\n\n\
    [Event \"sp.hm E\"]\n\n1.e4 *\n\n[Event \".c F\"]\n\n1.e4 *\n\n[Event \"1.p G\"]\n\n1.e4 *\n\n\
    [Event \"2.sp.p H\"]\n\n1.e4 *\n\n";

/// An award as a filter matches a special award too, which has no place
/// as a number: CQL 6.2 (`cql -i awards.pgn -o out.pgn q.cql`, `awards.pgn`
/// being [`AWARDS`]) matches games 2, 3, 5, 8 and 9 with `cql() hhdb
/// prize`, all but 1 and 6 with `cql() not hhdb hm`, and only 3, 5 and 8
/// with `cql() x = hhdb prize x > 0`.
#[test]
fn an_award_filter_matches_a_special_award_without_a_place() {
    let games = |matched: &[usize]| (1..=9).map(|game| matched.contains(&game)).collect::<Vec<_>>();
    let prize = cql::cql!("cql() hhdb prize");
    assert_eq!(matching_games(&prize, AWARDS), games(&[2, 3, 5, 8, 9]));
    let not_hm = cql::cql!("cql() not hhdb hm");
    assert_eq!(matching_games(&not_hm, AWARDS), games(&[2, 3, 4, 5, 7, 8, 9]));
    let placed = cql::cql!("cql() x = hhdb prize x > 0");
    assert_eq!(matching_games(&placed, AWARDS), games(&[3, 5, 8]));
}
