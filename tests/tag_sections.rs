//! The tag sections cqlc writes are CQL 6.2's, byte for byte: small games
//! that tell SCID's readings of tags apart (names, dates, ratings, opening
//! codes, FENs, long lines, UTF-8, repeated and missing tags), each
//! searched with a query and compared with what CQL 6.2 wrote for it.
//! `tests/tag_sections/README.md` says how each fixture was made.

use std::{
    fs,
    path::{Path, PathBuf},
};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tag_sections")
}

/// Searches `tests/tag_sections/<input>.pgn` with `query` and checks that
/// the output is CQL 6.2's, `tests/tag_sections/<expected>-cql.pgn`.
fn assert_writes_cqls_output(input: &str, expected: &str, query: &dyn cql::Query) {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tag_sections");
    fs::create_dir_all(&folder).unwrap();
    let output = folder.join(format!("{expected}.pgn"));
    let input = fixtures().join(format!("{input}.pgn"));
    let line = ["-i", &input.display().to_string(), "-o", &output.display().to_string()].map(str::to_owned);
    cql::driver::run("tag_sections", query, line).unwrap();
    let written = fs::read(&output).unwrap();
    let cqls = fs::read(fixtures().join(format!("{expected}-cql.pgn"))).unwrap();
    assert!(
        written == cqls,
        "{expected}: cqlc wrote\n{}\nCQL 6.2 wrote\n{}",
        String::from_utf8_lossy(&written),
        String::from_utf8_lossy(&cqls)
    );
}

/// Each fixture searched with `cql() initial`, which writes every game.
fn assert_initial_writes_cqls_output(name: &str) {
    assert_writes_cqls_output(name, name, &cql::cql!("cql() initial"));
}

/// The Seven Tag Roster always (`?` for a missing tag); `Result` from the
/// termination marker; ratings, opening code and event date after the
/// roster; a repeated tag once, in its first place with its last value;
/// `ScidFlags` and an unknown `EventDate` dropped.
#[test]
fn the_roster_comes_first_and_complete() {
    assert_initial_writes_cqls_output("roster");
}

#[test]
fn player_names_are_standardised() {
    assert_initial_writes_cqls_output("names");
}

#[test]
fn dates_are_read_part_by_part() {
    assert_initial_writes_cqls_output("dates");
}

#[test]
fn the_first_rating_tag_with_a_number_gives_the_rating() {
    assert_initial_writes_cqls_output("ratings");
}

#[test]
fn opening_codes_are_completed_or_dropped() {
    assert_initial_writes_cqls_output("eco");
}

#[test]
fn fens_are_written_back_in_full() {
    assert_initial_writes_cqls_output("fen");
}

/// A tag whose line is too long for SCID is dropped; a long name is cut.
#[test]
fn tags_too_long_for_scid_are_dropped() {
    assert_initial_writes_cqls_output("long_lines");
}

/// The UTF-8 of Latin-1 letters is written as Latin-1.
#[test]
fn utf8_letters_of_latin1_are_written_as_latin1() {
    assert_initial_writes_cqls_output("utf8");
}

/// `settag` replaces a tag the game has in its place, adds the others
/// after the game's own.
#[test]
fn tags_a_query_sets_follow_the_games_own() {
    let query = cql::cql!(
        r#"cql() initial settag("MyTag" "new") settag("Zeta" "Grünfeld,X") settag("ScidFlags" "s") settag("Alpha" "x") settag("Alpha" "y")"#
    );
    assert_writes_cqls_output("settag", "settag", &query);
}

/// The tag filters see the values CQL 6.2 writes: the standardised name
/// matches, the name as the input spells it does not.
#[test]
fn the_tag_filters_see_the_values_written() {
    let values = cql::cql!(
        r#"cql() initial comment(player white "|" player black "|" date "|" elo white "|" elo black "|" eco)"#
    );
    assert_writes_cqls_output("filters", "filter-values", &values);
    let standard = cql::cql!(r#"cql() initial player white "Abdusattorov, Nodirbek""#);
    assert_writes_cqls_output("filters", "filter-standard-name", &standard);
    let raw = cql::cql!(r#"cql() initial player white "Abdusattorov,Nodirbek""#);
    assert_writes_cqls_output("filters", "filter-raw-name", &raw);
}

/// The tag filters read the tags as the output does: a date or rating
/// read by `strtoul` (a sign, a number past 32 bits), a rating of 0 or
/// none unknown, the last of a repeated tag, a tag too long for SCID
/// missing, a rating after the name taking the place of the rating tag.
#[test]
fn the_tag_filters_read_the_tags_as_the_output_does() {
    let query = cql::cql!(
        r#"cql() initial comment(date "|" eventdate "|" elo white "|" elo black "|" elo "|" year "|" #tag "Event" "|" site "|" player white "|" player black "|" eco "|" tag "Annotator" "|" #tag "MyTag")"#
    );
    assert_writes_cqls_output("filter-edges", "filter-edges", &query);
}

/// The filters see a value's UTF-8 as it is: only the output writes the
/// Latin-1 letters as Latin-1.
#[test]
fn the_tag_filters_see_utf8_as_it_is() {
    let query =
        cql::cql!(r#"cql() initial w = player white t = tag "MyTag" comment(#w "|" #t) player white "Grünfeld""#);
    assert_writes_cqls_output("filter-utf8", "filter-utf8", &query);
}

/// `tag "FEN"` is the start position as the output writes it, none from
/// the standard start.
#[test]
fn the_fen_tag_is_read_as_it_is_written() {
    let query = cql::cql!(r#"cql() initial comment(event "|" tag "FEN")"#);
    assert_writes_cqls_output("filter-fen", "filter-fen", &query);
}
