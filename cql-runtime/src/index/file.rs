//! The move index file of one input: where it is kept, how it is checked
//! before it is used ([`MoveIndex::open`]) and how it is written
//! ([`IndexBuilder`]).
//!
//! The file holds, in this order:
//! - a header: [`MAGIC`], the [reader's identity](super::identity), the
//!   input's canonical path, its size and modification time when the index
//!   was built;
//! - one entry for each game that could be recorded: the length and CRC-32
//!   of the game's text, the CRC-32 of its [record](super::record), the
//!   record;
//! - a table with each game's entry offset ([`NOT_RECORDED`] for a game
//!   read from its text: an irregular game, one of another variant);
//! - the number of games, the table's offset, and a CRC-32 of the table and
//!   those two numbers.
//!
//! An index is used only if its header is that of the input as it is now
//! (same size and modification time) and its table checks out; a game's
//! record only if the record checks out and the game's text has the same
//! length and CRC-32 as when it was recorded. So a file changed in place
//! (even keeping its time) is still read right: the games that changed are
//! read from their text; and a damaged record is not used. Nothing is
//! checked but what a search uses: a search that reads few games (most
//! skipped by the query's pre-filter) does not read the whole index.

use std::{
    fs::{self, File},
    io::{self, BufWriter, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
    time::UNIX_EPOCH,
};

use super::{
    bytes::{ByteReader, ByteWriter},
    identity,
    window::{WINDOWS, Window, Windows, read_at},
};
use crate::{abandoned, pgn::RawGame};

/// The first bytes of every move index file, with the format's number.
const MAGIC: &[u8; 16] = b"cqlc moves v1\n\0\0";

/// A game without a record, in the table.
const NOT_RECORDED: u64 = u64::MAX;

/// What identifies an input when its index is built: its canonical path,
/// size and modification time.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fingerprint {
    path: Vec<u8>,
    size: u64,
    modified_nanos: u64,
}

impl Fingerprint {
    fn of(input: &Path) -> io::Result<Fingerprint> {
        let path = fs::canonicalize(input)?;
        let metadata = fs::metadata(&path)?;
        let modified = metadata.modified()?.duration_since(UNIX_EPOCH).map_err(io::Error::other)?;
        Ok(Fingerprint {
            path: path.as_os_str().as_encoded_bytes().to_vec(),
            size: metadata.len(),
            modified_nanos: u64::try_from(modified.as_nanos()).map_err(io::Error::other)?,
        })
    }

    fn write(&self, out: &mut Vec<u8>) {
        let mut out = ByteWriter(out);
        out.0.extend_from_slice(MAGIC);
        out.u64(identity::READER);
        out.bytes(&self.path).expect("a path under 4 GB");
        out.u64(self.size);
        out.u64(self.modified_nanos);
    }
}

/// Where the move index of `input` is kept: `index/` in the
/// [cache folder](cql_vocabulary::cache_dir), named after the file and a
/// CRC-32 of its canonical path.
pub fn index_path(input: &Path) -> io::Result<PathBuf> {
    let canonical = fs::canonicalize(input)?;
    let name = canonical.file_name().map_or_else(|| "input".into(), |name| name.to_string_lossy());
    let key = crc32fast::hash(canonical.as_os_str().as_encoded_bytes());
    Ok(cql_vocabulary::cache_dir().join("index").join(format!("{name}-{key:08x}.cqlx")))
}

/// A move index, checked and ready to give each game's record.
pub struct MoveIndex {
    file: File,
    /// This index's number in the process, which tells threads' windows
    /// apart (from 1).
    number: u64,
    games: u64,
    /// Where the table of entry offsets starts, and where it ends.
    table: u64,
    table_end: u64,
    /// How many games searches have taken from the index so far.
    pub(super) taken: AtomicU64,
}

impl MoveIndex {
    /// The index at `path` of `input`, if there is one and it is whole, of
    /// this runtime's format, and of the input as it is now; `None` means
    /// it is to be built again.
    pub fn open(path: &Path, input: &Path) -> Option<MoveIndex> {
        static OPENED: AtomicU64 = AtomicU64::new(0);
        let file = File::open(path).ok()?;
        let length = file.metadata().ok()?.len();
        let mut header = Vec::new();
        Fingerprint::of(input).ok()?.write(&mut header);
        let mut start = vec![0; header.len()];
        if length < header.len() as u64 + 20 || read_at(&file, &mut start, 0).is_err() || start != header {
            return None;
        }
        let mut trailer = [0; 20];
        read_at(&file, &mut trailer, length - 20).ok()?;
        let mut numbers = ByteReader::new(&trailer);
        let (games, table) = (numbers.u64()?, numbers.u64()?);
        let table_end = table.checked_add(games.checked_mul(8)?)?;
        if table < header.len() as u64 || table_end != length - 20 {
            return None;
        }
        if checksum(&file, table, length - 4).ok()?.to_le_bytes() != trailer[16..] {
            return None;
        }
        let number = OPENED.fetch_add(1, Ordering::Relaxed) + 1;
        Some(MoveIndex { file, number, games, table, table_end, taken: AtomicU64::new(0) })
    }

    /// The offset of the entry of the game in table slot `slot` (its
    /// number less one), if it has one.
    fn entry_offset(&self, slot: u64, table: &mut Window) -> Option<u64> {
        if slot >= self.games {
            return None;
        }
        let at = self.table + slot * 8;
        let offset = ByteReader::new(table.get(&self.file, self.number, at, 8, self.table_end)?).u64()?;
        (offset != NOT_RECORDED).then_some(offset)
    }

    /// How many games searches have taken from the index so far (the rest
    /// were read from their text).
    pub fn taken(&self) -> u64 {
        self.taken.load(Ordering::Relaxed)
    }

    /// How many games have a record.
    pub fn recorded(&self) -> usize {
        let mut table = Window::default();
        (0..self.games).filter(|&slot| self.entry_offset(slot, &mut table).is_some()).count()
    }

    /// `read` applied to the record of `raw`, if the index has one for a
    /// game of its number with the same text.
    pub(super) fn with_record<R>(&self, raw: &RawGame<'_>, read: impl FnOnce(&[u8]) -> R) -> Option<R> {
        WINDOWS.with_borrow_mut(|Windows { entries, table }| {
            let offset = self.entry_offset(raw.number.checked_sub(1)?, table)?;
            let mut header = ByteReader::new(entries.get(&self.file, self.number, offset, 16, self.table)?);
            let (length, text_crc, record_crc) = (header.u32()?, header.u32()?, header.u32()?);
            let record_length = usize::try_from(header.u32()?).ok()?;
            let same_text = u32::try_from(raw.text.len()).ok()? == length && crc32fast::hash(raw.text) == text_crc;
            if !same_text {
                return None;
            }
            let entry = entries.get(&self.file, self.number, offset, 16 + record_length, self.table)?;
            let record = &entry[16..];
            (crc32fast::hash(record) == record_crc).then(|| read(record))
        })
    }
}

/// The CRC-32 of the bytes of `file` from `start` to `end`.
fn checksum(file: &File, start: u64, end: u64) -> io::Result<u32> {
    let mut crc = crc32fast::Hasher::new();
    let mut buffer = vec![0; 1 << 20];
    let mut at = start;
    while at < end {
        let piece = &mut buffer[..usize::try_from(end - at).map_or(1 << 20, |rest| rest.min(1 << 20))];
        read_at(file, piece, at)?;
        crc.update(piece);
        at += piece.len() as u64;
    }
    Ok(crc.finalize())
}

/// The entry of `raw`'s game in an index, its record written by `record`
/// (`None` if `record` says the game cannot be recorded, or its text is
/// 4 GB or more).
pub(super) fn entry(raw: &RawGame<'_>, record: impl FnOnce(&mut Vec<u8>) -> bool) -> Option<Vec<u8>> {
    const HEADER: usize = 16;
    let mut entry = vec![0; HEADER];
    if !record(&mut entry) {
        return None;
    }
    let record_crc = crc32fast::hash(&entry[HEADER..]);
    let record_length = u32::try_from(entry.len() - HEADER).ok()?;
    let mut header = Vec::with_capacity(HEADER);
    let mut out = ByteWriter(&mut header);
    out.u32(u32::try_from(raw.text.len()).ok()?);
    out.u32(crc32fast::hash(raw.text));
    out.u32(record_crc);
    out.u32(record_length);
    entry[..HEADER].copy_from_slice(&header);
    Some(entry)
}

/// Writes a move index game by game, in input order, to a file beside its
/// final place, which [`IndexBuilder::finish`] renames into it; dropped
/// unfinished, it removes the file.
pub struct IndexBuilder {
    out: Option<BufWriter<File>>,
    temporary: PathBuf,
    path: PathBuf,
    written: u64,
    /// Each game's entry offset so far, in a file of its own (not in memory:
    /// a file of a hundred million games has a table of 800 MB), removed
    /// as soon as it is made where the system allows (Unix), else with the
    /// builder.
    table: Option<BufWriter<File>>,
    table_path: PathBuf,
    games: u64,
    /// The first error writing the file, which [`IndexBuilder::finish`]
    /// reports.
    failure: Option<io::Error>,
    /// Whether every game of the input has been pushed.
    complete: bool,
}

impl IndexBuilder {
    /// Starts the index at `path` of `input` as the input is now; an error
    /// if another search is building it now (and then this one reads the
    /// text: the index is not built twice at once).
    pub fn create(path: &Path, input: &Path) -> io::Result<IndexBuilder> {
        let mut header = Vec::new();
        Fingerprint::of(input)?.write(&mut header);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        if clear_abandoned(path) {
            return Err(io::Error::other("another search is building it now"));
        }
        let nanos = std::time::SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |time| time.subsec_nanos());
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(format!(".{}-{nanos}.partial", std::process::id()));
        let temporary = PathBuf::from(temporary);
        let file = File::options().write(true).create_new(true).open(&temporary)?;
        // Held until the file is closed: other builders see it at work.
        file.try_lock().map_err(io::Error::other)?;
        let mut table_path = temporary.clone().into_os_string();
        table_path.push(".table");
        let table_path = PathBuf::from(table_path);
        let table = File::options().read(true).write(true).create_new(true).open(&table_path)?;
        let _ = fs::remove_file(&table_path);
        let mut builder = IndexBuilder {
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            temporary,
            path: path.to_owned(),
            written: 0,
            table: Some(BufWriter::with_capacity(1 << 16, table)),
            table_path,
            games: 0,
            failure: None,
            complete: false,
        };
        builder.write(&header)?;
        Ok(builder)
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.written += bytes.len() as u64;
        self.out.as_mut().expect("open until finished").write_all(bytes)
    }

    /// Adds the next game's entry (`None`: the game is read from its text).
    /// An error writing it is kept for [`IndexBuilder::finish`].
    pub fn push(&mut self, entry: Option<&[u8]>) {
        if self.failure.is_some() {
            return;
        }
        let offset = if entry.is_some() { self.written } else { NOT_RECORDED };
        let table = self.table.as_mut().expect("open until finished");
        let written =
            table.write_all(&offset.to_le_bytes()).and_then(|()| entry.map_or(Ok(()), |entry| self.write(entry)));
        self.games += 1;
        if let Err(error) = written {
            self.failure = Some(error);
        }
    }

    /// Every game of the input has been pushed.
    pub fn complete(&mut self) {
        self.complete = true;
    }

    /// Writes the table, and puts the index in its place (if it is
    /// [complete](IndexBuilder::complete)).
    pub fn finish(mut self) -> io::Result<()> {
        if let Some(error) = self.failure.take() {
            return Err(error);
        }
        if !self.complete {
            return Err(io::Error::other("the search did not read every game"));
        }
        let table_at = self.written;
        let mut table =
            self.table.take().expect("open until finished").into_inner().map_err(io::IntoInnerError::into_error)?;
        table.seek(SeekFrom::Start(0))?;
        let mut crc = crc32fast::Hasher::new();
        let mut buffer = vec![0; 1 << 20];
        loop {
            let read = table.read(&mut buffer)?;
            if read == 0 {
                break;
            }
            crc.update(&buffer[..read]);
            self.write(&buffer[..read])?;
        }
        let mut trailer = Vec::with_capacity(16);
        let mut out = ByteWriter(&mut trailer);
        out.u64(self.games);
        out.u64(table_at);
        crc.update(&trailer);
        self.write(&trailer)?;
        let out = self.out.as_mut().expect("open until finished");
        out.write_all(&crc.finalize().to_le_bytes())?;
        out.flush()?;
        out.get_ref().sync_all()?;
        fs::rename(&self.temporary, &self.path)?;
        // In its place: nothing to remove.
        self.out = None;
        Ok(())
    }
}

impl Drop for IndexBuilder {
    fn drop(&mut self) {
        if let Some(table) = self.table.take() {
            drop(table.into_parts());
        }
        // Gone already where the system allows it to go while open.
        let _ = fs::remove_file(&self.table_path);
        if let Some(out) = self.out.take() {
            // What is still buffered is not worth writing.
            drop(out.into_parts());
            let _ = fs::remove_file(&self.temporary);
        }
    }
}

/// Removes the unfinished files of the index at `path` that builders which
/// are gone left behind (killed, say); whether another builder is at work
/// on it now ([`crate::abandoned`] says how that is told).
pub(super) fn clear_abandoned(path: &Path) -> bool {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else { return false };
    let prefix = format!("{}.", name.to_string_lossy());
    abandoned::remove_abandoned(dir, |file| file.starts_with(&prefix) && file.ends_with(".partial"))
}
