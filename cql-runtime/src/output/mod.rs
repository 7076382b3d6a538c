//! Writing a matching game as PGN, the way CQL 6.2 writes it, so that the
//! outputs of the two can be compared with `diff`.
//!
//! The tags come first (see `tags.rs`), then a blank line, then the movetext
//! (see `movetext.rs`), then two blank lines.

mod comment_limits;
mod movetext;
mod tags;
mod wrap;

pub use tags::Header;

use crate::{game::Game, tree::NodeId};

/// Appends `game`, whose tags read `header`, to `out` with the comment
/// `pieces` the search wrote (and the `first_comment_tail` pieces, such as
/// sort labels, at the end of its first comment).
pub fn write_game(
    game: &Game,
    header: &Header,
    pieces: &[(NodeId, String)],
    first_comment_tail: &[String],
    set_tags: &[(String, String)],
    removed_comments: &[NodeId],
    out: &mut Vec<u8>,
) {
    let mut by_node: Vec<Vec<&str>> = vec![Vec::new(); game.tree().len()];
    for (node, text) in pieces {
        by_node[node.index()].push(text);
    }
    let added = movetext::Added { by_node, first_comment_tail, removed: removed_comments };
    tags::write_tags(game, header, set_tags, out);
    out.push(b'\n');
    movetext::write_movetext(game, &added, out);
    out.extend_from_slice(b"\n\n\n");
}
