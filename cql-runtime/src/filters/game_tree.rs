//! Where the current position is in the game tree, and how positions are
//! related: `ply`, `depth`, `movenumber`, `positionid`, `sidetomove`,
//! `terminal`, `child`, `position N`, `ancestor`, `descendant`, `≺ ≼ ≻ ≽`,
//! `lca` and `distance`.
//!
//! An imaginary position has none of these numbers: it is not in the tree.

pub use cql_vocabulary::{Lineage, TreeNumber};
use shakmaty::{Color, Position};

use crate::{cursor::Cursor, tree::NodeId};

impl Cursor<'_> {
    /// `ply`, `depth`, `movenumber`, `positionid` at the current position.
    pub fn tree_number(&self, number: TreeNumber) -> Option<i64> {
        if self.is_imaginary() {
            return None;
        }
        let (tree, node) = (self.tree(), self.node());
        let value = match number {
            TreeNumber::Ply => tree.node(node).ply(),
            TreeNumber::Depth => tree.node(node).variation_depth(),
            TreeNumber::MoveNumber => tree.move_number(node).0,
            TreeNumber::PositionId => tree.position_id(node) as u32,
        };
        Some(i64::from(value))
    }

    /// `sidetomove`: 1 when White is to move, -1 when Black is.
    #[inline]
    pub fn side_to_move(&self) -> Option<i64> {
        color_value(self.position().turn())
    }

    /// `terminal`: no move of the game follows the current position.
    pub fn is_terminal(&self) -> bool {
        !self.is_imaginary() && self.tree().node(self.node()).first_child().is_none()
    }

    /// `try`: exactly one position on the way here (this one included) is
    /// reached by a move that starts a variation and leaves Black to move.
    pub fn is_try(&self) -> bool {
        !self.is_imaginary() && self.tree().node(self.node()).white_variations() == 1
    }

    /// `virtualmainline`: every move on the way here that starts a
    /// variation is a move of Black.
    pub fn is_virtual_mainline(&self) -> bool {
        let tree = self.tree();
        !self.is_imaginary()
            && tree.ancestry(self.node()).all(|n| tree.is_primary(n) || tree.position(n).turn().is_white())
    }

    /// `child`: the position after the primary move; `child(N)`: after the
    /// Nth move from here (0 is the primary one).
    pub fn child_position(&self, index: Option<i64>) -> Option<NodeId> {
        if self.is_imaginary() {
            return None;
        }
        // Without `variations` the game is its main line (CQL 6.2).
        let index = usize::try_from(index?).ok().filter(|&index| index == 0 || self.variations())?;
        self.tree().children(self.node()).nth(index)
    }

    /// `position N`: the position whose id is N (without `variations`,
    /// only a main line position, as in CQL 6.2).
    pub fn position_with_id(&self, id: Option<i64>) -> Option<NodeId> {
        let node = self.tree().with_position_id(usize::try_from(id?).ok()?)?;
        (self.variations() || self.tree().is_mainline(node)).then_some(node)
    }
}

/// `x ≺ y` and the like: `left`, if positions `left` and `right` are
/// related as `lineage` says.
#[inline]
pub fn lineage(lineage: Lineage, left: Option<NodeId>, right: Option<NodeId>, at: &Cursor<'_>) -> Option<NodeId> {
    let (left, right) = (left?, right?);
    let tree = at.tree();
    let holds = match lineage {
        Lineage::Before => left != right && tree.is_ancestor_or_self(left, right),
        Lineage::BeforeOrSame => tree.is_ancestor_or_self(left, right),
        Lineage::After => left != right && tree.is_ancestor_or_self(right, left),
        // CQL 6.2's `≽` is as strict as `≻`, whatever its documentation says.
        Lineage::AfterOrSame => left != right && tree.is_ancestor_or_self(right, left),
    };
    holds.then_some(left)
}

/// `lca(x y)`: the latest position before (or at) both.
pub fn lca(left: Option<NodeId>, right: Option<NodeId>, at: &Cursor<'_>) -> Option<NodeId> {
    Some(at.tree().lca(left?, right?))
}

/// `distance(x y)`: the moves from one to the other through their `lca`.
pub fn distance(left: Option<NodeId>, right: Option<NodeId>, at: &Cursor<'_>) -> Option<i64> {
    Some(i64::from(at.tree().distance(left?, right?)))
}

/// `white` and `black` as values: 1 and -1, as `sidetomove` gives them.
pub fn color_value(side: Color) -> Option<i64> {
    Some(if side.is_white() { 1 } else { -1 })
}
