//! The direction filters: `up`, `down`, `left`, `right`, the four diagonal
//! directions, and their unions `vertical`, `horizontal`, `diagonal`,
//! `orthogonal`, `anydirection`, `maindiagonal`, `offdiagonal`
//! ([`Directions`], shared with the compiler). `up 2 ♕` is the squares two
//! ranks above a white queen; `up ♕` every square above one; `up 1 3 ♕` the
//! squares one to three ranks above. A negative distance goes the other way
//! and distance 0 is the square itself. Pieces in between do not matter.

use shakmaty::Bitboard;

pub use cql_vocabulary::Directions;

/// The squares some steps away in a set of directions.
pub trait DirectionSquares {
    /// The squares `min` to `max` steps away from a square of `from` in one
    /// of these directions.
    fn squares(self, from: Bitboard, min: i32, max: i32) -> Bitboard;
}

impl DirectionSquares for Directions {
    fn squares(self, from: Bitboard, min: i32, max: i32) -> Bitboard {
        Bitboard(self.reach(from.0, min, max))
    }
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
}
