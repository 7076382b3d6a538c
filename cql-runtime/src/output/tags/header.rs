//! A game's tags as SCID's PGN reader (`PgnParser::ExtractPgnTag`) keeps
//! them, which is what CQL 6.2 writes and what its tag filters see: the
//! Seven Tag Roster (`?` for the ones the game lacks), the ratings, opening
//! code and event date as numbers, the start position, and the other tags
//! by name.

use std::borrow::Cow;

use super::{date::Date, eco::eco, fen::scid_fen, player_name::player_name, rating::Rating};
use crate::game::Game;

/// The longest tag line rest SCID reads: from after a value's opening
/// quote to the end of its line, at most 254 bytes, or the tag is dropped.
const LONGEST_LINE_REST: usize = 254;

/// The longest tag name SCID reads (a longer one drops the tag).
const LONGEST_NAME: usize = 254;

/// The longest name SCID keeps of a tag outside the roster (`MAX_TAG_LEN`).
const LONGEST_KEPT_NAME: usize = 240;

/// A value of the header: a tag's value as the game has it (by the tag's
/// place in the game), one SCID changed, or `?` for a tag missing.
#[derive(Debug, Default)]
enum Text {
    #[default]
    Missing,
    Tag(usize),
    Changed(Vec<u8>),
}

impl Text {
    fn get<'a>(&'a self, game: &'a Game) -> &'a [u8] {
        match self {
            Text::Missing => b"?",
            Text::Tag(at) => tag_at(game, *at).1,
            Text::Changed(text) => text,
        }
    }
}

/// The values of a game's tags as SCID keeps them (read once per game, for
/// the filters and the output, by [`GameState::tag_header`](crate::GameState::tag_header)).
/// Values SCID keeps as the game gives them are read from the game, so
/// each accessor takes the game the header was read from.
#[derive(Debug, Default)]
pub struct Header {
    event: Text,
    site: Text,
    round: Text,
    /// The names standardised (see [`player_name`]).
    white: Text,
    black: Text,
    pub(crate) date: Date,
    pub(crate) event_date: Date,
    /// White's rating, Black's.
    pub(crate) ratings: [Rating; 2],
    /// The opening code, extended form (`C20`, `E99z4`).
    pub(crate) eco: Option<String>,
    /// The start position's FEN, if the game has a `FEN` SCID reads.
    pub(crate) fen: Option<String>,
    /// The other tags, each once, in the order first seen: the places in
    /// the game of the tag first seen (its name) and of the last (its value).
    others: Vec<(usize, usize)>,
}

impl Header {
    /// Reads the tags of `game`, one by one in input order, as SCID does.
    pub fn of(game: &Game) -> Header {
        let mut header = Header::default();
        for (at, (name, value)) in game.tags().enumerate() {
            header.read_tag(game, at, name, value);
        }
        header
    }

    /// `Event` (`?` if missing).
    pub(crate) fn event<'a>(&'a self, game: &'a Game) -> &'a [u8] {
        self.event.get(game)
    }

    /// `Site` (`?` if missing).
    pub(crate) fn site<'a>(&'a self, game: &'a Game) -> &'a [u8] {
        self.site.get(game)
    }

    /// `Round` (`?` if missing).
    pub(super) fn round<'a>(&'a self, game: &'a Game) -> &'a [u8] {
        self.round.get(game)
    }

    /// The standard name of White's player, or Black's (`?` if missing).
    pub(crate) fn player<'a>(&'a self, black: bool, game: &'a Game) -> &'a [u8] {
        if black { self.black.get(game) } else { self.white.get(game) }
    }

    /// The tags outside the roster, each name (cut to 240 bytes) once with
    /// its last value.
    pub(crate) fn others<'a>(&'a self, game: &'a Game) -> impl Iterator<Item = (&'a [u8], &'a [u8])> {
        self.others.iter().map(|&(name, value)| (kept_name(tag_at(game, name).0), tag_at(game, value).1))
    }

    /// A tag SCID cannot read is dropped: a name or a value too long
    /// (the value's line is taken to end `"]`, as a tag line does).
    fn read_tag(&mut self, game: &Game, at: usize, name: &[u8], value: &[u8]) {
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
                let standard = match standard {
                    Cow::Borrowed(_) => Text::Tag(at),
                    Cow::Owned(changed) => Text::Changed(changed),
                };
                *if player == 0 { &mut self.white } else { &mut self.black } = standard;
            }
            b"Event" => self.event = Text::Tag(at),
            b"Site" => self.site = Text::Tag(at),
            b"Round" => self.round = Text::Tag(at),
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
                    self.add_other(game, at, name);
                }
            }
        }
    }

    /// Adds a tag outside the roster (SCID's `AddPgnTag`): a tag of that
    /// name (as kept) takes the value in its place, else the tag is added
    /// last.
    fn add_other(&mut self, game: &Game, at: usize, name: &[u8]) {
        match self.others.iter_mut().find(|(other, _)| kept_name(tag_at(game, *other).0) == name) {
            Some((_, value)) => *value = at,
            None => self.others.push((at, at)),
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

/// The name SCID keeps of a tag outside the roster.
pub(super) fn kept_name(name: &[u8]) -> &[u8] {
    &name[..name.len().min(LONGEST_KEPT_NAME)]
}

/// The name and value of the game's tag at `at`.
fn tag_at(game: &Game, at: usize) -> (&[u8], &[u8]) {
    game.tags().nth(at).expect("a tag the header was read from")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::output::tags::tests::game_with as game;

    fn others(game: &Game) -> Vec<(String, String)> {
        let text = |bytes: &[u8]| String::from_utf8(bytes.to_vec()).unwrap();
        Header::of(game).others(game).map(|(name, value)| (text(name), text(value))).collect()
    }

    fn pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect()
    }

    /// The first rating tag with a number sets a player's rating; later
    /// ones, and tags of no rating kind, are other tags.
    #[test]
    fn a_rating_tag_counts_until_the_rating_is_known() {
        let game = game(&[
            ("WhiteElo", "0"),
            ("WhiteElo", "2100"),
            ("BlackRating", "1900"),
            ("BlackElo", "2000"),
            ("WhiteFIDE", "2400"),
        ]);
        assert_eq!(
            Header::of(&game).ratings,
            [Rating::from_tag(b"Elo", b"2100").unwrap(), Rating::from_tag(b"Rating", b"1900").unwrap()]
        );
        assert_eq!(others(&game), pairs(&[("BlackElo", "2000"), ("WhiteFIDE", "2400")]));
    }

    #[test]
    fn a_repeated_tag_keeps_its_first_place_and_its_last_value() {
        let game = game(&[("Annotator", "A"), ("Opening", "O"), ("Annotator", "B"), ("Event", "1"), ("Event", "2")]);
        assert_eq!(others(&game), pairs(&[("Annotator", "B"), ("Opening", "O")]));
        assert_eq!(Header::of(&game).event(&game), b"2");
    }

    #[test]
    fn a_tag_too_long_to_read_is_dropped_and_a_long_name_cut() {
        let (kept, dropped) = ("a".repeat(252), "a".repeat(253));
        let name = "N".repeat(245);
        let game = game(&[("Site", &kept), ("Round", &dropped), (&name, "v"), (&name, "w")]);
        let header = Header::of(&game);
        assert_eq!((header.site(&game), header.round(&game)), (kept.as_bytes(), &b"?"[..]));
        assert_eq!(others(&game), pairs(&[(&name[..240], "v"), (&name[..240], "w")]));
    }

    #[test]
    fn names_are_standardised_and_missing_tags_are_unknown() {
        let game = game(&[("White", "Abdusattorov,Nodirbek"), ("Black", "Carlsen, Magnus")]);
        let header = Header::of(&game);
        assert_eq!(header.player(false, &game), b"Abdusattorov, Nodirbek");
        assert_eq!(header.player(true, &game), b"Carlsen, Magnus");
        assert_eq!((header.event(&game), header.site(&game)), (&b"?"[..], &b"?"[..]));
    }
}
