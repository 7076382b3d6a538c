//! `echo`, which relates every position of a game to every other, on
//! `../shared/corpora/annotated-games.pgn` (deep variations, 580 games), in
//! games per second, beside the replay floor:
//!
//! - `replay`: parsing and replaying every game, variations included;
//! - `zugzwang1`: the official example, an echo of the same board with the
//!   other side to move (`s∩t==▦`, so only targets with the source's board
//!   are visited);
//! - `missingwhitepiece`: an echo between main line and tries, sorted by
//!   `consecutivemoves`, with `s∩t` compared square by square;
//! - `wcct7`: an echo whose every pair is evaluated (`source≺target`, then
//!   the boards compared), the quadratic shape at its plainest.
//!
//! All run on one thread, side by side.

#[path = "support/corpus.rs"]
mod corpus;

use cql::{EvalSettings, Query};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn echo(c: &mut Criterion) {
    let games = corpus::game_texts("annotated-games.pgn");
    let zugzwang = cql::cql_file!("../../shared/reference/examples/zugzwang1.cql");
    let missing = cql::cql_file!("../../shared/reference/examples/missingwhitepiece.cql");
    let wcct7 = cql::cql_file!("../../shared/reference/examples/wcct7.cql");

    let mut group = c.benchmark_group("annotated-games-echo");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.sample_size(10);
    group.bench_function("replay", |b| corpus::replay(b, &games));
    let settings = |query: &dyn Query| EvalSettings::from_header(&query.header());
    group.bench_function("zugzwang1", |b| corpus::search(b, &games, &zugzwang, &settings(&zugzwang)));
    group.bench_function("missingwhitepiece", |b| corpus::search(b, &games, &missing, &settings(&missing)));
    group.bench_function("wcct7", |b| corpus::search(b, &games, &wcct7, &settings(&wcct7)));
    group.finish();
}

criterion_group!(benches, echo);
criterion_main!(benches);
