//! The `cql!` and `cql_file!` macros: queries compiled with the program, used
//! as values, and malformed queries refused at compile time.

use std::path::{Path, PathBuf};

use cql::{EvalSettings, GameState, Query, evaluate_game, pgn::read_games};

fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

/// The game numbers CQL 6.2 output for an official example.
fn cql_6_2_games(example: &str) -> Vec<u64> {
    let expected = std::fs::read(shared(&format!("reference/expected/studies-sample/{example}.pgn"))).unwrap();
    let text = String::from_utf8_lossy(&expected);
    text.match_indices("Game number ")
        .map(|(at, label)| {
            let digits: String = text[at + label.len()..].chars().take_while(char::is_ascii_digit).collect();
            digits.parse().unwrap()
        })
        .collect()
}

#[test]
fn an_inline_query_finds_the_games_cql_6_2_finds() {
    let greek_gift = cql::cql!("cql() ⊢ ♗×♟h7 check ♚×h7 ♘――g5 check");
    let found = cql::search(&greek_gift, shared("corpora/studies-sample.pgn")).unwrap();
    let numbers: Vec<u64> = found.matches.iter().map(|game| game.number).collect();
    assert_eq!(numbers, cql_6_2_games("greekgift"));
    assert_eq!(found.games, 253);
}

#[test]
fn a_query_file_keeps_its_header() {
    let smothered = cql::cql_file!("tests/ui/queries/smotheredmate.cql");
    assert_eq!(smothered.header().input, Some("hhdbvi.pgn"));
    let found = cql::search(&smothered, shared("corpora/studies-sample.pgn")).unwrap();
    let numbers: Vec<u64> = found.matches.iter().map(|game| game.number).collect();
    assert_eq!(numbers, cql_6_2_games("smotheredmate"));
}

#[test]
fn a_query_can_be_evaluated_game_by_game() {
    let lone_knight = cql::cql!("cql() △==2 ♘→♚ mate");
    let settings = EvalSettings::from_header(&lone_knight.header());
    let mut state = GameState::default();
    let mut matching = Vec::new();
    for read in read_games(shared("corpora/studies-sample.pgn")).unwrap() {
        let (game, _) = read.unwrap().unwrap();
        if evaluate_game(&lone_knight, &game, &settings, &mut state) {
            matching.push(game.number());
        }
    }
    assert_eq!(matching, cql_6_2_games("loneknightmate"));
}

#[test]
fn malformed_queries_are_compile_errors_naming_line_and_column() {
    super::compile_errors::assert_each_fails_as_recorded("tests/ui");
}
