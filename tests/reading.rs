//! Every game CQL 6.2 reads, cqlc reads, with the same moves.
//!
//! `../shared/reference/read/<corpus>.pgn.zst` is CQL 6.2's output of
//! `cql() initial` over each corpus: every game it read (numbered by its
//! `Game number` comment) with the moves it read, variations included, up to
//! the first move it could not play. cqlc's reader must give the same games
//! with the same move trees. `irregular-games.pgn`, which CQL 6.2 cannot
//! read, must be read without a panic, every game searched or reported.

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
};

use cql::{Game, MoveIn, game::Annotation, pgn::read_games, shakmaty::san::SanPlus};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

/// A game as a list of its positions in depth-first order, each written as
/// `parent:move` (the parent's index in the list), so two lists are equal
/// exactly when the two move trees are.
fn move_tree(game: &Game) -> Vec<String> {
    let tree = game.tree();
    let order = tree.preorder();
    let index_of = |node| order.iter().position(|&n| n == node).expect("a node of the tree");
    order
        .iter()
        .map(|&node| match (tree.node(node).parent(), tree.node(node).move_in()) {
            (Some(parent), MoveIn::Move(mv)) => {
                format!("{}:{}", index_of(parent), SanPlus::from_move(tree.position(parent).clone(), mv))
            }
            (Some(parent), _) => format!("{}:--", index_of(parent)),
            (None, _) => format!("start {}", shakmaty_fen(game)),
        })
        .collect()
}

fn shakmaty_fen(game: &Game) -> String {
    use cql::shakmaty::{EnPassantMode, fen::Fen};
    let root = game.tree().position(cql::NodeId::ROOT).clone();
    // The move counters are left out: CQL writes its own.
    let fen = Fen::from_position(&root, EnPassantMode::Legal).to_string();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn game_number(game: &Game) -> Option<u64> {
    let first = game.annotations().iter().find_map(|annotation| match annotation {
        Annotation::Comment { text, .. } => Some(String::from_utf8_lossy(game.text(text)).into_owned()),
        Annotation::Nag { .. } => None,
    })?;
    // CQL breaks long comments over lines.
    let first = first.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = first.find("Game number ")? + "Game number ".len();
    first[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// The games of a corpus as cqlc reads them: number and move tree of each
/// game it searches.
fn read_by_cqlc(path: &Path) -> Vec<(u64, Vec<String>)> {
    let mut games = Vec::new();
    for read in read_games(path).expect("the corpus opens") {
        if let Ok((game, _)) = read.expect("the corpus reads") {
            games.push((game.number(), move_tree(&game)));
        }
    }
    games
}

/// The games of CQL 6.2's reading of a corpus.
fn read_by_cql(corpus: &str) -> Vec<(u64, Vec<String>)> {
    let path = shared().join(format!("reference/read/{corpus}.pgn.zst"));
    let mut games = Vec::new();
    for read in read_games(&path).expect("the reference opens") {
        let (game, _) = read.expect("the reference reads").expect("CQL's output is regular");
        let number = game_number(&game).expect("CQL numbers every game");
        games.push((number, move_tree(&game)));
    }
    games
}

/// Every difference between cqlc's reading of `corpus` and CQL 6.2's.
fn differences(corpus: &str) -> Vec<String> {
    let ours = read_by_cqlc(&shared().join(format!("corpora/{corpus}.pgn")));
    let theirs = read_by_cql(corpus);
    let mut found = Vec::new();
    let (mut a, mut b) = (ours.iter().peekable(), theirs.iter().peekable());
    loop {
        match (a.peek(), b.peek()) {
            (None, None) => break,
            (Some((n, _)), None) => {
                found.push(format!("game {n}: read by cqlc only"));
                a.next();
            }
            (None, Some((n, _))) => {
                found.push(format!("game {n}: not read by cqlc"));
                b.next();
            }
            (Some((n, got)), Some((m, want))) => {
                if n < m {
                    found.push(format!("game {n}: read by cqlc only"));
                    a.next();
                } else if m < n {
                    found.push(format!("game {m}: not read by cqlc"));
                    b.next();
                } else {
                    if got != want {
                        let at = got.iter().zip(want).position(|(g, w)| g != w).unwrap_or(got.len().min(want.len()));
                        let mut line = format!("game {n}: {} positions, CQL {}", got.len(), want.len());
                        let _ = write!(line, "; first difference at {at}: {:?} vs {:?}", got.get(at), want.get(at));
                        found.push(line);
                    }
                    a.next();
                    b.next();
                }
            }
        }
    }
    found
}

fn check(corpus: &str) {
    let found = differences(corpus);
    assert!(
        found.is_empty(),
        "{corpus}: {} games read differently from CQL 6.2:\n{}",
        found.len(),
        found.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn studies_sample() {
    check("studies-sample");
}

#[test]
fn annotated_games() {
    check("annotated-games");
}

#[test]
fn world_championship_matches() {
    check("world-championship-matches");
}

#[test]
fn lichess_studies_and_problems() {
    check("lichess-studies-and-problems");
}

#[test]
fn twic_sample() {
    check("twic-sample");
}

#[test]
fn lichess_sample() {
    check("lichess-sample");
}

#[test]
fn chess960_games() {
    check("chess960-games");
}
