//! Which piece is which: every piece of a game's start position gets an
//! identity that follows it through the game tree as it moves, keeps it when
//! a pawn promotes, and ends when it is captured (or explodes, in Atomic).
//! The pieces of the start position are numbered 0, 1, 2, ... in the order
//! of their squares a1, b1, ..., h1, a2, ..., h8, as CQL 6.2 numbers them
//! (`pieceid`). A piece dropped in Crazyhouse (which CQL 6.2 does not play)
//! gets the next number not given yet in the game, so numbers are never
//! given twice; once 0 to 254 are all given, dropped pieces have none. A
//! piece variable holds such an identity; its value at a position is the
//! piece's square there.

use shakmaty::{Bitboard, Position, Square};

use crate::{
    move_view::MoveView,
    tree::{GameTree, NodeId},
};

/// The identity of a piece of the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceId(pub u8);

const NONE: u8 = u8::MAX;

/// The identities of the pieces on each square of each position of a game,
/// worked out once per game when a query first asks.
#[derive(Clone, Debug, Default)]
pub struct PieceIds {
    /// Where each piece is, by node index.
    placements: Vec<Placement>,
    ready: bool,
}

/// How many ids have their squares kept per node: every piece of a game
/// from the standard start, or from any position of real chess.
const INDEXED: usize = 32;

/// Which piece is on each square of one position, and the other way round
/// for the first [`INDEXED`] ids, kept in step by [`Placement::put`] and
/// [`Placement::take`].
#[derive(Clone, Copy, Debug)]
struct Placement {
    /// The id on each square, or `NONE`.
    ids: [u8; 64],
    /// The square of each of the first ids, or `NONE` once it is gone.
    squares: [u8; INDEXED],
}

impl Placement {
    const EMPTY: Placement = Placement { ids: [NONE; 64], squares: [NONE; INDEXED] };

    /// Takes the piece off `square`: its id (`NONE` if there was none).
    fn take(&mut self, square: Square) -> u8 {
        let id = std::mem::replace(&mut self.ids[square as usize], NONE);
        if let Some(slot) = self.squares.get_mut(usize::from(id)) {
            *slot = NONE;
        }
        id
    }

    /// Puts the piece `id` on `square`, taking off whatever stood there.
    fn put(&mut self, square: Square, id: u8) {
        self.take(square);
        self.ids[square as usize] = id;
        if let Some(slot) = self.squares.get_mut(usize::from(id)) {
            *slot = square as u8;
        }
    }

    /// The square of piece `id`: looked up for the first ids, searched for
    /// the others (pieces dropped in Crazyhouse).
    #[inline]
    fn square_of(&self, id: u8) -> Option<Square> {
        let index = match self.squares.get(usize::from(id)) {
            Some(&NONE) => return None,
            Some(&square) => u32::from(square),
            None => self.ids.iter().position(|&on| on == id)? as u32,
        };
        Some(Square::new(index))
    }
}

impl PieceIds {
    /// Forgets the previous game.
    pub fn clear(&mut self) {
        self.placements.clear();
        self.ready = false;
    }

    /// Works the identities out for `tree` unless already done (asked at
    /// every look at a piece variable: the look is inlined, the work not).
    #[inline]
    pub fn ensure(&mut self, tree: &GameTree) {
        if !self.ready {
            self.work_out(tree);
        }
    }

    /// Works the identities out for `tree`.
    #[inline(never)]
    fn work_out(&mut self, tree: &GameTree) {
        self.placements.clear();
        self.placements.resize(tree.len(), Placement::EMPTY);
        let mut next = 0u8;
        let root = &mut self.placements[NodeId::ROOT.index()];
        for square in tree.position(NodeId::ROOT).board().occupied() {
            root.put(square, next);
            next = next.saturating_add(1);
        }
        // Only in a variant (Atomic's explosions) do pieces leave the board
        // that the move did not capture; a game keeps its variant.
        let variant = tree.position(NodeId::ROOT).as_standard().is_none();
        // The arena holds every node after its parent.
        for node in tree.ids().skip(1) {
            let parent = tree.node(node).parent().expect("a node after the root has a parent");
            let mut placement = self.placements[parent.index()];
            if let Some(view) = tree.move_view(node) {
                apply(&mut placement, &view, &mut next);
            }
            if variant {
                for square in !tree.position(node).board().occupied() {
                    placement.take(square);
                }
            }
            self.placements[node.index()] = placement;
        }
        self.ready = true;
    }

    /// The piece on `square` at `node`.
    #[inline]
    pub fn at(&self, node: NodeId, square: Square) -> Option<PieceId> {
        let id = self.placements.get(node.index())?.ids[square as usize];
        (id != NONE).then_some(PieceId(id))
    }

    /// The square of piece `id` at `node` (empty if it is gone).
    #[inline]
    pub fn square_of(&self, node: NodeId, id: PieceId) -> Bitboard {
        self.placements
            .get(node.index())
            .and_then(|placement| placement.square_of(id.0))
            .map_or(Bitboard::EMPTY, Bitboard::from_square)
    }
}

/// Moves the identities of `placement` as `view` moves the pieces; a
/// dropped piece takes the identity `next`, which then moves on (up to
/// `NONE`).
fn apply(placement: &mut Placement, view: &MoveView, next: &mut u8) {
    if view.null {
        return;
    }
    if view.dropped.is_some() {
        placement.put(view.to, *next);
        *next = next.saturating_add(1);
        return;
    }
    if let Some(captured) = view.captured {
        placement.take(captured);
    }
    let mover = placement.take(view.from);
    let rook = view.rook.map(|(from, to)| (placement.take(from), to));
    placement.put(view.to, mover);
    if let Some((rook, to)) = rook {
        placement.put(to, rook);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::MoveIn;
    use shakmaty::san::San;

    use crate::position::GamePosition;

    #[test]
    fn a_placement_finds_every_id_and_forgets_a_piece_taken_off() {
        // The first ids are looked up, the others (drops) searched for.
        for (id, square) in [(0, Square::A1), (31, Square::H8), (32, Square::E4), (200, Square::D5)] {
            let mut placement = Placement::EMPTY;
            placement.put(square, id);
            placement.put(Square::C3, id + 1);
            assert_eq!(placement.square_of(id), Some(square));
            // A piece put on a square takes the one there off.
            placement.put(square, id + 2);
            assert_eq!(placement.square_of(id), None);
            assert_eq!(placement.take(Square::C3), id + 1);
            assert_eq!(placement.square_of(id + 1), None);
            assert_eq!(placement.square_of(id + 2), Some(square));
        }
    }

    fn tree(sans: &[&str]) -> GameTree {
        let mut tree = GameTree::default();
        tree.reset(GamePosition::default());
        let mut node = NodeId::ROOT;
        for san in sans {
            let position = tree.position(node).clone();
            let mv = san.parse::<San>().unwrap().to_move(&position).unwrap();
            node = tree.add_child(node, MoveIn::Move(mv), position.play(mv).unwrap());
        }
        tree
    }

    #[test]
    fn identities_follow_pieces_through_moves_captures_and_castling() {
        let game =
            tree(&["e4", "d5", "exd5", "Qxd5", "Nf3", "Qe4+", "Be2", "Qxe2+", "Kxe2", "Nc6", "Ke1", "Nf6", "Rg1"]);
        let mut ids = PieceIds::default();
        ids.ensure(&game);
        let line: Vec<NodeId> = game.mainline().collect();
        let white_e_pawn = ids.at(NodeId::ROOT, Square::E2).unwrap();
        assert_eq!(ids.square_of(line[1], white_e_pawn), Bitboard::from_square(Square::E4));
        assert_eq!(ids.square_of(line[3], white_e_pawn), Bitboard::from_square(Square::D5));
        assert_eq!(ids.square_of(line[4], white_e_pawn), Bitboard::EMPTY, "captured by the queen");
        let queen = ids.at(NodeId::ROOT, Square::D8).unwrap();
        assert_eq!(ids.at(line[8], Square::E2), Some(queen));
        let king = ids.at(NodeId::ROOT, Square::E1).unwrap();
        assert_eq!(ids.at(line[9], Square::E2), Some(king));
    }

    #[test]
    fn the_square_of_each_id_is_where_the_board_has_it() {
        let game = tree(&[
            "e4", "d5", "exd5", "Qxd5", "Nc3", "Qxa2", "Rxa2", "Bg4", "f3", "Nc6", "fxg4", "O-O-O", "Ra1", "Rxd2",
        ]);
        let mut ids = PieceIds::default();
        ids.ensure(&game);
        for node in game.ids() {
            // `NONE` is no piece's id.
            for id in 0..NONE {
                let on_board = Square::ALL.into_iter().find(|&square| ids.at(node, square) == Some(PieceId(id)));
                assert_eq!(ids.square_of(node, PieceId(id)), on_board.map_or(Bitboard::EMPTY, Bitboard::from_square));
            }
        }
    }
}
