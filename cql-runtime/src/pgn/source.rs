//! Where PGN text comes from: a file, standard input, or a gzip or zstd
//! input decompressed as it is read. Whatever the source, games arrive in
//! [`Batch`]es of complete games, so memory stays bounded by the batch size
//! (and the largest game kept, [`MAX_GAME_BYTES`](super::MAX_GAME_BYTES))
//! however large the input is.
//!
//! Files are read, not mapped: a file cut short while it is searched (by
//! another program) is an error at the point it was cut, after the games
//! before it, never a crash.
//!
//! Several files ([`Source::open_all`]) are read one after the other as one
//! input: game numbers go on from file to file, lines count from 1 in each,
//! and [`InputFiles`] says which file a game came from.

use std::{
    collections::VecDeque,
    fs::File,
    io::{self, Read, Seek, SeekFrom},
    ops::Range,
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

use super::{
    buffers::Buffers,
    decode::{CountingReader, Format, MAGIC_BYTES, decode},
    input_files::InputFiles,
    part::{InputPart, first_game_start},
    split::{RawGame, Splitter},
};

/// How many bytes of games a batch holds at most (a single larger game makes
/// a batch of its own).
const BATCH_BYTES: usize = 4 << 20;

/// An input of PGN text.
pub struct Source {
    name: String,
    stream: Stream,
    total_bytes: Option<u64>,
    splitter: Splitter,
    read_counter: Arc<AtomicU64>,
    /// The files still to read after this one, opened.
    rest: VecDeque<Source>,
    /// The bytes read from the files before this one.
    bytes_before: u64,
    /// Each file's first game.
    files: InputFiles,
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
    /// Opens `path`; `-` is standard input. gzip and zstd input is
    /// decompressed, whatever its name: the format is told by the first
    /// bytes (read here for a file, at the first batch for standard input).
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
        let size = metadata.is_file().then_some(metadata.len());
        let mut source = Source::stream(name.clone(), Box::new(file), size);
        source.stream.expected_bytes = size;
        source.stream.decode(&name).map_err(fail)?;
        Ok(source)
    }

    /// Opens the part `part` of the file `path` (see [`InputPart`]): its
    /// games numbered from `part.first_game`, their lines from
    /// `part.first_line`; with a byte range, only the games that begin in
    /// it, of a plain PGN file (compressed files have no byte ranges).
    pub fn open_part(path: &Path, part: &InputPart) -> Result<Source, SourceError> {
        let name = path.display().to_string();
        let fail = |error| SourceError { name: name.clone(), error };
        let Some(range) = part.range.clone() else {
            let mut source = Source::open(path)?;
            source.splitter = Splitter::for_part(part.first_game, part.first_line, 0, u64::MAX);
            source.files = InputFiles::starting_at(&name, part.first_game);
            return Ok(source);
        };
        let mut file = File::open(path).map_err(fail)?;
        let size = file.metadata().map_err(fail)?.len();
        let mut magic = [0; MAGIC_BYTES];
        let read = read_full(&mut file, &mut magic).0;
        if Format::of(&magic[..read]) != Format::Text {
            let message = "a byte range needs a plain PGN file (a compressed file is searched whole)";
            return Err(fail(io::Error::new(io::ErrorKind::InvalidInput, message)));
        }
        let start =
            if part.exact_start { range.start } else { first_game_start(&mut file, range.start).map_err(fail)? };
        file.seek(SeekFrom::Start(start)).map_err(fail)?;
        let rest = size.saturating_sub(start);
        let mut source = Source::stream(name.clone(), Box::new(file), Some(range.end.min(size).saturating_sub(start)));
        source.stream.format = Some(Format::Text);
        source.stream.expected_bytes = Some(rest);
        source.splitter = Splitter::for_part(part.first_game, part.first_line, start, range.end);
        source.files = InputFiles::starting_at(&name, part.first_game);
        Ok(source)
    }

    /// Where the games read so far end: the start of the first game past
    /// the end of a part, once it is found, else the offset of the text
    /// read so far (at the end, the file's length).
    pub fn part_end(&self) -> u64 {
        self.splitter.stopped_at().unwrap_or(self.splitter.consumed())
    }

    /// The line the next game read would begin on.
    pub fn next_line(&self) -> u64 {
        self.splitter.next_line()
    }

    /// The number the next game read would have.
    pub fn next_number(&self) -> u64 {
        self.splitter.next_number()
    }

    /// Opens `paths` (each as [`Source::open`] does) as one input, read in
    /// order: the first file that cannot be opened is the error.
    pub fn open_all(paths: &[PathBuf]) -> Result<Source, SourceError> {
        let mut sources = paths.iter().map(|path| Source::open(path)).collect::<Result<VecDeque<_>, _>>()?;
        let mut first = sources.pop_front().ok_or_else(|| SourceError {
            name: String::new(),
            error: io::Error::new(io::ErrorKind::InvalidInput, "no input file"),
        })?;
        first.total_bytes = first
            .total_bytes
            .and_then(|bytes| sources.iter().try_fold(bytes, |total, next| Some(total + next.total_bytes?)));
        first.rest = sources;
        Ok(first)
    }

    /// A source reading PGN text from any reader (standard input, a
    /// compressed file, a pipe; tests): gzip and zstd are decompressed, told
    /// by their first bytes, which are read at the first batch.
    pub fn stream(name: String, reader: Box<dyn Read + Send>, total_bytes: Option<u64>) -> Source {
        let read_counter = Arc::new(AtomicU64::new(0));
        let counted = CountingReader { inner: reader, count: Arc::clone(&read_counter) };
        Source {
            files: InputFiles::new(&name),
            name,
            rest: VecDeque::new(),
            bytes_before: 0,
            stream: Stream {
                reader: Box::new(counted),
                format: None,
                pending: Vec::new(),
                filled: 0,
                eof: false,
                damage: None,
                expected_bytes: None,
                buffers: Buffers::default(),
            },
            total_bytes,
            splitter: Splitter::default(),
            read_counter,
        }
    }

    /// The name of the file being read, as given (`-` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The files of the input and their first games, as far as they have
    /// been reached: shared, so that what the reader reaches shows.
    pub fn files(&self) -> InputFiles {
        self.files.clone()
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
    /// If the input turns out damaged (a truncated compressed file, a file
    /// cut short while it is read, a read error), every game before the
    /// damage is handed out first, the cut one too, and then the error, with
    /// the byte offset where it was found.
    /// At the end of a file, the next file's games follow.
    pub fn next_batch(&mut self) -> Result<Option<Batch>, SourceError> {
        loop {
            let batch = self
                .stream
                .next_batch(&self.name, &mut self.splitter, &self.read_counter)
                .map_err(|error| SourceError { name: self.name.clone(), error })?;
            match batch {
                None if let Some(next) = self.rest.pop_front() => self.go_on_with(next),
                batch => return Ok(batch),
            }
        }
    }

    /// Goes on reading `next`, the next file, its games numbered on.
    fn go_on_with(&mut self, next: Source) {
        self.bytes_before += self.read_counter.load(Ordering::Relaxed);
        self.splitter = self.splitter.next_file();
        self.files.reached(&next.name, self.splitter.next_number());
        (self.name, self.stream, self.read_counter) = (next.name, next.stream, next.read_counter);
    }

    /// How many bytes of the input (compressed bytes for a compressed file)
    /// have been read so far, over all its files.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_before + self.read_counter.load(Ordering::Relaxed)
    }
}

/// An input read as it comes, decompressed if need be.
struct Stream {
    /// The input; once `format` is known, its decoded text.
    reader: Box<dyn Read + Send>,
    /// The input's format, told by its first bytes.
    format: Option<Format>,
    /// Text read and not yet handed out: its first [`filled`](Stream::filled)
    /// bytes (the rest is room to read into, written before: a buffer's
    /// memory is zeroed only when it grows).
    pending: Vec<u8>,
    filled: usize,
    eof: bool,
    /// The damage found while reading, reported after the games before it.
    damage: Option<io::Error>,
    /// The size of the file read, when it was opened: reading must reach it.
    expected_bytes: Option<u64>,
    /// The buffers of batches searched, to read into again.
    buffers: Buffers,
}

impl Stream {
    /// Tells the input's format by its first bytes, unless it is known.
    fn decode(&mut self, name: &str) -> io::Result<()> {
        if self.format.is_none() {
            let input = std::mem::replace(&mut self.reader, Box::new(io::empty()));
            let (format, decoded) = decode(name, input)?;
            self.format = Some(format);
            self.reader = decoded;
        }
        Ok(())
    }

    fn next_batch(&mut self, name: &str, splitter: &mut Splitter, read: &AtomicU64) -> io::Result<Option<Batch>> {
        self.decode(name)?;
        loop {
            if !self.eof && self.filled < BATCH_BYTES {
                self.fill(read);
                continue;
            }
            let text = &self.pending[..self.filled];
            let (games, used) = splitter.split(text, self.eof);
            if splitter.stopped_at().is_some() {
                // The part ends here: what is read past it is not its text.
                (self.eof, self.damage) = (true, None);
            }
            if games.is_empty() {
                // Blank lines, or the text of a game too large to keep,
                // passed; or a game longer than the buffer: read more of it.
                self.pending.copy_within(used..self.filled, 0);
                self.filled -= used;
                if self.eof {
                    return self.damage.take().map_or(Ok(None), Err);
                }
                self.fill(read);
                continue;
            }
            let spans: Vec<GameSpan> = games.iter().map(|g| GameSpan::of(g, text)).collect();
            let rest = &text[used..];
            let mut next = self.buffers.take();
            if next.len() < rest.len() {
                next.resize(rest.len(), 0);
            }
            next[..rest.len()].copy_from_slice(rest);
            self.filled = rest.len();
            let mut text = std::mem::replace(&mut self.pending, next);
            // The text of a game too large to keep is not the batch's to hold.
            let needed = spans.iter().map(|span| span.range.end).max().unwrap_or(0);
            if needed < used / 2 {
                text.truncate(needed);
                text.shrink_to_fit();
            }
            let buffers = self.buffers.clone();
            return Ok(Some(Batch { text, games: spans, bytes: used, buffers }));
        }
    }

    /// Appends up to [`BATCH_BYTES`] more bytes of text to `pending`. An
    /// error ends the input: the text read before it is kept, and the damage
    /// (placed by `read`, the count of input bytes read) waits its turn. So
    /// does the end of a file read before its size when it was opened.
    fn fill(&mut self, read: &AtomicU64) {
        let end = self.filled + BATCH_BYTES;
        if self.pending.len() < end {
            self.pending.resize(end, 0);
        }
        let (filled, error) = read_full(self.reader.as_mut(), &mut self.pending[self.filled..end]);
        self.filled += filled;
        self.eof = filled == 0 || error.is_some();
        let format = self.format.unwrap_or(Format::Text);
        let offset = read.load(Ordering::Relaxed);
        if let Some(error) = error {
            self.damage = Some(format.damage(offset, &error));
        } else if self.eof
            && let Some(expected) = self.expected_bytes.filter(|&expected| offset < expected)
        {
            let error = io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!(
                    "the file was cut short while it was searched: it had {expected} bytes, and ends after {offset}"
                ),
            );
            self.damage = Some(error);
        }
    }
}

/// Fills `buf` as far as the reader allows; returns how much was read (0 at
/// the end) and the error that stopped it, if any (what came before it is
/// kept).
fn read_full(reader: &mut dyn Read, buf: &mut [u8]) -> (usize, Option<io::Error>) {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return (filled, Some(error)),
        }
    }
    (filled, None)
}

/// Where one game of a batch is.
#[derive(Clone, Debug)]
struct GameSpan {
    number: u64,
    line: u64,
    range: Range<usize>,
    too_large: bool,
}

impl GameSpan {
    /// The span of `game`, a slice of `all`.
    fn of(game: &RawGame<'_>, all: &[u8]) -> GameSpan {
        // A game too large to keep has no text in the batch.
        let start = if game.too_large { 0 } else { game.text.as_ptr() as usize - all.as_ptr() as usize };
        let range = start..start + game.text.len();
        GameSpan { number: game.number, line: game.line, range, too_large: game.too_large }
    }
}

/// Complete games read from a [`Source`], in input order.
pub struct Batch {
    text: Vec<u8>,
    games: Vec<GameSpan>,
    bytes: usize,
    /// Where the text's buffer goes back once the batch is done with.
    buffers: Buffers,
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
        RawGame {
            number: span.number,
            line: span.line,
            text: &self.text[span.range.clone()],
            too_large: span.too_large,
        }
    }
}

impl Drop for Batch {
    /// Gives the batch's buffer back to its source, to read into again.
    fn drop(&mut self) {
        self.buffers.give_back(std::mem::take(&mut self.text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games read from `source`: their numbers and first lines.
    fn games(source: &mut Source) -> Vec<(u64, String)> {
        let mut games = Vec::new();
        while let Some(batch) = source.next_batch().unwrap() {
            for at in 0..batch.len() {
                let game = batch.game(at);
                let first = String::from_utf8_lossy(game.text).lines().next().unwrap_or_default().to_owned();
                games.push((game.number, first));
            }
        }
        games
    }

    /// The files `(name, text)`, written into an empty folder of their own
    /// for the test `test`: the folder (removed by the test) and their paths.
    fn written(test: &str, files: &[(&str, String)]) -> (PathBuf, Vec<PathBuf>) {
        let folder = std::env::temp_dir().join(format!("cqlc-source-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        let paths = files.iter().map(|(name, _)| folder.join(name)).collect::<Vec<_>>();
        for (path, (_, text)) in paths.iter().zip(files) {
            std::fs::write(path, text).unwrap();
        }
        (folder, paths)
    }

    #[test]
    fn several_files_are_read_in_order_their_games_numbered_on() {
        // Files of more than a batch: the order must hold across batches.
        let file_text = |name: &str| format!("[Event \"{name}\"]\n\n{} *\n\n", "1. e4 e5 ".repeat(BATCH_BYTES / 8));
        let names = ["a", "b", "c", "d"];
        let files: Vec<(&str, String)> = names.iter().map(|name| (*name, file_text(name).repeat(2))).collect();
        let (folder, paths) = written("order", &files);
        let read = games(&mut Source::open_all(&paths).unwrap());
        std::fs::remove_dir_all(&folder).unwrap();
        let expected: Vec<(u64, String)> = ["a", "a", "b", "b", "c", "c", "d", "d"]
            .iter()
            .zip(1..)
            .map(|(name, n)| (n, format!("[Event \"{name}\"]")))
            .collect();
        assert_eq!(read, expected);
    }

    #[test]
    fn a_byte_range_reads_the_games_that_begin_in_it_numbered_as_given() {
        let text: String = (1..=6).map(|n| format!("[Event \"{n}\"]\n\n1. e4 *\n\n")).collect();
        let (folder, paths) = written("part", &[("games.pgn", text.clone())]);
        let third = text.find("[Event \"3\"]").unwrap() as u64;
        let fifth = text.find("[Event \"5\"]").unwrap() as u64;
        let part = InputPart { range: Some(third - 4..fifth - 1), exact_start: false, first_game: 3, first_line: 9 };
        let mut source = Source::open_part(&paths[0], &part).unwrap();
        let read = games(&mut source);
        std::fs::remove_dir_all(&folder).unwrap();
        assert_eq!(read, [(3, "[Event \"3\"]".to_owned()), (4, "[Event \"4\"]".to_owned())]);
        assert_eq!((source.part_end(), source.next_line()), (fifth, 17));
    }

    /// Games with no blank line before them are no place a part can guess
    /// to start at; from an exact start, the part starts there.
    #[test]
    fn a_part_with_an_exact_start_starts_there() {
        let text: String = (1..=4).map(|n| format!("[Event \"{n}\"]\n1. e4 *\n")).collect();
        let (folder, paths) = written("exact", &[("games.pgn", text.clone())]);
        let second = text.find("[Event \"2\"]").unwrap() as u64;
        let part =
            |exact_start| InputPart { range: Some(second..second + 1), exact_start, first_game: 2, first_line: 3 };
        let guessed = games(&mut Source::open_part(&paths[0], &part(false)).unwrap());
        let exact = games(&mut Source::open_part(&paths[0], &part(true)).unwrap());
        std::fs::remove_dir_all(&folder).unwrap();
        assert_eq!(guessed, []);
        assert_eq!(exact, [(2, "[Event \"2\"]".to_owned())]);
    }
}
