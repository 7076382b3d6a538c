//! Spelling a move of the game tree in SAN, as shakmaty's
//! [`SanPlus::from_move`] spells it, without generating every legal move
//! after it.
//!
//! `SanPlus::from_move` generates the moves of the moving role to the
//! target square (to disambiguate), plays the move and asks the position
//! after for its outcome, which generates every legal move there. For a
//! move of standard chess (Chess960 too) the tree already holds the
//! position after, so: a piece needs disambiguating only if another of its
//! kind attacks the target square (only then are its candidates generated),
//! the suffix is `+` when the position after is check, and `#` when it is
//! check with no legal move (moves are generated only in check, and only
//! where the game does not go on with a move from there). The
//! positions of other variants, whose outcomes have rules of their own, go
//! through `SanPlus::from_move`.

use arrayvec::ArrayVec;
use shakmaty::{
    Move, MoveList, Piece, Position, Role, Square, attacks,
    san::{San, SanPlus},
};

use crate::position::{GamePosition, diagonals, lines};

/// Appends the SAN of `mv`, a legal move from `before` to `after`, with its
/// check or mate suffix: what `SanPlus::from_move(before, mv)` writes.
/// `after_has_moves` says whether a legal move from `after` is known (one
/// the game plays from there): then `after` is not mate. It is asked only
/// in check.
pub(super) fn write_san(
    before: &GamePosition,
    mv: Move,
    after: &GamePosition,
    after_has_moves: impl FnOnce() -> bool,
    out: &mut Vec<u8>,
) {
    let (GamePosition::Standard(before), GamePosition::Standard(_)) = (before, after) else {
        SanPlus::from_move(before.clone(), mv).append_ascii_to(out);
        return;
    };
    match mv {
        Move::Normal { role, from, to, .. } if has_rival(before, Piece { color: before.turn(), role }, from, to) => {
            San::from_move(before, mv).append_ascii_to(out);
        }
        // No other piece of the role can reach the target: nothing to tell apart.
        _ => write_undisambiguated(mv, out),
    }
    if after.is_check() {
        let mate = !after_has_moves() && after.legal_moves().is_empty();
        out.push(if mate { b'#' } else { b'+' });
    }
}

/// Appends the SAN of `mv` without its origin's file or rank (a pawn's
/// capture names its file) and without a suffix: what
/// `San::disambiguate(mv, &MoveList::new())` writes, in one append.
fn write_undisambiguated(mv: Move, out: &mut Vec<u8>) {
    let mut san = ArrayVec::<u8, 8>::new();
    match mv {
        Move::Normal { role, from, capture, to, promotion } => {
            match role {
                Role::Pawn if capture.is_some() => san.extend([from.file().char() as u8, b'x']),
                Role::Pawn => {}
                _ if capture.is_some() => san.extend([role.upper_char() as u8, b'x']),
                _ => san.push(role.upper_char() as u8),
            }
            san.extend([to.file().char() as u8, to.rank().char() as u8]);
            if let Some(promotion) = promotion {
                san.extend([b'=', promotion.upper_char() as u8]);
            }
        }
        Move::EnPassant { from, to } => {
            san.extend([from.file().char() as u8, b'x', to.file().char() as u8, to.rank().char() as u8]);
        }
        Move::Castle { king, rook } if rook < king => san.extend(*b"O-O-O"),
        Move::Castle { .. } => san.extend(*b"O-O"),
        Move::Put { .. } => return San::disambiguate(mv, &MoveList::new()).append_ascii_to(out),
    }
    out.extend_from_slice(&san);
}

/// Whether a `piece` other than the one on `from` attacks `to` (pawns
/// aside, whose moves are told apart by their file alone): the only case
/// where the move may need its origin's file or rank.
fn has_rival(position: &impl Position, piece: Piece, from: Square, to: Square) -> bool {
    let board = position.board();
    let others = board.by_piece(piece).without(from);
    if others.is_empty() {
        return false;
    }
    // The moves of a piece are symmetric: those that attack `to` are
    // attacked from it by a piece of the same kind. A slider's lines on an
    // empty board come first: they rule out most rivals without looking
    // up the attacks of the board's occupancy (which miss the cache).
    let occupied = board.occupied();
    let from_target = match piece.role {
        Role::Pawn => return false,
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop if (others & diagonals(to)).is_empty() => return false,
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook if (others & lines(to)).is_empty() => return false,
        Role::Rook => attacks::rook_attacks(to, occupied),
        Role::Queen if (others & (lines(to) | diagonals(to))).is_empty() => return false,
        Role::Queen => attacks::queen_attacks(to, occupied),
        Role::King => attacks::king_attacks(to),
    };
    (others & from_target).any()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::{pgn::read_games, tree::MoveIn};

    /// Every move of every game (variations included) of the small corpora
    /// is spelt as `SanPlus::from_move` spells it.
    #[test]
    fn moves_are_spelt_as_shakmaty_spells_them() {
        let corpora = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora");
        let names = [
            "annotated-games.pgn",
            "chess960-games.pgn",
            "irregular-games.pgn",
            "lichess-sample.pgn",
            "lichess-studies-and-problems.pgn",
            "studies-sample.pgn",
            "twic-sample.pgn",
            "world-championship-matches.pgn",
        ];
        let (mut moves, mut spelt) = (0, Vec::new());
        for name in names {
            for read in read_games(corpora.join(name)).unwrap() {
                let Ok((game, _)) = read.unwrap() else { continue };
                let tree = game.tree();
                for node in tree.ids() {
                    let (MoveIn::Move(mv), Some(parent)) = (tree.node(node).move_in(), tree.node(node).parent()) else {
                        continue;
                    };
                    let before = tree.position(parent);
                    let expected = SanPlus::from_move(before.clone(), mv).to_string();
                    // Whether the game goes on from there, and as if unknown.
                    let goes_on =
                        tree.children(node).any(|child| matches!(tree.node(child).move_in(), MoveIn::Move(_)));
                    for after_has_moves in [goes_on, false] {
                        spelt.clear();
                        write_san(before, mv, tree.position(node), || after_has_moves, &mut spelt);
                        assert_eq!(spelt, expected.as_bytes(), "{name}, game {}", game.number());
                    }
                    moves += 1;
                }
            }
        }
        assert!(moves > 400_000, "{moves} moves");
    }
}
