//! The move index (`-index`) end to end: a search that builds it and one
//! that reads from it give exactly what reading the text gives, on every
//! corpus (variations, comments, NAGs, studies from a `[FEN]`, Chess960,
//! irregular games); a game changed in place, or whose record is damaged,
//! is read from its text; an index with a damaged table is built again.

use std::{
    fs::{self, File},
    path::{Path, PathBuf},
};

use cql::{
    EvalSettings, Query,
    driver::{self, GameOutcome, SearchPlan, Sink},
    index::IndexUse,
    pgn::Source,
    sort_keys::SortValue,
};

fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("move_index");
    fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A copy of `corpus` (a file of `../shared/corpora`) to search, called
/// `name`, and where its index goes (none there yet).
fn copy_of(corpus: &str, name: &str) -> (PathBuf, PathBuf) {
    let input = scratch(&format!("{name}.pgn"));
    fs::copy(shared(&format!("corpora/{corpus}")), &input).unwrap();
    let index = scratch(&format!("{name}.cqlx"));
    let _ = fs::remove_file(&index);
    (input, index)
}

/// What a search gave for one game, all of it.
type Seen = (u64, String, usize, bool, Vec<Option<SortValue>>, Vec<u8>, Vec<String>);

#[derive(Default)]
struct Collect(Vec<Seen>);

impl Sink for Collect {
    fn game(&mut self, o: GameOutcome) {
        let warnings = format!("{:?}", o.warnings);
        self.0.push((o.number, warnings, o.matching_positions, o.matched, o.sort_values, o.pgn, o.messages));
    }
}

fn search(query: &dyn Query, input: &Path, index: Option<&IndexUse>) -> Vec<Seen> {
    search_games(query, input, index, None)
}

fn search_games(query: &dyn Query, input: &Path, index: Option<&IndexUse>, games: Option<(u64, u64)>) -> Vec<Seen> {
    let eval = EvalSettings::from_header(&query.header());
    let plan = SearchPlan { gamenumber: games, result: None, threads: 2, eval: &eval, index };
    let mut collect = Collect::default();
    driver::search_source(query, Source::open(input).unwrap(), &plan, &mut collect).unwrap();
    collect.0
}

/// Searches `input` as text, building its index, and from the index, and
/// checks all three give the same; returns how many games the index has,
/// and how many the search from it took.
fn same_three_ways(query: &dyn Query, input: &Path, index_path: &Path) -> (usize, u64) {
    let _ = fs::remove_file(index_path);
    let text = search(query, input, None);
    let building = IndexUse::at(index_path, input).unwrap();
    assert!(building.builds(), "no index yet");
    assert_eq!(search(query, input, Some(&building)), text, "{}: building", input.display());
    building.finish().unwrap();
    let reading = IndexUse::at(index_path, input).unwrap();
    let IndexUse::Read(index) = &reading else { panic!("{}: the index just built is not used", input.display()) };
    let recorded = index.recorded();
    assert_eq!(search(query, input, Some(&reading)), text, "{}: reading", input.display());
    (recorded, index.taken())
}

#[test]
fn games_from_the_index_are_the_games_of_the_text_on_every_corpus() {
    // A query that matches every position of every line, so each game is
    // written whole (tags, moves, comments, NAGs, variations), and one
    // that reads the positions.
    let everywhere = cql::cql!("cql(variations) wtm or btm");
    let checks = cql::cql!("cql(variations) check or stalemate or move legal count > 35");
    // A query whose pre-filter passes over most games: while the index is
    // built they are read, but not searched, nor their problems reported.
    let selective = cql::cql!("cql() result 1-0 ♕ ♛");
    let corpora = [
        ("annotated-games.pgn", 500),
        ("studies-sample.pgn", 100),
        ("chess960-games.pgn", 10),
        ("lichess-studies-and-problems.pgn", 10),
        ("world-championship-matches.pgn", 100),
        ("irregular-games.pgn", 1),
    ];
    for (name, at_least) in corpora {
        let (input, index) = copy_of(name, name.trim_end_matches(".pgn"));
        let (recorded, taken) = same_three_ways(&everywhere, &input, &index);
        assert!(recorded >= at_least, "{name}: {recorded} games recorded");
        assert_eq!(taken, recorded as u64, "{name}: every recorded game is taken from the index");
        let (recorded, taken) = same_three_ways(&checks, &input, &index);
        assert_eq!(taken, recorded as u64, "{name}: every recorded game is taken from the index");
        let (recorded, taken) = same_three_ways(&selective, &input, &index);
        assert!(taken < recorded as u64, "{name}: the pre-filter passes over games");
    }
}

#[test]
fn an_index_built_by_a_search_of_some_games_has_every_game() {
    let every_position = cql::cql!("cql(variations) wtm or btm");
    let (input, index) = copy_of("annotated-games.pgn", "some");
    let building = IndexUse::at(&index, &input).unwrap();
    let some = search_games(&every_position, &input, Some(&building), Some((20, 30)));
    assert_eq!(some, search_games(&every_position, &input, None, Some((20, 30))));
    building.finish().unwrap();
    let reading = IndexUse::at(&index, &input).unwrap();
    assert_eq!(search(&every_position, &input, Some(&reading)), search(&every_position, &input, None));
    let IndexUse::Read(index) = &reading else { panic!("the index was built") };
    assert!(index.taken() > 500, "{} games taken", index.taken());
}

#[test]
fn a_game_changed_in_place_is_read_from_its_text() {
    let every_position = cql::cql!("cql(variations) wtm or btm");
    let (input, index) = copy_of("annotated-games.pgn", "changed");
    let building = IndexUse::at(&index, &input).unwrap();
    let before = search(&every_position, &input, Some(&building));
    building.finish().unwrap();
    // One letter of a comment changes; the size and the time stay.
    let modified = fs::metadata(&input).unwrap().modified().unwrap();
    let mut text = fs::read(&input).unwrap();
    let brace = text.iter().position(|&byte| byte == b'{').unwrap();
    let letter = brace + text[brace..].iter().position(u8::is_ascii_lowercase).unwrap();
    text[letter] = b'Q';
    fs::write(&input, &text).unwrap();
    File::options().write(true).open(&input).unwrap().set_modified(modified).unwrap();
    let reading = IndexUse::at(&index, &input).unwrap();
    assert!(!reading.builds(), "same size and time: the index is used");
    let after = search(&every_position, &input, Some(&reading));
    assert_eq!(after, search(&every_position, &input, None));
    let IndexUse::Read(index) = &reading else { unreachable!() };
    assert_eq!(index.taken(), index.recorded() as u64 - 1, "all but the changed game");
    assert_ne!(after, before, "the changed comment is in the output");
}

#[test]
fn a_damaged_or_stale_index_is_built_again() {
    let every_position = cql::cql!("cql() wtm or btm");
    let (input, index) = copy_of("studies-sample.pgn", "damaged");
    let build = || {
        let _ = fs::remove_file(&index);
        let building = IndexUse::at(&index, &input).unwrap();
        search(&every_position, &input, Some(&building));
        building.finish().unwrap();
        assert!(!IndexUse::at(&index, &input).unwrap().builds());
    };
    build();
    let whole = fs::read(&index).unwrap();
    // A changed byte in a record: that game is read from its text.
    let mut flipped = whole.clone();
    flipped[whole.len() / 2] ^= 0x20;
    fs::write(&index, &flipped).unwrap();
    let reading = IndexUse::at(&index, &input).unwrap();
    assert_eq!(search(&every_position, &input, Some(&reading)), search(&every_position, &input, None));
    let IndexUse::Read(damaged) = &reading else { panic!("a damaged record leaves the rest of the index in use") };
    assert_eq!(damaged.taken(), damaged.recorded() as u64 - 1);
    // A changed byte in the table, or a cut file: the index is built again.
    let mut flipped = whole.clone();
    flipped[whole.len() - 30] ^= 0x01;
    fs::write(&index, &flipped).unwrap();
    assert!(IndexUse::at(&index, &input).unwrap().builds(), "a changed byte in the table");
    fs::write(&index, &whole[..whole.len() - 100]).unwrap();
    assert!(IndexUse::at(&index, &input).unwrap().builds(), "a cut file");
    build();
    // The input grows: its index is stale.
    let mut text = fs::read(&input).unwrap();
    text.extend_from_slice(b"\n[Event \"more\"]\n\n1. e4 *\n");
    fs::write(&input, &text).unwrap();
    assert!(IndexUse::at(&index, &input).unwrap().builds(), "a longer input");
    // An unfinished index leaves nothing behind.
    let _ = fs::remove_file(&index);
    drop(IndexUse::at(&index, &input).unwrap());
    let left: Vec<_> = fs::read_dir(index.parent().unwrap())
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("damaged.cqlx"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Stops a search after some games.
struct StopAfter(usize);

impl Sink for StopAfter {
    fn game(&mut self, _: GameOutcome) {
        self.0 = self.0.saturating_sub(1);
    }

    fn should_stop(&self) -> bool {
        self.0 == 0
    }
}

#[test]
fn a_search_stopped_early_leaves_no_index() {
    let every_position = cql::cql!("cql() wtm or btm");
    let (input, index) = copy_of("annotated-games.pgn", "stopped");
    let building = IndexUse::at(&index, &input).unwrap();
    let eval = EvalSettings::from_header(&every_position.header());
    let plan = SearchPlan { gamenumber: None, result: None, threads: 2, eval: &eval, index: Some(&building) };
    driver::search_source(&every_position, Source::open(&input).unwrap(), &plan, &mut StopAfter(10)).unwrap();
    assert!(building.finish().is_err(), "an index of ten games is no index of the file");
    assert!(!index.exists());
}

#[test]
fn an_index_is_built_by_one_search_at_a_time_and_abandoned_files_go() {
    let (input, index) = copy_of("studies-sample.pgn", "locked");
    let first = IndexUse::at(&index, &input).unwrap();
    assert!(first.builds());
    let second = IndexUse::at(&index, &input);
    assert!(second.is_err(), "a second builder while the first is at work");
    drop(first);
    // What a killed builder leaves: a file no one holds, two minutes old.
    let abandoned = PathBuf::from(format!("{}.999-1.partial", index.display()));
    fs::write(&abandoned, b"half an index").unwrap();
    let two_minutes_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    File::options().write(true).open(&abandoned).unwrap().set_modified(two_minutes_ago).unwrap();
    let third = IndexUse::at(&index, &input).unwrap();
    assert!(third.builds());
    assert!(!abandoned.exists(), "the abandoned file is removed");
    // A search that reads a whole index removes what killed builders left
    // too: it builds none, but none may be building it.
    search(&cql::cql!("cql() check"), &input, Some(&third));
    third.finish().unwrap();
    fs::write(&abandoned, b"half an index").unwrap();
    File::options().write(true).open(&abandoned).unwrap().set_modified(two_minutes_ago).unwrap();
    let reader = IndexUse::at(&index, &input).unwrap();
    assert!(!reader.builds());
    assert!(!abandoned.exists(), "the abandoned file is removed by a reading search");
}
