//! Writing matching games as PGN (`output::write_game`): the games of
//! `../shared/corpora/twic-sample.pgn` with the match string at every
//! position (as `cql() true` writes them), and those of
//! `annotated-games.pgn` with their own comments, NAGs and variations and
//! nothing added. The games are parsed before the timing starts; one thread.

use std::{hint::black_box, path::Path};

use cql::{
    Game,
    output::{Header, SearchAdditions, write_game},
    pgn::read_games,
    tree::NodeId,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn games(corpus: &str) -> Vec<Game> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora").join(corpus);
    read_games(corpus).expect("the corpus").filter_map(|read| read.ok()?.ok().map(|(game, _)| game)).collect()
}

/// Writes `games`, each with the pieces `pieces` gives it, into `out` (each
/// game's tags read as the search reads them, once).
fn write_all(games: &[Game], pieces: &[Vec<(NodeId, &str)>], out: &mut Vec<u8>) {
    out.clear();
    for (game, pieces) in games.iter().zip(pieces) {
        let added = SearchAdditions { pieces, ..SearchAdditions::NONE };
        write_game(game, &Header::of(game), &added, &[], out);
    }
}

fn writing(c: &mut Criterion) {
    let mut group = c.benchmark_group("write-games");
    group.sample_size(20);
    let corpora = [("every-position-matches", "twic-sample.pgn", true), ("annotated", "annotated-games.pgn", false)];
    for (name, corpus, match_everywhere) in corpora {
        let games = games(corpus);
        let pieces: Vec<Vec<(NodeId, &str)>> = games
            .iter()
            .map(|game| match match_everywhere {
                true => game.tree().ids().map(|node| (node, "CQL")).collect(),
                false => Vec::new(),
            })
            .collect();
        let mut out = Vec::new();
        write_all(&games, &pieces, &mut out);
        group.throughput(Throughput::Bytes(out.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                write_all(&games, &pieces, &mut out);
                black_box(out.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, writing);
criterion_main!(benches);
