//! Filters about the game as a whole: `result` (turned by `⬓`, which
//! swaps the colours, into the other side's win).

use super::{
    evaluate::{names, positions},
    games::{BLACK_WINS, WHITE_WINS},
};

#[test]
fn result_matches_the_games_result_and_flipcolor_swaps_it() {
    let white = cql::cql!("cql() result 1-0 mate");
    assert_eq!(positions(&white, WHITE_WINS), names(&["4.Qxf7#"]));
    assert!(positions(&white, BLACK_WINS).is_empty());
    // The quoted form is the same filter.
    assert_eq!(positions(&cql::cql!("cql() result \"0-1\" mate"), BLACK_WINS), names(&["2...Qh4#"]));
    // ⬓: a mate by the winner, either colour.
    let winner_mates = cql::cql!("cql() ⬓ {result 1-0 btm mate}");
    assert_eq!(positions(&winner_mates, WHITE_WINS), names(&["4.Qxf7#"]));
    assert_eq!(positions(&winner_mates, BLACK_WINS), names(&["2...Qh4#"]));
    let error = cqlc::compile("cql() result 2-0").unwrap_err();
    assert_eq!(error.message(), "'2-0' is not a result (1-0, 0-1, 1/2-1/2)");
}

/// Eight games `1.e4 e5`, each with a `[Result]` tag and a termination
/// marker that may disagree: (tag, marker).
const TAGS_AND_MARKERS: [(&str, &str); 8] = [
    ("?", "1-0"),
    ("1-0", "0-1"),
    ("1-0", "*"),
    ("*", "1-0"),
    ("?", "*"),
    ("", "1-0"),
    ("1/2-1/2", "1-0"),
    ("0-1", "1/2-1/2"),
];

fn tags_and_markers() -> String {
    let game = |(tag, marker)| format!("[Event \"{tag} {marker}\"]\n[Result \"{tag}\"]\n\n1. e4 e5 {marker}\n\n");
    TAGS_AND_MARKERS.into_iter().map(game).collect()
}

/// The numbers of the games of [`TAGS_AND_MARKERS`] where `query` matches.
fn matching_games(query: &dyn cql::Query) -> Vec<u64> {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tags-and-markers.pgn");
    std::fs::write(&path, tags_and_markers()).unwrap();
    cql::search(query, &path).unwrap().matches.iter().map(|game| game.number).collect()
}

/// CQL 6.2 reads a game's result from its termination marker, not its
/// `[Result]` tag, in the filter and in the header. Recorded with `cql -i
/// results.pgn -o out.pgn q.cql` (the games of [`TAGS_AND_MARKERS`], `q.cql`
/// `cql() initial result 1-0` and so on, or `cql(result 1-0) initial`):
/// `1-0` matches games 1, 4, 6 and 7, `0-1` game 2, `1/2-1/2` game 8. In
/// annotated-games, games 46 and 60 are tagged `?` and end `0-1` and `1-0`
/// (long-sacrifice finds them).
#[test]
fn result_is_the_termination_marker_not_the_tag() {
    assert_eq!(matching_games(&cql::cql!("cql() initial result 1-0")), vec![1, 4, 6, 7]);
    assert_eq!(matching_games(&cql::cql!("cql() initial result 0-1")), vec![2]);
    assert_eq!(matching_games(&cql::cql!("cql() initial result 1/2-1/2")), vec![8]);
    assert_eq!(matching_games(&cql::cql!("cql(result 1-0) initial")), vec![1, 4, 6, 7]);
}

/// Two games of CQL 6.2's fixtures: tags as written, and how CQL 6.2
/// reads them (`player white` is `Carlsen, Magnus`, `player black`
/// `Anand, V`, `date` `2001.05.10`, `eco` `C20`, `elo black` 2600; in the
/// second, with no tags, names and event are `?` and there is no rating).
const TAGGED: &str = "[Event \"Berlin Open\"]\n[Site \"Berlin GER\"]\n[Date \"2001.5.10\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Anand,V.\"]\n[WhiteElo \"2500x\"]\n[BlackElo \" 2600\"]\n[ECO \"c2\"]\n[Annotator \"Someone\"]\n\n1. e4 e5 1-0\n\n[Event \"?\"]\n\n1. d4 d5 *\n";

/// The values CQL 6.2 writes for `comment(player white "|" player black
/// "|" event "|" site "|" date "|" eco "|" elo white "|" elo black "|"
/// elo "|" tag "Annotator" "|" gamenumber)` at the start of each game.
#[test]
fn the_tags_are_read_as_cql_6_2_reads_them() {
    let query = cql::cql!(
        r#"cql() initial comment(player white "|" player black "|" event "|" site "|" date "|" eco "|" elo white "|" elo black "|" elo "|" tag "Annotator" "|" gamenumber)"#
    );
    let games: Vec<&str> = TAGGED.split_inclusive("1-0\n\n").collect();
    let (_, first) = super::evaluate::evaluate(&query, games[0]);
    assert_eq!(first[0].1, "Carlsen, Magnus|Anand, V|Berlin Open|Berlin GER|2001.05.10|C20|2500|2600|2600|Someone|1");
    let (_, second) = super::evaluate::evaluate(&query, games[1]);
    assert_eq!(second[0].1, "?|?|?|?|????.??.??|<false>|<false>|<false>|<false>|<false>|1");
}

/// `event "Open"` searches the tag for the text (case counts); `⬓` makes
/// `player white` `player black`.
#[test]
fn a_text_after_a_tag_is_searched_for_and_flipcolor_swaps_the_players() {
    assert_eq!(positions(&cql::cql!(r#"cql() initial event "Open""#), TAGGED), names(&["start"]));
    assert!(positions(&cql::cql!(r#"cql() initial event "open""#), TAGGED).is_empty());
    let anand = cql::cql!(r#"cql() initial ⬓ player white "Anand""#);
    assert_eq!(positions(&anand, TAGGED), names(&["start"]));
    let error = cqlc::compile(r#"cql() event "O+""#).unwrap_err();
    assert!(error.message().contains("pattern"), "{}", error.message());
}

/// `removecomment`: the game is written without its own comment at the
/// position. CQL 6.2 writes `1.e4 { CQL} 1...e5 {g1 c2}` for `cql() ply == 1
/// removecomment` on `{g1 start} 1. e4 {g1 c1} e5 {g1 c2}`.
#[test]
fn removecomment_leaves_the_games_comment_out() {
    let game = "[Event \"r\"]\n\n{g1 start} 1. e4 {g1 c1} e5 {g1 c2} *\n";
    let query = cql::cql!("cql() ply == 1 removecomment");
    let path = std::env::temp_dir().join(format!("cqlc-removecomment-{}.pgn", std::process::id()));
    std::fs::write(&path, game).unwrap();
    let found = cql::search(&query, &path);
    std::fs::remove_file(&path).unwrap();
    let written = String::from_utf8_lossy(&found.unwrap().matches[0].pgn).into_owned();
    assert!(written.contains("1.e4 {CQL} 1...e5 {g1 c2}"), "{written}");
}
