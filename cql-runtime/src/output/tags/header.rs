//! A game's tags as SCID's PGN reader (`PgnParser::ExtractPgnTag`) keeps
//! them, which is what CQL 6.2 writes and what its tag filters see: the
//! Seven Tag Roster (`?` for the ones the game lacks), the ratings, opening
//! code and event date as numbers, the start position, and the other tags
//! by name.

use super::{date::Date, eco::eco, fen::scid_fen, player_name::player_name, rating::Rating};
use crate::game::Game;

/// The longest tag line rest SCID reads: from after a value's opening
/// quote to the end of its line, at most 254 bytes, or the tag is dropped.
const LONGEST_LINE_REST: usize = 254;

/// The longest tag name SCID reads (a longer one drops the tag).
const LONGEST_NAME: usize = 254;

/// The longest name SCID keeps of a tag outside the roster (`MAX_TAG_LEN`).
const LONGEST_KEPT_NAME: usize = 240;

/// The values of a game's tags as SCID keeps them (read once per game, for
/// the filters and the output, by [`GameState::tag_header`](crate::GameState::tag_header)).
#[derive(Clone, Debug)]
pub struct Header {
    /// `Event`, `Site`, `Round`: the values as given, `?` if missing.
    pub(crate) event: Vec<u8>,
    pub(crate) site: Vec<u8>,
    pub(crate) round: Vec<u8>,
    /// `White`, `Black`: the names standardised (see [`player_name`]).
    pub(crate) white: Vec<u8>,
    pub(crate) black: Vec<u8>,
    pub(crate) date: Date,
    pub(crate) event_date: Date,
    /// White's rating, Black's.
    pub(crate) ratings: [Rating; 2],
    /// The opening code, extended form (`C20`, `E99z4`).
    pub(crate) eco: Option<String>,
    /// The start position's FEN, if the game has a `FEN` SCID reads.
    pub(crate) fen: Option<String>,
    /// The other tags, each name once with its last value, in the order
    /// first seen.
    pub(crate) others: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Header {
    /// Reads the tags of `game`.
    pub fn of(game: &Game) -> Header {
        Header::read(game.tags())
    }

    /// Reads tag pairs, in input order, one by one as SCID does.
    fn read<'g>(tags: impl Iterator<Item = (&'g [u8], &'g [u8])>) -> Header {
        let mut header = Header {
            event: b"?".to_vec(),
            site: b"?".to_vec(),
            round: b"?".to_vec(),
            white: b"?".to_vec(),
            black: b"?".to_vec(),
            date: Date::default(),
            event_date: Date::default(),
            ratings: [Rating::default(); 2],
            eco: None,
            fen: None,
            others: Vec::new(),
        };
        for (name, value) in tags {
            header.read_tag(name, value);
        }
        header
    }

    /// The value of the tag `name` outside the roster, if the game has it.
    pub(crate) fn other(&self, name: &[u8]) -> Option<&[u8]> {
        self.others.iter().find(|(other, _)| other == name).map(|(_, value)| &value[..])
    }

    /// Sets a tag outside the roster (SCID's `AddPgnTag`, which `settag`
    /// calls too): a tag of that name takes the value in its place, else
    /// the tag is added last.
    pub(super) fn set_other(&mut self, name: &[u8], value: &[u8]) {
        match self.others.iter_mut().find(|(other, _)| other == name) {
            Some((_, old)) => value.clone_into(old),
            None => self.others.push((name[..name.len().min(LONGEST_KEPT_NAME)].to_vec(), value.to_vec())),
        }
    }

    /// A tag SCID cannot read is dropped: a name or a value too long
    /// (the value's line is taken to end `"]`, as a tag line does).
    fn read_tag(&mut self, name: &[u8], value: &[u8]) {
        if name.len() > LONGEST_NAME || value.len() + br#""]"#.len() > LONGEST_LINE_REST {
            return;
        }
        match name {
            b"White" | b"Black" => {
                let player = usize::from(name == b"Black");
                let (standard, elo) = player_name(value);
                if let Some(elo) = elo {
                    self.ratings[player] = Rating::from_name(elo);
                }
                *if player == 0 { &mut self.white } else { &mut self.black } = standard;
            }
            b"Event" => value.clone_into(&mut self.event),
            b"Site" => value.clone_into(&mut self.site),
            b"Round" => value.clone_into(&mut self.round),
            b"Result" | b"ScidFlags" => {}
            b"Date" => self.date = Date::read(value),
            b"EventDate" => self.event_date = Date::read(value),
            b"ECO" => self.eco = eco(value),
            b"FEN" => {
                if let Some(fen) = scid_fen(value) {
                    self.fen = Some(fen);
                }
            }
            _ => {
                if !self.read_rating(name, value) {
                    self.set_other(name, value);
                }
            }
        }
    }

    /// Reads a rating tag (`WhiteElo`, `BlackUSCF`, ...) for a player whose
    /// rating is still unknown; whether it was one.
    fn read_rating(&mut self, name: &[u8], value: &[u8]) -> bool {
        let (player, kind) = match (name.strip_prefix(b"White"), name.strip_prefix(b"Black")) {
            (Some(kind), _) => (0, kind),
            (_, Some(kind)) => (1, kind),
            _ => return false,
        };
        if !self.ratings[player].is_unknown() {
            return false;
        }
        match Rating::from_tag(kind, value) {
            Some(rating) => {
                self.ratings[player] = rating;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(tags: &[(&str, &str)]) -> Header {
        Header::read(tags.iter().map(|(name, value)| (name.as_bytes(), value.as_bytes())))
    }

    /// The first rating tag with a number sets a player's rating; later
    /// ones, and tags of no rating kind, are other tags.
    #[test]
    fn a_rating_tag_counts_until_the_rating_is_known() {
        let read = header(&[
            ("WhiteElo", "0"),
            ("WhiteElo", "2100"),
            ("BlackRating", "1900"),
            ("BlackElo", "2000"),
            ("WhiteFIDE", "2400"),
        ]);
        assert_eq!(
            read.ratings,
            [Rating::from_tag(b"Elo", b"2100").unwrap(), Rating::from_tag(b"Rating", b"1900").unwrap()]
        );
        assert_eq!(read.others, [(b"BlackElo".to_vec(), b"2000".to_vec()), (b"WhiteFIDE".to_vec(), b"2400".to_vec())]);
    }

    #[test]
    fn a_repeated_tag_keeps_its_first_place_and_its_last_value() {
        let read = header(&[("Annotator", "A"), ("Opening", "O"), ("Annotator", "B"), ("Event", "1"), ("Event", "2")]);
        assert_eq!(read.others, [(b"Annotator".to_vec(), b"B".to_vec()), (b"Opening".to_vec(), b"O".to_vec())]);
        assert_eq!(read.event, b"2");
    }

    #[test]
    fn a_tag_too_long_to_read_is_dropped_and_a_long_name_cut() {
        let (kept, dropped) = ("a".repeat(252), "a".repeat(253));
        let name = "N".repeat(245);
        let read = header(&[("Site", &kept), ("Round", &dropped), (&name, "v")]);
        assert_eq!((&read.site[..], &read.round[..]), (kept.as_bytes(), &b"?"[..]));
        assert_eq!(read.others, [(name.as_bytes()[..240].to_vec(), b"v".to_vec())]);
    }
}
