//! A game as the end-to-end tests hold it against CQL 6.2's reading of it:
//! its move tree written out, and the number CQL's output gives it.

use cql::{
    Game, MoveIn, NodeId,
    shakmaty::{EnPassantMode, fen::Fen, san::SanPlus},
};

/// Each node's index in `order` (a game's nodes in depth-first order), by
/// node index.
pub fn depth_first_indices(order: &[NodeId]) -> Vec<usize> {
    let mut index = vec![0; order.len()];
    for (position, node) in order.iter().enumerate() {
        index[node.index()] = position;
    }
    index
}

/// The move into `node` in SAN (`--` for a null move); at the root, `start`
/// and the start position (its FEN without the move counters, which CQL
/// writes its own way).
pub fn san(game: &Game, node: NodeId) -> String {
    let tree = game.tree();
    match (tree.node(node).parent(), tree.node(node).move_in()) {
        (Some(parent), MoveIn::Move(mv)) => SanPlus::from_move(tree.position(parent).clone(), mv).to_string(),
        (Some(_), _) => "--".to_owned(),
        (None, _) => {
            let fen = Fen::from_position(tree.position(node), EnPassantMode::Legal).to_string();
            format!("start {}", fen.split(' ').take(4).collect::<Vec<_>>().join(" "))
        }
    }
}

/// A game's positions in depth-first order, each written `parent:move` (the
/// parent's index in the list), the root as its start: two lists are equal
/// exactly when the two move trees are.
pub fn move_tree(game: &Game) -> Vec<String> {
    let order = game.tree().preorder();
    let index = depth_first_indices(&order);
    let written = |node: NodeId| match game.tree().node(node).parent() {
        Some(parent) => format!("{}:{}", index[parent.index()], san(game, node)),
        None => san(game, node),
    };
    order.iter().map(|&node| written(node)).collect()
}

/// The number of CQL 6.2's `Game number N` in a game's first comment
/// (which CQL may have broken over lines).
pub fn game_number(first_comment: &str) -> Option<u64> {
    let first = first_comment.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = first.find("Game number ")? + "Game number ".len();
    first[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}
