//! The tag section of an output game, as CQL 6.2 writes it: SCID's reading
//! of the game's tags (see [`header`]) written back in SCID's order. The
//! Seven Tag Roster always, `?` for the tags missing, the names
//! standardised, the date in full; `Result` from the movetext's
//! termination marker; then the ratings that are known, the opening code,
//! the event date if any part of it is known, the other tags (each once,
//! in the order first seen, with its last value; `ScidFlags` dropped),
//! and `FEN` last (as SCID reads it back). Values are written through
//! SCID's text buffer (see [`tcl_unicode_hack`]), as PGN strings (see
//! [`write_value`]).

mod c_numbers;
mod date;
mod eco;
mod fen;
mod header;
mod player_name;
mod rating;
mod tcl_unicode_hack;

use crate::game::Game;
pub use header::Header;
use header::kept_name;
use tcl_unicode_hack::apply_tcl_unicode_hack;

/// Writes the tag lines of `game`, whose tags read `header`, with the tags
/// the query set (`settag`, in the order first set, each name once): one
/// the game has takes its place with the new value, the others follow the
/// game's own.
pub(crate) fn write_tags(game: &Game, header: &Header, set: &[(String, String)], out: &mut Vec<u8>) {
    write_tag(b"Event", header.event(game), out);
    write_tag(b"Site", header.site(game), out);
    write_date(b"Date", header.date, out);
    write_tag(b"Round", header.round(game), out);
    write_tag(b"White", header.player(false, game), out);
    write_tag(b"Black", header.player(true, game), out);
    write_tag(b"Result", game.result().as_str().as_bytes(), out);
    header.ratings[0].write("White", out);
    header.ratings[1].write("Black", out);
    if let Some(eco) = &header.eco {
        write_tag(b"ECO", eco.as_bytes(), out);
    }
    if !header.event_date.is_unknown() {
        write_date(b"EventDate", header.event_date, out);
    }
    let set_value = |name: &[u8]| set.iter().find(|(set, _)| set.as_bytes() == name).map(|(_, value)| value.as_bytes());
    for (name, value) in header.others(game) {
        write_tag(name, set_value(name).unwrap_or(value), out);
    }
    for (name, value) in set {
        if !header.others(game).any(|(other, _)| other == name.as_bytes()) {
            write_tag(kept_name(name.as_bytes()), value.as_bytes(), out);
        }
    }
    // A FEN that SCID cannot read leaves CQL 6.2 at the standard start
    // position; cqlc's reader starts where it says, and its output says so.
    if let Some(fen) = header.fen.as_ref().map(String::as_bytes).or_else(|| game.tag("FEN")) {
        write_tag(b"FEN", fen, out);
    }
}

fn write_date(name: &[u8], date: date::Date, out: &mut Vec<u8>) {
    let mut value = Vec::new();
    date.write(&mut value);
    write_tag(name, &value, out);
}

fn write_tag(name: &[u8], value: &[u8], out: &mut Vec<u8>) {
    out.push(b'[');
    out.extend_from_slice(name);
    out.extend_from_slice(b" \"");
    write_value(&apply_tcl_unicode_hack(value), out);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of no move with `tags`, in order.
    pub(super) fn game_with(tags: &[(&str, &str)]) -> Game {
        let mut game = Game::default();
        game.reset(&crate::pgn::RawGame::new(1, 1, b""));
        for (name, value) in tags {
            game.push_tag(name.as_bytes(), value.as_bytes());
        }
        game
    }

    /// The roster first, missing tags as `?`; the FEN last, written in full;
    /// `ScidFlags` and an unknown `EventDate` dropped.
    #[test]
    fn orders_the_roster_first_and_the_fen_last_and_drops_an_unknown_event_date() {
        let game = game_with(&[
            ("Event", "e"),
            ("FEN", "8/8/8/8/8/8/8/K1k5 w - -"),
            ("EventDate", "?"),
            ("Result", "1-0"),
            ("SetUp", "1"),
            ("ScidFlags", "DW"),
            ("Site", "s"),
        ]);
        let mut out = Vec::new();
        write_tags(&game, &Header::of(&game), &[], &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[Event \"e\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n"
        );
    }

    /// CQL 6.2 on a game with the extra tags `Annotator` and `MyTag`, for
    /// `settag("MyTag" "new") settag("Zeta" ...) settag("Annotator" "A2")
    /// settag("Alpha" "x") settag("Alpha" "y")`: the game's tags keep their
    /// places with the new values, the new ones follow in the order first
    /// set, each with its last value.
    #[test]
    fn tags_a_query_sets_replace_the_games_or_follow_them() {
        let game = game_with(&[("Event", "e"), ("Annotator", "Someone"), ("MyTag", "hello")]);
        let set: Vec<(String, String)> =
            [("MyTag", "new"), ("Zeta", "Carlsen, Magnus"), ("Annotator", "A2"), ("Alpha", "y")]
                .map(|(name, value)| (name.to_owned(), value.to_owned()))
                .to_vec();
        let mut out = Vec::new();
        write_tags(&game, &Header::of(&game), &set, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[Event \"e\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Annotator \"A2\"]\n[MyTag \"new\"]\n[Zeta \"Carlsen, Magnus\"]\n[Alpha \"y\"]\n"
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
}
