//! The floors a searcher of a PGN file is measured against, on one thread:
//!
//! - `byte scan`: reading every byte once (counting lines with `memchr`);
//! - `replay (pgn-reader)`: pgn-reader and shakmaty replaying every main-line
//!   move of every game (from its `[FEN]` if it has one), the floor the
//!   project's benchmarks name;
//! - `cqlc reader`: cqlc's own reading of every game into its tree of
//!   positions (variations included), what a searcher evaluating nothing
//!   pays;
//! - `cqlc move index`: the same games taken from the file's move index
//!   (`-index`; built first, untimed), what such a searcher pays in later
//!   searches of the file.
//!
//! `cargo bench --bench floors -- FILE` (default: the unpacked
//! `master-games.pgn` in the system's temporary directory, or
//! `../shared/corpora/twic-sample.pgn`). Each is timed once; the script
//! `benches/corpus.sh` runs it beside the searchers.

#[path = "support/corpus_argument.rs"]
mod corpus_argument;

use std::{fs, ops::ControlFlow, path::Path, time::Instant};

use corpus_argument::corpus;
use cql::{
    EvalSettings, Game, Query,
    driver::{GameOutcome, SearchPlan, Sink, search_source},
    index::IndexUse,
    pgn::{GameParser, RawGame, Source},
};
use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

/// Replays main lines with shakmaty, counting the moves played.
struct Replay;

impl Visitor for Replay {
    type Tags = Option<Chess>;
    type Movetext = (Chess, u64);
    type Output = u64;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: pgn_reader::RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags =
                Fen::from_ascii(value.as_bytes()).ok().and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0))
    }

    fn begin_variation(&mut self, _movetext: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, (position, moves): &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        match san.san.to_move(position) {
            Ok(mv) => {
                position.play_unchecked(mv);
                *moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(*moves),
        }
    }

    fn end_game(&mut self, (_, moves): Self::Movetext) -> Self::Output {
        moves
    }
}

fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = f();
    println!("{name:<22} {:>8.3} s", start.elapsed().as_secs_f64());
    result
}

fn main() {
    let path = corpus();
    println!("floors of {} (one thread)", path.display());
    let bytes = fs::read(&path).expect("the corpus");
    let lines = timed("byte scan", || memchr::memchr_iter(b'\n', &bytes).count());
    let moves = timed("replay (pgn-reader)", || {
        let mut reader = Reader::new(&bytes[..]);
        let mut moves = 0;
        while let Ok(Some(played)) = reader.read_game(&mut Replay) {
            moves += played;
        }
        moves
    });
    let games = timed("cqlc reader", || {
        let (mut parser, mut game, mut games) = (GameParser::default(), Game::default(), 0u64);
        let mut source = Source::open(&path).expect("the corpus");
        while let Some(batch) = source.next_batch().expect("the corpus reads") {
            for i in 0..batch.len() {
                let game_text = batch.game(i);
                let raw = RawGame::new(game_text.number, game_text.line, game_text.text);
                games += u64::from(parser.parse(&raw, &mut game).is_ok());
            }
        }
        games
    });
    let indexed = from_the_index(&path);
    println!("{lines} lines, {moves} main-line moves, {games} games ({indexed} from the index)");
}

/// Builds the move index of `path` with a search that matches nothing, then
/// times taking every game from it; how many it took.
fn from_the_index(path: &Path) -> u64 {
    let nothing = cql::cql!("cql() false");
    let index_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("floors.cqlx");
    let _ = fs::remove_file(&index_path);
    let building = IndexUse::at(&index_path, path).expect("an index can be written");
    let eval = EvalSettings::from_header(&nothing.header());
    let plan = SearchPlan { gamenumber: None, result: None, threads: 2, eval: &eval, index: Some(&building) };
    search_source(&nothing, Source::open(path).expect("the corpus"), &plan, &mut Discard).expect("the corpus reads");
    building.finish().expect("the index is written");
    let reading = IndexUse::at(&index_path, path).expect("the index");
    assert!(!reading.builds(), "the index just built is used");
    timed("cqlc move index", || {
        let (mut game, mut taken) = (Game::default(), 0u64);
        let mut source = Source::open(path).expect("the corpus");
        while let Some(batch) = source.next_batch().expect("the corpus reads") {
            for i in 0..batch.len() {
                taken += u64::from(reading.read(&batch.game(i), &mut game));
            }
        }
        taken
    })
}

/// A sink that keeps nothing.
struct Discard;

impl Sink for Discard {
    fn game(&mut self, _: GameOutcome) {}
}
