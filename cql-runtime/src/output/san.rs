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

use shakmaty::{
    Bitboard, Move, MoveList, Piece, Position, Role, Square, attacks,
    san::{San, SanPlus},
};

use crate::position::GamePosition;

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
    let (GamePosition::Standard(before), GamePosition::Standard(after)) = (before, after) else {
        SanPlus::from_move(before.clone(), mv).append_ascii_to(out);
        return;
    };
    let san = match mv {
        Move::Normal { role, from, to, .. } if has_rival(before, Piece { color: before.turn(), role }, from, to) => {
            San::from_move(before, mv)
        }
        // No other piece of the role can reach the target: nothing to tell apart.
        _ => San::disambiguate(mv, &MoveList::new()),
    };
    san.append_ascii_to(out);
    if may_be_check(after) && after.is_check() {
        let mate = !after_has_moves() && after.legal_moves().is_empty();
        out.push(if mate { b'#' } else { b'+' });
    }
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

/// Whether the side to move in `position` may be in check: an enemy piece
/// stands where it would attack the king on an empty board (only then is
/// the check looked for, with the board's occupancy).
fn may_be_check(position: &impl Position) -> bool {
    let (board, us) = (position.board(), position.turn());
    let Some(king) = board.king_of(us) else { return true };
    let sliders = (lines(king) & board.rooks_and_queens()) | (diagonals(king) & board.bishops_and_queens());
    let leapers = (attacks::knight_attacks(king) & board.knights()) | (attacks::pawn_attacks(us, king) & board.pawns());
    ((sliders | leapers) & board.by_color(!us)).any()
}

/// The rank and file of `square` (the lines of a rook on an empty board).
fn lines(square: Square) -> Bitboard {
    Bitboard::from_rank(square.rank()) | Bitboard::from_file(square.file())
}

/// The diagonals through `square` (those of a bishop on an empty board).
fn diagonals(square: Square) -> Bitboard {
    attacks::bishop_attacks(square, Bitboard::EMPTY)
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
