//! How positions of one game tree are related: the ancestors of one,
//! the latest common ancestor and the distance of two, and the positions
//! below one in the order CQL searches them. (Whether one is an ancestor of
//! another is read from the position ids, in `tree.rs`.)

use smallvec::SmallVec;

use crate::tree::{GameTree, NodeId};

impl GameTree {
    /// The positions from `node` up to the root, `node` first.
    pub fn ancestry(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(node), |&node| self.node(node).parent())
    }

    /// The latest position that is an ancestor of both (or one of them).
    pub fn lca(&self, left: NodeId, right: NodeId) -> NodeId {
        let (mut left, mut right) = (left, right);
        while self.node(left).ply() > self.node(right).ply() {
            left = self.node(left).parent().unwrap_or(NodeId::ROOT);
        }
        while self.node(right).ply() > self.node(left).ply() {
            right = self.node(right).parent().unwrap_or(NodeId::ROOT);
        }
        while left != right {
            left = self.node(left).parent().unwrap_or(NodeId::ROOT);
            right = self.node(right).parent().unwrap_or(NodeId::ROOT);
        }
        left
    }

    /// The number of moves from one position to the other through their
    /// latest common ancestor.
    pub fn distance(&self, left: NodeId, right: NodeId) -> u32 {
        let meet = self.node(self.lca(left, right)).ply();
        self.node(left).ply() + self.node(right).ply() - 2 * meet
    }

    /// `node` and the positions after it, variations included, in position
    /// id order (each before its continuations, a move's whole continuation
    /// before its variations).
    pub fn descendants(&self, node: NodeId) -> Vec<NodeId> {
        // Every position after `node` was added after it: its index bounds
        // their number, so the list is allocated once (a search lists every
        // game's positions).
        let mut order = Vec::with_capacity(self.len() - node.index());
        let mut stack: SmallVec<[NodeId; 16]> = smallvec::smallvec![node];
        while let Some(id) = stack.pop() {
            order.push(id);
            let first = stack.len();
            stack.extend(self.children(id));
            stack[first..].reverse();
        }
        order
    }
}
