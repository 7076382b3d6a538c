//! Whatever text a query, the command line or the input puts into the
//! output, the output is PGN that reads back as the games written: the same
//! games, with the same moves, comments and tags.
//!
//! Brace comments cannot hold `}`, and PGN has no escape for it: cqlc writes
//! each `{` and `}` of a comment's text as `_`, as CQL 6.2 does, and each
//! line break as a space. Recorded from CQL 6.2 (`cql -i tiny.pgn -o out.pgn
//! q.cql`, `tiny.pgn` one game `1. e4 e5 2. Nf3 1-0`): `cql() initial
//! comment("a}b")` writes `{Game number 1 a_b CQL}`, `comment("a{b")` the
//! same, and `-matchstring 'M}a{t'` writes `M_a_t`. CQL 6.2's strings cannot
//! span lines (`\n` stays a backslash and an `n`), so only cqlc's strings
//! and a command line's match string can hold a line break.
//!
//! Tag values are written as PGN strings: a `"` that no backslash escapes
//! becomes `\"`, a `\` that escapes nothing becomes `\\`; a value that is a
//! PGN string already is written as it came. (CQL 6.2 copies values as they
//! came: of `[Site "x"y"]` and `[White "tail\"]` it writes the same lines,
//! which are no PGN.)

use crate::support::game_trees;

use std::{
    fs,
    path::{Path, PathBuf},
};

use cql::{
    Game,
    game::{Annotation, Placement},
    pgn::read_games,
};
use game_trees::{depth_first_indices, game_number, move_tree};

/// Three games: tag values with quotes and backslashes, escaped or not (as
/// `annotated-games.pgn` has `[Annotator "Lopez "Battle Royale""]` and
/// `[Site "Wch18-NLD\URS ..."]`); a `;` comment holding `}`, a result and a
/// tag pair; a comment holding `{` and a line break; and a game that stops
/// at a move that cannot be played (CQL's `Error reading move` comment).
const INPUT: &str = r#"[Event "Quote \"inside\" and back\\slash"]
[Site "Lopez "Battle Royale""]
[Date "2020.01.01"]
[Round "1"]
[White "NLD\URS"]
[Black "ends in a backslash\"]
[Result "1-0"]

{Own {nested comment} 1. e4 ; rest } 1-0 [Event "semicolon"] {
e5 2. Nf3 {after
Nf3} Nc6 1-0

[Event "Second"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Third"]
[Result "*"]

1. e4 e5 2. Ke3 *
"#;

/// The tag values of [`INPUT`], as PGN means them, in input order, and the
/// roster's tags the games lack.
const TAGS: [&[(&str, &str)]; 3] = [
    &[
        ("Event", r#"Quote "inside" and back\slash"#),
        ("Site", r#"Lopez "Battle Royale""#),
        ("Date", "2020.01.01"),
        ("Round", "1"),
        ("White", r"NLD\URS"),
        ("Black", r"ends in a backslash\"),
        ("Result", "1-0"),
    ],
    &[("Event", "Second"), UNKNOWN_SITE, UNKNOWN_DATE, UNKNOWN_ROUND, UNKNOWN_WHITE, UNKNOWN_BLACK, ("Result", "0-1")],
    &[("Event", "Third"), UNKNOWN_SITE, UNKNOWN_DATE, UNKNOWN_ROUND, UNKNOWN_WHITE, UNKNOWN_BLACK, ("Result", "*")],
];

/// The Seven Tag Roster is written whole, as CQL 6.2 writes it: these for
/// the tags a game lacks.
const UNKNOWN_SITE: (&str, &str) = ("Site", "?");
const UNKNOWN_DATE: (&str, &str) = ("Date", "????.??.??");
const UNKNOWN_ROUND: (&str, &str) = ("Round", "?");
const UNKNOWN_WHITE: (&str, &str) = ("White", "?");
const UNKNOWN_BLACK: (&str, &str) = ("Black", "?");

/// A comment, a match string and a sort label each written to end the game
/// at once and start another (the forgery of issue 26), with `;`, braces and
/// (in the comments, which CQL's `\n` and `\"` can give them) line breaks
/// and quotes besides. Every position matches; the sort's value (the least
/// ply) is 0 in every game.
fn forging_query() -> impl cql::Query {
    cql::cql!(
        r#"cql(matchstring "M} 0-1 [Event Header] {")
        sort min "Label} * [Event Sort] {" ply
        comment("} 1-0" \n \n "[Event " \" "Injected" \" "]" \n \n "1. e4 {")
        comment("a;b {c} [Event " \" "x" \" "]" \n ";rest")"#
    )
}

/// The texts of [`forging_query`]'s comments as written: braces as `_`,
/// whitespace collapsed.
const COMMENTS: &str = r#"_ 1-0 [Event "Injected"] 1. e4 _ a;b _c_ [Event "x"] ;rest"#;
const HEADER_MATCH: &str = "M_ 0-1 [Event Header] _";
const LABEL: &str = "Label_ * [Event Sort] _: 0";

/// A command line's match string of the same kind.
const ARGUMENT_MATCH: &str = "N} 1/2-1/2\r\n\r\n[Event \"Argument\"]\r\n\r\n{";
const ARGUMENT_MATCH_WRITTEN: &str = r#"N_ 1/2-1/2 [Event "Argument"] _"#;

#[test]
fn comments_and_match_strings_cannot_forge_games() {
    for (case, arguments, matchstring) in
        [("header", &[][..], HEADER_MATCH), ("argument", &["-matchstring", ARGUMENT_MATCH][..], ARGUMENT_MATCH_WRITTEN)]
    {
        let output = search(case, &forging_query(), arguments);
        let written = read_back(&output);
        let searched = read_back(&write_input(case));
        assert_eq!(written.len(), searched.len(), "{case}: the games written, and no others");
        for (number, (game, input)) in written.iter().zip(&searched).enumerate() {
            let first = comments(game).into_iter().find(|&(at, before, _)| (at, before) == (0, false));
            assert_eq!(first.and_then(|(_, _, text)| game_number(&text)), Some(number as u64 + 1), "{case}");
            assert_eq!(move_tree(game), move_tree(input), "{case}: game {}'s moves", number + 1);
            assert_eq!(
                comments(game),
                expected_comments(input, number + 1, matchstring),
                "{case}: game {}'s comments",
                number + 1
            );
        }
    }
}

#[test]
fn tag_values_are_written_as_pgn_strings() {
    let output = search("tags", &cql::cql!("cql() initial"), &[]);
    let text = fs::read(&output).unwrap();
    let sections = tag_sections(&text);
    assert_eq!(sections.len(), TAGS.len());
    for (section, tags) in sections.iter().zip(TAGS) {
        for line in section {
            assert!(strict_tag(line).is_some(), "not a PGN tag pair: {}", String::from_utf8_lossy(line));
        }
        let mut written: Vec<_> = section.iter().filter_map(|line| strict_tag(line)).collect();
        let mut expected: Vec<_> = tags.iter().map(|&(name, value)| (name.to_owned(), value.to_owned())).collect();
        written.sort();
        expected.sort();
        assert_eq!(written, expected);
    }
    // cqlc's own reader, which keeps a value's escapes, reads the same values.
    for (game, tags) in read_back(&output).iter().zip(TAGS) {
        for &(name, value) in tags {
            assert_eq!(game.tag(name).map(lenient_unescape), Some(value.to_owned()), "{name}");
        }
    }
}

fn folder() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("output_pgn_validity");
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// [`INPUT`] in a file of `case`'s own.
fn write_input(case: &str) -> PathBuf {
    let input = folder().join(format!("{case}-input.pgn"));
    fs::write(&input, INPUT).unwrap();
    input
}

/// Runs `query`'s searcher on [`INPUT`] with `arguments`; the output's path.
fn search(case: &str, query: &dyn cql::Query, arguments: &[&str]) -> PathBuf {
    let input = write_input(case);
    let output = folder().join(format!("{case}-output.pgn"));
    let mut line = vec!["-i".to_owned(), input.display().to_string(), "-o".to_owned(), output.display().to_string()];
    line.extend(arguments.iter().map(|&argument| argument.to_owned()));
    cql::driver::run("validity", query, line).unwrap();
    output
}

/// The games of `path`, as cqlc reads them.
fn read_back(path: &Path) -> Vec<Game> {
    read_games(path).unwrap().map(|read| read.unwrap().expect("a game that reads").0).collect()
}

/// A game's comments: (depth-first index of the node, before its move,
/// text with whitespace collapsed), one per place.
fn comments(game: &Game) -> Vec<(usize, bool, String)> {
    let index = depth_first_indices(&game.tree().preorder());
    let mut places: Vec<(usize, bool, String)> = Vec::new();
    for annotation in game.annotations() {
        if let Annotation::Comment { node, placement, text } = annotation {
            let place = (index[node.index()], *placement == Placement::BeforeMove);
            let text = collapse(&String::from_utf8_lossy(game.text(text)));
            match places.iter_mut().find(|(at, before, _)| (*at, *before) == place) {
                Some((_, _, joined)) => *joined = collapse(&format!("{joined} {text}")),
                None => places.push((place.0, place.1, text)),
            }
        }
    }
    places.sort();
    places
}

/// What the output must hold at each place of `input` (game `number`, read
/// from the input file): its own comments with braces as `_`, then at each
/// position the query's comments and the match string; at the start the game
/// number before them and the sort label after.
fn expected_comments(input: &Game, number: usize, matchstring: &str) -> Vec<(usize, bool, String)> {
    let own = comments(input);
    let own_at =
        |index: usize| own.iter().find(|(at, before, _)| (*at, *before) == (index, false)).map(|c| c.2.clone());
    let mut expected: Vec<(usize, bool, String)> = (0..input.tree().len())
        .map(|index| {
            let added = match index {
                0 => format!("Game number {number} {COMMENTS} {matchstring} {LABEL}"),
                _ => format!("{COMMENTS} {matchstring}"),
            };
            let text = own_at(index).map_or(added.clone(), |own| format!("{own} {added}"));
            (index, false, text.replace(['{', '}'], "_"))
        })
        .collect();
    expected.extend(own.iter().filter(|(_, before, _)| *before).cloned());
    expected.sort();
    expected
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The tag sections of a PGN text: the runs of `[` lines at its start or
/// after a blank line.
fn tag_sections(text: &[u8]) -> Vec<Vec<&[u8]>> {
    let mut sections: Vec<Vec<&[u8]>> = Vec::new();
    let mut in_tags = false;
    let mut after_blank = true;
    for line in text.split(|&byte| byte == b'\n') {
        let starts_tags = line.first() == Some(&b'[');
        match (starts_tags, in_tags || after_blank) {
            (true, true) => {
                if !in_tags {
                    sections.push(Vec::new());
                }
                sections.last_mut().unwrap().push(line);
                in_tags = true;
            }
            _ => in_tags = false,
        }
        after_blank = line.iter().all(u8::is_ascii_whitespace);
    }
    sections
}

/// The name and the value of a tag pair written as the PGN standard says
/// (`[Name "value"]`, the value's `"` and `\` escaped by a backslash),
/// unescaped; `None` for anything else.
fn strict_tag(line: &[u8]) -> Option<(String, String)> {
    let inner = line.strip_prefix(b"[")?.strip_suffix(b"\"]")?;
    let name_length = inner.iter().position(|&byte| !(byte.is_ascii_alphanumeric() || byte == b'_'))?;
    let body = inner[name_length..].strip_prefix(b" \"")?;
    let mut value = Vec::new();
    let mut bytes = body.iter();
    while let Some(&byte) = bytes.next() {
        match byte {
            b'\\' => value.push(*bytes.next().filter(|&&next| next == b'\\' || next == b'"')?),
            b'"' => return None,
            _ => value.push(byte),
        }
    }
    Some((String::from_utf8(inner[..name_length].to_vec()).ok()?, String::from_utf8(value).ok()?))
}

/// A raw tag value as a lenient reader means it: `\\` and `\"` unescaped,
/// any other byte (a lone backslash too) itself.
fn lenient_unescape(raw: &[u8]) -> String {
    let mut value = Vec::new();
    let mut at = 0;
    while at < raw.len() {
        match (raw[at], raw.get(at + 1)) {
            (b'\\', Some(&next @ (b'\\' | b'"'))) => {
                value.push(next);
                at += 2;
            }
            (byte, _) => {
                value.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8(value).unwrap()
}
