//! Reading a move as real PGN files write it, and finding it among the legal
//! moves of the position.
//!
//! Beside standard SAN this reads what CQL 6.2 (and pgn-extract,
//! python-chess) read: long algebraic with or without a dash (`e2-e4`,
//! `g1f3`, `d6xe5`, `Ng1-f3`), a pawn capture without `x` (`cd5`), a
//! capture sign on a non-capture, missing or wrong check signs, over- and
//! under-disambiguated piece moves, `P` for a pawn, castling as `O-O`,
//! `0-0`, `o-o` or as the king's two-square move (`e1g1`, `Kg1`), an en
//! passant capture marked `ep` or `e.p.`, a promotion without `=` (`a8Q`)
//! or as `a8/Q`, and figurine pieces (`♘f3`). As in CQL 6.2, a pawn move
//! without a file is a push (`d5` is not `exd5`), a capture sign is not
//! checked, what follows a check sign is not read (`Bh6+,`), and a move
//! that fits several legal moves is ambiguous. In Crazyhouse, a drop is
//! written `N@e4` (`@e4` or `P@e4` for a pawn).

use std::fmt;

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, CastlingSide, File, Move, Position, Rank, Role, Square};

use crate::position::GamePosition;

/// What a move word says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveWord {
    /// `--` or `Z0`: the side to move passes.
    Null,
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// A piece (or pawn) going to a square.
    Normal(Described),
    /// `N@e4`: a piece of this type dropped from the pocket (Crazyhouse).
    Drop(Role, Square),
}

/// A move described by its piece, where it comes from (as far as written),
/// where it goes and what it promotes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Described {
    pub(super) role: Option<Role>,
    pub(super) file: Option<File>,
    pub(super) rank: Option<Rank>,
    pub(super) to: Square,
    pub(super) promotion: Option<Role>,
}

/// Why a move word is not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unplayable {
    /// No legal move fits it.
    Illegal,
    /// Several legal moves fit it.
    Ambiguous,
}

/// The longest word read as a move (`Ng1xf3=Q+` with figurines is longer in
/// bytes than in letters).
const LONGEST: usize = 24;

impl MoveWord {
    /// Reads `word` as a move, or `None` if it is not written as one.
    pub(super) fn parse(word: &[u8]) -> Option<MoveWord> {
        if let Some(common) = Described::parse_common(word) {
            return Some(MoveWord::Normal(common));
        }
        if word.is_ascii() { Self::parse_ascii(word) } else { Self::parse_ascii(&ascii_letters(word)?) }
    }

    fn parse_ascii(word: &[u8]) -> Option<MoveWord> {
        // What follows a check or mate sign is not read (`Bh6+,`).
        let end = word.iter().position(|&byte| matches!(byte, b'+' | b'#')).unwrap_or(word.len());
        let mut text = &word[..end];
        if text.len() > 4 && matches!(text.last(), Some(b'p' | b'.')) {
            for en_passant in [&b"e.p."[..], b"ep"] {
                if let Some(rest) = text.strip_suffix(en_passant)
                    && rest.last().is_some_and(u8::is_ascii_digit)
                {
                    text = rest;
                }
            }
        }
        match text {
            b"--" | b"Z0" => return Some(MoveWord::Null),
            b"O-O" | b"0-0" | b"o-o" => return Some(MoveWord::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" | b"o-o-o" => return Some(MoveWord::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        if let Some(at) = text.iter().position(|&byte| byte == b'@') {
            return Self::parse_drop(&text[..at], &text[at + 1..]);
        }
        Described::parse(text).map(MoveWord::Normal)
    }

    /// `N@e4`, `P@e4` or `@e4`, split at the `@`.
    fn parse_drop(piece: &[u8], square: &[u8]) -> Option<MoveWord> {
        let role = match piece {
            [] => Role::Pawn,
            [letter] => piece_role(letter.to_ascii_uppercase()).filter(|&role| role != Role::King)?,
            _ => return None,
        };
        let [to_file, to_rank] = square else { return None };
        Some(MoveWord::Drop(role, Square::from_coords(file(*to_file)?, rank(*to_rank)?)))
    }
}

impl Described {
    /// The shapes most moves are written in (`e4`, `Nf3`, `Nxf3`, `exd5`,
    /// with a check or mate sign or without), read as the general rules
    /// read them, only sooner; `None` for any other word.
    pub(super) fn parse_common(word: &[u8]) -> Option<Described> {
        let word = match word {
            [rest @ .., b'+' | b'#'] => rest,
            _ => word,
        };
        let (role, file_from, to) = match *word {
            [to_file, to_rank] => (None, None, (to_file, to_rank)),
            [piece, to_file, to_rank] | [piece, b'x', to_file, to_rank] if piece.is_ascii_uppercase() => {
                (Some(piece_role(piece)?), None, (to_file, to_rank))
            }
            [from_file, b'x', to_file, to_rank] => (None, Some(file(from_file)?), (to_file, to_rank)),
            _ => return None,
        };
        let to = Square::from_coords(file(to.0)?, rank(to.1)?);
        Some(Described { role, file: file_from, rank: None, to, promotion: None })
    }

    pub(super) fn parse(text: &[u8]) -> Option<Described> {
        let (role, mut text) = match text.split_first() {
            Some((&letter, rest)) if letter.is_ascii_uppercase() => (Some(piece_role(letter)?), rest),
            _ => (None, text),
        };
        let promotion = match text {
            [rest @ .., b'=' | b'/', letter] => {
                text = rest;
                Some(promotion_role(letter.to_ascii_uppercase())?)
            }
            [rest @ .., letter] if letter.is_ascii_uppercase() => {
                text = rest;
                Some(promotion_role(*letter)?)
            }
            _ => None,
        };
        let [rest @ .., to_file, to_rank] = text else { return None };
        let to = Square::from_coords(file(*to_file)?, rank(*to_rank)?);
        let mut from = rest;
        if let [rest @ .., b'-' | b'x' | b':'] = from {
            from = rest;
        }
        let (file, rank) = match from {
            [] => (None, None),
            [f] if file(*f).is_some() => (file(*f), None),
            [r] if rank(*r).is_some() => (None, rank(*r)),
            [f, r] => (Some(file(*f)?), Some(rank(*r)?)),
            _ => return None,
        };
        if role.is_none() && file.is_none() && rank.is_some() {
            return None;
        }
        Some(Described { role, file, rank, to, promotion })
    }

    /// Whether a move of `role` from `origin` fits the file and rank written.
    pub(super) fn fits_origin(&self, role: Role, origin: Square) -> bool {
        self.origins_written(role).contains(origin)
    }

    /// The squares a move of `role` may come from as far as written: the
    /// file and rank written, if any (a pawn's move without a file stays on
    /// its file: `e4`, not `dxe4`).
    pub(super) fn origins_written(&self, role: Role) -> Bitboard {
        let file = match (self.file, role) {
            (Some(file), _) => Bitboard::from_file(file),
            (None, Role::Pawn) => Bitboard::from_file(self.to.file()),
            (None, _) => Bitboard::FULL,
        };
        file & self.rank.map_or(Bitboard::FULL, Bitboard::from_rank)
    }

    /// The legal move of `position` this describes.
    fn resolve(&self, position: &impl Position) -> Result<Move, Unplayable> {
        let from = self.file.zip(self.rank).map(|(file, rank)| Square::from_coords(file, rank));
        let role = match (self.role, from) {
            (Some(role), _) => role,
            (None, Some(from)) => position.board().role_at(from).ok_or(Unplayable::Illegal)?,
            (None, None) => Role::Pawn,
        };
        let fits = |candidate: &Move| {
            // Drops (Crazyhouse) are written `N@e4`, never as a piece's move.
            candidate.from().is_some_and(|origin| self.fits_origin(role, origin))
                && candidate.promotion() == self.promotion
        };
        let candidates = position.san_candidates(role, self.to);
        let mut fitting = candidates.iter().filter(|candidate| fits(candidate));
        match (fitting.next(), fitting.next()) {
            (Some(only), None) => Ok(*only),
            (Some(_), Some(_)) => Err(Unplayable::Ambiguous),
            (None, _) if role == Role::King => self.castling_by_king(position, from),
            (None, _) => Err(Unplayable::Illegal),
        }
    }

    /// Castling written as the king's move two squares along its rank
    /// (`e1g1`, `Ke1g1`, `Kg1`), as CQL 6.2 reads it.
    fn castling_by_king(&self, position: &impl Position, from: Option<Square>) -> Result<Move, Unplayable> {
        let king = position.board().king_of(position.turn()).ok_or(Unplayable::Illegal)?;
        let two_files = (i32::from(king.file()) - i32::from(self.to.file())).abs() == 2;
        if from.is_some_and(|from| from != king) || king.rank() != self.to.rank() || !two_files {
            return Err(Unplayable::Illegal);
        }
        let side = if self.to.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
        castle(position, side)
    }
}

impl MoveWord {
    /// The legal move of `position` this word describes, the common moves
    /// of standard chess found the quick way ([`Described::quick_resolve`]).
    pub(super) fn resolve_in(&self, position: &GamePosition) -> Result<Move, Unplayable> {
        if let (MoveWord::Normal(described), Some(chess)) = (self, position.as_standard())
            && let Some(mv) = described.quick_resolve(chess)
        {
            return Ok(mv);
        }
        self.resolve(position)
    }

    /// The legal move of `position` this word describes (`Null` is not a
    /// move of the position and is played by the caller).
    pub(super) fn resolve(&self, position: &impl Position) -> Result<Move, Unplayable> {
        match self {
            MoveWord::Null => Err(Unplayable::Illegal),
            &MoveWord::Drop(role, to) => {
                let drop = Move::Put { role, to };
                position.legal_moves().contains(&drop).then_some(drop).ok_or(Unplayable::Illegal)
            }
            MoveWord::Castle(side) => castle(position, *side),
            MoveWord::Normal(described) => described.resolve(position),
        }
    }
}

fn castle(position: &impl Position, side: CastlingSide) -> Result<Move, Unplayable> {
    position.castling_moves(side).first().copied().ok_or(Unplayable::Illegal)
}

/// The move as CQL 6.2 names one it cannot play: piece, origin as written,
/// destination and promotion, without capture or check signs.
impl fmt::Display for MoveWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveWord::Null => f.write_str("--"),
            MoveWord::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            MoveWord::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            MoveWord::Drop(role, to) => write!(f, "{}@{to}", role.upper_char()),
            MoveWord::Normal(described) => {
                if let Some(role) = described.role.filter(|&role| role != Role::Pawn) {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = described.file {
                    write!(f, "{}", file.char())?;
                }
                if let Some(rank) = described.rank {
                    write!(f, "{}", rank.char())?;
                }
                write!(f, "{}", described.to)?;
                if let Some(promotion) = described.promotion {
                    write!(f, "={}", promotion.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

/// `word` with figurine pieces written as letters, if it is short enough to
/// be a move and has no other non-ASCII character.
fn ascii_letters(word: &[u8]) -> Option<ArrayVec<u8, LONGEST>> {
    let mut letters = ArrayVec::new();
    let mut rest = word;
    while let Some((&byte, tail)) = rest.split_first() {
        if byte.is_ascii() {
            letters.try_push(byte).ok()?;
            rest = tail;
            continue;
        }
        // ♔♕♖♗♘♙ (U+2654..2659) and ♚♛♜♝♞♟ (U+265A..265F): E2 99 94..9F.
        let [0xe2, 0x99, low @ 0x94..=0x9f, ..] = *rest else { return None };
        letters.try_push(figurine_letter(low)).ok()?;
        rest = &rest[3..];
    }
    Some(letters)
}

/// The piece letter of a figurine, given the last byte of its UTF-8
/// encoding (`E2 99 94..9F`: ♔♕♖♗♘♙ then ♚♛♜♝♞♟).
pub(super) fn figurine_letter(low: u8) -> u8 {
    b"KQRBNPKQRBNP"[usize::from(low - 0x94)]
}

/// The role a piece letter names (`P` a pawn).
pub(super) fn piece_role(letter: u8) -> Option<Role> {
    match letter {
        b'P' => Some(Role::Pawn),
        other => promotion_role(other).or((other == b'K').then_some(Role::King)),
    }
}

fn promotion_role(letter: u8) -> Option<Role> {
    match letter {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        _ => None,
    }
}

pub(super) fn file(byte: u8) -> Option<File> {
    (b'a'..=b'h').contains(&byte).then(|| File::new(u32::from(byte - b'a')))
}

pub(super) fn rank(byte: u8) -> Option<Rank> {
    (b'1'..=b'8').contains(&byte).then(|| Rank::new(u32::from(byte - b'1')))
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, fen::Fen, san::San};

    use super::*;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    /// The SAN of the move `word` is read as in `fen`, or why it is not played.
    fn read(fen: &str, word: &str) -> Result<String, Unplayable> {
        let position = position(fen);
        let parsed = MoveWord::parse(word.as_bytes()).unwrap_or_else(|| panic!("{word} reads as a move"));
        parsed.resolve(&position).map(|mv| San::from_move(&position, mv).to_string())
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// 1.e4 d5: a pawn capture on d5 is possible.
    const SCANDINAVIAN: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    /// White may castle both ways.
    const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    #[test]
    fn long_algebraic_with_and_without_dash() {
        assert_eq!(read(START, "e2-e4").unwrap(), "e4");
        assert_eq!(read(START, "g1f3").unwrap(), "Nf3");
        assert_eq!(read(START, "Ng1-f3").unwrap(), "Nf3");
        assert_eq!(read(SCANDINAVIAN, "e4xd5").unwrap(), "exd5");
    }

    #[test]
    fn pawn_captures_without_x_but_never_a_push_as_a_capture() {
        assert_eq!(read(SCANDINAVIAN, "ed5").unwrap(), "exd5");
        assert_eq!(read(SCANDINAVIAN, "d5"), Err(Unplayable::Illegal));
    }

    #[test]
    fn capture_and_check_signs_are_not_checked() {
        assert_eq!(read(START, "Nxf3").unwrap(), "Nf3");
        assert_eq!(read(START, "Nf3+").unwrap(), "Nf3");
        assert_eq!(read(START, "Nf3#").unwrap(), "Nf3");
        assert_eq!(read(START, "Pe4").unwrap(), "e4");
        assert_eq!(read(START, "Nf3+,").unwrap(), "Nf3");
        assert_eq!(MoveWord::parse(b"Nf3,"), None);
    }

    #[test]
    fn disambiguation_over_under_and_ambiguous() {
        assert_eq!(read(START, "Ngf3").unwrap(), "Nf3");
        assert_eq!(read(START, "Bf1c4"), Err(Unplayable::Illegal));
        let rooks = "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1";
        assert_eq!(read(rooks, "Rd1"), Err(Unplayable::Ambiguous));
        assert_eq!(read(rooks, "Rad1").unwrap(), "Rad1");
        // A pinned knight does not make its partner's move ambiguous.
        assert_eq!(read("4k3/8/8/b7/8/2N3N1/8/4K3 w - - 0 1", "Ne2").unwrap(), "Ne2");
    }

    #[test]
    fn castling_every_way_it_is_written() {
        for word in ["O-O", "0-0", "o-o", "e1g1", "Ke1g1", "Kg1", "O-O+"] {
            assert_eq!(read(CASTLING, word).unwrap(), "O-O", "{word}");
        }
        for word in ["O-O-O", "0-0-0", "e1c1", "Kc1"] {
            assert_eq!(read(CASTLING, word).unwrap(), "O-O-O", "{word}");
        }
        assert_eq!(read(CASTLING, "Kf1").unwrap(), "Kf1");
        assert_eq!(read(CASTLING, "Kh1"), Err(Unplayable::Illegal));
    }

    #[test]
    fn promotions_with_and_without_equals() {
        let pawn = "7k/P7/8/8/8/8/8/K7 w - - 0 1";
        for word in ["a8=Q", "a8Q", "a8/Q", "a7a8Q", "a8=q"] {
            assert_eq!(read(pawn, word).unwrap(), "a8=Q", "{word}");
        }
        assert_eq!(read(pawn, "a8=N").unwrap(), "a8=N");
        assert_eq!(read(pawn, "a8"), Err(Unplayable::Illegal));
        assert_eq!(MoveWord::parse(b"a8=K"), None);
    }

    #[test]
    fn en_passant_marked_or_not() {
        let position = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1";
        for word in ["dxe6", "de6", "d5e6", "dxe6ep", "dxe6e.p.", "d5xe6"] {
            assert_eq!(read(position, word).unwrap(), "dxe6", "{word}");
        }
    }

    #[test]
    fn figurines() {
        assert_eq!(read(START, "♘f3").unwrap(), "Nf3");
        assert_eq!(read(START, "♞f3").unwrap(), "Nf3");
    }

    #[test]
    fn words_that_are_not_moves() {
        for word in ["Nb8x", "e", "TN", "e4e5e6", "K", "x", "nf3", "a9", "♔", "h8Qx"] {
            assert_eq!(MoveWord::parse(word.as_bytes()), None, "{word}");
        }
        assert_eq!(MoveWord::parse(b"--"), Some(MoveWord::Null));
        assert_eq!(MoveWord::parse(b"Z0"), Some(MoveWord::Null));
    }

    #[test]
    fn names_a_move_it_cannot_play_as_cql_does() {
        let name = |word: &str| MoveWord::parse(word.as_bytes()).unwrap().to_string();
        assert_eq!(name("Rh8+"), "Rh8");
        assert_eq!(name("d6xe7"), "d6e7");
        assert_eq!(name("Kxh1"), "Kh1");
        assert_eq!(name("Ng1f3"), "Ng1f3");
    }

    /// Every word of up to five letters and signs of the common shapes'
    /// alphabet (and some that only look like them) reads the quick way as
    /// the general rules read it, or is left to them; most of the common
    /// shapes are read the quick way.
    #[test]
    fn the_quick_reading_agrees_with_the_general_one() {
        let alphabet = b"abhi0189NBRQKPOZxX+#-=";
        let mut words: Vec<Vec<u8>> = vec![Vec::new()];
        let mut quick = 0;
        for _ in 0..5 {
            words = words
                .iter()
                .flat_map(|word| alphabet.iter().map(move |&letter| [word.as_slice(), &[letter]].concat()))
                .collect();
            for word in &words {
                if let Some(read) = Described::parse_common(word) {
                    assert_eq!(
                        Some(MoveWord::Normal(read)),
                        MoveWord::parse_ascii(word),
                        "{}",
                        String::from_utf8_lossy(word)
                    );
                    quick += 1;
                }
            }
        }
        // e4, Nf3, Nxf3 and exd5, each bare, with `+` or with `#`, to the
        // squares of 3 files and 2 ranks, by 6 pieces or from 3 files.
        let squares = 3 * 2;
        let expected = (squares + 6 * squares + 6 * squares + 3 * squares) * 3;
        assert_eq!(quick, expected);
    }
}
