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
    /// 64 entries per node (by node index): the id on each square, or `NONE`.
    boards: Vec<[u8; 64]>,
    /// The other way, for the first [`INDEXED`] ids, per node: the square
    /// of each, or `NONE` once it is gone.
    squares: Vec<[u8; INDEXED]>,
    ready: bool,
}

/// How many ids have their squares kept per node: every piece of a game
/// from the standard start, or from any position of real chess.
const INDEXED: usize = 32;

impl PieceIds {
    /// Forgets the previous game.
    pub fn clear(&mut self) {
        self.boards.clear();
        self.squares.clear();
        self.ready = false;
    }

    /// Works the identities out for `tree` unless already done.
    pub fn ensure(&mut self, tree: &GameTree) {
        if self.ready {
            return;
        }
        self.boards.clear();
        self.boards.resize(tree.len(), [NONE; 64]);
        let mut next = 0u8;
        let root = &mut self.boards[NodeId::ROOT.index()];
        for square in tree.position(NodeId::ROOT).board().occupied() {
            root[square as usize] = next;
            next = next.saturating_add(1);
        }
        // The arena holds every node after its parent.
        for node in tree.ids().skip(1) {
            let parent = tree.node(node).parent().expect("a node after the root has a parent");
            let mut board = self.boards[parent.index()];
            if let Some(view) = MoveView::of(tree.position(parent), tree.node(node).move_in()) {
                apply(&mut board, &view, &mut next);
            }
            let position = tree.position(node);
            if position.as_standard().is_none() {
                // Atomic explosions take pieces the move did not capture.
                for square in !position.board().occupied() {
                    board[square as usize] = NONE;
                }
            }
            self.boards[node.index()] = board;
        }
        self.squares.clear();
        self.squares.extend(self.boards.iter().map(squares_of_ids));
        self.ready = true;
    }

    /// The piece on `square` at `node`.
    pub fn at(&self, node: NodeId, square: Square) -> Option<PieceId> {
        let id = self.boards.get(node.index())?[square as usize];
        (id != NONE).then_some(PieceId(id))
    }

    /// The square of piece `id` at `node` (empty if it is gone).
    pub fn square_of(&self, node: NodeId, id: PieceId) -> Bitboard {
        let square = match self.squares.get(node.index()) {
            Some(squares) if usize::from(id.0) < INDEXED => Some(squares[usize::from(id.0)]).filter(|&s| s != NONE),
            _ => self.boards.get(node.index()).and_then(|board| find_byte(board, id.0)).map(|index| index as u8),
        };
        match square {
            Some(index) => Bitboard::from_square(Square::new(u32::from(index))),
            None => Bitboard::EMPTY,
        }
    }
}

/// The square of each of the first [`INDEXED`] ids on `board`.
fn squares_of_ids(board: &[u8; 64]) -> [u8; INDEXED] {
    let mut squares = [NONE; INDEXED];
    for (square, &id) in (0u8..).zip(board) {
        if let Some(slot) = squares.get_mut(usize::from(id)) {
            *slot = square;
        }
    }
    squares
}

/// The index of the first byte of `board` that is `byte`, eight bytes at a
/// time: a call to a general search costs more than the 64 bytes do.
fn find_byte(board: &[u8; 64], byte: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let (words, _) = board.as_chunks::<8>();
    words.iter().enumerate().find_map(|(index, word)| {
        // The bytes equal to `byte` become zero; the lowest zero byte is the
        // lowest whose high bit survives.
        let word = u64::from_le_bytes(*word) ^ (ONES * u64::from(byte));
        let zeros = word.wrapping_sub(ONES) & !word & HIGH_BITS;
        (zeros != 0).then(|| index * 8 + zeros.trailing_zeros() as usize / 8)
    })
}

/// Moves the identities on `board` as `view` moves the pieces; a dropped
/// piece takes the identity `next`, which then moves on (up to `NONE`).
fn apply(board: &mut [u8; 64], view: &MoveView, next: &mut u8) {
    if view.null {
        return;
    }
    if view.dropped.is_some() {
        board[view.to as usize] = *next;
        *next = next.saturating_add(1);
        return;
    }
    if let Some(captured) = view.captured {
        board[captured as usize] = NONE;
    }
    let mover = std::mem::replace(&mut board[view.from as usize], NONE);
    let rook = view.rook.map(|(from, to)| (std::mem::replace(&mut board[from as usize], NONE), to));
    board[view.to as usize] = mover;
    if let Some((rook, to)) = rook {
        board[to as usize] = rook;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::MoveIn;
    use shakmaty::san::San;

    use crate::position::GamePosition;

    #[test]
    fn find_byte_finds_the_first_equal_byte() {
        // Every byte value, at every square, with copies after it and
        // neighbours one above and one below (where a borrow could mislead).
        for byte in 0..=u8::MAX {
            for square in 0..64 {
                let mut board = [byte.wrapping_add(1); 64];
                board[..square].iter_mut().step_by(2).for_each(|other| *other = byte.wrapping_sub(1));
                board[square] = byte;
                board[(square + 9).min(63)] = byte;
                assert_eq!(find_byte(&board, byte), Some(square));
            }
            assert_eq!(find_byte(&[byte.wrapping_add(1); 64], byte), None);
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
