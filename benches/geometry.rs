//! Games per second on `../shared/corpora/twic-sample.pgn` (1,110 games) of
//! queries that lean on the filters of pieces in line and on transforms
//! with many images, beside the replay floor (parsing and replaying every
//! game), one thread each, side by side:
//!
//! - `pins`: `⬓ pin through △ ≥ 2` (two pinned white pieces), a pin search
//!   at every position, in both colours;
//! - `rotate90`: `rotate90 {♕d1 ♖a1 ♔e1}`, four images of three pieces;
//! - `shift`: `shift {♕d4 ♘e4 ♛f4}`, the 48 translations of a line of three
//!   pieces, written as a table and a loop;
//! - `shift-alone`: the same line without the transform, to compare a
//!   transform's cost with its images' number.

#[path = "support/corpus.rs"]
mod corpus;

use cql::{EvalSettings, Query};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn geometry(c: &mut Criterion) {
    let games = corpus::game_texts("twic-sample.pgn");
    let pins = cql::cql!("cql() ⬓ pin through △ ≥ 2");
    let rotate90 = cql::cql!("cql() rotate90 {♕d1 ♖a1 ♔e1}");
    let shift = cql::cql!("cql() shift {♕d4 ♘e4 ♛f4}");
    let alone = cql::cql!("cql() ♕d4 ♘e4 ♛f4");
    let settings = EvalSettings::from_header(&pins.header());

    let mut group = c.benchmark_group("twic-sample");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.sample_size(10);
    group.bench_function("replay", |b| corpus::replay(b, &games));
    group.bench_function("pins", |b| corpus::search(b, &games, &pins, &settings));
    group.bench_function("rotate90", |b| corpus::search(b, &games, &rotate90, &settings));
    group.bench_function("shift", |b| corpus::search(b, &games, &shift, &settings));
    group.bench_function("shift-alone", |b| corpus::search(b, &games, &alone, &settings));
    group.finish();
}

criterion_group!(benches, geometry);
criterion_main!(benches);
