//! Games nested or drawn out far beyond real ones: searched and written in
//! bounded stack space, or, past the nesting limit, reported and skipped
//! while the search goes on.

use cql::{
    EvalSettings,
    driver::{self, GameOutcome, SearchPlan, Sink},
    pgn::{MAX_GAME_PLIES, MAX_VARIATION_DEPTH, Problem, Source},
};
use shakmaty::{Chess, Position, Role, Square, san::San};

#[derive(Default)]
struct Collect(Vec<GameOutcome>);

impl Sink for Collect {
    fn game(&mut self, outcome: GameOutcome) {
        self.0.push(outcome);
    }
}

/// Searches `text` for every position, variations included, on two
/// workers.
fn search_every_position(text: String) -> Vec<GameOutcome> {
    search_with(&cql::cql!("cql(variations) wtm or btm"), text)
}

/// Searches `text` with `query` on two workers.
fn search_with(query: &dyn cql::Query, text: String) -> Vec<GameOutcome> {
    let eval = EvalSettings::from_header(&query.header());
    let plan = SearchPlan { gamenumber: None, result: None, threads: 2, eval: &eval, index: None };
    let source = Source::stream("deep.pgn".into(), Box::new(std::io::Cursor::new(text.into_bytes())), None);
    let mut collect = Collect::default();
    driver::search_source(query, source, &plan, &mut collect).unwrap();
    collect.0
}

/// A main line of `plies` plies (a multiple of 4): knights going back and forth.
fn knights_shuffling(plies: usize) -> String {
    (0..plies / 4)
        .map(|i| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2))
        .chain(std::iter::once("*".to_owned()))
        .collect()
}

fn game(event: &str, movetext: &str) -> String {
    format!("[Event \"{event}\"]\n\n{movetext}\n\n")
}

/// `depth` variations, each inside the one before and one move deeper:
/// `Nf3 (Nh3 Nf6 (Nh6 Ng1 (...)))`, knights going between their home
/// squares, legal for ever.
fn nested_along_moves(depth: usize) -> String {
    let home = [Square::B1, Square::A3, Square::C3, Square::G1, Square::F3, Square::H3];
    let home = |square: Square| home.contains(&square) || home.contains(&square.flip_vertical());
    let mut position = Chess::default();
    let mut text = String::new();
    for _ in 0..depth {
        let moves: Vec<_> =
            position.legal_moves().into_iter().filter(|m| m.role() == Role::Knight && home(m.to())).collect();
        let (main, variation) = (moves[0], moves[1]);
        text += &format!("{} ({} ", San::from_move(&position, main), San::from_move(&position, variation));
        position.play_unchecked(variation);
    }
    text + &")".repeat(depth) + " *"
}

/// `depth` variations on the first move, each inside the one before:
/// `1. e4 (1. d4 (1. d4 (...)))`.
fn nested_first_moves(depth: usize) -> String {
    format!("1. e4 {}{} *", "(1. d4 ".repeat(depth), ")".repeat(depth))
}

fn fatal_problems(outcome: &GameOutcome) -> Vec<Problem> {
    outcome.warnings.iter().filter(|w| w.problem.is_fatal()).map(|w| w.problem.clone()).collect()
}

#[test]
fn a_game_nested_too_deep_is_reported_and_the_search_goes_on() {
    for deep in [nested_along_moves(20_000), nested_first_moves(20_000)] {
        let text = game("before", "1. e4 e5 *") + &game("deep", &deep) + &game("after", "1. d4 d5 *");
        let outcomes = search_every_position(text);
        assert_eq!(outcomes.len(), 3);
        assert!(outcomes[0].matched && outcomes[2].matched);
        assert!(String::from_utf8_lossy(&outcomes[2].pgn).contains("[Event \"after\"]"));
        assert!(!outcomes[1].matched);
        assert_eq!(fatal_problems(&outcomes[1]), [Problem::NestedTooDeep(MAX_VARIATION_DEPTH)]);
        let warning = outcomes[1].warnings[0].to_string();
        assert_eq!(warning, "game 2 (line 7): variations nested more than 1000 levels deep; game skipped");
    }
}

#[test]
fn a_game_nested_to_the_limit_is_searched_and_written() {
    for deep in [nested_along_moves(MAX_VARIATION_DEPTH), nested_first_moves(MAX_VARIATION_DEPTH)] {
        let outcomes = search_every_position(game("deep", &deep));
        assert!(outcomes[0].matched, "{:?}", outcomes[0].warnings);
        let written = String::from_utf8(outcomes[0].pgn.clone()).unwrap();
        assert_eq!(written.matches('(').count(), MAX_VARIATION_DEPTH);
        assert_eq!(written.matches(')').count(), MAX_VARIATION_DEPTH);
    }
}

#[test]
fn a_main_line_of_fifty_thousand_plies_is_searched_and_written() {
    let movetext: String = (0..12_500)
        .map(|i| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2))
        .chain(std::iter::once("1/2-1/2".to_owned()))
        .collect();
    let outcomes = search_every_position(game("long", &movetext));
    assert!(outcomes[0].matched && outcomes[0].warnings.is_empty(), "{:?}", outcomes[0].warnings);
    assert_eq!(outcomes[0].matching_positions, 50_001);
    let written = String::from_utf8(outcomes[0].pgn.clone()).unwrap();
    assert!(written.contains("25000.Ng1 {CQL} 25000...Ng8 {CQL} 1/2-1/2"), "{}", &written[written.len() - 200..]);
}

#[test]
fn a_game_of_a_hundred_thousand_positions_in_variations_is_searched() {
    // A message in a variation names its position id; finding one took time
    // proportional to the game's size, so this game took minutes (a
    // regression shows in the time this test takes, not in a timed assert).
    let messages = cql::cql!("cql(variations) message (\"here\")");
    let movetext = format!("1. e4 {} *", "(1. d4 d5) ".repeat(50_000));
    let eval = EvalSettings::from_header(&cql::Query::header(&messages));
    let plan = SearchPlan { gamenumber: None, result: None, threads: 2, eval: &eval, index: None };
    let source =
        Source::stream("wide.pgn".into(), Box::new(std::io::Cursor::new(game("wide", &movetext).into_bytes())), None);
    let mut collect = Collect::default();
    driver::search_source(&messages, source, &plan, &mut collect).unwrap();
    let found = &collect.0[0].messages;
    assert_eq!(found.len(), 100_002);
    assert!(found.last().unwrap().contains("[100001]"), "{:?}", found.last());
}

#[test]
fn a_main_line_of_two_hundred_thousand_plies_is_searched() {
    // A message names its position as on the main line or not; finding that
    // out walked back to the start, so this game took a minute.
    let messages = cql::cql!("cql() message (\"here\")");
    let movetext: String = (0..50_000)
        .map(|i| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2))
        .chain(std::iter::once("*".to_owned()))
        .collect();
    let eval = EvalSettings::from_header(&cql::Query::header(&messages));
    let plan = SearchPlan { gamenumber: None, result: None, threads: 2, eval: &eval, index: None };
    let source =
        Source::stream("long.pgn".into(), Box::new(std::io::Cursor::new(game("long", &movetext).into_bytes())), None);
    let mut collect = Collect::default();
    driver::search_source(&messages, source, &plan, &mut collect).unwrap();
    let found = &collect.0[0].messages;
    assert_eq!(found.len(), 200_001);
    assert!(found.last().unwrap().contains("move 100001(wtm)"), "{:?}", found.last());
}

#[test]
fn a_path_follows_a_main_line_of_fifty_thousand_plies() {
    // The path's search goes a call deeper per ply: on rayon's default 2 MiB
    // stack it overflowed between 4,000 and 8,000 plies, aborting the search.
    let path = cql::cql!("cql() initial ⊢ quiet (―― x = 1)+");
    let outcomes = search_with(&path, game("long", &knights_shuffling(50_000)) + &game("short", "1. e4 e5 *"));
    assert!(outcomes[0].matched && outcomes[1].matched);
    assert_eq!(outcomes[0].matching_positions, 1);
}

#[test]
fn a_line_longer_than_the_limit_is_reported_and_the_search_goes_on() {
    let limit = MAX_GAME_PLIES as usize;
    let text = game("at the limit", &knights_shuffling(limit))
        + &game("over the limit", &knights_shuffling(limit + 4))
        + &game("after", "1. e4 e5 *");
    let outcomes = search_with(&cql::cql!("cql() initial"), text);
    assert!(outcomes[0].matched && fatal_problems(&outcomes[0]).is_empty());
    assert!(!outcomes[1].matched);
    assert_eq!(fatal_problems(&outcomes[1]), [Problem::TooLong(MAX_GAME_PLIES)]);
    assert!(outcomes[2].matched);
}
