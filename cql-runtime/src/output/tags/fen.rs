//! The `FEN` tag as CQL 6.2 writes it: the position SCID's FEN reader
//! (`Position::ReadFromFEN`) makes of the tag, written back in full
//! (`Position::PrintFEN`); no tag if SCID cannot read it.

use super::c_numbers::{atoi, is_c_space};

/// The pieces of a FEN, by the letters that name them.
const PIECES: &[u8] = b"KQRBNPkqrbnp";

/// The FEN CQL 6.2 writes for a `FEN` tag's value: the board, side to
/// move, castling rights (as given, or without a field those the kings and
/// rooks on their squares allow), the en passant square as given, the
/// halfmove clock and the move number (as SCID's 16-bit counters keep
/// them; a missing or non-positive move number is 1). None if SCID rejects
/// the FEN: a square or row that does not add up, no single king of each
/// colour, more than 16 pieces of a colour, or a bad side, castling or en
/// passant field (leading blanks too).
pub(super) fn scid_fen(raw: &[u8]) -> Option<String> {
    let mut reader = Reader { text: raw, at: 0 };
    let board = reader.board()?;
    reader.skip_blanks();
    let black = match reader.next()? {
        b'w' => false,
        b'b' => true,
        _ => return None,
    };
    let castling = reader.castling(&board)?;
    let en_passant = reader.en_passant()?;
    reader.skip_blanks();
    let mut halfmove_clock = 0u16;
    if reader.peek().is_some() {
        halfmove_clock = atoi(reader.rest()) as u16;
    }
    while reader.peek().is_some_and(|byte| !is_c_space(byte)) {
        reader.at += 1;
    }
    reader.skip_blanks();
    let mut ply_counter = 0u16;
    if reader.peek().is_some() {
        let number = atoi(reader.rest());
        if number >= 1 {
            ply_counter = number.wrapping_sub(1).wrapping_mul(2) as u16;
        }
    }
    if black {
        ply_counter = ply_counter.wrapping_add(1);
    }
    let side = if black { 'b' } else { 'w' };
    let en_passant = en_passant.map_or("-".to_owned(), |(file, rank)| format!("{}{}", file as char, rank as char));
    let move_number = u32::from(ply_counter) / 2 + 1;
    Some(format!("{} {side} {castling} {en_passant} {halfmove_clock} {move_number}", board_text(&board)))
}

/// A board: the piece letter on each square, a8 to h1 as a FEN lists them.
type Board = [Option<u8>; 64];

struct Reader<'t> {
    text: &'t [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        Some(byte)
    }

    fn rest(&self) -> &[u8] {
        &self.text[self.at..]
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(is_c_space) {
            self.at += 1;
        }
    }

    /// The squares: `/` only at the start of a row, digits 1 to 8 skip
    /// squares (even past the row's end), piece letters fill them.
    fn board(&mut self) -> Option<Board> {
        let mut board = [None; 64];
        let mut square = 0;
        let mut counts = [0; 2];
        while square < 64 {
            match self.next()? {
                b'/' if square % 8 == 0 => {}
                digit @ b'1'..=b'8' => square += usize::from(digit - b'0'),
                piece if PIECES.contains(&piece) => {
                    let colour = usize::from(piece.is_ascii_lowercase());
                    let second_king = piece.eq_ignore_ascii_case(&b'k') && board.contains(&Some(piece));
                    if counts[colour] == 16 || second_king {
                        return None;
                    }
                    counts[colour] += 1;
                    board[square] = Some(piece);
                    square += 1;
                }
                _ => return None,
            }
        }
        (board.contains(&Some(b'K')) && board.contains(&Some(b'k'))).then_some(board)
    }

    /// The castling field: `-`, letters of `KQkq` (written back in that
    /// order), or, if the text ends, the rights the board allows.
    fn castling(&mut self, board: &Board) -> Option<String> {
        self.skip_blanks();
        let mut rights = [false; 4];
        match self.peek() {
            Some(b'-') => self.at += 1,
            None => {
                let on = |square: usize, piece: u8| board[square] == Some(piece);
                rights = [
                    on(60, b'K') && on(63, b'R'),
                    on(60, b'K') && on(56, b'R'),
                    on(4, b'k') && on(7, b'r'),
                    on(4, b'k') && on(0, b'r'),
                ];
            }
            Some(_) => {
                while let Some(letter) = self.peek().filter(|&byte| !is_c_space(byte)) {
                    rights[b"KQkq".iter().position(|&right| right == letter)?] = true;
                    self.at += 1;
                }
            }
        }
        let letters: String =
            "KQkq".chars().zip(rights).filter(|&(_, right)| right).map(|(letter, _)| letter).collect();
        Some(if letters.is_empty() { "-".to_owned() } else { letters })
    }

    /// The en passant field: none if it is `-` or missing, else a file and
    /// rank 3 or 6.
    fn en_passant(&mut self) -> Option<Option<(u8, u8)>> {
        self.skip_blanks();
        match self.peek() {
            None => Some(None),
            Some(b'-') => {
                self.at += 1;
                Some(None)
            }
            Some(_) => {
                let file = self.next().filter(|file| (b'a'..=b'h').contains(file))?;
                let rank = self.next().filter(|&rank| rank == b'3' || rank == b'6')?;
                Some(Some((file, rank)))
            }
        }
    }
}

/// The board's rows, eighth rank first, with runs of empty squares as digits.
fn board_text(board: &Board) -> String {
    let rows = board.chunks(8).map(|row| {
        let mut text = String::new();
        let mut empty = 0;
        for square in row {
            match square {
                Some(piece) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                    }
                    empty = 0;
                    text.push(char::from(*piece));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        text
    });
    rows.collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FENs CQL 6.2 wrote (`tests/tag_fixtures/fen`).
    #[test]
    fn fens_are_written_back_in_full_as_scid_reads_them() {
        for (raw, written) in [
            ("8/8/8/8/8/8/8/K1k5 w - -", Some("8/8/8/8/8/8/8/K1k5 w - - 0 1")),
            ("4k3/8/8/8/8/8/8/4K3 w KQkq - 5 40", Some("4k3/8/8/8/8/8/8/4K3 w KQkq - 5 40")),
            ("4k2r/8/8/8/8/8/8/R3K3 b ", Some("4k2r/8/8/8/8/8/8/R3K3 b Qk - 0 1")),
            ("4k3/8/8/8/8/8/8/4K3 w - - -1 -3", Some("4k3/8/8/8/8/8/8/4K3 w - - 65535 1")),
            ("4k3/8/8/8/8/8/8/4K3 w qkQK e6", Some("4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1")),
            ("4k3/8/8/8/8/8/8/4K3w--", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")),
            ("4k3/8/8/8/8/8/8/4K3 w - - 70000 40000", Some("4k3/8/8/8/8/8/8/4K3 w - - 4464 7232")),
            ("4k3/8/8/8/8/8/8/4K3 b - - 2x 12y", Some("4k3/8/8/8/8/8/8/4K3 b - - 2 12")),
            ("4k344/8/8/8/8/8/4K3 w - -", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")),
            ("4k3/8/8/8/8/8/8/4K3 w -- e3", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")),
            ("4k3/8/8/8/8/8/8/4K3 w - -3", Some("4k3/8/8/8/8/8/8/4K3 w - - 3 1")),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")),
            ("  4k3/8/8/8/8/8/8/4K3 b - - 3 7", None),
            ("4k3/8/8/8/8/8/8/4K3 w KQkqX", None),
            ("4k3/8/8/8/8/8/8/4K3 w - e5", None),
            ("4k3888888 4K3 w", None),
            ("4k3/8/8/8/8/8/8/4K3/ w", None),
            ("8/8/8/8/8/8/8/4K3 w - - 0 1", None),
            ("kk6/8/8/8/8/8/8/4K3 w - - 0 1", None),
        ] {
            assert_eq!(scid_fen(raw.as_bytes()).as_deref(), written, "{raw}");
        }
    }
}
