//! Reverse move generation in positions per second, over every position of
//! `../shared/corpora/twic-sample.pgn` (102,597 positions of 1,110 games,
//! variations included): `reverse_moves` with each [`Legality`], on one
//! thread, each previous position built in full.

use std::{hint::black_box, path::Path, time::Duration};

use cql::{
    generation::{Legality, reverse_moves},
    pgn::read_games,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::Chess;

/// Every position of every (standard chess) game of a PGN file.
fn positions(path: &Path) -> Vec<Chess> {
    let mut positions = Vec::new();
    for read in read_games(path).expect("the benchmark corpus") {
        if let Ok((game, _)) = read.expect("the corpus reads") {
            let tree = game.tree();
            positions.extend(tree.preorder().into_iter().filter_map(|id| tree.position(id).as_standard().cloned()));
        }
    }
    positions
}

fn reverse(c: &mut Criterion) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora/twic-sample.pgn");
    let positions = positions(&corpus);

    let mut group = c.benchmark_group("reverse-twic-sample");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(12));
    for (name, legality) in [("legal", Legality::Legal), ("pseudolegal", Legality::Pseudolegal)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut found = 0;
                for position in &positions {
                    found += reverse_moves(position, legality).len();
                }
                black_box(found)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, reverse);
criterion_main!(benches);
