//! What machine-readable output says of a matching game ([`MatchReport`]):
//! its tags, each matching position as the moves that lead to it from the
//! start (variations included) with its FEN, and the comments the search
//! added, each at its position.

use shakmaty::{EnPassantMode, fen::Fen, san::SanPlus};

use crate::{
    game::Game,
    tree::{MoveIn, NodeId},
};

/// A matching game, for `-format json|csv`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    /// The game's tags in input order (values unescaped), then those the
    /// query set (`settag`), replacing a tag of the same name.
    pub tags: Vec<(String, String)>,
    /// The FEN of the game's start position.
    pub start: String,
    /// Each matching position, in the order the search met them.
    pub positions: Vec<MatchedPosition>,
    /// The comments the search added (match string, `comment` filters,
    /// path notes), in the order they are written.
    pub comments: Vec<AddedComment>,
}

/// One matching position of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchedPosition {
    /// The moves in SAN from the start to the position, through the
    /// variations it is in (`--` for a null move).
    pub path: Vec<String>,
    /// Its FEN.
    pub fen: String,
}

/// A comment the search added at a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AddedComment {
    /// The moves in SAN from the start to the position.
    pub path: Vec<String>,
    /// The comment's text.
    pub text: String,
}

impl MatchReport {
    /// The report of `game`, which matched at `matches`, with the comment
    /// `pieces` added and the tags `set_tags` set by the query.
    pub(super) fn of(
        game: &Game,
        matches: &[NodeId],
        pieces: &[(NodeId, &str)],
        set_tags: &[(String, String)],
    ) -> MatchReport {
        let mut tags: Vec<(String, String)> = game.tags().map(|(name, value)| (text(name), unescape(value))).collect();
        for (name, value) in set_tags {
            match tags.iter_mut().find(|(existing, _)| existing == name) {
                Some(tag) => tag.1.clone_from(value),
                None => tags.push((name.clone(), value.clone())),
            }
        }
        let positions =
            matches.iter().map(|&node| MatchedPosition { path: path(game, node), fen: fen(game, node) }).collect();
        let comments =
            pieces.iter().map(|&(node, text)| AddedComment { path: path(game, node), text: text.to_owned() }).collect();
        MatchReport { tags, start: fen(game, NodeId::ROOT), positions, comments }
    }
}

/// The moves in SAN from the start of `game` to `node`.
fn path(game: &Game, node: NodeId) -> Vec<String> {
    let tree = game.tree();
    let mut moves = Vec::with_capacity(tree.node(node).ply() as usize);
    let mut at = node;
    while let Some(parent) = tree.node(at).parent() {
        moves.push(match tree.node(at).move_in() {
            MoveIn::Move(mv) => SanPlus::from_move(tree.position(parent).clone(), mv).to_string(),
            MoveIn::Null | MoveIn::Root => "--".to_owned(),
        });
        at = parent;
    }
    moves.reverse();
    moves
}

/// The FEN of the position at `node` of `game`.
fn fen(game: &Game, node: NodeId) -> String {
    Fen::from_position(game.tree().position(node), EnPassantMode::Legal).to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A tag value as PGN escapes it (`\"`, `\\`), unescaped.
fn unescape(value: &[u8]) -> String {
    text(&super::outcome_tags::unescaped(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_lose_their_escapes() {
        assert_eq!(unescape(br#"say \"hi\" \\ there"#), r#"say "hi" \ there"#);
        assert_eq!(unescape(br"a\b"), r"a\b");
    }
}
