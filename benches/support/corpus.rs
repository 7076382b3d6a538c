//! Reading a benchmark corpus into memory, and the replay floor: what any
//! searcher pays to parse each game and replay its moves.

use std::{hint::black_box, path::Path};

use cql::{
    EvalSettings, Game, GameState, Query, evaluate_game,
    pgn::{GameParser, RawGame, Source},
};
use criterion::Bencher;

/// The games of a PGN file of `../shared/corpora/`, each as its own text
/// with its number and line.
pub fn game_texts(corpus: &str) -> Vec<(u64, u64, Vec<u8>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora").join(corpus);
    let mut source = Source::open(&path).expect("the benchmark corpus");
    let mut games = Vec::new();
    while let Some(batch) = source.next_batch().expect("the corpus reads") {
        for i in 0..batch.len() {
            let game = batch.game(i);
            games.push((game.number, game.line, game.text.to_vec()));
        }
    }
    games
}

/// Parses every game and replays its moves into a tree of positions.
pub fn replay(b: &mut Bencher<'_>, games: &[(u64, u64, Vec<u8>)]) {
    let (mut parser, mut game) = (GameParser::default(), Game::default());
    b.iter(|| {
        for (number, line, text) in games {
            let raw = RawGame::new(*number, *line, text);
            let _ = black_box(parser.parse(&raw, &mut game));
        }
    })
}

/// Parses and replays every game and evaluates `query` at its positions.
pub fn search(b: &mut Bencher<'_>, games: &[(u64, u64, Vec<u8>)], query: &impl Query, settings: &EvalSettings) {
    let (mut parser, mut game, mut state) = (GameParser::default(), Game::default(), GameState::default());
    b.iter(|| {
        let mut found = 0;
        for (number, line, text) in games {
            let raw = RawGame::new(*number, *line, text);
            if parser.parse(&raw, &mut game).is_ok() && evaluate_game(query, &game, settings, &mut state) {
                found += 1;
            }
        }
        black_box(found)
    })
}
