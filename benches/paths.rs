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

#[path = "support/corpus.rs"]
mod corpus;

use cql::{EvalSettings, Query};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn paths(c: &mut Criterion) {
    let games = corpus::game_texts("annotated-games.pgn");
    let checks = cql::cql_file!("../shared/reference/examples/consecutive-checks.cql");
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

criterion_group!(benches, paths);
criterion_main!(benches);
