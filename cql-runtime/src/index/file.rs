//! The move index file of one input: where it is kept, how it is checked
//! before it is used ([`MoveIndex::open`]) and how it is written
//! ([`IndexBuilder`]).
//!
//! The file holds, in this order:
//! - a header: [`MAGIC`], the [reader's identity](super::identity), the
//!   input's canonical path, its size and modification time when the index
//!   was built;
//! - one entry for each game that could be recorded: the length and CRC-32
//!   of the game's text, then its [record](super::record);
//! - a table with each game's entry offset ([`NOT_RECORDED`] for a game
//!   read from its text: an irregular game, one of another variant);
//! - the number of games, the table's offset, and a CRC-32 of everything
//!   before it.
//!
//! An index is used only if all of that checks out and the input's size
//! and modification time are the same; and a game's record only if its
//! text has the same length and CRC-32 as when it was recorded, so a file
//! changed in place (even keeping its time) is still read right: the games
//! that changed are read from their text.

use std::{
    fs::{self, File},
    io::{self, BufRead, BufWriter, Read, Write},
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
    time::UNIX_EPOCH,
};

use memmap2::{Mmap, UncheckedAdvice};

use super::{
    bytes::{ByteReader, ByteWriter},
    identity,
};
use crate::pgn::RawGame;

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
    map: Mmap,
    games: u64,
    table: usize,
    /// How many games searches have taken from the index so far.
    pub(super) taken: AtomicU64,
}

impl MoveIndex {
    /// The index at `path` of `input`, if there is one and it is whole, of
    /// this runtime's format, and of the input as it is now; `None` means
    /// it is to be built again.
    pub fn open(path: &Path, input: &Path) -> Option<MoveIndex> {
        let file = File::open(path).ok()?;
        // SAFETY: an index is only ever replaced by renaming a new file over
        // it, never written in place; a file damaged anyway fails the CRC
        // below, and every read of it is bounds-checked.
        let map = unsafe { Mmap::map(&file) }.ok()?;
        let mut header = Vec::new();
        Fingerprint::of(input).ok()?.write(&mut header);
        if !map.starts_with(&header) || map.len() < header.len() + 20 {
            return None;
        }
        let (body, crc) = map.split_at(map.len() - 4);
        if crc_of_file(file, body.len()).ok()?.to_le_bytes() != crc {
            return None;
        }
        let mut trailer = ByteReader::new(&body[body.len() - 16..]);
        let games = trailer.u64()?;
        let table = usize::try_from(trailer.u64()?).ok()?;
        let table_bytes = usize::try_from(games).ok()?.checked_mul(8)?;
        if table < header.len() || table.checked_add(table_bytes)? != body.len() - 16 {
            return None;
        }
        Some(MoveIndex { map, games, table, taken: AtomicU64::new(0) })
    }

    /// Gives back the pages of the records of games `first` to `last`, once
    /// searched: the process's memory stays the size of the batches in
    /// flight, not of the index.
    pub(super) fn release(&self, first: u64, last: u64) {
        let offset_at = |slot: u64| -> Option<u64> {
            let at = self.table + usize::try_from(slot).ok()? * 8;
            ByteReader::new(self.map.get(at..at + 8)?).u64()
        };
        let first_entry = |from: u64| (from..self.games).filter_map(offset_at).find(|&offset| offset != NOT_RECORDED);
        let start = first.checked_sub(1).and_then(first_entry);
        let end = first_entry(last).unwrap_or(self.table as u64);
        if let Some(start) = start
            && let (Ok(start), Ok(end)) = (usize::try_from(start), usize::try_from(end))
            && start < end
        {
            // SAFETY: a shared read-only map of a file: a page given back is
            // read from the file again if touched (by a neighbouring
            // batch), never zeroed.
            let _ = unsafe { self.map.unchecked_advise_range(UncheckedAdvice::DontNeed, start, end - start) };
        }
    }

    /// How many games searches have taken from the index so far (the rest
    /// were read from their text).
    pub fn taken(&self) -> u64 {
        self.taken.load(Ordering::Relaxed)
    }

    /// How many games have a record.
    pub fn recorded(&self) -> usize {
        let table = &self.map[self.table..self.map.len() - 20];
        table.chunks_exact(8).filter(|offset| *offset != NOT_RECORDED.to_le_bytes()).count()
    }

    /// The record of `raw`, if the index has one for a game of its number
    /// with the same text.
    pub(super) fn record(&self, raw: &RawGame<'_>) -> Option<&[u8]> {
        let slot = raw.number.checked_sub(1).filter(|&slot| slot < self.games)?;
        let at = self.table + usize::try_from(slot).ok()? * 8;
        let offset = ByteReader::new(&self.map[at..at + 8]).u64()?;
        if offset == NOT_RECORDED {
            return None;
        }
        let mut entry = ByteReader::new(self.map.get(usize::try_from(offset).ok()?..self.table)?);
        let length = entry.u32()?;
        let crc = entry.u32()?;
        let record = entry.bytes()?;
        (u32::try_from(raw.text.len()).ok()? == length && crc32fast::hash(raw.text) == crc).then_some(record)
    }
}

/// The CRC-32 of the first `length` bytes of `file`, read a megabyte at a
/// time (not through the map, whose pages would all stay in memory).
fn crc_of_file(file: File, length: usize) -> io::Result<u32> {
    let mut crc = crc32fast::Hasher::new();
    let mut reader = io::BufReader::with_capacity(1 << 20, file).take(length as u64);
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        crc.update(buffer);
        let read = buffer.len();
        reader.consume(read);
    }
    Ok(crc.finalize())
}

/// The entry of `raw`'s game in an index, given its record (`None` if the
/// game could not be recorded, or its text is 4 GB or more).
pub(super) fn entry(raw: &RawGame<'_>, record: &[u8]) -> Option<Vec<u8>> {
    let mut entry = Vec::with_capacity(record.len() + 12);
    let mut out = ByteWriter(&mut entry);
    out.u32(u32::try_from(raw.text.len()).ok()?);
    out.u32(crc32fast::hash(raw.text));
    out.bytes(record)?;
    Some(entry)
}

/// Writes a move index game by game, in input order, to a file beside its
/// final place, which [`IndexBuilder::finish`] renames into it; dropped
/// unfinished, it removes the file.
pub struct IndexBuilder {
    out: Option<BufWriter<File>>,
    temporary: PathBuf,
    path: PathBuf,
    crc: crc32fast::Hasher,
    written: u64,
    offsets: Vec<u64>,
    /// The first error writing the file, which [`IndexBuilder::finish`]
    /// reports.
    failure: Option<io::Error>,
}

impl IndexBuilder {
    /// Starts the index at `path` of `input` as the input is now.
    pub fn create(path: &Path, input: &Path) -> io::Result<IndexBuilder> {
        let mut header = Vec::new();
        Fingerprint::of(input)?.write(&mut header);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(format!(".{}.partial", std::process::id()));
        let temporary = PathBuf::from(temporary);
        let out = BufWriter::with_capacity(1 << 20, File::create(&temporary)?);
        let mut builder = IndexBuilder {
            out: Some(out),
            temporary,
            path: path.to_owned(),
            crc: crc32fast::Hasher::new(),
            written: 0,
            offsets: Vec::new(),
            failure: None,
        };
        builder.write(&header)?;
        Ok(builder)
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.written += bytes.len() as u64;
        self.out.as_mut().expect("open until finished").write_all(bytes)
    }

    /// Adds the next game's entry (`None`: the game is read from its text).
    /// An error writing it is kept for [`IndexBuilder::finish`].
    pub fn push(&mut self, entry: Option<&[u8]>) {
        if self.failure.is_some() {
            return;
        }
        match entry {
            Some(entry) => {
                self.offsets.push(self.written);
                if let Err(error) = self.write(entry) {
                    self.failure = Some(error);
                }
            }
            None => self.offsets.push(NOT_RECORDED),
        }
    }

    /// Writes the table, and puts the index in its place.
    pub fn finish(mut self) -> io::Result<()> {
        if let Some(error) = self.failure.take() {
            return Err(error);
        }
        let table = self.written;
        let mut tail = Vec::with_capacity(self.offsets.len() * 8 + 16);
        let mut out = ByteWriter(&mut tail);
        for &offset in &self.offsets {
            out.u64(offset);
        }
        out.u64(self.offsets.len() as u64);
        out.u64(table);
        self.write(&tail)?;
        let crc = self.crc.clone().finalize().to_le_bytes();
        let out = self.out.as_mut().expect("open until finished");
        out.write_all(&crc)?;
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
        if let Some(out) = self.out.take() {
            drop(out);
            let _ = fs::remove_file(&self.temporary);
        }
    }
}
