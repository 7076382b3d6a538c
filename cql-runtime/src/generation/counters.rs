//! The move counters of the position before a move: the fullmove number
//! goes back by one before Black's moves.

use std::num::NonZeroU32;

use shakmaty::Color;

/// The fullmove number before a move by `mover`, given the one after it.
pub(super) fn fullmoves_before(after: NonZeroU32, mover: Color) -> NonZeroU32 {
    match mover {
        Color::White => after,
        Color::Black => NonZeroU32::new(after.get() - 1).unwrap_or(NonZeroU32::MIN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fullmoves_go_back_only_for_black_moves() {
        let ten = NonZeroU32::new(10).unwrap();
        assert_eq!(fullmoves_before(ten, Color::White), ten);
        assert_eq!(fullmoves_before(ten, Color::Black).get(), 9);
        assert_eq!(fullmoves_before(NonZeroU32::MIN, Color::Black), NonZeroU32::MIN);
    }
}
