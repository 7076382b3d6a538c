//! The tag section of an output game, in CQL 6.2's order.
//!
//! The Seven Tag Roster first, in its standard order; then `EventDate` if it
//! reads as a date (CQL drops `[EventDate "?"]`); then the other tags in input
//! order; `FEN` last. Values are written as PGN strings (see
//! [`write_value`]).

use crate::game::Game;

const SEVEN_TAG_ROSTER: [&[u8]; 7] = [b"Event", b"Site", b"Date", b"Round", b"White", b"Black", b"Result"];

/// Writes the tag lines of `game`, with the tags the query set (`settag`,
/// in the order first set): one the game has takes its place with the new
/// value, the others follow the game's own.
pub(crate) fn write_tags(game: &Game, set: &[(String, String)], out: &mut Vec<u8>) {
    let set_value = |name: &[u8]| set.iter().find(|(tag, _)| tag.as_bytes() == name).map(|(_, value)| value.as_bytes());
    for name in SEVEN_TAG_ROSTER {
        if let Some(value) = game.tags().find(|(tag, _)| *tag == name).map(|(_, value)| value) {
            write_tag(name, value, out);
        }
    }
    if let Some(value) = game.tag("EventDate").filter(|value| looks_like_date(value)) {
        write_tag(b"EventDate", value, out);
    }
    for (name, value) in game.tags() {
        let special = SEVEN_TAG_ROSTER.contains(&name) || name == b"EventDate" || name == b"FEN";
        if !special {
            write_tag(name, set_value(name).unwrap_or(value), out);
        }
    }
    for (name, value) in set {
        if game.tag(name).is_none() {
            write_tag(name.as_bytes(), value.as_bytes(), out);
        }
    }
    if let Some(value) = game.tag("FEN") {
        write_tag(b"FEN", value, out);
    }
}

fn write_tag(name: &[u8], value: &[u8], out: &mut Vec<u8>) {
    out.push(b'[');
    out.extend_from_slice(name);
    out.extend_from_slice(b" \"");
    write_value(value, out);
    out.extend_from_slice(b"\"]\n");
}

/// Writes a tag's raw value (the text between its quotes, escapes kept) as
/// the inside of a PGN string: `\\` and `\"` stay, a `"` that no backslash
/// escapes becomes `\"` and a `\` that escapes nothing `\\`, so a lenient
/// reader (one that takes a lone backslash for itself) reads the value it
/// read before. A well-formed value is copied byte for byte, as CQL 6.2
/// copies every value; only malformed ones change (`annotated-games.pgn` has
/// `[Annotator "Lopez "Battle Royale""]` and `[Site "Wch18-NLD\URS ..."]`).
fn write_value(value: &[u8], out: &mut Vec<u8>) {
    let mut at = 0;
    while at < value.len() {
        match (value[at], value.get(at + 1)) {
            (b'\\', Some(&next @ (b'\\' | b'"'))) => {
                out.extend_from_slice(&[b'\\', next]);
                at += 2;
            }
            (byte @ (b'\\' | b'"'), _) => {
                out.extend_from_slice(&[b'\\', byte]);
                at += 1;
            }
            (byte, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
}

/// `yyyy.mm.dd` with `?` allowed for unknown digits.
fn looks_like_date(value: &[u8]) -> bool {
    let shape = b"dddd.dd.dd";
    value.len() == shape.len()
        && value.iter().zip(shape).all(|(&byte, &want)| match want {
            b'd' => byte.is_ascii_digit() || byte == b'?',
            _ => byte == want,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_the_roster_first_and_the_fen_last_and_drops_an_unknown_event_date() {
        let mut game = Game::default();
        game.reset(&crate::pgn::RawGame::new(1, 1, b""));
        for (name, value) in [
            ("Event", "e"),
            ("FEN", "8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            ("EventDate", "?"),
            ("Result", "1-0"),
            ("SetUp", "1"),
            ("Site", "s"),
        ] {
            game.push_tag(name.as_bytes(), value.as_bytes());
        }
        let mut out = Vec::new();
        write_tags(&game, &[], &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[Event \"e\"]\n[Site \"s\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n"
        );
    }

    /// CQL 6.2 on a game with the extra tags `Annotator` and `MyTag`, for
    /// `settag("MyTag" "new") settag("Zeta" ...) settag("Annotator" "A2")
    /// settag("Alpha" "x") settag("Alpha" "y")`: the game's tags keep their
    /// places with the new values, the new ones follow in the order first
    /// set, each with its last value.
    #[test]
    fn tags_a_query_sets_replace_the_games_or_follow_them() {
        let mut game = Game::default();
        game.reset(&crate::pgn::RawGame::new(1, 1, b""));
        for (name, value) in [("Event", "e"), ("Annotator", "Someone"), ("MyTag", "hello")] {
            game.push_tag(name.as_bytes(), value.as_bytes());
        }
        let set: Vec<(String, String)> =
            [("MyTag", "new"), ("Zeta", "Carlsen, Magnus"), ("Annotator", "A2"), ("Alpha", "y")]
                .map(|(name, value)| (name.to_owned(), value.to_owned()))
                .to_vec();
        let mut out = Vec::new();
        write_tags(&game, &set, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[Event \"e\"]\n[Annotator \"A2\"]\n[MyTag \"new\"]\n[Zeta \"Carlsen, Magnus\"]\n[Alpha \"y\"]\n"
        );
    }

    #[test]
    fn escapes_the_quotes_and_backslashes_that_escape_nothing() {
        let written = |value: &str| {
            let mut out = Vec::new();
            write_value(value.as_bytes(), &mut out);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(written(r#"a \"b\" \\ c"#), r#"a \"b\" \\ c"#);
        assert_eq!(written(r#"Lopez "Battle Royale""#), r#"Lopez \"Battle Royale\""#);
        assert_eq!(written(r"NLD\URS"), r"NLD\\URS");
        assert_eq!(written(r"tail\"), r"tail\\");
        assert_eq!(written(r#"\\""#), r#"\\\""#);
    }

    #[test]
    fn keeps_a_real_event_date_after_the_roster() {
        assert!(looks_like_date(b"2015.06.26") && looks_like_date(b"1930.??.??"));
        assert!(!looks_like_date(b"?"));
    }
}
