//! Compressed input told by its first bytes, and damaged compressed input:
//! every game decoded before the damage is read, then the damage is an error
//! naming the input and the byte offset.

use std::{
    fs,
    io::{Cursor, Read, Write},
    path::{Path, PathBuf},
};

use cql::{
    EvalSettings,
    driver::{self, Counts, Failure, GameOutcome, SearchPlan, Sink},
    pgn::{RawGame, Source, SourceError, Splitter, read_games},
};

fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("compressed-input");
    fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn studies() -> Vec<u8> {
    fs::read(shared("corpora/studies-sample.pgn")).unwrap()
}

const STUDIES_GAMES: u64 = 253;

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::encode_all(bytes, 3).unwrap()
}

/// Every game's text read from `source`, then the error that ended it, if any.
fn read_all(mut source: Source) -> (Vec<Vec<u8>>, Option<SourceError>) {
    let mut games = Vec::new();
    loop {
        match source.next_batch() {
            Ok(Some(batch)) => games.extend((0..batch.len()).map(|i| batch.game(i).text.to_vec())),
            Ok(None) => return (games, None),
            Err(error) => return (games, Some(error)),
        }
    }
}

/// The games of what `decoder` yields before it fails, split as at the end
/// of the input.
fn games_before_damage(mut decoder: impl Read) -> Vec<Vec<u8>> {
    let mut text = Vec::new();
    let mut buf = [0u8; 1 << 12];
    while let Ok(n @ 1..) = decoder.read(&mut buf) {
        text.extend_from_slice(&buf[..n]);
    }
    let (games, _) = Splitter::default().split(&text, true);
    games.iter().map(|g: &RawGame<'_>| g.text.to_vec()).collect()
}

#[derive(Default)]
struct Collect(Vec<GameOutcome>);

impl Sink for Collect {
    fn game(&mut self, outcome: GameOutcome) {
        self.0.push(outcome);
    }
}

fn search_every_game(source: Source) -> (Result<Counts, SourceError>, Vec<GameOutcome>) {
    let every_game = cql::cql!("cql() wtm or btm");
    let eval = EvalSettings::from_header(&cql::Query::header(&every_game));
    let plan = SearchPlan { gamenumber: None, result: None, threads: 2, eval: &eval, index: None };
    let mut collect = Collect::default();
    let counts = driver::search_source(&every_game, source, &plan, &mut collect);
    (counts, collect.0)
}

#[test]
fn a_truncated_gz_gives_its_games_then_an_error_with_the_offset() {
    let compressed = gzip(&studies());
    let cut = &compressed[..compressed.len() * 3 / 5];
    let expected = games_before_damage(flate2::read::GzDecoder::new(cut));
    assert!(expected.len() > 100, "{} games before the damage", expected.len());
    let path = scratch("truncated.pgn.gz");
    fs::write(&path, cut).unwrap();

    let (games, error) = read_all(Source::open(&path).unwrap());
    assert_eq!(games, expected, "every game decoded before the damage, the cut one too");
    let error = error.expect("the damage is reported").to_string();
    let offset = format!("after byte {} of the compressed input", cut.len());
    assert!(error.starts_with(&path.display().to_string()), "{error}");
    assert!(error.contains("damaged gzip data") && error.contains(&offset), "{error}");

    let (counts, outcomes) = search_every_game(Source::open(&path).unwrap());
    assert!(counts.is_err());
    assert_eq!(outcomes.len(), expected.len());
    assert!(outcomes[..expected.len() - 1].iter().all(|o| o.matched));
}

#[test]
fn a_truncated_zst_gives_its_games_then_an_error_with_the_offset() {
    let compressed = zstd(&studies());
    // zstd hands out whole blocks (128 KiB of text): cut in the second one.
    let cut = &compressed[..compressed.len() * 3 / 4];
    let expected = games_before_damage(zstd::stream::read::Decoder::new(cut).unwrap());
    assert!(expected.len() > 50, "{} games before the damage", expected.len());
    let stream = Source::stream("cut.pgn.zst".into(), Box::new(Cursor::new(cut.to_vec())), None);
    let (games, error) = read_all(stream);
    assert_eq!(games, expected);
    let error = error.expect("the damage is reported").to_string();
    assert!(error.starts_with("cut.pgn.zst: damaged zstd data"), "{error}");
    assert!(error.contains(&format!("after byte {} ", cut.len())), "{error}");
}

#[test]
fn zero_bytes_after_a_gz_are_reported_after_every_game() {
    let mut padded = gzip(&studies());
    let end = padded.len();
    padded.extend_from_slice(&[0; 512]);
    let path = scratch("padded.pgn.gz");
    fs::write(&path, &padded).unwrap();
    let found: Vec<_> = read_games(&path).unwrap().collect();
    let (games, errors): (Vec<_>, Vec<_>) = found.into_iter().partition(Result::is_ok);
    assert_eq!(games.len() as u64, STUDIES_GAMES);
    assert_eq!(errors.len(), 1);
    let error = errors[0].as_ref().err().unwrap().to_string();
    assert!(error.contains("damaged gzip data"), "{error}");
    let offset: u64 = error.split("after byte ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(offset > end as u64 && offset <= padded.len() as u64, "{error}");
}

#[test]
fn the_searcher_writes_the_games_before_the_damage_and_fails() {
    let compressed = gzip(&studies());
    let path = scratch("cut-for-the-searcher.pgn.gz");
    fs::write(&path, &compressed[..compressed.len() / 2]).unwrap();
    let output = scratch("cut-for-the-searcher-out.pgn");
    let query = cql::cql!("cql() wtm or btm");
    let arguments = ["-i", path.to_str().unwrap(), "-o", output.to_str().unwrap()].map(String::from);
    let run = driver::run("q", &query, arguments);
    assert!(matches!(&run, Err(Failure::Io(m)) if m.contains("damaged gzip data")), "{run:?}");
    // An output that is not complete says so in its name.
    assert!(!output.exists());
    let written = fs::read_to_string(scratch("cut-for-the-searcher-out.partial.pgn")).unwrap();
    assert!(written.matches("Game number ").count() > 100, "{written:.200}");
}

#[test]
fn gzip_and_zstd_are_told_by_their_first_bytes_whatever_the_name() {
    let text = studies();
    let gz_named_pgn = scratch("really-gzip.pgn");
    fs::write(&gz_named_pgn, gzip(&text)).unwrap();
    assert_eq!(read_games(&gz_named_pgn).unwrap().count() as u64, STUDIES_GAMES);
    let zst_named_pgn = scratch("really-zstd.pgn");
    fs::write(&zst_named_pgn, zstd(&text)).unwrap();
    assert_eq!(read_games(&zst_named_pgn).unwrap().count() as u64, STUDIES_GAMES);
    for (name, compressed) in [("gzip", gzip(&text)), ("zstd", zstd(&text))] {
        // As if piped into `-i -`.
        let (games, error) = read_all(Source::stream("-".into(), Box::new(Cursor::new(compressed)), None));
        assert_eq!((games.len() as u64, error.is_none()), (STUDIES_GAMES, true), "{name}");
    }
}

#[test]
fn a_gz_or_zst_name_on_plain_text_is_read_as_text() {
    for name in ["plain.pgn.gz", "plain.pgn.zst"] {
        let path = scratch(name);
        fs::write(&path, studies()).unwrap();
        let read: Vec<_> = read_games(&path).unwrap().collect();
        assert_eq!(read.len() as u64, STUDIES_GAMES, "{name}");
        assert!(read.iter().all(Result::is_ok), "{name}");
    }
}

#[test]
fn bzip2_and_xz_are_refused_naming_the_file_and_the_format() {
    let bz2 = scratch("games.pgn.bz2");
    fs::write(&bz2, b"BZh91AY&SY\x01\x02\x03").unwrap();
    let error = Source::open(&bz2).err().expect("bzip2 is refused").to_string();
    assert!(error.starts_with(&format!("{}: bzip2-compressed input", bz2.display())), "{error}");
    assert!(error.contains("bzip2 -dc"), "{error}");
    // Piped into `-i -`: refused at the first read.
    let xz = vec![0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04];
    let (games, error) = read_all(Source::stream("-".into(), Box::new(Cursor::new(xz)), None));
    assert!(games.is_empty());
    let error = error.expect("xz is refused").to_string();
    assert!(error.starts_with("-: xz-compressed input") && error.contains("xz -dc"), "{error}");
    // The searcher fails instead of finding "0 matches".
    let query = cql::cql!("cql() wtm or btm");
    let arguments = ["-i", bz2.to_str().unwrap(), "-o", "/dev/null"].map(String::from);
    assert!(matches!(driver::run("q", &query, arguments), Err(Failure::Io(m)) if m.contains("bzip2")));
}
