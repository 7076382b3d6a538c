//! Counting generated moves, evaluated at every position of
//! `../shared/corpora/twic-sample.pgn`, each query beside its floor: the
//! same count from shakmaty's list of legal moves at the same positions.
//!
//! - `move legal count`: every legal move;
//! - `move legal from N count`: the moves of White's knights.
//!
//! The searcher counts both from the pieces' destinations, without listing
//! the moves.
//!
//! The games are parsed before the timing starts; all runs are on one thread.

use std::{hint::black_box, path::Path};

use cql::{
    EvalSettings, Game, GameState, Query, evaluate_game,
    pgn::read_games,
    position::GamePosition,
    shakmaty::{Color, Piece, Position, Role},
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn games() -> Vec<Game> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora/twic-sample.pgn");
    read_games(corpus).expect("the corpus").filter_map(|read| read.ok()?.ok().map(|(game, _)| game)).collect()
}

/// Benchmarks `query` over `games` beside `floor`, shakmaty's count of the
/// same moves at each position of their main lines.
fn count_group(
    c: &mut Criterion,
    games: &[Game],
    name: &str,
    query: &impl Query,
    floor: impl Fn(&GamePosition) -> usize,
) {
    let positions: usize = games.iter().map(|game| game.tree().mainline().count()).sum();
    let settings = EvalSettings::from_header(&query.header());
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(positions as u64));
    group.sample_size(20);
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            let mut total = 0;
            for game in games {
                let tree = game.tree();
                for node in tree.mainline() {
                    total += floor(tree.position(node));
                }
            }
            black_box(total)
        })
    });
    group.bench_function("compiled", |b| {
        let mut state = GameState::default();
        b.iter(|| {
            let mut matched = 0;
            for game in games {
                matched += usize::from(evaluate_game(query, game, &settings, &mut state));
            }
            black_box(matched)
        })
    });
    group.finish();
}

fn legal_counts(c: &mut Criterion) {
    let games = games();
    count_group(c, &games, "move-legal-count", &cql::cql!("cql() move legal count >= 0"), |position| {
        position.legal_moves().len()
    });
    let white_knight = Piece { color: Color::White, role: Role::Knight };
    count_group(
        c,
        &games,
        "move-legal-from-knights-count",
        &cql::cql!("cql() move legal from N count >= 0"),
        |position| {
            let knights = position.board().by_piece(white_knight);
            position.legal_moves().iter().filter(|mv| mv.from().is_some_and(|from| knights.contains(from))).count()
        },
    );
}

criterion_group!(benches, legal_counts);
criterion_main!(benches);
