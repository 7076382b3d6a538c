//! The castling rights CQL 6.2 writes in a position's FEN: a side keeps a
//! wing's right while its king stays on e1 (e8) and that rook in its
//! corner, at the position and at every position before it (whatever the
//! rights the game's start gave).

use shakmaty::{Board, Color, Position, Square};

use crate::tree::GameTree;

/// The rights, in FEN order: each one's letter, side and rook's corner. A
/// position's rights are bits in this order.
pub(super) const RIGHTS: [(char, Color, Square); 4] = [
    ('K', Color::White, Square::H1),
    ('Q', Color::White, Square::A1),
    ('k', Color::Black, Square::H8),
    ('q', Color::Black, Square::A8),
];

/// The rights kept at each position of `tree`, by node index: one pass,
/// each position's rights its parent's less those whose king or rook is
/// not at home there (a parent comes before its children in the tree).
pub(crate) fn castling_kept(tree: &GameTree) -> Vec<u8> {
    let mut kept: Vec<u8> = Vec::with_capacity(tree.len());
    for id in tree.ids() {
        let before = tree.node(id).parent().map_or(u8::MAX, |parent| kept[parent.index()]);
        kept.push(before & at_home(tree.position(id).board()));
    }
    kept
}

/// The rights whose king and rook stand where they began on `board`.
fn at_home(board: &Board) -> u8 {
    RIGHTS.iter().enumerate().fold(0, |bits, (bit, &(_, color, rook))| {
        let king = color.fold_wb(Square::E1, Square::E8);
        let own = board.by_color(color);
        let home = (board.kings() & own).contains(king) && (board.rooks() & own).contains(rook);
        bits | (u8::from(home) << bit)
    })
}
