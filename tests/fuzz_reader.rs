//! The PGN reader on mangled input: games of the corpora with bytes flipped,
//! deleted and duplicated, tokens swapped, random bytes (NUL, invalid UTF-8)
//! and unbalanced braces and parentheses put in. Every input is read, parsed,
//! written back and searched without a panic and in bounded time, and every
//! game is either read or reported. The seed is fixed, so a failure repeats;
//! the input that failed is saved for a look.

use std::{
    fs,
    io::Cursor,
    panic,
    path::{Path, PathBuf},
    sync::mpsc,
    thread,
    time::Duration,
};

use cql::{
    EvalSettings, Game,
    driver::{self, GameOutcome, SearchPlan, Sink},
    output::{Header, SearchAdditions, write_game},
    pgn::{GameParser, RawGame, Source, Splitter},
};

/// How many mangled inputs are tried.
const INPUTS: usize = 1_500;
/// How long one input may take before it counts as a hang.
const PER_INPUT: Duration = Duration::from_secs(10);

/// xorshift64*: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

/// The games of the corpora, each as its own text.
fn corpus_games() -> Vec<Vec<u8>> {
    let mut games = Vec::new();
    for corpus in ["studies-sample.pgn", "annotated-games.pgn", "irregular-games.pgn"] {
        let text = fs::read(shared(&format!("corpora/{corpus}"))).unwrap();
        let (split, _) = Splitter::default().split(&text, true);
        games.extend(split.iter().map(|g: &RawGame<'_>| g.text.to_vec()));
    }
    games
}

/// A few games of the corpora, mangled a few times.
fn mangled(rng: &mut Rng, games: &[Vec<u8>]) -> Vec<u8> {
    let mut text = Vec::new();
    for _ in 0..1 + rng.below(3) {
        text.extend_from_slice(&games[rng.below(games.len())]);
    }
    for _ in 0..1 + rng.below(6) {
        mangle(rng, &mut text);
    }
    text
}

fn mangle(rng: &mut Rng, text: &mut Vec<u8>) {
    if text.is_empty() {
        text.push(b'(');
        return;
    }
    let at = rng.below(text.len());
    let length = 1 + rng.below(40.min(text.len() - at));
    match rng.below(7) {
        0 => text[at] ^= 1 << rng.below(8),
        1 => {
            text.drain(at..at + length);
        }
        2 => {
            let copy = text[at..at + length].to_vec();
            text.splice(at..at, copy);
        }
        3 => swap_tokens(rng, text),
        4 => {
            const NASTY: [u8; 10] = [0, 0xff, 0xfe, 0xc3, 0x80, 0xe2, b'\r', b'\n', b'%', b';'];
            let bytes: Vec<u8> = (0..length).map(|_| NASTY[rng.below(NASTY.len())]).collect();
            text.splice(at..at, bytes);
        }
        5 => {
            const MARKS: &[u8] = b"(){}[]\"";
            let bytes: Vec<u8> = (0..1 + rng.below(5)).map(|_| MARKS[rng.below(MARKS.len())]).collect();
            text.splice(at..at, bytes);
        }
        _ => {
            let bytes: Vec<u8> = (0..length).map(|_| rng.next() as u8).collect();
            text.splice(at..at, bytes);
        }
    }
}

/// Swaps two whitespace-separated tokens of `text`.
fn swap_tokens(rng: &mut Rng, text: &mut Vec<u8>) {
    let tokens: Vec<(usize, usize)> = {
        let mut spans = Vec::new();
        let mut start = None;
        for (i, byte) in text.iter().enumerate() {
            match (byte.is_ascii_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    spans.push((s, i));
                    start = None;
                }
                _ => {}
            }
        }
        spans
    };
    if tokens.len() < 2 {
        return;
    }
    let (a, b) = (rng.below(tokens.len()), rng.below(tokens.len()));
    let (first, second) = (tokens[a.min(b)], tokens[a.max(b)]);
    if first == second {
        return;
    }
    let mut swapped = text[..first.0].to_vec();
    swapped.extend_from_slice(&text[second.0..second.1]);
    swapped.extend_from_slice(&text[first.1..second.0]);
    swapped.extend_from_slice(&text[first.0..first.1]);
    swapped.extend_from_slice(&text[second.1..]);
    *text = swapped;
}

#[derive(Default)]
struct Collect(Vec<GameOutcome>);

impl Sink for Collect {
    fn game(&mut self, outcome: GameOutcome) {
        self.0.push(outcome);
    }
}

/// Reads `text` game by game, parses and writes each readable game, then
/// searches it; checks that every game is read or reported.
fn check(text: Vec<u8>) {
    let mut source = Source::stream("fuzz.pgn".into(), Box::new(Cursor::new(text.clone())), None);
    let mut parser = GameParser::default();
    let mut game = Game::default();
    let mut games = 0u64;
    while let Some(batch) = source.next_batch().expect("a stream of bytes cannot fail") {
        for i in 0..batch.len() {
            let raw = batch.game(i);
            games += 1;
            assert_eq!(raw.number, games, "games are numbered in order");
            match parser.parse(&raw, &mut game) {
                Ok(_) => {
                    let mut written = Vec::new();
                    write_game(&game, &Header::of(&game), &SearchAdditions::NONE, &[], &mut written);
                    assert!(written.ends_with(b"\n\n\n"));
                }
                Err(irregularity) => {
                    assert!(irregularity.problem.is_fatal());
                    assert_eq!(irregularity.game, raw.number);
                }
            }
        }
    }
    let every_game = cql::cql!("cql(variations) wtm or btm");
    let eval = EvalSettings::from_header(&cql::Query::header(&every_game));
    let plan = SearchPlan { gamenumber: None, result: None, threads: 1, eval: &eval, index: None };
    let stream = Source::stream("fuzz.pgn".into(), Box::new(Cursor::new(text)), None);
    let mut collect = Collect::default();
    let counts = driver::search_source(&every_game, stream, &plan, &mut collect).unwrap();
    assert_eq!((counts.games, collect.0.len() as u64), (games, games));
    for outcome in &collect.0 {
        let fatal = outcome.warnings.iter().any(|w| w.problem.is_fatal());
        assert_eq!(outcome.matched, !fatal, "game {}: read or reported, not both", outcome.number);
    }
}

#[test]
fn mangled_pgn_is_read_or_reported_without_panic_or_hang() {
    let games = corpus_games();
    assert!(games.len() > 2_500);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for input in 0..INPUTS {
        let text = mangled(&mut rng, &games);
        let (done, finished) = mpsc::channel();
        let copy = text.clone();
        thread::spawn(move || {
            let outcome = panic::catch_unwind(|| check(copy));
            let _ = done.send(outcome.is_ok());
        });
        let verdict = match finished.recv_timeout(PER_INPUT) {
            Ok(true) => continue,
            Ok(false) => "panicked",
            Err(_) => "did not finish",
        };
        let saved = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-input-{input}.pgn"));
        fs::write(&saved, &text).unwrap();
        panic!("mangled input {input} {verdict}; saved as {}", saved.display());
    }
}
