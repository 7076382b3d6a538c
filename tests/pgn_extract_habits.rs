//! pgn-extract's habits and machine-readable output in a real searcher
//! process: `-append`, `-nonmatching`, `-stopafter`/`-limit`, `-count`,
//! the exit status, `-log`/`-nowarnings`, and `-format json|csv`.
//!
//! Each case runs this test binary again as a searcher (see
//! `support/processes.rs`).

use crate::support::game_trees;
use crate::support::processes;

use std::{
    collections::BTreeSet,
    fs,
    io::Read,
    path::Path,
    process::{Output, Stdio},
};

use cql::{
    pgn::read_games,
    shakmaty::{CastlingMode, Chess, EnPassantMode, Position, fen::Fen, san::San},
};
use game_trees::move_tree;
use processes::{files, folder, shared, wait_for_output};

/// The cases of this file, each with its name.
pub const CASES: &[processes::Case] = &[
    ("-append adds a run's games after the file's own", append_adds_a_runs_games_after_the_files_own),
    ("an interrupted -append leaves the file as it was", an_interrupted_append_leaves_the_file_as_it_was),
    ("-nonmatching gets every other game, as read", nonmatching_gets_every_other_game_as_read),
    ("-stopafter keeps the first matching games in order", stopafter_keeps_the_first_matching_games_in_order),
    ("-count writes no games", count_writes_no_games),
    ("the exit status says how the run ended", the_exit_status_says_how_the_run_ended),
    ("-log and -nowarnings take the warnings off the terminal", log_and_nowarnings_take_the_warnings_away),
    ("-format json replays to its FENs, -format csv has its positions", json_replays_and_csv_agrees),
];

/// Runs the searcher `query` in `dir` with `args` to its end.
fn run(query: &str, dir: &Path, args: &[&str]) -> Output {
    processes::searcher(query, dir, args).output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn succeeded(output: &Output) -> &Output {
    assert!(output.status.success(), "{}", stderr(output));
    output
}

/// The numbers of the matching games, from `-showmatches`'s lines.
fn shown_matches(output: &Output) -> Vec<u64> {
    stderr(output).lines().filter_map(|line| line.strip_prefix("match: game ")?.parse().ok()).collect()
}

/// A game as its tags and move tree (`None` for a game that cannot be read).
type ReadGame = Option<(Vec<(String, String)>, Vec<String>)>;

/// Each game of `path`.
fn games_of(path: &Path) -> Vec<ReadGame> {
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    read_games(path)
        .unwrap()
        .map(|read| {
            read.unwrap().ok().map(|(game, _)| {
                let tags = game.tags().map(|(name, value)| (text(name), text(value))).collect();
                (tags, move_tree(&game))
            })
        })
        .collect()
}

fn append_adds_a_runs_games_after_the_files_own() {
    let dir = folder("pgn_extract_habits", "append");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    succeeded(&run("mate", &dir, &["-i", input, "-o", "once.pgn"]));
    let once = fs::read(dir.join("once.pgn")).unwrap();
    assert!(!once.is_empty());
    // Onto a file that is not there: it is created.
    succeeded(&run("mate", &dir, &["-i", input, "-o", "hits.pgn", "-append"]));
    assert_eq!(fs::read(dir.join("hits.pgn")).unwrap(), once);
    // Onto a file with games: they stay, the new ones follow.
    succeeded(&run("mate", &dir, &["-i", input, "-o", "hits.pgn", "--append"]));
    assert_eq!(fs::read(dir.join("hits.pgn")).unwrap(), [once.as_slice(), once.as_slice()].concat());
    // Compressed: a second stream after the first, read as one.
    succeeded(&run("mate", &dir, &["-i", input, "-o", "hits.pgn.gz"]));
    succeeded(&run("mate", &dir, &["-i", input, "-o", "hits.pgn.gz", "-append"]));
    let mut both = Vec::new();
    flate2::read::MultiGzDecoder::new(fs::File::open(dir.join("hits.pgn.gz")).unwrap()).read_to_end(&mut both).unwrap();
    assert_eq!(both, [once.as_slice(), once.as_slice()].concat());
    assert_eq!(files(&dir), ["hits.pgn", "hits.pgn.gz", "once.pgn"], "no temporary file is left");
    // The input is refused as ever.
    let refused = run("mate", &dir, &["-i", "once.pgn", "-o", "once.pgn", "-append"]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("is the input file"), "{}", stderr(&refused));
    assert_eq!(fs::read(dir.join("once.pgn")).unwrap(), once);
}

fn an_interrupted_append_leaves_the_file_as_it_was() {
    let dir = folder("pgn_extract_habits", "append-interrupted");
    let before = "[Event \"kept\"]\n\n1. e4 *\n\n";
    fs::write(dir.join("hits.pgn"), before).unwrap();
    let input = shared("corpora/master-games.pgn.zst");
    let child = processes::searcher("every", &dir, &["-i", input.to_str().unwrap(), "-o", "hits.pgn", "-append"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_output(&dir, &["hits.pgn"]);
    processes::kill(child.id() as i32, libc::SIGTERM);
    let ended = processes::wait(child, std::time::Instant::now(), std::time::Duration::from_secs(60));
    assert_eq!(ended.status.code(), Some(128 + libc::SIGTERM), "{}", ended.stderr);
    assert!(ended.stderr.contains("hits.partial.pgn"), "{}", ended.stderr);
    assert_eq!(fs::read_to_string(dir.join("hits.pgn")).unwrap(), before);
    assert_eq!(files(&dir), ["hits.partial.pgn", "hits.pgn"]);
    let partial = games_of(&dir.join("hits.partial.pgn"));
    assert!(!partial.is_empty() && partial.iter().all(Option::is_some), "whole games only");
}

fn nonmatching_gets_every_other_game_as_read() {
    let dir = folder("pgn_extract_habits", "nonmatching");
    let input = shared("corpora/irregular-games.pgn");
    let input_name = input.to_str().unwrap();
    let searched = succeeded(&run(
        "mate",
        &dir,
        &["-i", input_name, "-o", "hits.pgn", "-nonmatching", "rest.pgn", "-showmatches"],
    ))
    .clone();
    let matched: BTreeSet<u64> = shown_matches(&searched).into_iter().collect();
    assert!(!matched.is_empty());
    let all = games_of(&input);
    let others: Vec<_> =
        all.iter().enumerate().filter(|(at, _)| !matched.contains(&(*at as u64 + 1))).map(|(_, game)| game).collect();
    let rest = games_of(&dir.join("rest.pgn"));
    assert_eq!(rest.len(), others.len());
    for (written, read) in rest.iter().zip(others) {
        assert_eq!(written.as_ref(), read.as_ref(), "a game that did not match is written as it was read");
    }
    // Its own comments stay, and no comment of the search is added.
    let text = fs::read_to_string(dir.join("rest.pgn")).unwrap();
    assert!(!text.contains("Game number") && !text.contains("{CQL}"));
    // With -count, the games that did not match are still written.
    succeeded(&run("mate", &dir, &["-i", input_name, "-count", "-nonmatching", "rest2.pgn"]));
    assert_eq!(fs::read(dir.join("rest2.pgn")).unwrap(), text.as_bytes());
    let same = run("mate", &dir, &["-i", input_name, "-o", "x.pgn", "-nonmatching", "x.pgn"]);
    assert_eq!(same.status.code(), Some(2), "{}", stderr(&same));
    assert_eq!(stderr(&same).trim(), "mate: -nonmatching x.pgn is the output too: give another file");
}

fn stopafter_keeps_the_first_matching_games_in_order() {
    let dir = folder("pgn_extract_habits", "stopafter");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    let all = succeeded(&run("mate", &dir, &["-i", input, "-o", "all.pgn", "-showmatches"])).clone();
    let every_match = shown_matches(&all);
    assert!(every_match.len() > 5);
    for option in ["-stopafter", "--limit"] {
        let stopped = succeeded(&run(
            "mate",
            &dir,
            &["-i", input, "-o", "first.pgn", option, "5", "-threads", "2", "-showmatches"],
        ))
        .clone();
        assert_eq!(shown_matches(&stopped), every_match[..5]);
        let first = games_of(&dir.join("first.pgn"));
        assert_eq!(first, games_of(&dir.join("all.pgn"))[..5]);
        let summary = stdout(&stopped);
        let last = every_match[4];
        assert!(summary.starts_with(&format!("5 matches of {last} games in ")), "{summary}");
        assert!(
            summary.trim_end().ends_with("to first.pgn (stopped after 5 matching games: -stopafter 5)"),
            "{summary}"
        );
    }
    let zero = run("mate", &dir, &["-i", input, "-stopafter", "0"]);
    assert_eq!(zero.status.code(), Some(2));
    assert_eq!(stderr(&zero).trim(), "mate: -stopafter: '0' is not a number of games (1 or more)");
}

fn count_writes_no_games() {
    let dir = folder("pgn_extract_habits", "count");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    let written = succeeded(&run("mate", &dir, &["-i", input, "-o", "hits.pgn"])).clone();
    let counted = succeeded(&run("mate", &dir, &["-i", input, "-count"])).clone();
    assert_eq!(files(&dir), ["hits.pgn"], "-count writes no file");
    let counts = |output: &Output| stdout(output).split(" in ").next().unwrap().to_owned();
    assert_eq!(counts(&counted), counts(&written));
    assert!(!stdout(&counted).contains(" to "), "{}", stdout(&counted));
}

/// CQL 6.2's exit status in the same situations, as recorded in
/// `pgn_extract_habits/cql62-exit-status.txt`.
fn cql62_exit_status(situation: &str) -> i32 {
    let recorded = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pgn_extract_habits/cql62-exit-status.txt"),
    )
    .unwrap();
    let line = recorded.lines().find(|line| line.starts_with(&format!("{situation}: "))).unwrap();
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

fn the_exit_status_says_how_the_run_ended() {
    let dir = folder("pgn_extract_habits", "exit-status");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    fs::write(dir.join("no-mate.pgn"), "[Event \"a\"]\n\n1. e4 e5 *\n").unwrap();
    let found = run("mate", &dir, &["-i", input, "-o", "a.pgn"]);
    assert_eq!(found.status.code(), Some(0), "{}", stderr(&found));
    let none = run("mate", &dir, &["-i", "no-mate.pgn", "-o", "b.pgn"]);
    assert_eq!(none.status.code(), Some(cql62_exit_status("no game matched")));
    assert!(stdout(&none).starts_with("0 matches of 1 games"));
    let missing = run("mate", &dir, &["-i", "not-there.pgn", "-o", "c.pgn"]);
    assert_eq!(missing.status.code(), Some(cql62_exit_status("the input cannot be opened")), "{}", stderr(&missing));
    let unwritable = run("mate", &dir, &["-i", input, "-o", "no-such-folder/d.pgn"]);
    assert_eq!(unwritable.status.code(), Some(1), "{}", stderr(&unwritable));
    for usage in [&["-i", input, "-format", "xml"][..], &["-frobnicate"], &["-i", input, "-log", "a", "-nowarnings"]] {
        let refused = run("mate", &dir, usage);
        assert_eq!(refused.status.code(), Some(2), "{usage:?}: {}", stderr(&refused));
        assert_eq!(stderr(&refused).lines().count(), 1, "{}", stderr(&refused));
    }
}

/// The warning lines of a run's standard error.
fn warning_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|line| line.contains(": warning: ")).collect()
}

fn log_and_nowarnings_take_the_warnings_away() {
    let dir = folder("pgn_extract_habits", "log");
    let input = shared("corpora/irregular-games.pgn");
    let input = input.to_str().unwrap();
    let shown = succeeded(&run("every", &dir, &["-i", input, "-o", "a.pgn"])).clone();
    let warnings = stderr(&shown);
    let warnings = warning_lines(&warnings);
    assert!(warnings.len() > 10, "the irregular corpus has games that cannot be read");
    let logged = succeeded(&run("every", &dir, &["-i", input, "-o", "b.pgn", "-log", "warnings.log"])).clone();
    assert!(warning_lines(&stderr(&logged)).is_empty(), "{}", stderr(&logged));
    assert_eq!(fs::read_to_string(dir.join("warnings.log")).unwrap().lines().collect::<Vec<_>>(), warnings);
    let silenced = succeeded(&run("every", &dir, &["-i", input, "-o", "c.pgn", "-nowarnings"])).clone();
    assert!(warning_lines(&stderr(&silenced)).is_empty(), "{}", stderr(&silenced));
    let games = fs::read(dir.join("a.pgn")).unwrap();
    assert_eq!(fs::read(dir.join("b.pgn")).unwrap(), games);
    assert_eq!(fs::read(dir.join("c.pgn")).unwrap(), games);
    let unwritable = run("every", &dir, &["-i", input, "-o", "d.pgn", "-log", "no-such-folder/w.log"]);
    assert_eq!(unwritable.status.code(), Some(1));
    assert!(stderr(&unwritable).starts_with("every: -log no-such-folder/w.log: "), "{}", stderr(&unwritable));
}

/// The position a path of SAN moves leads to from `start`, as a FEN; `None`
/// if it takes a null move.
fn replayed(start: &str, path: &[serde_json::Value]) -> Option<String> {
    let setup: Fen = start.parse().unwrap();
    let standard = setup.clone().into_position(CastlingMode::Standard).ok();
    let mut position: Chess = standard.unwrap_or_else(|| setup.into_position(CastlingMode::Chess960).unwrap());
    for san in path {
        let san = san.as_str().unwrap();
        if san == "--" {
            return None;
        }
        let mv = san.parse::<San>().unwrap().to_move(&position).unwrap_or_else(|_| panic!("{san} in {path:?}"));
        position.play_unchecked(mv);
    }
    Some(Fen::from_position(&position, EnPassantMode::Legal).to_string())
}

fn json_replays_and_csv_agrees() {
    let dir = folder("pgn_extract_habits", "format");
    let input = shared("corpora/annotated-games.pgn");
    let input = input.to_str().unwrap();
    let pgn =
        succeeded(&run("checks", &dir, &["-i", input, "-o", "checks.pgn", "-showmatches", "-gamenumber", "1", "300"]))
            .clone();
    let json = succeeded(&run("checks", &dir, &["-i", input, "-format", "json", "-gamenumber", "1", "300"])).clone();
    let csv = succeeded(&run("checks", &dir, &["-i", input, "-format", "csv", "-gamenumber", "1", "300"])).clone();
    assert!(stdout(&json).contains("to checks-out.jsonl"), "{}", stdout(&json));
    let records: Vec<serde_json::Value> = fs::read_to_string(dir.join("checks-out.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let numbers: Vec<u64> = records.iter().map(|record| record["game"].as_u64().unwrap()).collect();
    assert_eq!(numbers, shown_matches(&pgn), "one record per matching game, in order");
    // The input's games, by number from 1: the tags as the input has them.
    let input_games = games_of(Path::new(input));
    let (mut replayed_positions, mut in_variations) = (0, 0);
    let mut rows = Vec::new();
    for record in &records {
        let number = record["game"].as_u64().unwrap() as usize;
        let (tags, tree) = input_games[number - 1].as_ref().unwrap();
        let tag = |name: &str| tags.iter().find(|(tag, _)| tag == name).map_or("", |(_, value)| value.as_str());
        assert_eq!(record["tags"]["White"].as_str().unwrap_or(""), tag("White"));
        let positions = record["positions"].as_array().unwrap();
        assert!(!positions.is_empty());
        let start = record["start"].as_str().unwrap();
        for position in positions {
            let path = position["path"].as_array().unwrap();
            let fen = position["fen"].as_str().unwrap();
            assert_eq!(position["ply"].as_u64().unwrap() as usize, path.len());
            assert_eq!(position["move"].as_str(), path.last().and_then(|mv| mv.as_str()));
            if let Some(reached) = replayed(start, path) {
                assert_eq!(reached, fen, "game {}: {path:?}", record["game"]);
                replayed_positions += 1;
            }
            // A path that leaves the main line takes a move the main line does not.
            let mainline: Vec<&str> = tree.iter().map(String::as_str).collect();
            if !path.iter().enumerate().all(|(ply, mv)| {
                mainline.get(ply + 1).is_some_and(|node| node.ends_with(&format!(":{}", mv.as_str().unwrap())))
            }) {
                in_variations += 1;
            }
            let moved = position["move"].as_str().unwrap_or("").to_owned();
            rows.push(vec![
                record["game"].to_string(),
                tag("White").to_owned(),
                tag("Black").to_owned(),
                tag("Event").to_owned(),
                tag("Date").to_owned(),
                tag("Result").to_owned(),
                path.len().to_string(),
                fen.to_owned(),
                moved,
            ]);
        }
        // The match string is among the comments, at each matching position.
        let comments = record["comments"].as_array().unwrap();
        let commented: BTreeSet<String> = comments
            .iter()
            .filter(|comment| comment["text"] == "CQL")
            .map(|comment| comment["path"].to_string())
            .collect();
        let matched: BTreeSet<String> = positions.iter().map(|position| position["path"].to_string()).collect();
        assert_eq!(commented, matched);
    }
    assert!(replayed_positions > 100, "{replayed_positions} positions replayed");
    assert!(in_variations > 0, "some matching positions are in variations");
    assert!(stdout(&csv).contains("to checks-out.csv"), "{}", stdout(&csv));
    let mut reader = csv::Reader::from_path(dir.join("checks-out.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(header, ["game", "White", "Black", "Event", "Date", "Result", "ply", "fen", "move"]);
    let read: Vec<Vec<String>> = reader.records().map(|row| row.unwrap().iter().map(str::to_owned).collect()).collect();
    assert_eq!(read, rows, "the CSV has the JSON's positions");
    // Appended to, a CSV file keeps its one header row.
    let csv_file = dir.join("checks-out.csv");
    let csv_name = csv_file.to_str().unwrap();
    succeeded(&run(
        "checks",
        &dir,
        &["-i", input, "-format", "csv", "-gamenumber", "1", "300", "-o", csv_name, "-append"],
    ));
    let mut reader = csv::Reader::from_path(&csv_file).unwrap();
    let twice: Vec<Vec<String>> =
        reader.records().map(|row| row.unwrap().iter().map(str::to_owned).collect()).collect();
    assert_eq!(twice, [rows.clone(), rows].concat());
}
