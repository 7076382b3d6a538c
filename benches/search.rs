//! Games per second on `../shared/corpora/twic-sample.pgn` (1,110 games):
//!
//! - `replay`: parsing every game and replaying every move into a tree of
//!   positions, the floor any searcher pays;
//! - `greekgift`: the same plus evaluating the compiled Greek gift query at
//!   every position.
//!
//! Both run on one thread, side by side, so the ratio of the two is the cost
//! of the query itself.

#[path = "support/corpus.rs"]
mod corpus;

use cql::{EvalSettings, Query};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn search(c: &mut Criterion) {
    let games = corpus::game_texts("twic-sample.pgn");
    let greek_gift = cql::cql_file!("../examples/greekgift.cql");
    let settings = EvalSettings::from_header(&greek_gift.header());

    let mut group = c.benchmark_group("twic-sample");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.sample_size(20);
    group.bench_function("replay", |b| corpus::replay(b, &games));
    group.bench_function("greekgift", |b| corpus::search(b, &games, &greek_gift, &settings));
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
