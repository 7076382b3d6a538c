//! `between(x y)`: the squares strictly between a square of x and a square
//! of y that share a rank, file or diagonal (none for other pairs).

use shakmaty::{Bitboard, attacks};

/// `between(x y)`.
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
    fn squares_strictly_between_on_lines_only() {
        assert_eq!(between(squares(&["a1"]), squares(&["a4"])), squares(&["a2", "a3"]));
        assert_eq!(between(squares(&["c1"]), squares(&["f4"])), squares(&["d2", "e3"]));
        // Neighbours have nothing between them; a knight's step is no line.
        assert_eq!(between(squares(&["a1"]), squares(&["a2", "b3"])), Bitboard::EMPTY);
        // Every pair counts.
        assert_eq!(between(squares(&["a1", "h1"]), squares(&["d1"])), squares(&["b1", "c1", "e1", "f1", "g1"]));
    }
}
