//! What a path keeps in the game's state: how far the path being matched has
//! come (`pathcount`, `pathcountunfocused`), the focused pieces, and the
//! positions the paths of a `nestban` filter have covered.

use shakmaty::Bitboard;

use crate::{cursor::Cursor, tree::NodeId};

impl Cursor<'_> {
    /// `pathcount`: the moves matched so far by the path being matched (the
    /// focused ones, with `focus`), or outside a path by the last path that
    /// matched; none before a path has.
    pub fn path_count(&self) -> Option<i64> {
        self.state.path_ends.map(|_| i64::from(self.state.path_progress.focused))
    }

    /// `pathcountunfocused`: the moves of unfocused pieces the path being
    /// matched has passed over so far, or the last path that matched did.
    pub fn path_count_unfocused(&self) -> Option<i64> {
        self.state.path_ends.map(|_| i64::from(self.state.path_progress.unfocused))
    }

    /// The identities of the pieces on `squares`, as bits.
    pub(super) fn focused_pieces(&mut self, squares: Bitboard) -> u64 {
        squares
            .into_iter()
            .filter_map(|square| self.piece_on(square).map(|id| id.0))
            .filter(|&id| id < 64)
            .fold(0, |pieces, id| pieces | (1 << id))
    }

    /// The number that tells the `nestban` path filter `index` of the
    /// query, in its image made with constants `image`, from the others.
    pub(super) fn path_filter(&mut self, index: usize, image: &[[u64; 2]]) -> usize {
        let filters = &mut self.state.path_filters;
        match filters.iter().position(|(known, constants)| *known == index && constants == image) {
            Some(filter) => filter,
            None => {
                filters.push((index, image.to_vec()));
                filters.len() - 1
            }
        }
    }

    /// Whether `node` lies strictly inside (after the start, before the
    /// end) a path that path filter `index` matched before.
    pub(super) fn nested_in_other_path(&self, index: usize, node: NodeId) -> bool {
        self.state.path_cover.contains(&(index, node))
    }

    /// Records that path filter `index` matched the path through `nodes`:
    /// the positions strictly inside it, or for a `line` (`line`) every
    /// position after its start, are no start for it any more (CQL 6.2).
    pub(super) fn cover_path(&mut self, index: usize, nodes: &[NodeId], line: bool) {
        let covered = match nodes {
            [_, after @ ..] if line => after,
            [_, inside @ .., _] => inside,
            _ => &[],
        };
        self.state.path_cover.extend(covered.iter().map(|&node| (index, node)));
    }
}
