//! Every game CQL 6.2 reads, cqlc reads, with the same moves.
//!
//! `../shared/reference/read/<corpus>.pgn.zst` is CQL 6.2's output of
//! `cql() initial` over each corpus: every game it read (numbered by its
//! `Game number` comment) with the moves it read, variations included, up to
//! the first move it could not play. cqlc's reader must give the same games
//! with the same move trees.
//!
//! One documented difference: CQL 6.2 does not play Chess960. Of
//! `chess960-games.pgn` it reads the games from a FEN in the standard
//! castling notation up to their first castling move, and games whose FEN
//! names the castling rooks' files (`FCfc`) from the standard start
//! position. cqlc reads them all by Chess960 rules: there, every game CQL
//! reads is read, and what CQL read of a game from its FEN is a part of
//! what cqlc reads.

use crate::support::game_trees;

use std::{
    collections::BTreeSet,
    fmt::Write as _,
    path::{Path, PathBuf},
};

use cql::{Game, game::Annotation, pgn::read_games};
use game_trees::{game_number, move_tree, san};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

/// The text of a game's first comment.
fn first_comment(game: &Game) -> Option<String> {
    game.annotations().iter().find_map(|annotation| match annotation {
        Annotation::Comment { text, .. } => Some(String::from_utf8_lossy(game.text(text)).into_owned()),
        Annotation::Nag { .. } => None,
    })
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
        let number = first_comment(&game).and_then(|first| game_number(&first)).expect("CQL numbers every game");
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
    let ours = read_by_cqlc(&shared().join("corpora/chess960-games.pgn"));
    let theirs = read_by_cql("chess960-games");
    let numbers = |games: &[(u64, Vec<String>)]| games.iter().map(|(n, _)| *n).collect::<Vec<_>>();
    assert_eq!(numbers(&ours), numbers(&theirs));
    let mut compared = 0;
    for ((number, got), (_, want)) in ours.iter().zip(&theirs) {
        if got[0] != want[0] {
            // CQL 6.2 could not read the FEN and started from the standard position.
            assert!(want[0].starts_with("start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), "game {number}");
            continue;
        }
        let (got, want) = (move_paths(got), move_paths(want));
        assert!(want.is_subset(&got), "game {number}: CQL read lines cqlc did not");
        compared += 1;
    }
    assert!(compared >= 12, "only {compared} games start from the same position");
}

/// The lines of a move tree (as [`move_tree`] lists it), each as the moves
/// from the start.
fn move_paths(tree: &[String]) -> BTreeSet<Vec<String>> {
    let mut paths: Vec<Vec<String>> = Vec::with_capacity(tree.len());
    for node in tree {
        let path = match node.split_once(':') {
            Some((parent, mv)) if !node.starts_with("start") => {
                let mut path = paths[parent.parse::<usize>().expect("a parent index")].clone();
                path.push(mv.to_owned());
                path
            }
            _ => Vec::new(),
        };
        paths.push(path);
    }
    paths.into_iter().collect()
}

/// One game of a corpus as cqlc reads it: its main line in SAN and the
/// problems reported.
fn real_game(corpus: &str, number: u64) -> (Vec<String>, Vec<String>) {
    let path = shared().join(format!("corpora/{corpus}.pgn"));
    let (game, warnings) = read_games(path)
        .expect("the corpus opens")
        .map(|read| read.expect("the corpus reads"))
        .find_map(|read| read.ok().filter(|(game, _)| game.number() == number))
        .expect("the game is read");
    let line: Vec<String> = game.tree().mainline().skip(1).map(|node| san(&game, node)).collect();
    (line, warnings.iter().map(ToString::to_string).collect())
}

/// Real games of each kind that cqlc once skipped or misread.
#[test]
fn real_games_of_each_kind() {
    // Long algebraic: `1. g1-f3 g8-f6 2. b1-c3 ...`, read to the end.
    let (line, warnings) = real_game("annotated-games", 64);
    assert_eq!(line[..4], ["Nf3", "Nf6", "Nc3", "Nc6"]);
    assert_eq!(line.last().map(String::as_str), Some("Qxc6#"));
    assert!(warnings.is_empty(), "{warnings:?}");
    // Pawn and piece captures without `x`: `4. cd5 Nd5`.
    let (line, _) = real_game("annotated-games", 80);
    assert_eq!(line[6..8], ["cxd5", "Nxd5"]);
    // Castling with zeros: `5.0-0 ... 7.Bb2 0-0`.
    let (line, _) = real_game("annotated-games", 1);
    assert_eq!((line[8].as_str(), line[13].as_str()), ("O-O", "O-O"));
    // En passant marked: `15. axb6ep N5b6`, read on.
    let (line, warnings) = real_game("annotated-games", 427);
    assert_eq!(line[28..30], ["axb6", "N5xb6"]);
    assert!(warnings.is_empty(), "{warnings:?}");
    // Ambiguous: `13. Rd1` with rooks on a1 and f1; reading stops there.
    let (line, warnings) = real_game("annotated-games", 18);
    assert_eq!((line.len(), line.last().map(String::as_str)), (24, Some("b6")));
    assert_eq!(warnings, ["game 18 (line 1658): ambiguous move 13. Rd1; game searched up to that move"]);
    // `6.exd6(e.p.)`: one word for CQL 6.2, not a move; reading stops there.
    let (line, warnings) = real_game("annotated-games", 70);
    assert_eq!(line.len(), 10);
    assert!(warnings[0].contains("(line 5796): unreadable move 6. exd6(e.p.;"), "{warnings:?}");
    // A check sign followed by a comma: `17. Bh6+, Rg7`, in a variation.
    let (line, warnings) = real_game("annotated-games", 1066);
    assert_eq!(line.last().map(String::as_str), Some("Bf4#"));
    assert!(warnings.is_empty(), "{warnings:?}");
    // `[White ""Socrates Expert""]` and a FEN with fullmove 0 (`... w - - 1 0`).
    let (line, warnings) = real_game("lichess-studies-and-problems", 576);
    assert_eq!(line, ["Rf8+", "Nxf8", "Nf7+", "Kc8", "Ned6#"]);
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// A file that joins games the ways real files do: a byte order mark at its
/// start and before a game in the middle, two games on one line, quotes
/// inside a tag's quotes, junk after a tag, CRLF line ends. CQL 6.2 reads
/// the same seven games with the same moves (`cql -i split.pgn -o out.pgn
/// initial.cql`; it loses the second game's `[Event]` into a comment,
/// cqlc reads it as the tag it is).
#[test]
fn games_joined_the_ways_real_files_join_them() {
    let text = "\u{feff}[Event \"a\"]\n\n1. e4 e5 1-0\n\n\u{feff}[Event \"b\"]\n[Site \"s\"]\n\n1. d4 d5 1-0\n\n\
                [Event \"c\"]\n\n1. c4 c5 1-0 [Event \"d\"]\n[Site \"dd\"]\n\n1. Nf3 Nf6 0-1\n\n\
                [Event \"f\"]\n\n1. g3 g6 *\n\n[White \"\"Socrates Expert\"\"]\n[Black \"x\"] junk here\n\n\
                1. b3 b6 *\r\n\r\n[Event \"crlf\"]\r\n[Site \"c\"]\r\n\r\n1. h3 h6 2. a3 *\r\n";
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("joined.pgn");
    std::fs::write(&path, text).unwrap();
    let games: Vec<Game> = read_games(&path).unwrap().map(|read| read.unwrap().unwrap().0).collect();
    let lines: Vec<Vec<String>> = games.iter().map(|game| move_tree(game)[1..].to_vec()).collect();
    let expected = [
        vec!["0:e4", "1:e5"],
        vec!["0:d4", "1:d5"],
        vec!["0:c4", "1:c5"],
        vec!["0:Nf3", "1:Nf6"],
        vec!["0:g3", "1:g6"],
        vec!["0:b3", "1:b6"],
        vec!["0:h3", "1:h6", "2:a3"],
    ];
    assert_eq!(lines, expected);
    assert_eq!(games[1].tag("Event"), Some(&b"b"[..]));
    assert_eq!((games[3].tag("Event"), games[3].line()), (Some(&b"d"[..]), 12));
    assert_eq!(games[5].tag("White"), Some(&b"\"Socrates Expert\""[..]));
    assert_eq!(games[6].tag("Site"), Some(&b"c"[..]));
}

/// A game of tags only, then a blank line and the next game: two games (CQL
/// 6.2 aborts: "'[' seen in unexpected location").
#[test]
fn a_game_of_tags_only_is_a_game_of_its_own() {
    let text = "[Event \"e\"]\n[Site \"notmoves\"]\n\n[Event \"f\"]\n\n1. g3 g6 *\n";
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tags-only.pgn");
    std::fs::write(&path, text).unwrap();
    let games: Vec<Game> = read_games(&path).unwrap().map(|read| read.unwrap().unwrap().0).collect();
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].tag("Site"), games[0].tree().len()), (Some(&b"notmoves"[..]), 1));
    assert_eq!((games[1].tag("Event"), games[1].tree().len()), (Some(&b"f"[..]), 3));
}
