//! What a game's text must contain for a query to match it: the condition
//! the compiler derives from a query and the searcher checks on each game's
//! raw bytes before reading its moves.
//!
//! Each condition is necessary, never sufficient: a game whose text fails it
//! cannot match whatever way its moves are written, so it is not read; a
//! game that passes is read and searched as usual.

use std::fmt;

use crate::Roles;

/// A condition on a game's text (tags, moves and comments alike).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prefilter {
    /// Every game passes: the query may match a game whatever its text.
    Always,
    /// No game passes: the query can match no game.
    Never,
    /// Every one of these holds.
    All(Vec<Prefilter>),
    /// At least one of these holds.
    AnyOf(Vec<Prefilter>),
    /// A move the reader could read as one of these moves.
    Move(WrittenMove),
    /// This text appears as it is.
    Text(String),
}

/// Moves as the text writes them: a move to one of some squares, by a piece
/// of one of some roles, perhaps promoting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The squares it may go to (bit 0 = a1 ... bit 63 = h8). A castling
    /// goes to the king's square.
    pub to: u64,
    /// The roles of the piece that may move.
    pub movers: Roles,
    /// Only promotions to one of these roles, if given.
    pub promotion: Option<Roles>,
}

impl Prefilter {
    /// Every one of `conditions`, simplified: `Always` ones dropped, `Never`
    /// if one is `Never`, nested conjunctions flattened.
    pub fn all(conditions: impl IntoIterator<Item = Prefilter>) -> Prefilter {
        let mut kept = Vec::new();
        for condition in conditions {
            match condition {
                Prefilter::Always => {}
                Prefilter::Never => return Prefilter::Never,
                Prefilter::All(inner) => kept.extend(inner),
                other if !kept.contains(&other) => kept.push(other),
                _ => {}
            }
        }
        match kept.len() {
            0 => Prefilter::Always,
            1 => kept.pop().unwrap_or(Prefilter::Always),
            _ => Prefilter::All(kept),
        }
    }

    /// At least one of `conditions`, simplified: `Always` if one is
    /// `Always`, `Never` ones dropped, nested alternatives flattened.
    pub fn any_of(conditions: impl IntoIterator<Item = Prefilter>) -> Prefilter {
        let mut kept = Vec::new();
        for condition in conditions {
            match condition {
                Prefilter::Always => return Prefilter::Always,
                Prefilter::Never => {}
                Prefilter::AnyOf(inner) => kept.extend(inner),
                other if !kept.contains(&other) => kept.push(other),
                _ => {}
            }
        }
        match kept.len() {
            0 => Prefilter::Never,
            1 => kept.pop().unwrap_or(Prefilter::Never),
            _ => Prefilter::AnyOf(kept),
        }
    }
}

/// The squares castling moves a king or rook to: c1, d1, f1, g1 and the
/// same on the eighth rank (in Chess960 too).
pub const CASTLING_SQUARES: u64 = 0b0110_1100 | 0b0110_1100 << 56;

const ROLE_WORDS: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// `a bishop or knight`, for roles that are not all of them.
fn roles_in_words(roles: Roles) -> String {
    let words: Vec<&str> =
        (0..6).filter(|&role| roles.contains_role(role)).map(|role| ROLE_WORDS[role as usize]).collect();
    words.join(" or ")
}

/// `h7`, `h7 or h2`, or `one of 17 squares`.
fn squares_in_words(squares: u64) -> String {
    const LISTED: u32 = 4;
    if squares.count_ones() > LISTED {
        return format!("one of {} squares", squares.count_ones());
    }
    let names: Vec<String> = (0..64u8)
        .filter(|&square| squares & 1 << square != 0)
        .map(|square| format!("{}{}", char::from(b'a' + square % 8), char::from(b'1' + square / 8)))
        .collect();
    names.join(" or ")
}

impl fmt::Display for WrittenMove {
    /// `a bishop move to h7`, `a move to e8 or e1 promoting to a knight`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.movers {
            movers if movers.contains(Roles::ALL) => write!(f, "a move")?,
            movers => write!(f, "a {} move", roles_in_words(movers))?,
        }
        write!(f, " to {}", squares_in_words(self.to))?;
        if let Some(promotion) = self.promotion {
            write!(f, " promoting to a {}", roles_in_words(promotion))?;
        }
        Ok(())
    }
}

impl fmt::Display for Prefilter {
    /// The condition in words, alternatives inside a conjunction in
    /// parentheses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let joined = |f: &mut fmt::Formatter<'_>, parts: &[Prefilter], word: &str| {
            for (index, part) in parts.iter().enumerate() {
                if index > 0 {
                    write!(f, " {word} ")?;
                }
                match part {
                    Prefilter::All(_) | Prefilter::AnyOf(_) => write!(f, "({part})")?,
                    _ => write!(f, "{part}")?,
                }
            }
            Ok(())
        };
        match self {
            Prefilter::Always => f.write_str("any text"),
            Prefilter::Never => f.write_str("no text"),
            Prefilter::All(parts) => joined(f, parts, "and"),
            Prefilter::AnyOf(parts) => joined(f, parts, "or"),
            Prefilter::Move(written) => write!(f, "{written}"),
            Prefilter::Text(text) => write!(f, "{text:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H7: u64 = 1 << 55;

    fn bishop_to_h7() -> Prefilter {
        Prefilter::Move(WrittenMove { to: H7, movers: Roles::BISHOP, promotion: None })
    }

    #[test]
    fn conjunctions_and_alternatives_simplify() {
        assert_eq!(Prefilter::all([Prefilter::Always, bishop_to_h7()]), bishop_to_h7());
        assert_eq!(Prefilter::all([bishop_to_h7(), Prefilter::Never]), Prefilter::Never);
        assert_eq!(Prefilter::any_of([bishop_to_h7(), Prefilter::Always]), Prefilter::Always);
        assert_eq!(Prefilter::any_of([Prefilter::Never, bishop_to_h7()]), bishop_to_h7());
        assert_eq!(Prefilter::all([]), Prefilter::Always);
        assert_eq!(Prefilter::any_of([]), Prefilter::Never);
        let text = Prefilter::Text("1-0".into());
        assert_eq!(
            Prefilter::all([Prefilter::all([bishop_to_h7(), text.clone()]), bishop_to_h7()]),
            Prefilter::All(vec![bishop_to_h7(), text])
        );
    }

    #[test]
    fn conditions_read_as_words() {
        let knight_promotion = Prefilter::Move(WrittenMove {
            to: 0xff << 56,
            movers: Roles::ALL,
            promotion: Some(Roles::KNIGHT | Roles::BISHOP),
        });
        let either = Prefilter::any_of([Prefilter::Text("1-0".into()), knight_promotion]);
        assert_eq!(
            Prefilter::all([bishop_to_h7(), either]).to_string(),
            "a bishop move to h7 and (\"1-0\" or a move to one of 8 squares promoting to a knight or bishop)"
        );
    }
}
