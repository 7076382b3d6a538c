//! Whether the game's moves from the position include one of some moves:
//! what the compiler knows a filter needs of them
//! (`Node::next_moves_needed`), tested once for all the images of a
//! transform before any of them is evaluated.

use cql_vocabulary::WrittenMove;
use shakmaty::{Move, Role, Square};

use crate::{cursor::Cursor, tree::MoveIn};

impl Cursor<'_> {
    /// Whether a game move from here may be one of `moves`: false only if
    /// none is. Castling, drops and null moves are taken to be any (rare,
    /// and where a filter's squares may mean the king's or the rook's); at
    /// an imaginary position, whose next moves are not the game's, so is
    /// everything.
    pub fn next_moves_include(&self, moves: &[WrittenMove]) -> bool {
        if self.is_imaginary() {
            return true;
        }
        let tree = self.tree();
        self.next_nodes().any(|node| match tree.node(node).move_in() {
            MoveIn::Move(Move::Normal { role, to, promotion, .. }) => {
                moves.iter().any(|written| is_written(written, role, to, promotion))
            }
            MoveIn::Move(Move::EnPassant { to, .. }) => {
                moves.iter().any(|written| is_written(written, Role::Pawn, to, None))
            }
            MoveIn::Move(Move::Castle { .. } | Move::Put { .. }) | MoveIn::Null | MoveIn::Root => true,
        })
    }
}

/// Whether a move of a `role` to `to`, promoting to `promotion`, is `written`.
fn is_written(written: &WrittenMove, role: Role, to: Square, promotion: Option<Role>) -> bool {
    let index = |role: Role| role as u8 - 1;
    let promotes = match (written.promotion, promotion) {
        (None, _) => true,
        (Some(roles), Some(promotion)) => roles.contains_role(index(promotion)),
        (Some(_), None) => false,
    };
    written.to & 1 << u32::from(to) != 0 && written.movers.contains_role(index(role)) && promotes
}
