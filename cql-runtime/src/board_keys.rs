//! A key of each position's board (where the pieces stand, whatever the
//! side to move or the castling rights): positions with the same board have
//! the same key, and nearly all others different ones. An `echo` whose body
//! holds only where the target's board is the source's compares keys to
//! pass over the other targets without loading their positions.

use shakmaty::{Board, Position};

use crate::tree::GameTree;

/// The board key of each position of `tree`, by position id.
pub(crate) fn board_keys(tree: &GameTree) -> Vec<u64> {
    tree.in_position_order().iter().map(|&node| board_key(tree.position(node).board())).collect()
}

/// A hash of where the pieces stand: the board's bitboards, mixed.
fn board_key(board: &Board) -> u64 {
    let parts = [
        board.white(),
        board.pawns(),
        board.knights(),
        board.bishops(),
        board.rooks(),
        board.queens(),
        board.kings(),
        board.occupied(),
    ];
    parts.iter().fold(0u64, |hash, part| (hash.rotate_left(5) ^ part.0).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95))
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Move, Position, Role, Square};

    use crate::{
        position::GamePosition,
        tree::{GameTree, NodeId},
    };

    fn knight(from: Square, to: Square) -> Move {
        Move::Normal { role: Role::Knight, from, capture: None, to, promotion: None }
    }

    /// 1.Nf3 Nf6 2.Ng1 Ng8 comes back to the start's board (the key of
    /// the start), and each position between has a board of its own (keys
    /// of their own); 1.Nf3 and 2.Nf3 after the knights' round trip share
    /// one with the side to move and the move number different.
    #[test]
    fn positions_share_a_key_exactly_when_they_share_a_board() {
        let moves = [
            knight(Square::G1, Square::F3),
            knight(Square::G8, Square::F6),
            knight(Square::F3, Square::G1),
            knight(Square::F6, Square::G8),
            knight(Square::G1, Square::F3),
        ];
        let mut tree = GameTree::default();
        tree.reset(GamePosition::default());
        let mut node = NodeId::ROOT;
        let mut position = Chess::default();
        let mut boards = vec![position.board().clone()];
        for mv in moves {
            position = position.play(mv).unwrap();
            boards.push(position.board().clone());
            node = tree.add_child(node, crate::tree::MoveIn::Move(mv), position.clone().into());
        }
        let keys = tree.board_keys();
        assert_eq!(keys.len(), boards.len());
        for (i, board) in boards.iter().enumerate() {
            for (j, other) in boards.iter().enumerate() {
                assert_eq!(keys[i] == keys[j], board == other, "positions {i} and {j}");
            }
        }
        assert_eq!(keys[0], keys[4]);
        assert_eq!(keys[1], keys[5]);
    }
}
