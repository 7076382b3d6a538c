//! The values of a square: `rank`, `file`, `colortype`, `type`, `typename`
//! and `piecename` of a set holding one square (none otherwise), the
//! square `makesquare` names, and `sqrt`.

use shakmaty::{Bitboard, Board, File, Rank, Square};

/// `rank S`: 1 to 8.
#[inline]
pub fn rank_of(squares: Bitboard) -> Option<i64> {
    squares.single_square().map(|square| i64::from(u32::from(square.rank())) + 1)
}

/// `file S`: 1 (the a-file) to 8.
#[inline]
pub fn file_of(squares: Bitboard) -> Option<i64> {
    squares.single_square().map(|square| i64::from(u32::from(square.file())) + 1)
}

/// `colortype S`: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6,
/// negative for a black piece, 0 for an empty square.
pub fn color_type_of(squares: Bitboard, board: &Board) -> Option<i64> {
    let square = squares.single_square()?;
    Some(board.piece_at(square).map_or(0, |piece| {
        let number = i64::from(piece.role as u8);
        if piece.color.is_white() { number } else { -number }
    }))
}

/// `type S`: `colortype S` without its sign.
pub fn type_of(squares: Bitboard, board: &Board) -> Option<i64> {
    color_type_of(squares, board).map(i64::abs)
}

/// `typename S`: the piece's letter in upper case whatever its colour, `_`
/// for an empty square.
pub fn type_name_of(squares: Bitboard, board: &Board) -> Option<String> {
    type_name_str(squares, board).map(str::to_owned)
}

/// `typename S` as [`type_name_of`], without making a `String`.
#[inline]
pub fn type_name_str(squares: Bitboard, board: &Board) -> Option<&'static str> {
    let square = squares.single_square()?;
    Some(board.role_at(square).map_or("_", |role| ROLE_NAMES[role as usize - 1]))
}

/// `piecename S`: the piece's letter as FEN writes it (`K`, `k`), `_` for
/// an empty square.
pub fn piece_name_of(squares: Bitboard, board: &Board) -> Option<String> {
    piece_name_str(squares, board).map(str::to_owned)
}

/// `piecename S` as [`piece_name_of`], without making a `String`.
pub fn piece_name_str(squares: Bitboard, board: &Board) -> Option<&'static str> {
    let square = squares.single_square()?;
    Some(board.piece_at(square).map_or("_", |piece| {
        let name = ROLE_NAMES[piece.role as usize - 1];
        if piece.color.is_white() { name } else { LOWER_ROLE_NAMES[piece.role as usize - 1] }
    }))
}

/// Each role's letter in upper case, in the order of [`shakmaty::Role`]
/// (pawn = 1 to king = 6).
const ROLE_NAMES: [&str; 6] = ["P", "N", "B", "R", "Q", "K"];

/// Each role's letter in lower case, as [`ROLE_NAMES`].
const LOWER_ROLE_NAMES: [&str; 6] = ["p", "n", "b", "r", "q", "k"];

/// `makesquare (F R)`: the square of file F and rank R, each 1 to 8
/// (empty if either is missing or off the board).
pub fn make_square(file: Option<i64>, rank: Option<i64>) -> Bitboard {
    let on_board = |n: Option<i64>| n.filter(|n| (1..=8).contains(n)).map(|n| (n - 1) as u32);
    match (on_board(file), on_board(rank)) {
        (Some(file), Some(rank)) => Square::from_coords(File::new(file), Rank::new(rank)).into(),
        _ => Bitboard::EMPTY,
    }
}

/// `makesquare S`: the square a string names, exactly a file letter and a
/// rank digit (`"e4"`; empty for anything else, `"E4"` too).
pub fn square_named(name: Option<String>) -> Bitboard {
    match name.as_deref().map(str::as_bytes) {
        Some(&[file @ b'a'..=b'h', rank @ b'1'..=b'8']) => {
            make_square(Some(i64::from(file - b'a') + 1), Some(i64::from(rank - b'1') + 1))
        }
        _ => Bitboard::EMPTY,
    }
}

/// `sqrt N`: the whole part of the square root; none for a negative N.
pub fn square_root(number: Option<i64>) -> Option<i64> {
    number.filter(|&n| n >= 0).map(|n| n.isqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::{board, squares};

    #[test]
    fn values_of_one_square_and_none_of_several() {
        let b = board("4k3/8/8/3pP3/8/8/2N5/R3K2R w KQ - 0 1");
        assert_eq!((rank_of(squares(&["e4"])), file_of(squares(&["e4"]))), (Some(4), Some(5)));
        assert_eq!(rank_of(squares(&["e4", "e5"])), None);
        assert_eq!(color_type_of(squares(&["e8"]), &b), Some(-6));
        assert_eq!(color_type_of(squares(&["c2"]), &b), Some(2));
        assert_eq!(color_type_of(squares(&["e4"]), &b), Some(0));
        assert_eq!(type_of(squares(&["d5"]), &b), Some(1));
        let names: Vec<_> =
            ["e1", "e8", "d5", "e4", "c2"].iter().map(|s| type_name_of(squares(&[s]), &b).unwrap()).collect();
        assert_eq!(names.concat(), "KKP_N");
        let names: Vec<_> =
            ["e1", "e8", "d5", "e4", "c2"].iter().map(|s| piece_name_of(squares(&[s]), &b).unwrap()).collect();
        assert_eq!(names.concat(), "Kkp_N");
    }

    #[test]
    fn makesquare_names_a_square_or_none() {
        assert_eq!(make_square(Some(5), Some(4)), squares(&["e4"]));
        for (file, rank) in [(Some(0), Some(4)), (Some(5), Some(9)), (None, Some(1))] {
            assert_eq!(make_square(file, rank), Bitboard::EMPTY);
        }
        assert_eq!(square_named(Some("e4".into())), squares(&["e4"]));
        for name in ["E4", "e44", "", "i1", "e9"] {
            assert_eq!(square_named(Some(name.into())), Bitboard::EMPTY, "{name}");
        }
        assert_eq!(square_root(Some(17)), Some(4));
        assert_eq!(square_root(Some(-1)), None);
    }

    /// Every piece's names are the letters shakmaty writes for it (FEN's,
    /// and the upper case one for its type), `_` on an empty square, and
    /// none for a set that is not one square; both forms agree.
    #[test]
    fn piece_names_are_the_letters_fen_writes() {
        let board = Board::default();
        for square in Square::ALL {
            let one = Bitboard::from_square(square);
            let (piece, kind) = match board.piece_at(square) {
                Some(piece) => (piece.char().to_string(), piece.role.upper_char().to_string()),
                None => ("_".to_owned(), "_".to_owned()),
            };
            assert_eq!(piece_name_str(one, &board), Some(piece.as_str()), "{square}");
            assert_eq!(type_name_str(one, &board), Some(kind.as_str()), "{square}");
            assert_eq!(piece_name_of(one, &board), Some(piece));
            assert_eq!(type_name_of(one, &board), Some(kind));
        }
        assert_eq!(piece_name_str(Bitboard::EMPTY, &board), None);
        assert_eq!(type_name_str(Bitboard::FULL, &board), None);
    }
}
