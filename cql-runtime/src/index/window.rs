//! Reading a move index file a window at a time, with positioned reads (no
//! memory map: a file cut short while it is read gives a failed read, which
//! sends the game back to its text, never a crash).
//!
//! Each worker thread keeps its own windows: games are searched in input
//! order within a thread, so a window read for one game usually holds the
//! next games' entries too. A window grows while it is read in order (up to
//! [`LARGEST`]) and starts small again after a jump, so a search that takes
//! few games from the index reads little of it, and one that takes them all
//! reads it in large pieces.

use std::{cell::RefCell, fs::File, io};

/// The size of a window after a jump.
const SMALLEST: usize = 4 << 10;
/// The largest window.
const LARGEST: usize = 1 << 20;

/// Bytes of one file read at once, from `start`.
#[derive(Default)]
pub(super) struct Window {
    /// The file the bytes are of ([`super::file::MoveIndex`]'s number), or
    /// 0 for none.
    file: u64,
    start: u64,
    bytes: Vec<u8>,
    /// The size of the next read.
    size: usize,
}

impl Window {
    /// `length` bytes at `at` of `file` (numbered `number`), none of them at
    /// or after `end`; `None` if they cannot be read.
    pub(super) fn get(&mut self, file: &File, number: u64, at: u64, length: usize, end: u64) -> Option<&[u8]> {
        let last = at.checked_add(length as u64)?;
        if last > end {
            return None;
        }
        let held_end = self.start + self.bytes.len() as u64;
        if !(self.file == number && at >= self.start && last <= held_end) {
            let in_order = self.file == number && at >= self.start && at <= held_end + SMALLEST as u64;
            self.size = if in_order { (self.size * 2).clamp(SMALLEST, LARGEST) } else { SMALLEST };
            let size = usize::try_from(end - at).map_or(self.size, |rest| rest.min(self.size)).max(length);
            self.bytes.resize(size, 0);
            self.file = 0;
            read_at(file, &mut self.bytes, at).ok()?;
            (self.file, self.start) = (number, at);
        }
        let from = usize::try_from(at - self.start).ok()?;
        self.bytes.get(from..from + length)
    }
}

/// The windows a thread reads index files through: one on the entries, one
/// on the table.
#[derive(Default)]
pub(super) struct Windows {
    /// On the entries.
    pub(super) entries: Window,
    /// On the table of entry offsets.
    pub(super) table: Window,
}

thread_local! {
    /// This thread's windows.
    pub(super) static WINDOWS: RefCell<Windows> = RefCell::new(Windows::default());
}

/// Fills `buffer` from `file` at `offset`: an error if the file ends first.
pub(super) fn read_at(file: &File, buffer: &mut [u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    return std::os::unix::fs::FileExt::read_exact_at(file, buffer, offset);
    #[cfg(windows)]
    {
        use std::os::windows::fs::FileExt;
        let mut done = 0;
        while done < buffer.len() {
            match file.seek_read(&mut buffer[done..], offset + done as u64)? {
                0 => return Err(io::ErrorKind::UnexpectedEof.into()),
                read => done += read,
            }
        }
        Ok(())
    }
}
