//! Inputs that change, or were made to hurt, with real searcher processes:
//! a file cut short while it is searched, a move index cut short likewise,
//! compressed and piped blank lines by the hundred megabytes, a line of blanks with
//! no end, and games too large to keep. None may crash the searcher, lose
//! the games found or exhaust the machine: the bombs are generated here,
//! small on disk, and each search's peak memory is measured.

use crate::support::processes;

use cql::pgn::read_games;
use std::{
    fs,
    io::{Read, Write},
    path::{Path, PathBuf},
    process::Stdio,
    thread,
    time::{Duration, Instant},
};

use flate2::{Compression, write::GzEncoder};
use processes::{files, folder, searcher, shared, wait, wait_for_output};

/// The cases of this file, each with its name.
pub const CASES: &[processes::Case] = &[
    ("an input cut short while searched is an error after its games", an_input_cut_short_is_an_error),
    ("a move index cut short while read gives the text's answers", a_move_index_cut_short_gives_the_answers),
    ("compressed blank lines take little memory", compressed_blank_lines_take_little_memory),
    ("blank lines piped in take little memory", piped_blank_lines_take_little_memory),
    ("a line of blanks with no end takes little memory", a_line_of_blanks_with_no_end_takes_little_memory),
    ("a game too large to keep is reported and passed over", a_game_too_large_is_passed_over),
];

/// The folder of `case`.
fn dir(case: &str) -> PathBuf {
    folder("damaged_input", case)
}

/// The first games of the master database, at least `bytes` of them, as
/// plain PGN.
fn master_games(bytes: usize) -> Vec<u8> {
    let file = fs::File::open(shared("corpora/master-games.pgn.zst")).unwrap();
    let mut decoder = zstd::stream::read::Decoder::new(file).unwrap();
    let mut text = vec![0; bytes + (1 << 20)];
    decoder.read_exact(&mut text).unwrap();
    let end = bytes + memchr::memmem::find(&text[bytes..], b"\n[Event ").expect("a next game") + 1;
    text.truncate(end);
    text
}

/// A search's memory must stay under this, whatever the input: the largest
/// game kept, a few batches of games, the program.
const SMALL_MEMORY: u64 = 128 << 20;

fn an_input_cut_short_is_an_error() {
    let dir = dir("cut-input");
    fs::write(dir.join("games.pgn"), master_games(100 << 20)).unwrap();
    let child = searcher("every", &dir, &["-i", "games.pgn", "-o", "hits.pgn", "-threads", "1"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_output(&dir, &["games.pgn"]);
    // Another program cuts the file while it is searched.
    fs::OpenOptions::new().write(true).open(dir.join("games.pgn")).unwrap().set_len(1 << 20).unwrap();
    let ended = wait(child, Instant::now(), Duration::from_secs(120));
    let message = &ended.stderr;
    assert_eq!(ended.status.code(), Some(1), "{message}");
    assert!(message.contains("games.pgn: the file was cut short while it was searched"), "{message}");
    assert!(message.contains("the matching games found so far are in hits.partial.pgn"), "{message}");
    assert_eq!(files(&dir), ["games.pgn", "hits.partial.pgn"]);
}

fn a_move_index_cut_short_gives_the_answers() {
    let dir = dir("cut-index");
    fs::write(dir.join("games.pgn"), master_games(8 << 20)).unwrap();
    let run = |output: &str, index: bool| {
        let mut args = vec!["-i", "games.pgn", "-o", output, "-threads", "2"];
        if index {
            args.push("-index");
        }
        let mut command = searcher("checks-ahead", &dir, &args);
        command.env("CQLC_CACHE", dir.join("cache")).stderr(Stdio::piped());
        command.spawn().unwrap()
    };
    let text = wait(run("text.pgn", false), Instant::now(), Duration::from_secs(300));
    assert!(text.status.success(), "{}", text.stderr);
    let built = wait(run("built.pgn", true), Instant::now(), Duration::from_secs(300));
    assert!(built.status.success() && built.stderr.contains("building the move index"), "{}", built.stderr);
    let index = fs::read_dir(dir.join("cache/index")).unwrap().next().unwrap().unwrap().path();
    let child = run("indexed.pgn", true);
    wait_for_output(&dir, &["games.pgn", "text.pgn", "built.pgn"]);
    let length = fs::metadata(&index).unwrap().len();
    fs::OpenOptions::new().write(true).open(&index).unwrap().set_len(length / 2).unwrap();
    let indexed = wait(child, Instant::now(), Duration::from_secs(300));
    assert!(indexed.status.success(), "{}", indexed.stderr);
    let answer = fs::read(dir.join("text.pgn")).unwrap();
    assert!(fs::read(dir.join("indexed.pgn")).unwrap() == answer, "the answers differ from the text's");
}

/// Searches `input` in `dir` (or standard input, fed by `feed`), and checks
/// that it found `games` games and stayed under [`SMALL_MEMORY`].
fn search_small(dir: &Path, input: &str, feed: Option<fn(&mut dyn Write)>, games: u64) -> processes::Ended {
    let mut command = searcher("every", dir, &["-i", input, "-o", "hits.pgn"]);
    command.stderr(Stdio::piped());
    if feed.is_some() {
        command.stdin(Stdio::piped());
    }
    let mut child = command.spawn().unwrap();
    let feeder = feed.map(|feed| {
        let mut stdin = child.stdin.take().unwrap();
        thread::spawn(move || feed(&mut stdin))
    });
    let ended = wait(child, Instant::now(), Duration::from_secs(240));
    if let Some(feeder) = feeder {
        feeder.join().unwrap();
    }
    assert!(ended.status.success(), "{}", ended.stderr);
    assert!(ended.stderr.is_empty() || ended.stderr.contains("game skipped"), "{}", ended.stderr);
    assert!(ended.peak_bytes < SMALL_MEMORY, "{} MB at the peak", ended.peak_bytes >> 20);
    let found = read_games(dir.join("hits.pgn")).unwrap().count();
    assert_eq!(found as u64, games);
    ended
}

fn compressed_blank_lines_take_little_memory() {
    // 384 MiB of newlines, gzipped to a few hundred kilobytes, then a game.
    let dir = dir("blank-gzip");
    let path = dir.join("bomb.pgn.gz");
    let mut out = GzEncoder::new(fs::File::create(&path).unwrap(), Compression::fast());
    let newlines = vec![b'\n'; 1 << 20];
    for _ in 0..384 {
        out.write_all(&newlines).unwrap();
    }
    out.write_all(b"[Event \"after the blanks\"]\n\n1. e4 *\n").unwrap();
    out.finish().unwrap();
    search_small(&dir, "bomb.pgn.gz", None, 1);
}

fn piped_blank_lines_take_little_memory() {
    // `yes '' | searcher -i -`, for 384 MiB.
    let dir = dir("blank-pipe");
    let feed: fn(&mut dyn Write) = |stdin| {
        let newlines = vec![b'\n'; 1 << 20];
        for _ in 0..384 {
            if stdin.write_all(&newlines).is_err() {
                return;
            }
        }
    };
    search_small(&dir, "-", Some(feed), 0);
}

fn a_line_of_blanks_with_no_end_takes_little_memory() {
    // 384 MiB of spaces, not one newline, before the first game.
    let dir = dir("blank-line");
    let path = dir.join("spaces.pgn.gz");
    let mut out = GzEncoder::new(fs::File::create(&path).unwrap(), Compression::fast());
    let spaces = vec![b' '; 1 << 20];
    for _ in 0..384 {
        out.write_all(&spaces).unwrap();
    }
    out.write_all(b"\n[Event \"b\"]\n\n1. d4 *\n").unwrap();
    out.finish().unwrap();
    search_small(&dir, "spaces.pgn.gz", None, 1);
    let found = fs::read_to_string(dir.join("hits.pgn")).unwrap();
    assert!(found.starts_with("[Event \"b\"]"), "{found}");
}

fn a_game_too_large_is_passed_over() {
    // A comment of 80 MiB in lines, then one of 200 MiB on a single line.
    let dir = dir("too-large");
    let path = dir.join("large.pgn.gz");
    let mut out = GzEncoder::new(fs::File::create(&path).unwrap(), Compression::fast());
    out.write_all(b"[Event \"large\"]\n\n1. e4 {").unwrap();
    let line = [vec![b'x'; 1023], vec![b'\n']].concat();
    for _ in 0..80 << 10 {
        out.write_all(&line).unwrap();
    }
    out.write_all(b"} e5 *\n\n[Event \"small\"]\n\n1. d4 *\n\n[Event \"long line\"]\n\n1. e4 {").unwrap();
    let xs = vec![b'x'; 1 << 20];
    for _ in 0..200 {
        out.write_all(&xs).unwrap();
    }
    out.write_all(b"} *\n\n[Event \"last\"]\n\n1. c4 *\n").unwrap();
    out.finish().unwrap();
    let ended = search_small(&dir, "large.pgn.gz", None, 2);
    let lines: Vec<&str> = ended.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", ended.stderr);
    assert!(lines[0].contains("game 1 (line 1): a game text of more than 64 MiB; game skipped"), "{}", lines[0]);
    let line_of_third = 9 + (80 << 10);
    let third = format!("game 3 (line {line_of_third}): a game text of more than 64 MiB; game skipped");
    assert!(lines[1].contains(&third), "{}", lines[1]);
    let found = fs::read_to_string(dir.join("hits.pgn")).unwrap();
    assert!(found.contains("[Event \"small\"]") && found.contains("[Event \"last\"]"), "{found}");
    assert!(found.contains("{Game number 2") && found.contains("{Game number 4"), "{found}");
}
