//! What a search writes into one game: comments at positions, and which
//! positions matched.
//!
//! Comments are written tentatively while the query is evaluated at a
//! position. When the query does not match there, everything it wrote during
//! that evaluation is taken back ([`Notes::rollback`]), so only comments of
//! matching evaluations reach the output (CQL's "smart comments").

use crate::tree::NodeId;

/// The comment pieces a search added to one game, in the order they were
/// written, and the positions where the query matched.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    pieces: Vec<(NodeId, String)>,
    matches: Vec<NodeId>,
}

/// A point in the [`Notes`] to return to, see [`Notes::rollback`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark(usize);

impl Notes {
    /// Clears the notes for the next game, keeping their memory.
    pub fn clear(&mut self) {
        self.pieces.clear();
        self.matches.clear();
    }

    /// Appends a comment piece at `node`.
    pub fn add(&mut self, node: NodeId, text: String) {
        self.pieces.push((node, text));
    }

    /// Appends `text` at `node` unless that exact piece is already there.
    pub fn add_once(&mut self, node: NodeId, text: String) {
        if !self
            .pieces
            .iter()
            .any(|(at, piece)| *at == node && *piece == text)
        {
            self.pieces.push((node, text));
        }
    }

    /// The current point, to roll back to.
    pub fn mark(&self) -> Mark {
        Mark(self.pieces.len())
    }

    /// Removes every piece written since `mark`.
    pub fn rollback(&mut self, mark: Mark) {
        self.pieces.truncate(mark.0);
    }

    /// Records that the query matched at `node`.
    pub fn record_match(&mut self, node: NodeId) {
        self.matches.push(node);
    }

    /// The positions where the query matched, in evaluation order.
    pub fn matches(&self) -> &[NodeId] {
        &self.matches
    }

    /// Every piece, in the order it was written.
    pub fn pieces(&self) -> &[(NodeId, String)] {
        &self.pieces
    }

    /// The pieces written at `node`, in order.
    pub fn pieces_at(&self, node: NodeId) -> impl Iterator<Item = &str> {
        self.pieces
            .iter()
            .filter(move |(at, _)| *at == node)
            .map(|(_, text)| text.as_str())
    }
}
