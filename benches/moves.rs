//! `move legal count` evaluated at every position of
//! `../shared/corpora/twic-sample.pgn`, beside its floor: counting
//! shakmaty's legal moves directly at the same positions. The games are
//! parsed before the timing starts; both run on one thread.

use std::{hint::black_box, path::Path};

use cql::{EvalSettings, Game, GameState, Query, evaluate_game, pgn::read_games, shakmaty::Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn games() -> Vec<Game> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora/twic-sample.pgn");
    read_games(corpus).expect("the corpus").filter_map(|read| read.ok()?.ok().map(|(game, _)| game)).collect()
}

fn legal_count(c: &mut Criterion) {
    let games = games();
    let positions: usize = games.iter().map(|game| game.tree().mainline().count()).sum();
    let count = cql::cql!("cql() move legal count >= 0");
    let settings = EvalSettings::from_header(&count.header());

    let mut group = c.benchmark_group("move-legal-count");
    group.throughput(Throughput::Elements(positions as u64));
    group.sample_size(20);
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            let mut total = 0;
            for game in &games {
                let tree = game.tree();
                for node in tree.mainline() {
                    total += tree.position(node).legal_moves().len();
                }
            }
            black_box(total)
        })
    });
    group.bench_function("compiled", |b| {
        let mut state = GameState::default();
        b.iter(|| {
            let mut matched = 0;
            for game in &games {
                matched += usize::from(evaluate_game(&count, game, &settings, &mut state));
            }
            black_box(matched)
        })
    });
    group.finish();
}

criterion_group!(benches, legal_count);
criterion_main!(benches);
