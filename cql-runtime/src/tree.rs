//! One game as a tree of positions.
//!
//! Every node is a position; the root is the start position (the standard one or
//! the game's `[FEN]`), every other node is reached by one move from its parent.
//! Children keep PGN order: the first child continues the line (the *primary*
//! move), later children start variations. Nodes live in an arena that is
//! cleared, not freed, between games, so a worker that reads millions of games
//! allocates only while its largest game grows the arena.

use std::{
    num::NonZeroU32,
    sync::{
        OnceLock,
        atomic::{AtomicBool, Ordering},
    },
};

use shakmaty::{Color, Move, Position};

use crate::{board_keys::BoardKeys, move_view::MoveView, position::GamePosition};

/// The position ids of a tree's nodes, both ways.
#[derive(Clone, Debug, Default)]
struct Numbering {
    /// Each node's position id, by node index.
    ids: Vec<u32>,
    /// Each position id's node.
    nodes: Vec<NodeId>,
    /// Each node's number of positions in its subtree (itself included),
    /// by node index: its descendants' ids follow its own.
    sizes: Vec<u32>,
    /// The main line's nodes (in position id order too: the main line's
    /// ids are 0, 1, 2, ...).
    mainline: Vec<NodeId>,
}

/// Index of a node in its [`GameTree`].
///
/// It holds the index plus one, so that an `Option<NodeId>` (a node's
/// links) takes four bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The root: the start position of the game.
    pub const ROOT: NodeId = NodeId(NonZeroU32::MIN);

    /// The node at arena index `index`.
    fn at(index: u32) -> NodeId {
        NodeId(NonZeroU32::MIN.saturating_add(index))
    }

    /// The arena index of this node.
    #[inline]
    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// The move that leads into a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveIn {
    /// The root has no move leading into it.
    Root,
    /// An ordinary chess move.
    Move(Move),
    /// A null move (`--` or `Z0` in PGN): the side to move passes.
    Null,
}

/// One position of the game and its links (the position itself is kept
/// beside the nodes, see [`GameTree::position`]).
#[derive(Clone, Debug)]
pub struct Node {
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
    mv: MoveIn,
    ply: u32,
    /// Whether every move from the root to here is primary.
    mainline: bool,
    /// How many moves from the root to here start variations.
    depth: u32,
    /// How many of those leave Black to move (moves of White).
    white_variations: u32,
}

impl Node {
    /// The move that led here ([`MoveIn::Root`] at the root).
    pub fn move_in(&self) -> MoveIn {
        self.mv
    }

    /// The parent position, `None` at the root.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The first child: the primary continuation.
    pub fn first_child(&self) -> Option<NodeId> {
        self.first_child
    }

    /// The next child of this node's parent, in PGN order.
    pub fn next_sibling(&self) -> Option<NodeId> {
        self.next_sibling
    }

    /// Half-moves from the root of the tree to this node.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// How many moves on the way here start variations (0 on the main line).
    pub fn variation_depth(&self) -> u32 {
        self.depth
    }

    /// How many moves on the way here start variations and are White's
    /// (`try` holds where this is exactly 1).
    pub fn white_variations(&self) -> u32 {
        self.white_variations
    }
}

/// The positions of one game, as an arena of [`Node`]s.
#[derive(Clone, Debug, Default)]
pub struct GameTree {
    nodes: Vec<Node>,
    /// Each node's position, by node index: apart from the links, so that
    /// adding a move copies its parent's position once, in place.
    positions: Vec<GamePosition>,
    /// What is worked out from the nodes when first asked for.
    derived: Derived,
}

/// What a [`GameTree`] works out from its nodes when first asked for, and
/// forgets when they change.
#[derive(Debug, Default)]
struct Derived {
    /// Each node's position id and each id's node.
    numbering: OnceLock<Numbering>,
    /// Each position's board key, by position id.
    board_keys: OnceLock<BoardKeys>,
    /// Each node's move as the filters see it, by node index.
    move_views: OnceLock<Vec<Option<MoveView>>>,
    /// Whether any of it may have been worked out: set before each is.
    begun: AtomicBool,
}

impl Clone for Derived {
    fn clone(&self) -> Self {
        Derived {
            numbering: self.numbering.clone(),
            board_keys: self.board_keys.clone(),
            move_views: self.move_views.clone(),
            begun: AtomicBool::new(self.begun.load(Ordering::Relaxed)),
        }
    }
}

impl Derived {
    /// Forgets all of it: the tree changed. Reading a game adds every node
    /// before anything is worked out, so this is usually a look at one flag.
    #[inline(always)]
    fn forget(&mut self) {
        if *self.begun.get_mut() {
            *self = Derived::default();
        }
    }

    /// Notes that something is about to be worked out, and gives `cell`'s
    /// value, worked out by `init` if it is not yet.
    #[inline]
    fn get_or_init<'a, T>(&self, cell: &'a OnceLock<T>, init: impl FnOnce() -> T) -> &'a T {
        cell.get().unwrap_or_else(|| {
            self.begun.store(true, Ordering::Relaxed);
            cell.get_or_init(init)
        })
    }
}

impl GameTree {
    /// Clears the tree and sets its root to `start`. Keeps the arena's memory.
    pub fn reset(&mut self, start: GamePosition) {
        self.derived.forget();
        self.nodes.clear();
        self.positions.clear();
        self.positions.push(start);
        self.nodes.push(Node {
            parent: None,
            first_child: None,
            last_child: None,
            next_sibling: None,
            mv: MoveIn::Root,
            ply: 0,
            mainline: true,
            depth: 0,
            white_variations: 0,
        });
    }

    /// Adds `position`, reached from `parent` by `mv`, as the last child of `parent`.
    pub fn add_child(&mut self, parent: NodeId, mv: MoveIn, position: GamePosition) -> NodeId {
        let black_to_move = position.turn().is_black();
        self.positions.push(position);
        self.push(parent, mv, black_to_move)
    }

    /// Adds the position after `mv` from `parent` as its last child: the
    /// parent's position copied, the move played on the copy.
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> NodeId {
        let copy = self.positions[parent.index()].clone();
        self.positions.push(copy);
        // Played where it is kept: a position is copied once, not moved again.
        let position = self.positions.last_mut().expect("just pushed");
        let black_to_move = position.turn().is_white();
        position.play_unchecked(mv);
        self.push(parent, MoveIn::Move(mv), black_to_move)
    }

    /// Adds the node (Black to move there or not) under `parent` whose
    /// position was just pushed.
    #[inline(always)]
    fn push(&mut self, parent: NodeId, mv: MoveIn, black_to_move: bool) -> NodeId {
        self.derived.forget();
        let index = u32::try_from(self.nodes.len()).ok().filter(|&index| index < u32::MAX);
        let id = NodeId::at(index.expect("fewer than 2^32 - 1 positions"));
        let parent_node = &self.nodes[parent.index()];
        let ply = parent_node.ply + 1;
        let primary = parent_node.first_child.is_none();
        let mainline = parent_node.mainline && primary;
        let starts_variation = u32::from(!primary);
        let depth = parent_node.depth + starts_variation;
        let white_variations = parent_node.white_variations + starts_variation * u32::from(black_to_move);
        self.nodes.push(Node {
            parent: Some(parent),
            first_child: None,
            last_child: None,
            next_sibling: None,
            mv,
            ply,
            mainline,
            depth,
            white_variations,
        });
        let parent_node = &mut self.nodes[parent.index()];
        match parent_node.last_child.replace(id) {
            Some(previous) => self.nodes[previous.index()].next_sibling = Some(id),
            None => parent_node.first_child = Some(id),
        }
        id
    }

    /// Every node's id in the order the nodes were added, the root first.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + use<> {
        (0..self.nodes.len() as u32).map(NodeId::at)
    }

    /// The id of the `index`-th node added (the root is the 0th), if there
    /// is one.
    pub fn id_at(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then(|| NodeId::at(index as u32))
    }

    /// The node with this id.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The position at `id`.
    pub fn position(&self, id: NodeId) -> &GamePosition {
        &self.positions[id.index()]
    }

    /// Every node's position, by node index.
    pub fn positions(&self) -> &[GamePosition] {
        &self.positions
    }

    /// The number of positions in the tree (at least 1: the root).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is empty, which is only so before the first [`GameTree::reset`].
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The children of `id` in PGN order (the primary move first).
    #[inline]
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children { tree: self, next: self.nodes[id.index()].first_child }
    }

    /// Whether `id` is on the main line (every move from the root to it is primary).
    #[inline]
    pub fn is_mainline(&self, id: NodeId) -> bool {
        self.nodes[id.index()].mainline
    }

    /// Whether the move into `id` is primary: the first move from its parent.
    /// The root counts as primary.
    pub fn is_primary(&self, id: NodeId) -> bool {
        match self.nodes[id.index()].parent {
            Some(parent) => self.nodes[parent.index()].first_child == Some(id),
            None => true,
        }
    }

    /// The nodes in depth-first order, each before its children, children in
    /// PGN order (a move's whole continuation before its variations): the
    /// order in which the search visits positions.
    pub fn preorder(&self) -> Vec<NodeId> {
        self.descendants(NodeId::ROOT)
    }

    /// CQL's position id of `node`: its index in [`GameTree::preorder`]
    /// (the root is 0). The ids of all nodes are found at the first call,
    /// so asking for every node's id takes time linear in the tree's size.
    #[inline]
    pub fn position_id(&self, node: NodeId) -> usize {
        self.numbering().ids.get(node.index()).map_or(0, |&id| id as usize)
    }

    /// The node whose position id is `id`, if the game has that many positions.
    pub fn with_position_id(&self, id: usize) -> Option<NodeId> {
        self.numbering().nodes.get(id).copied()
    }

    /// Whether `ancestor` is `node` or a position before it on its line:
    /// whether `node`'s id is among those of `ancestor`'s subtree.
    #[inline]
    pub fn is_ancestor_or_self(&self, ancestor: NodeId, node: NodeId) -> bool {
        let numbering = self.numbering();
        let (first, id) = (numbering.ids[ancestor.index()], numbering.ids[node.index()]);
        id >= first && id < first + numbering.sizes[ancestor.index()]
    }

    /// Every node, in position id order.
    pub fn in_position_order(&self) -> &[NodeId] {
        &self.numbering().nodes
    }

    /// The main line's nodes, in order (which is position id order).
    pub fn mainline_nodes(&self) -> &[NodeId] {
        &self.numbering().mainline
    }

    /// The range of position ids of `node`'s subtree: its own, then its
    /// descendants'.
    pub fn subtree_ids(&self, node: NodeId) -> std::ops::Range<usize> {
        let numbering = self.numbering();
        let first = numbering.ids[node.index()] as usize;
        first..first + numbering.sizes[node.index()] as usize
    }

    /// The move that leads to `node` as the filters see it (`None` at the
    /// root), the game's moves described at the first call (from the moves
    /// alone, but for null moves).
    #[inline]
    pub fn move_view(&self, node: NodeId) -> Option<MoveView> {
        let views = self.derived.get_or_init(&self.derived.move_views, || {
            let view = |node: &Node| match node.mv {
                MoveIn::Move(mv) => Some(MoveView::of_move(mv)),
                // A null move is the king's, from its square in the parent.
                null_or_root => MoveView::of(self.position(node.parent?), null_or_root),
            };
            self.nodes.iter().map(view).collect()
        });
        views[node.index()]
    }

    /// The positions' board keys (positions with the same board share one;
    /// `board_keys.rs`), each position's and those sharing it, computed at
    /// the first call.
    pub fn board_keys(&self) -> &BoardKeys {
        self.derived.get_or_init(&self.derived.board_keys, || BoardKeys::of(self))
    }

    /// The position ids, numbered at the first call.
    fn numbering(&self) -> &Numbering {
        self.derived.get_or_init(&self.derived.numbering, || {
            let nodes = self.preorder();
            let mut ids = vec![0; self.nodes.len()];
            for (id, node) in (0u32..).zip(&nodes) {
                ids[node.index()] = id;
            }
            let mut sizes = vec![1; self.nodes.len()];
            for node in nodes.iter().rev() {
                if let Some(parent) = self.nodes[node.index()].parent {
                    sizes[parent.index()] += sizes[node.index()];
                }
            }
            let mainline = self.mainline().collect();
            Numbering { ids, nodes, sizes, mainline }
        })
    }

    /// The main line: the root and every primary move from it.
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(NodeId::ROOT), |&node| self.nodes[node.index()].first_child)
    }

    /// The move number and side to move at `id`, as CQL 6.2 names positions
    /// (`move 13(btm)`): the start position is move 1 whatever fullmove
    /// number a `[FEN]` gives it, and each move of Black begins the next.
    pub fn move_number(&self, id: NodeId) -> (u32, Color) {
        let black_starts = self.position(NodeId::ROOT).turn().is_black();
        (1 + (self.node(id).ply + u32::from(black_starts)) / 2, self.position(id).turn())
    }
}

#[cfg(test)]
pub(crate) mod tests_support {
    use super::NodeId;

    /// A node id for tests of code that only stores ids.
    pub(crate) fn node(index: usize) -> NodeId {
        NodeId::at(index as u32)
    }
}

/// Iterator over the children of a node, see [`GameTree::children`].
#[derive(Clone, Debug)]
pub struct Children<'t> {
    tree: &'t GameTree,
    next: Option<NodeId>,
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.tree.nodes[id.index()].next_sibling;
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Role, Square};

    fn pawn_push(from: Square, to: Square) -> Move {
        Move::Normal { role: Role::Pawn, from, capture: None, to, promotion: None }
    }

    #[test]
    fn children_keep_pgn_order_and_primary_is_first() {
        let mut tree = GameTree::default();
        tree.reset(GamePosition::default());
        let e4 = pawn_push(Square::E2, Square::E4);
        let d4 = pawn_push(Square::D2, Square::D4);
        let after_e4 = Chess::default().play(e4).unwrap();
        let after_d4 = Chess::default().play(d4).unwrap();
        let a = tree.add_child(NodeId::ROOT, MoveIn::Move(e4), after_e4.into());
        let b = tree.add_child(NodeId::ROOT, MoveIn::Move(d4), after_d4.into());
        assert_eq!(tree.children(NodeId::ROOT).collect::<Vec<_>>(), vec![a, b]);
        assert!(tree.is_primary(a) && !tree.is_primary(b));
        assert!(tree.is_mainline(a) && !tree.is_mainline(b));
        assert_eq!(tree.node(b).ply(), 1);
    }

    #[test]
    fn preorder_visits_a_moves_continuation_before_its_variations() {
        // 1.e4 (1.d4) 1...e5
        let mut tree = GameTree::default();
        tree.reset(GamePosition::default());
        let e4 = pawn_push(Square::E2, Square::E4);
        let d4 = pawn_push(Square::D2, Square::D4);
        let after_e4 = Chess::default().play(e4).unwrap();
        let e5 = pawn_push(Square::E7, Square::E5);
        let after_e5 = after_e4.clone().play(e5).unwrap();
        let a = tree.add_child(NodeId::ROOT, MoveIn::Move(e4), after_e4.into());
        let b = tree.add_child(NodeId::ROOT, MoveIn::Move(d4), Chess::default().play(d4).unwrap().into());
        let c = tree.add_child(a, MoveIn::Move(e5), after_e5.into());
        assert_eq!(tree.preorder(), vec![NodeId::ROOT, a, c, b]);
        assert_eq!(tree.mainline().collect::<Vec<_>>(), vec![NodeId::ROOT, a, c]);
    }
}
