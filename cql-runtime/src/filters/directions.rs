//! The direction filters: `up`, `down`, `left`, `right`, the four diagonal
//! directions, and their unions `vertical`, `horizontal`, `diagonal`,
//! `orthogonal`, `anydirection`, `maindiagonal`, `offdiagonal`. `up 2 ♕` is the
//! squares two ranks above a white queen; `up ♕` every square above one;
//! `up 1 3 ♕` the squares one to three ranks above. A negative distance goes
//! the other way and distance 0 is the square itself. Pieces in between do
//! not matter. Directions are those of the board: `up` is towards the eighth
//! rank whichever side is to move.

use shakmaty::Bitboard;

/// A set of the eight directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Directions(pub u8);

impl Directions {
    /// `up`: towards the eighth rank.
    pub const UP: Directions = Directions(1);
    /// `down`: towards the first rank.
    pub const DOWN: Directions = Directions(1 << 1);
    /// `right`: towards the h-file.
    pub const RIGHT: Directions = Directions(1 << 2);
    /// `left`: towards the a-file.
    pub const LEFT: Directions = Directions(1 << 3);
    /// `northeast`: up and right.
    pub const NORTHEAST: Directions = Directions(1 << 4);
    /// `northwest`: up and left.
    pub const NORTHWEST: Directions = Directions(1 << 5);
    /// `southeast`: down and right.
    pub const SOUTHEAST: Directions = Directions(1 << 6);
    /// `southwest`: down and left.
    pub const SOUTHWEST: Directions = Directions(1 << 7);
    /// `vertical`: up and down.
    pub const VERTICAL: Directions = Directions(0b11);
    /// `horizontal`: left and right.
    pub const HORIZONTAL: Directions = Directions(0b1100);
    /// `orthogonal`: along ranks and files.
    pub const ORTHOGONAL: Directions = Directions(0b1111);
    /// `diagonal`: the four diagonal directions.
    pub const DIAGONAL: Directions = Directions(0b1111_0000);
    /// `maindiagonal`: along the a1-h8 diagonals.
    pub const MAINDIAGONAL: Directions = Directions(0b1001_0000);
    /// `offdiagonal`: along the h1-a8 diagonals.
    pub const OFFDIAGONAL: Directions = Directions(0b0110_0000);
    /// `anydirection`: all eight.
    pub const ANYDIRECTION: Directions = Directions(0xff);

    /// The step of each direction, by bit: files right, ranks up.
    pub const STEPS: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

    /// The squares `min` to `max` steps away from a square of `from` in one of
    /// these directions (negative steps going the opposite way).
    pub fn squares(self, from: Bitboard, min: i32, max: i32) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for (bit, (file_step, rank_step)) in Self::STEPS.into_iter().enumerate() {
            if self.0 & (1 << bit) == 0 {
                continue;
            }
            for distance in min.max(-7)..=max.min(7) {
                found |= shift(from, file_step * distance, rank_step * distance);
            }
        }
        found
    }
}

/// `squares` moved `files` to the right and `ranks` up; squares that would
/// leave the board are dropped.
fn shift(squares: Bitboard, files: i32, ranks: i32) -> Bitboard {
    const A_FILE: u64 = 0x0101_0101_0101_0101;
    let kept_files = match files {
        0 => u64::MAX,
        f if f > 0 => (0..8 - f).fold(0, |mask, file| mask | A_FILE << file),
        f => (-f..8).fold(0, |mask, file| mask | A_FILE << file),
    };
    let bits = squares.0 & kept_files;
    let offset = files + 8 * ranks;
    Bitboard(
        if offset >= 0 { bits.checked_shl(offset as u32) } else { bits.checked_shr((-offset) as u32) }.unwrap_or(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::squares;

    #[test]
    fn steps_along_the_directions_ignoring_pieces() {
        let d4 = squares(&["d4"]);
        assert_eq!(Directions::UP.squares(d4, 1, 1), squares(&["d5"]));
        assert_eq!(Directions::UP.squares(d4, 1, 7), squares(&["d5", "d6", "d7", "d8"]));
        assert_eq!(Directions::HORIZONTAL.squares(d4, 2, 2), squares(&["b4", "f4"]));
        assert_eq!(Directions::ANYDIRECTION.squares(d4, 1, 1).count(), 8);
        assert_eq!(Directions::ANYDIRECTION.squares(d4, 1, 7).count(), 27, "a queen's reach from d4");
        assert_eq!(Directions::SOUTHWEST.squares(squares(&["a1"]), 1, 7), Bitboard::EMPTY);
        assert_eq!(Directions::MAINDIAGONAL.squares(squares(&["a1"]), 1, 7).count(), 7);
    }

    #[test]
    fn nothing_wraps_round_the_edge_of_the_board() {
        let h_file = squares(&["h1", "h4", "h8"]);
        assert_eq!(Directions::RIGHT.squares(h_file, 1, 7), Bitboard::EMPTY);
        assert_eq!(Directions::NORTHEAST.squares(h_file, 1, 7), Bitboard::EMPTY);
        assert_eq!(Directions::LEFT.squares(squares(&["a5"]), 1, 7), Bitboard::EMPTY);
        assert_eq!(Directions::UP.squares(squares(&["c8"]), 1, 7), Bitboard::EMPTY);
    }

    #[test]
    fn negative_distances_go_the_other_way_and_zero_stays() {
        let d4 = squares(&["d4"]);
        assert_eq!(Directions::UP.squares(d4, -2, -2), squares(&["d2"]));
        assert_eq!(Directions::RIGHT.squares(d4, 0, 0), d4);
        assert_eq!(Directions::NORTHEAST.squares(d4, -1, 1), squares(&["c3", "d4", "e5"]));
    }
}
