//! A repetition-heavy path query, the official `consecutive-checks.cql`
//! (`⊢ nestban ―― check{5,}` inside `sort`), on
//! `../shared/corpora/annotated-games.pgn` (deep variations), in games per
//! second, beside the replay floor:
//!
//! - `replay`: parsing and replaying every game, variations included;
//! - `consecutive-checks`: the query as written (main line only);
//! - `consecutive-checks-variations`: the same with `variations` on, so
//!   paths start at, and run through, every position of every variation.
//!
//! All run on one thread, side by side.
//!
//! And `long-games/any-moves/N`: `⊢ (――)+` (the longest path of any moves)
//! at every position of one game of N plies, the knights going back and
//! forth, at two sizes so that the growth with the game's length shows;
//! `long-games/any-moves-quiet/N` the same without the path's notes (the
//! search alone, without writing two notes at every position).

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/long_game.rs"]
mod long_game;

use cql::{EvalSettings, Query};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// The lengths of the long games, in plies.
const LONG_GAMES: [usize; 2] = [5_000, 50_000];

fn paths(c: &mut Criterion) {
    let games = corpus::game_texts("annotated-games.pgn");
    let checks = cql::cql_file!("../../shared/reference/examples/consecutive-checks.cql");
    let mainline = EvalSettings::from_header(&checks.header());
    let variations = EvalSettings { variations: true, ..mainline.clone() };

    let mut group = c.benchmark_group("annotated-games");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.sample_size(10);
    group.bench_function("replay", |b| corpus::replay(b, &games));
    group.bench_function("consecutive-checks", |b| corpus::search(b, &games, &checks, &mainline));
    group.bench_function("consecutive-checks-variations", |b| corpus::search(b, &games, &checks, &variations));
    group.finish();
}

fn long_games(c: &mut Criterion) {
    let any_moves = cql::cql!("cql() ⊢ (――)+");
    let quiet = cql::cql!("cql() ⊢ quiet (――)+");
    let settings = EvalSettings::from_header(&any_moves.header());
    let mut group = c.benchmark_group("long-games");
    group.sample_size(10);
    for plies in LONG_GAMES {
        let game = [long_game::knights(plies)];
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_with_input(BenchmarkId::new("any-moves", plies), &game, |b, game| {
            corpus::search(b, game, &any_moves, &settings)
        });
        group.bench_with_input(BenchmarkId::new("any-moves-quiet", plies), &game, |b, game| {
            corpus::search(b, game, &quiet, &settings)
        });
    }
    group.finish();
}

criterion_group!(benches, paths, long_games);
criterion_main!(benches);
