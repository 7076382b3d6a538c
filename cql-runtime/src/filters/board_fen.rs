//! The board part of a FEN (`rnbqkbnr/pppppppp/8/...`), written rank by
//! rank from the occupied squares: `fen` is asked at every position by queries that
//! keep a dictionary of positions seen (`not Seen[fen]`).

use shakmaty::{Board, Color, Piece, Role};

/// Appends the board part of `board`'s FEN to `fen`, as shakmaty writes it.
pub(crate) fn append_board_fen(board: &Board, fen: &mut String) {
    // At most 8 letters or digits a rank and 7 slashes.
    let mut text = [0u8; 71];
    let mut len = 0;
    let mut write = |byte: u8| {
        text[len] = byte;
        len += 1;
    };
    // Each occupied square's letter, read from the twelve piece sets (one
    // pass over the pieces, where asking each square for its piece would
    // look through the sets again for every piece).
    let mut letters = [0u8; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let letter = Piece { color, role }.char() as u8;
            for square in board.by_color(color) & board.by_role(role) {
                letters[usize::from(square)] = letter;
            }
        }
    }
    let occupied = board.occupied().0;
    for rank in (0..8u32).rev() {
        // The rank's squares, a bit each from file a, taken piece by piece.
        let mut pieces = (occupied >> (rank * 8)) & 0xff;
        let mut file = 0;
        while pieces != 0 {
            let next = pieces.trailing_zeros();
            if next > file {
                write(b'0' + (next - file) as u8);
            }
            write(letters[(rank * 8 + next) as usize]);
            file = next + 1;
            pieces &= pieces - 1;
        }
        if file < 8 {
            write(b'0' + (8 - file) as u8);
        }
        if rank > 0 {
            write(b'/');
        }
    }
    fen.push_str(std::str::from_utf8(&text[..len]).expect("FEN letters are ASCII"));
}

#[cfg(test)]
mod tests {
    use shakmaty::{EnPassantMode, Position, fen::Fen};

    use super::append_board_fen;
    use crate::position::positions_within;

    #[test]
    fn the_board_is_written_as_shakmaty_writes_it() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "k7/8/8/8/8/8/8/7K w - - 0 1",
            "7k/8/8/8/8/8/8/K7 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        let mut written = 0;
        for fen in fens {
            for position in &positions_within(fen, 2) {
                let mut ours = String::new();
                append_board_fen(position.board(), &mut ours);
                let theirs = Fen::from_position(position, EnPassantMode::Legal).to_string();
                assert_eq!(ours, theirs.split(' ').next().unwrap());
                written += 1;
            }
        }
        assert!(written > 1000, "{written} positions");
    }
}
