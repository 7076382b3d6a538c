//! Whether two CQL output files are "identical" in the sense of the
//! reference README: the same games in the same order (by `Game number`),
//! and the same comments at the same positions, variations included, with
//! whitespace collapsed.
//!
//! One deliberate difference is normalised away: CQL 6.2 writes every byte
//! of a comment at or above 0x80 as `?`, cqlc passes such bytes (Latin-1,
//! UTF-8) through unchanged; both sides are compared with them as `?`.

use std::path::Path;

use cql::{
    Game, MoveIn, NodeId,
    game::Annotation,
    pgn::read_games,
    shakmaty::{Position, san::SanPlus},
};

/// One position of an output game as the comparison sees it.
#[derive(Debug, PartialEq, Eq)]
struct Position_ {
    /// The move into it (SAN), to keep the two trees aligned.
    mv: String,
    /// Its comments, joined and whitespace-collapsed.
    comment: String,
}

/// The first difference between the output `actual` and the reference
/// `expected`, if any.
pub fn first_difference(actual: &Path, expected: &Path) -> Option<String> {
    let actual = match read_output(actual) {
        Ok(games) => games,
        Err(error) => return Some(format!("cannot read cqlc's output: {error}")),
    };
    let expected = read_output(expected).expect("the reference output reads");
    let numbers = |games: &[(u64, Vec<Position_>)]| games.iter().map(|(n, _)| *n).collect::<Vec<_>>();
    if numbers(&actual) != numbers(&expected) {
        return Some(format!("games {:?}, expected {:?}", numbers(&actual), numbers(&expected)));
    }
    for ((number, got), (_, want)) in actual.iter().zip(&expected) {
        if got.len() != want.len() {
            return Some(format!("game {number}: {} positions, expected {}", got.len(), want.len()));
        }
        for (index, (g, w)) in got.iter().zip(want).enumerate() {
            if g != w {
                return Some(format!(
                    "game {number}, position {index} (after {}): comment {:?}, expected {:?}",
                    w.mv, g.comment, w.comment
                ));
            }
        }
    }
    None
}

/// The games of an output file: their `Game number` and their positions in
/// depth-first order.
fn read_output(path: &Path) -> Result<Vec<(u64, Vec<Position_>)>, String> {
    let mut games = Vec::new();
    for read in read_games(path).map_err(|e| e.to_string())? {
        let (game, _) = read.map_err(|e| e.to_string())?.map_err(|e| e.to_string())?;
        let positions = positions(&game);
        let number = game_number(&positions[0].comment).ok_or("a game without 'Game number'")?;
        games.push((number, positions));
    }
    Ok(games)
}

fn game_number(first_comment: &str) -> Option<u64> {
    let at = first_comment.find("Game number ")? + "Game number ".len();
    first_comment[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

fn positions(game: &Game) -> Vec<Position_> {
    let tree = game.tree();
    tree.preorder().into_iter().map(|node| Position_ { mv: san(game, node), comment: comment(game, node) }).collect()
}

fn san(game: &Game, node: NodeId) -> String {
    let tree = game.tree();
    match (tree.node(node).parent(), tree.node(node).move_in()) {
        (Some(parent), MoveIn::Move(mv)) => SanPlus::from_move(tree.position(parent).clone(), mv).to_string(),
        (Some(_), _) => "--".to_owned(),
        (None, _) => format!("the start, {} to move", tree.position(node).turn()),
    }
}

fn comment(game: &Game, node: NodeId) -> String {
    let mut text = Vec::new();
    for annotation in game.annotations() {
        if let Annotation::Comment { node: at, text: range, .. } = annotation
            && *at == node
        {
            text.push(b' ');
            text.extend(game.text(range).iter().map(|&b| if b >= 0x80 { b'?' } else { b }));
        }
    }
    String::from_utf8_lossy(&text).split_whitespace().collect::<Vec<_>>().join(" ")
}
