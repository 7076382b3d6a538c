//! Where PGN text comes from: a file (memory-mapped), standard input, or a
//! `.pgn.zst` / `.pgn.gz` file decompressed as it is read. Whatever the source,
//! games arrive in [`Batch`]es of complete games, so memory stays bounded by the
//! batch size however large the input is.

use std::{
    fs::File,
    io::{self, Read},
    ops::Range,
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

use memmap2::Mmap;

use super::split::{RawGame, Splitter};

/// How many bytes of games a batch holds at most (a single larger game makes
/// a batch of its own).
const BATCH_BYTES: usize = 4 << 20;

/// An input of PGN text.
pub struct Source {
    name: String,
    kind: SourceKind,
    total_bytes: Option<u64>,
    splitter: Splitter,
    read_counter: Arc<AtomicU64>,
}

enum SourceKind {
    Mapped { map: Arc<Mmap>, at: usize },
    Stream { reader: Box<dyn Read + Send>, pending: Vec<u8>, eof: bool },
}

/// Why an input could not be opened or read.
#[derive(Debug)]
pub struct SourceError {
    /// The input's name as the user gave it.
    pub name: String,
    /// The underlying error.
    pub error: io::Error,
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name, self.error)
    }
}

impl std::error::Error for SourceError {}

impl Source {
    /// Opens `path`; `-` is standard input. A name ending in `.zst` or `.gz`
    /// is decompressed.
    pub fn open(path: &Path) -> Result<Source, SourceError> {
        let name = path.display().to_string();
        let fail = |error| SourceError { name: name.clone(), error };
        if name == "-" {
            return Ok(Source::stream(name.clone(), Box::new(io::stdin()), None));
        }
        let file = File::open(path).map_err(fail)?;
        let metadata = file.metadata().map_err(fail)?;
        if metadata.is_dir() {
            return Err(fail(io::Error::new(io::ErrorKind::InvalidInput, "is a directory")));
        }
        let total = metadata.is_file().then_some(metadata.len());
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
        if metadata.is_file() && metadata.len() > 0 && !matches!(extension.as_str(), "zst" | "zstd" | "gz") {
            // SAFETY: the map is only read. Another process truncating the
            // file while we search it is outside what we can defend against,
            // as for every memory-mapped reader.
            let map = unsafe { Mmap::map(&file) }.map_err(fail)?;
            return Ok(Source {
                name,
                kind: SourceKind::Mapped { map: Arc::new(map), at: 0 },
                total_bytes: total,
                splitter: Splitter::default(),
                read_counter: Arc::new(AtomicU64::new(0)),
            });
        }
        let read_counter = Arc::new(AtomicU64::new(0));
        let counted = CountingReader { inner: file, count: Arc::clone(&read_counter) };
        let reader: Box<dyn Read + Send> = match extension.as_str() {
            "zst" | "zstd" => Box::new(zstd::stream::read::Decoder::new(counted).map_err(fail)?),
            "gz" => Box::new(flate2::read::MultiGzDecoder::new(counted)),
            _ => Box::new(counted),
        };
        let mut source = Source::stream(name, reader, total);
        source.read_counter = read_counter;
        Ok(source)
    }

    /// A source reading PGN text from any reader (used for standard input
    /// and decompressors, and by tests).
    pub fn stream(name: String, reader: Box<dyn Read + Send>, total_bytes: Option<u64>) -> Source {
        Source {
            name,
            kind: SourceKind::Stream { reader, pending: Vec::new(), eof: false },
            total_bytes,
            splitter: Splitter::default(),
            read_counter: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The input's name as given (`-` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The input's size in bytes, when known (for progress).
    pub fn total_bytes(&self) -> Option<u64> {
        self.total_bytes
    }

    /// The path of the input, if it is a file.
    pub fn path(&self) -> Option<PathBuf> {
        (self.name != "-").then(|| PathBuf::from(&self.name))
    }

    /// The next batch of complete games, or `None` at the end of the input.
    pub fn next_batch(&mut self) -> Result<Option<Batch>, SourceError> {
        match &mut self.kind {
            SourceKind::Mapped { map, at } => {
                let rest = &map[*at..];
                if rest.is_empty() {
                    return Ok(None);
                }
                let window = &rest[..rest.len().min(BATCH_BYTES)];
                let eof = window.len() == rest.len();
                let (mut games, mut used) = self.splitter.split(window, eof);
                if games.is_empty() && !eof {
                    // One game larger than the window: split the rest at once.
                    (games, used) = self.splitter.split(rest, true);
                }
                let spans = games.iter().map(|g| GameSpan::of(g, &map[..])).collect();
                *at += used;
                Ok(Some(Batch { text: Text::Mapped(Arc::clone(map)), games: spans, bytes: used }))
            }
            SourceKind::Stream { reader, pending, eof } => loop {
                if !*eof && pending.len() < BATCH_BYTES {
                    fill(reader.as_mut(), pending, eof)
                        .map_err(|error| SourceError { name: self.name.clone(), error })?;
                    continue;
                }
                let (games, used) = self.splitter.split(pending, *eof);
                if games.is_empty() {
                    if *eof {
                        return Ok(None);
                    }
                    // A game larger than the buffer: read more of it.
                    fill(reader.as_mut(), pending, eof)
                        .map_err(|error| SourceError { name: self.name.clone(), error })?;
                    continue;
                }
                let spans = games.iter().map(|g| GameSpan::of(g, pending)).collect();
                let rest = pending[used..].to_vec();
                let text = std::mem::replace(pending, rest);
                return Ok(Some(Batch { text: Text::Owned(text), games: spans, bytes: used }));
            },
        }
    }

    /// How many bytes of the input (compressed bytes for a compressed file)
    /// have been read so far.
    pub fn bytes_read(&self) -> u64 {
        match &self.kind {
            SourceKind::Mapped { at, .. } => *at as u64,
            SourceKind::Stream { .. } => self.read_counter.load(Ordering::Relaxed),
        }
    }
}

/// Appends up to [`BATCH_BYTES`] more bytes of the reader to `pending`.
fn fill(reader: &mut dyn Read, pending: &mut Vec<u8>, eof: &mut bool) -> io::Result<()> {
    let start = pending.len();
    pending.resize(start + BATCH_BYTES, 0);
    let read = read_full(reader, &mut pending[start..])?;
    pending.truncate(start + read);
    *eof = read == 0;
    Ok(())
}

/// Fills `buf` as far as the reader allows; returns how much was read (0 at the end).
fn read_full(reader: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
    }
    Ok(filled)
}

/// Counts the bytes read from a file (under a decompressor, the compressed
/// bytes), for progress.
struct CountingReader<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

enum Text {
    Mapped(Arc<Mmap>),
    Owned(Vec<u8>),
}

/// Where one game of a batch is.
#[derive(Clone, Debug)]
struct GameSpan {
    number: u64,
    line: u64,
    range: Range<usize>,
}

impl GameSpan {
    /// The span of `game`, a slice of `all`.
    fn of(game: &RawGame<'_>, all: &[u8]) -> GameSpan {
        let start = game.text.as_ptr() as usize - all.as_ptr() as usize;
        GameSpan { number: game.number, line: game.line, range: start..start + game.text.len() }
    }
}

/// Complete games read from a [`Source`], in input order.
pub struct Batch {
    text: Text,
    games: Vec<GameSpan>,
    bytes: usize,
}

impl Batch {
    /// The number of games in the batch.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the batch has no game (the input had only blank lines).
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// How many input bytes the batch covers.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The `i`-th game's text.
    pub fn game(&self, i: usize) -> RawGame<'_> {
        let span = &self.games[i];
        let all: &[u8] = match &self.text {
            Text::Mapped(map) => map,
            Text::Owned(bytes) => bytes,
        };
        RawGame { number: span.number, line: span.line, text: &all[span.range.clone()] }
    }
}
