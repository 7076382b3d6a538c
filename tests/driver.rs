//! The searcher's driver end to end: inputs of every kind, irregular games,
//! the command line, output order.

use std::{
    fs,
    io::Write,
    panic,
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicUsize, Ordering},
        mpsc,
    },
    thread,
    time::Duration,
};

use cql::{
    Cursor, EvalSettings, Header, Query,
    driver::{self, Counts, Failure, GameOutcome, SearchPlan, Sink},
    pgn::{Source, read_games},
};

fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("driver");
    fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Every outcome, in the order the driver hands them over.
#[derive(Default)]
struct Collect(Vec<GameOutcome>);

impl Sink for Collect {
    fn game(&mut self, outcome: GameOutcome) {
        self.0.push(outcome);
    }
}

fn search_with(query: &dyn cql::Query, source: Source, threads: usize) -> (Counts, Vec<GameOutcome>) {
    let eval = EvalSettings::from_header(&query.header());
    let plan = SearchPlan { gamenumber: None, result: None, threads, eval: &eval, index: None };
    let mut collect = Collect::default();
    let counts = driver::search_source(query, source, &plan, &mut collect).unwrap();
    (counts, collect.0)
}

#[test]
fn every_irregular_game_is_searched_or_reported() {
    let every_game = cql::cql!("cql() wtm or btm");
    let input = shared("corpora/irregular-games.pgn");
    let (counts, outcomes) = search_with(&every_game, Source::open(&input).unwrap(), 2);
    assert!(counts.games >= 305, "{} games", counts.games);
    for outcome in &outcomes {
        let fatal: Vec<_> = outcome.warnings.iter().filter(|w| w.problem.is_fatal()).collect();
        assert!(
            outcome.matched == fatal.is_empty(),
            "game {}: matched {} with fatal problems {fatal:?}",
            outcome.number,
            outcome.matched
        );
    }
    let reported = outcomes.iter().filter(|o| !o.matched).count();
    assert_eq!(counts.matched as usize + reported, counts.games as usize);
    let stopped = outcomes.iter().filter(|o| o.warnings.iter().any(|w| w.problem.stops_reading())).count();
    assert!(stopped > 0, "the irregular corpus has moves that cannot be played");
    assert!(outcomes.iter().all(|o| o.warnings.iter().filter(|w| w.problem.stops_reading()).count() <= 1));
}

#[test]
fn warnings_name_the_game_and_the_line_of_the_move() {
    let every_game = cql::cql!("cql() wtm or btm");
    let text = "[Event \"a\"]\n\n1.e4 e5 *\n\n[Event \"b\"]\n\n1.e4 e5\n2.Ke3 *\n";
    let path = scratch("bad-move.pgn");
    fs::write(&path, text).unwrap();
    let (_, outcomes) = search_with(&every_game, Source::open(&path).unwrap(), 1);
    assert!(outcomes[0].matched && outcomes[0].warnings.is_empty());
    let warning = &outcomes[1].warnings[0];
    assert_eq!((warning.game, warning.line), (2, 8));
    assert_eq!(warning.to_string(), "game 2 (line 8): illegal move 2. Ke3; game searched up to that move");
    assert!(outcomes[1].matched, "the moves before it are searched");
}

/// A query's filters that read only tags are tested on a game's tags
/// before its moves are read: a game they turn away is not read further (a
/// move that cannot be played there goes unreported, as in a game the text
/// pre-filter turns away), one they let through is read and searched.
#[test]
fn games_whose_tags_fail_the_query_are_not_read_further() {
    let carlsen_checks = cql::cql!("cql() player white \"Carlsen\" check");
    assert!(carlsen_checks.tests_tags());
    let text = "[White \"Anand\"]\n\n1.e4 e5 2.Ke3 Qh4+ *\n\n\
                [White \"Carlsen\"]\n\n1.e4 f5 2.Qh5+ g6 3.Ke3 *\n\n\
                [White \"Carlsen, M\"]\n\n1.e4 e5 *\n";
    let path = scratch("tags-first.pgn");
    fs::write(&path, text).unwrap();
    let (counts, outcomes) = search_with(&carlsen_checks, Source::open(&path).unwrap(), 1);
    assert_eq!((counts.games, counts.matched), (3, 1));
    assert!(outcomes[0].warnings.is_empty(), "Anand's game is not read: {:?}", outcomes[0].warnings);
    assert!(outcomes[1].matched && !outcomes[1].warnings.is_empty(), "Carlsen's game is read: 3.Ke3 is reported");
    assert!(!outcomes[2].matched && outcomes[2].warnings.is_empty());
    // The same games, everything read and evaluated: the tag test turned
    // away no game that matches.
    let no_tags = cql::cql!("cql() {player white \"Carlsen\" check} or false");
    assert!(!no_tags.tests_tags());
    let (all, everything) = search_with(&no_tags, Source::open(&path).unwrap(), 1);
    assert_eq!(all.matched, counts.matched);
    assert!(!everything[0].warnings.is_empty(), "read in full, Anand's game reports 2.Ke3");
}

#[test]
fn compressed_and_streamed_inputs_give_the_same_results_as_the_file() {
    let greek_gift = cql::cql_file!("examples/greekgift.cql");
    let plain = shared("corpora/studies-sample.pgn");
    let bytes = fs::read(&plain).unwrap();
    let zst = scratch("studies-sample.pgn.zst");
    fs::write(&zst, zstd::encode_all(&bytes[..], 3).unwrap()).unwrap();
    let gz = scratch("studies-sample.pgn.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(&bytes).unwrap();
    fs::write(&gz, encoder.finish().unwrap()).unwrap();

    let results = |source: Source| {
        let (counts, outcomes) = search_with(&greek_gift, source, 2);
        let found: Vec<(u64, Vec<u8>)> =
            outcomes.into_iter().filter(|o| o.matched).map(|o| (o.number, o.pgn)).collect();
        (counts, found)
    };
    let expected = results(Source::open(&plain).unwrap());
    assert_eq!(expected.0.games, 253);
    assert_eq!(expected.1.len(), 1);
    assert_eq!(results(Source::open(&zst).unwrap()), expected);
    assert_eq!(results(Source::open(&gz).unwrap()), expected);
    // Standard input is read as a stream, like this.
    let stream = Source::stream("-".into(), Box::new(std::io::Cursor::new(bytes)), None);
    assert_eq!(results(stream), expected);
}

#[test]
fn the_master_database_streams_from_zstd_game_by_game() {
    let never = cql::cql!("cql() false");
    let (counts, _) = search_with(&never, Source::open(&shared("corpora/master-games.pgn.zst")).unwrap(), 2);
    // The corpus README's count.
    assert_eq!(counts.games, 384_911);
    assert_eq!(counts.matched, 0);
}

#[test]
fn results_come_in_input_order_whatever_the_number_of_threads() {
    let checks = cql::cql!("cql(variations) check");
    let input = shared("corpora/annotated-games.pgn");
    let order = |threads| {
        let (_, outcomes) = search_with(&checks, Source::open(&input).unwrap(), threads);
        outcomes.into_iter().map(|o| (o.number, o.matching_positions, o.pgn)).collect::<Vec<_>>()
    };
    let one = order(1);
    assert_eq!(one.iter().map(|(n, ..)| *n).collect::<Vec<_>>(), (1..=one.len() as u64).collect::<Vec<_>>());
    assert_eq!(order(3), one);
}

#[test]
fn messages_come_in_input_order_with_their_game_and_position() {
    let mates = cql::cql!("cql() mate message (\"mate\")");
    let input = shared("corpora/annotated-games.pgn");
    let lines = |threads| {
        let (_, outcomes) = search_with(&mates, Source::open(&input).unwrap(), threads);
        outcomes.into_iter().flat_map(|o| o.messages).collect::<Vec<_>>()
    };
    let one = lines(1);
    assert!(one.len() > 5, "{one:?}");
    assert!(one.iter().all(|line| line.starts_with("game ") && line.ends_with(": mate")), "{one:?}");
    let numbers: Vec<u64> = one.iter().map(|line| line[5..line.find(',').unwrap()].parse().unwrap()).collect();
    assert!(numbers.is_sorted(), "{numbers:?}");
    assert_eq!(lines(3), one);
}

#[test]
fn variations_are_searched_only_when_asked() {
    let path = scratch("fools-mate-in-a-variation.pgn");
    fs::write(&path, "[Event \"v\"]\n\n1.e4 (1.f3 e5 2.g4 Qh4#) 1...e5 *\n").unwrap();
    let main_line = cql::cql!("cql() mate");
    let everywhere = cql::cql!("cql(variations) mate");
    assert!(cql::search(&main_line, &path).unwrap().matches.is_empty());
    let found = cql::search(&everywhere, &path).unwrap();
    assert_eq!(found.matches.len(), 1);
    let pgn = String::from_utf8(found.matches[0].pgn.clone()).unwrap();
    assert!(pgn.contains("2.g4 Qh4# {CQL} ) 1...e5"), "{pgn}");
}

#[test]
fn the_command_line_overrides_the_header() {
    let greek_gift = cql::cql_file!("examples/greekgift.cql");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    let run = |name: &str, extra: &[&str]| {
        let output = scratch(name);
        let mut list = args(&["-i", input, "-o", output.to_str().unwrap()]);
        list.extend(args(extra));
        driver::run("greekgift", &greek_gift, list).unwrap();
        // Compared with whitespace collapsed: the wrapping moves with the text.
        fs::read_to_string(output).unwrap().split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let plain = run("plain.pgn", &[]);
    assert!(plain.contains("{Game number 252}") && plain.contains("13(btm) CQL}"));
    assert_eq!(run("range.pgn", &["-gamenumber", "1", "100"]), "");
    assert_eq!(run("one.pgn", &["-g", "252", "-s"]), plain);
    let matchstring = run("matchstring.pgn", &["-matchstring", "Greek gift"]);
    assert!(matchstring.contains("13(btm) Greek gift}"));
    let quiet = run("quiet.pgn", &["-quiet"]);
    assert!(!quiet.contains("CQL") && !quiet.contains("Start path") && quiet.contains("{Game number 252}"));
    let silent = run("silent.pgn", &["--silent"]);
    assert!(!silent.contains("CQL") && !silent.contains("path") && silent.contains("{Game number 252}"));
}

/// `cql(sort matchcount N M)`: games with N to M matching positions, the
/// most first, each labelled `matchcount: K` (CQL 6.2's most-king-moves).
#[test]
fn sort_matchcount_orders_games_by_their_number_of_matches() {
    // White is to move at 1, 3 and 2 positions of these games.
    let games =
        "[Event \"one\"]\n\n1.e4 *\n\n[Event \"three\"]\n\n1.e4 e5 2.Nf3 Nc6 *\n\n[Event \"two\"]\n\n1.d4 d5 *\n";
    let input = scratch("matchcount.pgn");
    fs::write(&input, games).unwrap();
    let output = scratch("matchcount-out.pgn");
    let query = cql::cql!("cql(sort matchcount 2 10 quiet) wtm");
    let list = args(&["-i", input.to_str().unwrap(), "-o", output.to_str().unwrap()]);
    driver::run("matchcount", &query, list).unwrap();
    let written = fs::read_to_string(output).unwrap();
    let events: Vec<&str> = written.lines().filter(|line| line.starts_with("[Event ")).collect();
    assert_eq!(events, ["[Event \"three\"]", "[Event \"two\"]"]);
    assert!(written.contains("{Game number 2  matchcount: 3}"), "{written}");
    assert!(written.contains("{Game number 3  matchcount: 2}"), "{written}");
}

/// The games of [`sorting_by_strings_orders_games_byte_by_byte`]: their
/// White players, by game number, are Carl, anna, Bea and Carl.
const PLAYERS: &str = "[Event \"E1\"]\n[White \"Carl\"]\n\n1.e4 e5 2.Nf3 1-0\n\n\
    [Event \"E2\"]\n[White \"anna\"]\n\n1.d4 d5 0-1\n\n\
    [Event \"E3\"]\n[White \"Bea\"]\n\n1.c4 1/2-1/2\n\n\
    [Event \"E4\"]\n[White \"Carl\"]\n\n1.e4 *\n";

/// Runs `query` on [`PLAYERS`] with the options `more`: the first comment
/// of each game written, in output order.
fn first_comments(name: &str, query: &dyn Query, more: &[&str]) -> Vec<String> {
    let input = scratch(&format!("{name}.pgn"));
    fs::write(&input, PLAYERS).unwrap();
    let output = scratch(&format!("{name}-out.pgn"));
    let list = args(&[&["-i", input.to_str().unwrap(), "-o", output.to_str().unwrap()], more].concat());
    driver::run(name, query, list).unwrap();
    let written = fs::read_to_string(output).unwrap();
    written.lines().filter(|line| line.starts_with("{Game number")).map(str::to_owned).collect()
}

/// `sort` by a string: the games in byte order of their values (upper case
/// before lower case), the greatest first, or the least with `sort min`;
/// ties in game order; the first comment shows each game's best value.
/// CQL 6.2: `cql -i players.pgn -o out.pgn q.cql` with these queries.
#[test]
fn sorting_by_strings_orders_games_byte_by_byte() {
    let most = first_comments("most", &cql::cql!("cql() sort \"name\" player white"), &[]);
    let least = first_comments("least", &cql::cql!("cql() sort min \"name\" player white"), &[]);
    assert_eq!(
        most,
        [
            "{Game number 2 CQL  name: anna}",
            "{Game number 1 CQL  name: Carl}",
            "{Game number 4 CQL  name: Carl}",
            "{Game number 3 CQL  name: Bea}"
        ]
    );
    assert_eq!(
        least,
        [
            "{Game number 3 CQL  name: Bea}",
            "{Game number 1 CQL  name: Carl}",
            "{Game number 4 CQL  name: Carl}",
            "{Game number 2 CQL  name: anna}"
        ]
    );
    // The best string of the game's positions: "9" (ply 1) is greater than
    // "10" and "11".
    let plies = first_comments("plies", &cql::cql!("cql() sort \"p\" str(ply + 8)"), &[]);
    assert_eq!(plies[0], "{Game number 1 CQL  p: 9}");
}

/// `sort quiet` orders the games as `sort` does but its value is not in
/// their first comment, which shows the other sorts' (or none); sort
/// filters of one label are one sort, its value their best. CQL 6.2: `cql
/// -i players.pgn -o out.pgn q.cql` with these queries.
#[test]
fn sort_quiet_orders_games_without_showing_its_value() {
    let quiet = first_comments("quiet", &cql::cql!("cql() sort quiet \"name\" player white"), &[]);
    assert_eq!(quiet, ["{Game number 2 CQL}", "{Game number 1 CQL}", "{Game number 4 CQL}", "{Game number 3 CQL}"]);
    let query = cql::cql!("cql() sort quiet min \"name\" player white sort \"p\" ply");
    assert_eq!(
        first_comments("quiet-first", &query, &[]),
        [
            "{Game number 3 CQL  p: 1}",
            "{Game number 1 CQL  p: 3}",
            "{Game number 4 CQL  p: 1}",
            "{Game number 2 CQL  p: 2}"
        ]
    );
    let shared = first_comments("shared", &cql::cql!("cql() sort \"p\" ply sort \"p\" 10 - ply"), &[]);
    assert_eq!(
        shared,
        [
            "{Game number 1 CQL  p: 10}",
            "{Game number 2 CQL  p: 10}",
            "{Game number 3 CQL  p: 10}",
            "{Game number 4 CQL  p: 10}"
        ]
    );
}

/// The `[Event]` tags of the games of [`hhdb_sort_orders_studies_by_their_awards`],
/// awards but for `Studies`.
const AWARD_EVENTS: [&str; 9] =
    ["2.hm A", "sp.p B", "1.p C", "Studies", "1/3.p D", "sp.hm E", ".c F", "1.p G", "2.sp.p H"];

/// Runs `query` on games of one move with the `[Event]` tags [`AWARD_EVENTS`]:
/// each game written as its event and its first comment, in output order.
fn awards_written(name: &str, query: &dyn Query) -> Vec<String> {
    let input = scratch(&format!("{name}.pgn"));
    let games: String = AWARD_EVENTS.iter().map(|event| format!("[Event \"{event}\"]\n\n1.e4 *\n\n")).collect();
    fs::write(&input, games).unwrap();
    let output = scratch(&format!("{name}-out.pgn"));
    driver::run(name, query, args(&["-i", input.to_str().unwrap(), "-o", output.to_str().unwrap()])).unwrap();
    let written = fs::read_to_string(output).unwrap();
    let lines = written.lines().filter(|line| line.starts_with("[Event") || line.starts_with("{Game number"));
    lines.collect::<Vec<_>>().chunks(2).map(|game| game.join(" ")).collect()
}

/// `hhdb sort KIND [special]`: the studies with an award of the kind (or a
/// special one), prizes first, then special prizes, honourable mentions,
/// ..., each by rank and then number of ranks shared, with no label in
/// their first comment (CQL 6.2's three `sort quiet min`). CQL 6.2: `cql -i
/// awards.pgn -o out.pgn q.cql` with these queries.
#[test]
fn hhdb_sort_orders_studies_by_their_awards() {
    let game = |number: usize| format!("[Event \"{}\"] {{Game number {number} CQL}}", AWARD_EVENTS[number - 1]);
    let games = |numbers: &[usize]| numbers.iter().map(|&number| game(number)).collect::<Vec<_>>();
    let award = awards_written("award", &cql::cql!("cql() hhdb sort award"));
    assert_eq!(award, games(&[3, 8, 5, 2, 9, 1, 6, 7]));
    let prize = awards_written("prize", &cql::cql!("cql() hhdb sort prize"));
    assert_eq!(prize, games(&[3, 8, 5, 2, 9]));
    let special = awards_written("special", &cql::cql!("cql() hhdb sort special"));
    assert_eq!(special, games(&[2, 9, 6]));
    let hm = awards_written("hm", &cql::cql!("cql() hhdb sort hm"));
    assert_eq!(hm, games(&[1, 6]));
}

/// `sort max` sorts as `sort min` does, the smallest value first, as in
/// CQL 6.2 (whose parser gives both words one direction; cqlc warns). CQL
/// 6.2: `cql -i pawns.pgn -o out.pgn q.cql` with `cql() sort max "n" #P`
/// on three games of 2, 4 and 3 white pawns wrote games 1, 3 and 2, with
/// `{Game number 1 CQL  n: 2}`.
#[test]
// `cql!` warns (as a deprecation) that `max` sorts as `min`: that is what is tested.
#[allow(deprecated)]
fn sort_max_sorts_the_smallest_first_as_in_cql_6_2() {
    let game =
        |pawns: &str| format!("[White \"A\"]\n[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/{pawns}/K7 w - - 0 1\"]\n\n*\n\n");
    let input = scratch("pawns.pgn");
    fs::write(&input, [game("PP6"), game("PPPP4"), game("PPP5")].concat()).unwrap();
    let output = scratch("pawns-out.pgn");
    let list = args(&["-i", input.to_str().unwrap(), "-o", output.to_str().unwrap()]);
    driver::run("sortmax", &cql::cql!("cql() sort max \"n\" #P"), list).unwrap();
    let written = fs::read_to_string(output).unwrap();
    let firsts: Vec<&str> = written.lines().filter(|line| line.starts_with("{Game number")).collect();
    assert_eq!(firsts, ["{Game number 1 CQL  n: 2}", "{Game number 3 CQL  n: 3}", "{Game number 2 CQL  n: 4}"]);
}

/// A sort without a value in a matching game shows `none`, a string sort or
/// a numeric one.
/// CQL 6.2: `cql -i players.pgn -o out.pgn q.cql` with `cql() (sort "a" (if ply==2 "x" else tag
/// "Foo")) or true` and `cql() (sort "a" ply==10) or true`.
#[test]
fn a_sort_without_a_value_shows_none() {
    let query = cql::cql!("cql() (sort \"a\" (if ply==2 \"x\" else tag \"Foo\")) or true");
    let comments = first_comments("unbound", &query, &[]);
    assert_eq!(
        comments,
        [
            "{Game number 1 CQL  a: x}",
            "{Game number 2 CQL  a: x}",
            "{Game number 3 CQL  a: none}",
            "{Game number 4 CQL  a: none}"
        ]
    );
    let numbers = first_comments("unbound-number", &cql::cql!("cql() (sort \"a\" ply==10) or true"), &[]);
    assert!(numbers.iter().all(|comment| comment.ends_with("CQL  a: none}")), "{numbers:?}");
}

/// `lastgamenumber`: the number of games of the input, counted by their
/// `[White ` tags before the search, or the last game searched if fewer.
/// CQL 6.2: `cql [-gamenumber 2 3] -i players.pgn -o out.pgn q.cql` with these queries.
#[test]
fn lastgamenumber_counts_the_games_of_the_input() {
    let last = cql::cql!("cql() gamenumber == lastgamenumber");
    assert_eq!(first_comments("last", &last, &[]), ["{Game number 4 CQL}"]);
    assert_eq!(first_comments("last-range", &last, &["-gamenumber", "2", "3"]), ["{Game number 3 CQL}"]);
    let shown = cql::cql!("cql() comment(lastgamenumber) ply==0");
    assert_eq!(
        first_comments("shown", &shown, &["-gamenumber", "2", "3"]),
        ["{Game number 2 3 CQL}", "{Game number 3 3 CQL}"]
    );
    // It cannot count standard input, nor an input without `[White `.
    let empty = scratch("no-games.pgn");
    fs::write(&empty, "").unwrap();
    let failed = driver::run("q", &last, args(&["-i", empty.to_str().unwrap(), "-o", "/dev/null"]));
    assert!(matches!(failed, Err(Failure::Io(m)) if m.contains("no game found")));
    let failed = driver::run("q", &last, args(&["-i", "-", "-o", "/dev/null"]));
    assert!(matches!(failed, Err(Failure::Usage(m)) if m.contains("standard input")));
}

#[test]
fn bad_command_lines_and_missing_files_are_errors_not_panics() {
    let query = cql::cql!("cql() mate");
    let usage = driver::run("q", &query, args(&["-frobnicate"]));
    assert!(matches!(usage, Err(Failure::Usage(m)) if m.contains("-frobnicate")));
    let no_input = driver::run("q", &query, args(&[]));
    assert!(matches!(no_input, Err(Failure::Usage(m)) if m.contains("no input")));
    let missing = driver::run("q", &query, args(&["-i", "no/such/file.pgn", "-o", "/dev/null"]));
    assert!(matches!(missing, Err(Failure::Io(m)) if m.starts_with("no/such/file.pgn")));
}

/// CQL 6.2 says "PgnSource: could not open file: nothere.pgn" for
/// `cql q.cql` with this header; cqlc says where the name came from.
#[test]
fn a_missing_input_named_by_the_header_says_that_the_header_named_it() {
    let query = cql::cql!("cql(input no/such/header.pgn) mate");
    let missing = driver::run("q", &query, args(&["-o", "/dev/null"]));
    let expected = "(the input named in the query's header, cql(input no/such/header.pgn); give -i FILE for another)";
    assert!(
        matches!(&missing, Err(Failure::Io(m)) if m.starts_with("no/such/header.pgn") && m.ends_with(expected)),
        "{missing:?}"
    );
    let given = driver::run("q", &query, args(&["-i", "no/such/given.pgn", "-o", "/dev/null"]));
    assert!(matches!(&given, Err(Failure::Io(m)) if !m.contains("header")), "{given:?}");
}

#[test]
fn the_parsed_games_of_a_corpus_match_its_game_count() {
    // Every tag section starts a game, as CQL counts them.
    for (corpus, games) in [("studies-sample.pgn", 253), ("twic-sample.pgn", 1110), ("annotated-games.pgn", 2468)] {
        let read = read_games(shared(&format!("corpora/{corpus}"))).unwrap().count();
        assert_eq!(read, games, "{corpus}");
    }
}

/// A query that panics (a bug) while batches are searched side by side:
/// the panic reaches the caller of the search, which does not wait for the
/// batch for ever, and the games of the batches in flight not yet begun are
/// not searched (each would panic, and say so, again).
#[test]
fn a_panic_in_a_search_reaches_its_caller() {
    /// Panics at every position, counting how often it was asked.
    struct Panics(&'static AtomicUsize);
    impl Query for Panics {
        fn header(&self) -> Header {
            Header::DEFAULT
        }

        fn matches(&self, _at: &mut Cursor<'_>) -> bool {
            self.0.fetch_add(1, Ordering::Relaxed);
            panic!("a bug in a query");
        }
    }
    static ASKED: AtomicUsize = AtomicUsize::new(0);
    let (done, finished) = mpsc::channel();
    thread::spawn(move || {
        // 2,468 games, in one or two batches.
        let source = Source::open(&shared("corpora/annotated-games.pgn")).unwrap();
        let searched = panic::catch_unwind(panic::AssertUnwindSafe(|| search_with(&Panics(&ASKED), source, 2)));
        let _ = done.send(searched.is_err());
    });
    assert_eq!(finished.recv_timeout(Duration::from_secs(120)), Ok(true));
    let asked = ASKED.load(Ordering::Relaxed);
    assert!((1..100).contains(&asked), "the query was asked at {asked} games");
}
