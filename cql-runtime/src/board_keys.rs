//! A key of each position's board (where the pieces stand, whatever the
//! side to move or the castling rights): positions with the same board have
//! the same key, and nearly all others different ones. An `echo` whose body
//! holds only where the target's board is the source's goes over the
//! positions that share the source's key only, without looking at the
//! others.

use shakmaty::{Board, Position};

use crate::tree::GameTree;

/// The board keys of a game's positions.
#[derive(Clone, Debug, Default)]
pub struct BoardKeys {
    /// Each position's key, by position id.
    by_id: Vec<u64>,
    /// Every (key, position id), in that order: the positions sharing a key
    /// are a run, in position id order.
    sorted: Vec<(u64, u32)>,
}

impl BoardKeys {
    /// The keys of every position of `tree`.
    pub(crate) fn of(tree: &GameTree) -> BoardKeys {
        let by_id: Vec<u64> =
            tree.in_position_order().iter().map(|&node| board_key(tree.position(node).board())).collect();
        let mut sorted: Vec<(u64, u32)> = by_id.iter().zip(0u32..).map(|(&key, id)| (key, id)).collect();
        sorted.sort_unstable();
        BoardKeys { by_id, sorted }
    }

    /// The key of position `id`'s board.
    pub fn key(&self, id: usize) -> u64 {
        self.by_id[id]
    }

    /// The ids of the positions whose board has position `id`'s key (`id`
    /// among them), in increasing order.
    pub fn sharing(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        let key = self.by_id[id];
        let start = self.sorted.partition_point(|&(other, _)| other < key);
        self.sorted[start..].iter().take_while(move |&&(other, _)| other == key).map(|&(_, id)| id as usize)
    }
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
        for (i, board) in boards.iter().enumerate() {
            let sharing: Vec<usize> = keys.sharing(i).collect();
            let same_board: Vec<usize> = (0..boards.len()).filter(|&j| boards[j] == *board).collect();
            assert_eq!(sharing, same_board, "the positions whose board is position {i}'s");
            for (j, other) in boards.iter().enumerate() {
                assert_eq!(keys.key(i) == keys.key(j), board == other, "positions {i} and {j}");
            }
        }
        assert_eq!(keys.sharing(4).collect::<Vec<_>>(), [0, 4]);
        assert_eq!(keys.sharing(1).collect::<Vec<_>>(), [1, 5]);
    }
}
