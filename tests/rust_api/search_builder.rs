//! `cql::Search`: a search set up step by step from a Rust program (a range
//! of games, variations, threads), its matches streamed or collected, and
//! their tags as fields; the answers are CQL 6.2's (`tests/search_builder/`).

use std::path::{Path, PathBuf};

use cql::Search;

fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/search_builder").join(name)).unwrap()
}

/// The game numbers of a fixture, one a line.
fn game_numbers(name: &str) -> Vec<u64> {
    String::from_utf8(fixture(name)).unwrap().lines().map(|line| line.parse().unwrap()).collect()
}

#[test]
fn a_range_of_games_with_variations_finds_what_cql_6_2_finds() {
    let mate = cql::cql!("cql() mate");
    let annotated = shared("corpora/annotated-games.pgn");
    let found = Search::new(&mate).games(1, 200).variations(true).threads(2).run(&annotated).unwrap();
    let numbers: Vec<u64> = found.matches.iter().map(|game| game.number).collect();
    assert_eq!(numbers, game_numbers("mate-variations-games-1-200.txt"));
    let main_lines = Search::new(&mate).games(1, 200).variations(false).run(&annotated).unwrap();
    let numbers: Vec<u64> = main_lines.matches.iter().map(|game| game.number).collect();
    assert_eq!(numbers, game_numbers("mate-mainline-games-1-200.txt"));
}

#[test]
fn matches_streamed_one_at_a_time_are_those_collected_in_the_same_order() {
    let mate = cql::cql!("cql() mate");
    let annotated = shared("corpora/annotated-games.pgn");
    let search = Search::new(&mate).games(1, 200).variations(true).threads(2);
    let mut streamed = Vec::new();
    let summary = search.for_each_match(&annotated, |game| streamed.push(game.number)).unwrap();
    assert_eq!(streamed, game_numbers("mate-variations-games-1-200.txt"));
    assert_eq!(summary.matched, streamed.len() as u64);
    let collected = search.run(&annotated).unwrap();
    assert_eq!(summary.games, collected.games);
    assert_eq!(summary.irregularities.len(), collected.irregularities.len());
}

#[test]
fn a_matching_games_tags_are_those_cql_6_2_writes() {
    let mate = cql::cql!("cql() mate");
    let found = Search::new(&mate).games(1, 200).variations(true).run(shared("corpora/annotated-games.pgn")).unwrap();
    let written = fixture("White.txt");
    let whites: Vec<String> = written
        .split(|&byte| byte == b'\n')
        .take(found.matches.len())
        .map(|value| match std::str::from_utf8(value) {
            Ok(text) => text.replace("\\\"", "\"").replace("\\\\", "\\"),
            Err(_) => value.iter().map(|&byte| char::from(byte)).collect(),
        })
        .collect();
    let read: Vec<String> = found.matches.iter().map(|game| game.tag("White").unwrap()).collect();
    assert_eq!(read, whites);
    let first = &found.matches[0];
    let names: Vec<String> = first.tags().into_iter().map(|(name, _)| name).take(7).collect();
    assert_eq!(names, ["Event", "Site", "Date", "Round", "White", "Black", "Result"]);
}

#[test]
fn a_missing_input_is_an_error_not_a_panic() {
    let mate = cql::cql!("cql() mate");
    assert!(Search::new(&mate).run("/nonexistent/games.pgn").is_err());
}
