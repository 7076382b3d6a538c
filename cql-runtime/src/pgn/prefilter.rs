//! Checking a query's [`Prefilter`] on a game's raw bytes, before the game
//! is read.
//!
//! A written move is looked for as its destination square (`h7`): every way
//! the reader accepts a move writes it as a lowercase file and a rank
//! digit. What stands before the square says which pieces may be moving:
//! the bytes are read back in every way [`MoveWord`](super::move_word) could
//! have split them (a piece letter or figurine, a from file, rank or square,
//! a capture sign or dash), and the square counts if one of those readings
//! has a piece of the wanted role, or none (`d3h7`: any piece). Castling
//! also counts as written `O-O`, `0-0` or `o-o`. Text anywhere in the game
//! counts, comments and tags included: the check may let through games
//! that cannot match, never the reverse.

use cql_vocabulary::{CASTLING_SQUARES, Prefilter, Roles, WrittenMove};
use memchr::memmem::Finder;

use super::move_word::{figurine_letter, file, piece_role, rank};

/// A [`Prefilter`] ready to check games' text.
pub struct TextCheck {
    check: Check,
}

enum Check {
    Always,
    Never,
    All(Vec<Check>),
    AnyOf(Vec<Check>),
    Move(MoveCheck),
    Text(Box<Finder<'static>>),
}

/// A [`WrittenMove`] with a finder for each square's name.
struct MoveCheck {
    written: WrittenMove,
    squares: Vec<Finder<'static>>,
    /// Whether `O-O` and the like count (a square castling moves a king or
    /// rook to is wanted, and a king or rook may be moving).
    castling: bool,
}

/// The ways castling is written (`O-O-O` contains `O-O`).
const CASTLING_WORDS: [&[u8]; 3] = [b"O-O", b"0-0", b"o-o"];

impl TextCheck {
    /// Prepares `prefilter`.
    pub fn new(prefilter: &Prefilter) -> TextCheck {
        TextCheck { check: Check::new(prefilter) }
    }

    /// Whether a game whose bytes are `text` may match.
    pub fn admits(&self, text: &[u8]) -> bool {
        self.check.admits(text)
    }
}

impl Check {
    fn new(prefilter: &Prefilter) -> Check {
        match prefilter {
            Prefilter::Always => Check::Always,
            Prefilter::Never => Check::Never,
            Prefilter::All(parts) => Check::All(parts.iter().map(Check::new).collect()),
            Prefilter::AnyOf(parts) => Check::AnyOf(parts.iter().map(Check::new).collect()),
            Prefilter::Move(written) => Check::Move(MoveCheck::new(*written)),
            Prefilter::Text(text) => Check::Text(Box::new(Finder::new(text.as_bytes()).into_owned())),
        }
    }

    fn admits(&self, text: &[u8]) -> bool {
        match self {
            Check::Always => true,
            Check::Never => false,
            Check::All(parts) => parts.iter().all(|part| part.admits(text)),
            Check::AnyOf(parts) => parts.iter().any(|part| part.admits(text)),
            Check::Move(check) => check.admits(text),
            Check::Text(finder) => finder.find(text).is_some(),
        }
    }
}

impl MoveCheck {
    fn new(written: WrittenMove) -> MoveCheck {
        let squares = (0..64u8)
            .filter(|&square| written.to & 1 << square != 0)
            .map(|square| Finder::new(&[b'a' + square % 8, b'1' + square / 8]).into_owned())
            .collect();
        let castling = written.to & CASTLING_SQUARES != 0 && written.movers.intersects(Roles::KING | Roles::ROOK);
        MoveCheck { written, squares, castling }
    }

    fn admits(&self, text: &[u8]) -> bool {
        if self.castling
            && self.written.promotion.is_none()
            && CASTLING_WORDS.iter().any(|word| memchr::memmem::find(text, word).is_some())
        {
            return true;
        }
        self.squares.iter().any(|finder| {
            finder.find_iter(text).any(|at| {
                possible_movers(&text[..at]).intersects(self.written.movers)
                    && self.written.promotion.is_none_or(|wanted| promotions(&text[at + 2..]).intersects(wanted))
            })
        })
    }
}

/// The roles of the pieces that may move in a move word ending with a
/// square written just after `before`: the union over every way the end of
/// `before` can be the start of the word (the word may start right at the
/// square: a pawn).
fn possible_movers(before: &[u8]) -> Roles {
    if before.last() == Some(&b'@') {
        // A drop (`N@e4`, `@e4`).
        return Roles::ALL;
    }
    let separated = match before {
        [rest @ .., b'-' | b'x' | b':'] => Some(rest),
        _ => None,
    };
    [Some(before), separated].into_iter().flatten().fold(Roles::PAWN, |movers, end| movers | movers_before_from(end))
}

/// [`possible_movers`] for a word whose from part (none, a file, a rank or a
/// square) ends where `end` does.
fn movers_before_from(end: &[u8]) -> Roles {
    // Without a piece letter: a pawn, unless a whole square is written.
    let mut movers = Roles::PAWN | piece_ending(end);
    match end {
        [start @ .., from_file, from_rank] if file(*from_file).is_some() && rank(*from_rank).is_some() => {
            movers = movers | Roles::ALL | piece_ending(start);
        }
        [start @ .., from] if rank(*from).is_some() || file(*from).is_some() => movers = movers | piece_ending(start),
        _ => {}
    }
    movers
}

/// The role of the piece letter or figurine `bytes` end with, if any.
fn piece_ending(bytes: &[u8]) -> Roles {
    match bytes {
        [.., 0xe2, 0x99, figurine @ 0x94..=0x9f] => letter_role(figurine_letter(*figurine)),
        [.., letter] => letter_role(*letter),
        [] => Roles(0),
    }
}

/// The roles a move word may promote to when `after` follows its square:
/// `=N`, `/N` (either case), `N` or a figurine, with or without `=` or `/`.
fn promotions(after: &[u8]) -> Roles {
    let letter = |bytes: &[u8], either_case: bool| match bytes {
        [0xe2, 0x99, figurine @ 0x94..=0x9f, ..] => letter_role(figurine_letter(*figurine)),
        [letter, ..] if either_case => letter_role(letter.to_ascii_uppercase()),
        [letter, ..] => letter_role(*letter),
        [] => Roles(0),
    };
    let roles = match after {
        [b'=' | b'/', rest @ ..] => letter(rest, true),
        _ => letter(after, false),
    };
    Roles(roles.0 & Roles::PROMOTIONS.0)
}

/// The role a piece letter names, as a set of roles (none for another byte).
fn letter_role(letter: u8) -> Roles {
    piece_role(letter).map_or(Roles(0), |role| Roles(1 << (role as u8 - 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> u64 {
        let bytes = name.as_bytes();
        1 << (u32::from(bytes[1] - b'1') * 8 + u32::from(bytes[0] - b'a'))
    }

    fn admits(to: &str, movers: Roles, promotion: Option<Roles>, text: &str) -> bool {
        let written = WrittenMove { to: square(to), movers, promotion };
        TextCheck::new(&Prefilter::Move(written)).admits(text.as_bytes())
    }

    #[test]
    fn a_piece_move_is_found_however_it_is_written() {
        for text in ["12. Bxh7+ Kxh7", "12.Bh7", "Bd3xh7", "Bd3-h7", "Bd3h7", "d3h7", "B3h7", "Bdh7", "♗xh7", "12.♝:h7"]
        {
            assert!(admits("h7", Roles::BISHOP, None, text), "{text}");
        }
        for text in ["12. Nxh7", "12. h7", "12. gxh7", "Rh7", "{Bishop on h8} Bh8", "Qd3h8"] {
            assert!(!admits("h7", Roles::BISHOP, None, text), "{text}");
        }
    }

    #[test]
    fn pawn_moves_and_drops() {
        for text in ["1. e4", "1. Pe4", "dxe4", "d3xe4", "N@e4", "@e4"] {
            assert!(admits("e4", Roles::PAWN, None, text), "{text}");
        }
        assert!(admits("e4", Roles::KNIGHT, None, "N@e4"));
        assert!(!admits("e4", Roles::KNIGHT, None, "Qe4 Be4"));
    }

    #[test]
    fn castling_counts_for_the_king_and_the_rook() {
        for text in ["O-O", "0-0-0", "o-o", "Kg1", "e1g1"] {
            assert!(admits("g1", Roles::KING, None, text), "{text}");
        }
        assert!(!admits("g1", Roles::KNIGHT, None, "O-O"));
        assert!(!admits("e4", Roles::KING, None, "O-O"));
    }

    #[test]
    fn promotions_however_written() {
        for text in ["e8=N", "e8N+", "e8/n", "e8=♘", "dxe8♞", "d7e8=n"] {
            assert!(admits("e8", Roles::ALL, Some(Roles::KNIGHT), text), "{text}");
        }
        for text in ["e8=Q", "e8Q", "e8", "Ne8", "e8n"] {
            assert!(!admits("e8", Roles::ALL, Some(Roles::KNIGHT), text), "{text}");
        }
    }

    #[test]
    fn text_and_combinations() {
        let bishop = Prefilter::Move(WrittenMove { to: square("h7"), movers: Roles::BISHOP, promotion: None });
        let check = TextCheck::new(&Prefilter::all([bishop, Prefilter::Text("1-0".into())]));
        assert!(check.admits(b"[Result \"1-0\"] 1. Bxh7"));
        assert!(!check.admits(b"[Result \"0-1\"] 1. Bxh7"));
        assert!(TextCheck::new(&Prefilter::Always).admits(b""));
        assert!(!TextCheck::new(&Prefilter::Never).admits(b"anything"));
    }
}
