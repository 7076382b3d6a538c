//! Filters about the game as a whole: `result` (turned by `⬓`, which
//! swaps the colours, into the other side's win).

use super::{
    evaluate::{messages, names, positions},
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

/// Two games whose kings and rooks leave their squares and come back, in
/// the main line and in variations, from the start and from a `[FEN]`.
const KINGS_AND_ROOKS_RETURN: &str = "\
[Event \"fen\"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Rg1 (4. O-O Nf6 5. d4) 4... Rb8 5. Rh1 Rb8a8 6. Ke2 (6. d4 exd4) 6... Kf8 7. Ke1 Ke8 8. a4 h5 *

[Event \"fen2\"]
[SetUp \"1\"]
[FEN \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b Qk - 0 1\"]

1... d5 2. Rb1 Rg8 3. Ra1 *
";

/// `fen` at every position of [`KINGS_AND_ROOKS_RETURN`], variations
/// included, as CQL 6.2 prints it: a right is kept while the king and that
/// rook have stood on their squares at every position before (a rook that
/// comes back does not bring it back), whatever the `[FEN]` says; the
/// square a pawn skipped follows. Recorded with `cql -i g.pgn -o out.pgn
/// q.cql`, `q.cql` being `cql(variations) message(fen)`.
#[test]
fn fen_is_written_as_cql_writes_it() {
    let expected = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK1R1 b Qkq - 0 1",
        "1rbqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK1R1 w Qk - 0 1",
        "1rbqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b Qk - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w Qk - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPPKPPP/RNBQ3R b k - 0 1",
        "r1bq1knr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPPKPPP/RNBQ3R w - - 0 1",
        "r1bq1knr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b - - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/P1B1P3/5N2/1PPP1PPP/RNBQK2R b - a3 0 1",
        "r1bqk1nr/pppp1pp1/2n5/2b1p2p/P1B1P3/5N2/1PPP1PPP/RNBQK2R w - h6 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2BPP3/5N2/PPP2PPP/RNBQK2R b Qk d3 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b5/2BpP3/5N2/PPP2PPP/RNBQK2R w Qk - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 0 1",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 1",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2BPP3/5N2/PPP2PPP/RNBQ1RK1 b kq d3 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
        "r3k2r/ppp1pppp/8/3p4/8/8/PPPPPPPP/R3K2R w KQkq d6 0 1",
        "r3k2r/ppp1pppp/8/3p4/8/8/PPPPPPPP/1R2K2R b Kkq - 0 1",
        "r3k1r1/ppp1pppp/8/3p4/8/8/PPPPPPPP/1R2K2R w Kq - 0 1",
        "r3k1r1/ppp1pppp/8/3p4/8/8/PPPPPPPP/R3K2R b Kq - 0 1",
    ];
    let query = cql::cql!("cql(variations) message(fen)");
    let printed = messages(&query, KINGS_AND_ROOKS_RETURN);
    // Each line names its position (`game 1, move 6(btm)[17]: `), then the FEN.
    let fens: Vec<&str> = printed.iter().filter_map(|line| line.split_once(": ")).map(|(_, fen)| fen).collect();
    assert_eq!(fens, expected);
}
