//! A player's rating as SCID's PGN reader keeps it: one number and the
//! kind of rating it is, from the first rating tag with a number, or from a
//! rating written after the player's name.

use super::c_numbers::strtoul_u32;

/// The most a rating can be (SCID's `MAX_ELO`, 12 bits).
pub(super) const MAX_ELO: u32 = 4000;

/// The kinds of rating SCID knows, the suffixes of the tags that give them
/// (`WhiteElo`, `BlackUSCF`, ...).
const KINDS: [&str; 7] = ["Elo", "Rating", "Rapid", "ICCF", "USCF", "DWZ", "BCF"];

/// One player's rating: 0 while unknown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rating {
    value: u32,
    kind: usize,
}

impl Rating {
    /// Whether the rating is unknown, so that a rating tag still sets it.
    pub(super) fn is_unknown(&self) -> bool {
        self.value == 0
    }

    /// The rating, if known.
    pub(crate) fn value(&self) -> Option<u32> {
        (!self.is_unknown()).then_some(self.value)
    }

    /// An Elo written after the player's name.
    pub(super) fn from_name(value: u32) -> Rating {
        Rating { value, kind: 0 }
    }

    /// The rating a tag `<colour><kind>` gives, if `kind` is a kind of
    /// rating: its value read by `strtoul`, at most 4000 (`""`, `?` and `0`
    /// give 0, unknown; `2500x` 2500; `-5` 4000).
    pub(super) fn from_tag(kind: &[u8], value: &[u8]) -> Option<Rating> {
        let kind = KINDS.iter().position(|name| name.as_bytes() == kind)?;
        Some(Rating { value: strtoul_u32(value).min(MAX_ELO), kind })
    }

    /// Writes the rating's tag line for the player of `colour` (`White`,
    /// `Black`), if the rating is known.
    pub(super) fn write(&self, colour: &str, out: &mut Vec<u8>) {
        if !self.is_unknown() {
            out.extend_from_slice(format!("[{colour}{} \"{}\"]\n", KINDS[self.kind], self.value).as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ratings CQL 6.2 wrote and its `elo` filter saw (`tests/tag_sections`:
    /// `ratings`, `filter-edges`).
    #[test]
    fn ratings_are_read_by_strtoul_and_capped() {
        for (text, value) in [
            ("2500x", Some(2500)),
            (" 2600", Some(2600)),
            ("5000", Some(4000)),
            ("-5", Some(4000)),
            ("4294967297", Some(1)),
            ("4294967296", None),
            ("0", None),
            ("abc", None),
            ("?", None),
            ("", None),
        ] {
            assert_eq!(Rating::from_tag(b"Elo", text.as_bytes()).unwrap().value(), value, "{text}");
        }
        assert_eq!(Rating::from_tag(b"FIDE", b"2500"), None);
    }
}
