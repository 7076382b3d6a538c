//! Games per second on `../shared/corpora/twic-sample.pgn` (1,110 games):
//!
//! - `replay`: parsing every game and replaying every move into a tree of
//!   positions, the floor any searcher pays;
//! - `greekgift`: the same plus evaluating the compiled Greek gift query at
//!   every position.
//!
//! Both run on one thread, side by side, so the ratio of the two is the cost
//! of the query itself.

use std::{hint::black_box, path::Path};

use cql::{
    EvalSettings, Game, GameState, Query, evaluate_game,
    pgn::{GameParser, Source},
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The games of a PGN file, each as its own text.
fn game_texts(path: &Path) -> Vec<(u64, u64, Vec<u8>)> {
    let mut source = Source::open(path).expect("the benchmark corpus");
    let mut games = Vec::new();
    while let Some(batch) = source.next_batch().expect("the corpus reads") {
        for i in 0..batch.len() {
            let game = batch.game(i);
            games.push((game.number, game.line, game.text.to_vec()));
        }
    }
    games
}

fn search(c: &mut Criterion) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/twic-sample.pgn");
    let games = game_texts(&corpus);
    let greek_gift = cql::cql_file!("examples/greekgift.cql");
    let settings = EvalSettings::from_header(&greek_gift.header());

    let mut group = c.benchmark_group("twic-sample");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.sample_size(20);
    group.bench_function("replay", |b| {
        let (mut parser, mut game) = (GameParser::default(), Game::default());
        b.iter(|| {
            for (number, line, text) in &games {
                let raw = cql::pgn::RawGame { number: *number, line: *line, text };
                let _ = black_box(parser.parse(&raw, &mut game));
            }
        })
    });
    group.bench_function("greekgift", |b| {
        let (mut parser, mut game, mut state) = (GameParser::default(), Game::default(), GameState::default());
        b.iter(|| {
            let mut found = 0;
            for (number, line, text) in &games {
                let raw = cql::pgn::RawGame { number: *number, line: *line, text };
                if parser.parse(&raw, &mut game).is_ok() && evaluate_game(&greek_gift, &game, &settings, &mut state) {
                    found += 1;
                }
            }
            black_box(found)
        })
    });
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
