//! The direction filters: `up`, `down`, `left`, `right`, the four diagonal
//! directions, and their unions `vertical`, `horizontal`, `diagonal`,
//! `orthogonal`, `anydirection`, `maindiagonal`, `offdiagonal`
//! ([`Directions`], shared with the compiler). `up 2 ♕` is the squares two
//! ranks above a white queen; `up ♕` every square above one; `up 1 3 ♕` the
//! squares one to three ranks above. A negative distance goes the other way
//! and distance 0 is the square itself. Pieces in between do not matter.
//!
//! Also `between(x y)`: the squares strictly between a square of x and a
//! square of y that share a rank, file or diagonal (none for other pairs).

use shakmaty::{Bitboard, attacks};

pub use cql_vocabulary::Directions;

/// The squares some steps away in a set of directions.
pub trait DirectionSquares {
    /// The squares `min` to `max` steps away from a square of `from` in one
    /// of these directions.
    fn squares(self, from: Bitboard, min: i32, max: i32) -> Bitboard;

    /// [`DirectionSquares::squares`] for distances computed as the search
    /// goes (`up D ♔`): none if one is missing, beyond 7 steps either way,
    /// or `min` is greater than `max` (where CQL 6.2 stops the search).
    fn squares_within(self, from: Bitboard, min: Option<i64>, max: Option<i64>) -> Bitboard;
}

impl DirectionSquares for Directions {
    #[inline]
    fn squares(self, from: Bitboard, min: i32, max: i32) -> Bitboard {
        Bitboard(self.reach(from.0, min, max))
    }

    fn squares_within(self, from: Bitboard, min: Option<i64>, max: Option<i64>) -> Bitboard {
        match (min, max) {
            (Some(min), Some(max)) if -7 <= min && min <= max && max <= 7 => self.squares(from, min as i32, max as i32),
            _ => Bitboard::EMPTY,
        }
    }
}

/// `between(x y)`: the squares strictly between a square of `x` and a square
/// of `y` on a line.
pub fn between(x: Bitboard, y: Bitboard) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for a in x {
        for b in y {
            found |= attacks::between(a, b);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::squares;

    #[test]
    fn steps_along_the_directions_on_bitboards() {
        let d4 = squares(&["d4"]);
        assert_eq!(Directions::UP.squares(d4, 1, 7), squares(&["d5", "d6", "d7", "d8"]));
        assert_eq!(Directions::NORTHEAST.squares(d4, -1, 1), squares(&["c3", "d4", "e5"]));
    }

    #[test]
    fn squares_strictly_between_on_lines_only() {
        assert_eq!(between(squares(&["a1"]), squares(&["a4"])), squares(&["a2", "a3"]));
        assert_eq!(between(squares(&["c1"]), squares(&["f4"])), squares(&["d2", "e3"]));
        // Neighbours have nothing between them; a knight's step is no line.
        assert_eq!(between(squares(&["a1"]), squares(&["a2", "b3"])), Bitboard::EMPTY);
        // Every pair counts.
        assert_eq!(between(squares(&["a1", "h1"]), squares(&["d1"])), squares(&["b1", "c1", "e1", "f1", "g1"]));
    }
}
