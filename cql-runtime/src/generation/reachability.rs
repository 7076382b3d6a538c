//! Whether a position obeys the rules of chess ([`is_legal_position`]) and
//! whether retro-analysis finds a reason it could not arise in a game from
//! the start position ([`is_reachable_position`]), CQLi's `legalposition`
//! and `reachableposition`.
//!
//! The retro-analysis is the first layer of what a problemist checks, and
//! stops there:
//!
//! - the position is legal ([`is_legal_position`]);
//! - the material of each side is possible: pawns plus the promotions its
//!   surplus pieces need are at most 8 (`material.rs`);
//! - each side's pawns stand on files their captures can explain: the fewest
//!   captures that take pawns from distinct starting files to theirs are no
//!   more than the opponent's missing men;
//! - the position has a legal last move (a reverse move to a legal position),
//!   unless it is the start position: this rejects impossible checks (a
//!   check no move could have given, a double check no discovery explains).
//!
//! It does not look further back than one move, does not count the captures
//! promotions need, nor follow castling rights or pieces locked in by their
//! own unmoved pawns: a position it calls reachable may still be
//! unreachable. One it calls unreachable is.

use shakmaty::{Bitboard, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position, PositionError};

use super::{Legality, material::Material, reverse_moves};

/// Whether `position` obeys the rules: one king each, the side not to move
/// not in check, no pawn on a back rank, castling rights and an en passant
/// square its pieces allow. Whether its material and checks could come
/// about is retro-analysis, [`is_reachable_position`]'s.
pub fn is_legal_position(position: &Chess) -> bool {
    let setup = position.to_setup(EnPassantMode::Always);
    let mode = CastlingMode::detect(&setup);
    Chess::from_setup(setup, mode)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .is_ok()
}

/// Whether retro-analysis (see the module documentation) finds no reason
/// that `position` could not arise in a game.
pub fn is_reachable_position(position: &Chess) -> bool {
    let board = position.board();
    is_legal_position(position)
        && Color::ALL.iter().all(|&color| {
            let opponent_missing = 16u32.saturating_sub(board.by_color(!color).count() as u32);
            Material::of(board, color).is_possible()
                && pawn_captures(board.by_color(color) & board.pawns()) <= opponent_missing
        })
        && (is_start_position(position) || !reverse_moves(position, Legality::Legal).is_empty())
}

/// Whether `position` is the start position of standard chess.
fn is_start_position(position: &Chess) -> bool {
    position.to_setup(EnPassantMode::Legal) == Chess::default().to_setup(EnPassantMode::Legal)
}

/// The fewest captures that bring pawns from distinct starting files (one
/// pawn per file) to the files of `pawns`: each capture moves a pawn one file.
fn pawn_captures(pawns: Bitboard) -> u32 {
    let mut files: Vec<u32> = pawns.into_iter().map(|square| square.file() as u32).collect();
    files.sort_unstable();
    // best[j]: the fewest captures for the pawns so far, using starting files below j.
    let mut best = [0u32; 9];
    for (i, &file) in files.iter().enumerate() {
        let mut next = [u32::MAX; 9];
        for start in i..8 {
            let before = best[start];
            if before != u32::MAX {
                let cost = before + file.abs_diff(start as u32);
                next[start + 1] = next[start + 1].min(cost);
            }
        }
        // Using starting files below j includes those below j - 1.
        for j in 1..9 {
            next[j] = next[j].min(next[j - 1]);
        }
        best = next;
    }
    best[8]
}

#[cfg(test)]
mod tests {
    use shakmaty::{Square, fen::Fen};

    use super::*;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn pawns_on_one_file_need_a_capture_each_beyond_the_first() {
        let files = |squares: &[Square]| pawn_captures(squares.iter().copied().collect());
        assert_eq!(files(&[Square::A2, Square::B2, Square::H2]), 0);
        assert_eq!(files(&[Square::A2, Square::A3, Square::A4]), 3, "from a, b and c: 0 + 1 + 2");
        assert_eq!(files(&[]), 0);
    }

    #[test]
    fn tripled_pawns_need_captures_the_opponent_has_lost() {
        // White's a-pawns need 3 captures; Black still has 16 men.
        let full_black = "rnbqkb1r/pppppppp/5n2/8/P7/P7/P7/4K3 w kq - 0 1";
        assert!(!is_reachable_position(&position(full_black)));
        let three_lost = "r1b1kb2/pppppppp/5n2/8/P7/P7/P7/4K3 w q - 0 1";
        assert!(is_reachable_position(&position(three_lost)));
    }

    #[test]
    fn the_start_position_is_reachable_and_a_check_no_move_gave_is_not() {
        assert!(is_reachable_position(&Chess::default()));
        // Black in check from two knights: no single move gives that.
        let double_knights = "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1";
        let setup = double_knights.parse::<Fen>().unwrap().into_setup();
        let impossible =
            Chess::from_setup(setup, CastlingMode::Standard).or_else(PositionError::ignore_impossible_check).unwrap();
        assert!(is_legal_position(&impossible), "the rules allow it");
        assert!(!is_reachable_position(&impossible), "no game reaches it");
    }
}
