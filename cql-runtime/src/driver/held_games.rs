//! The matching games of a query that sorts, held until the search ends and
//! then written in sort order ([`HeldGames`]); the same holds a batch
//! query's `message` lines (with no sort: in input order) until its turn
//! to print them.
//!
//! What is held in memory is each game's number and sort values, and where
//! its text is. The texts stay in memory up to [`MEMORY_LIMIT`] bytes in
//! all; beyond that they all go to a temporary file (removed as soon as it
//! is open where the system allows it, else when the games are written) and
//! are read back one at a time in sort order. A query that matches much of
//! a large database so holds its keys, not its games.

use std::{
    fs::{self, File, OpenOptions},
    io::{self, Read, Seek, SeekFrom, Write},
    path::PathBuf,
};

use crate::{
    query::Sort,
    sort_keys::{SortValue, compare_keys},
};

/// How many bytes of game text are held in memory before they go to a file.
const MEMORY_LIMIT: usize = 8 << 20;

/// Matching games waiting to be written in sort order.
#[derive(Default)]
pub(super) struct HeldGames {
    games: Vec<Held>,
    in_memory: usize,
    spill: Option<Spill>,
}

/// One held game: its number, its sort values and where its text is.
struct Held {
    number: u64,
    sort_values: Vec<Option<SortValue>>,
    text: Text,
}

enum Text {
    Memory(Vec<u8>),
    /// In the temporary file, from this offset, this many bytes.
    Spilled(u64, usize),
}

/// The temporary file the texts went to.
struct Spill {
    file: File,
    /// Its path, if it could not be removed while open.
    path: Option<PathBuf>,
    length: u64,
}

impl HeldGames {
    /// Holds game `number` with its `sort_values` and `text`.
    pub(super) fn hold(&mut self, number: u64, sort_values: Vec<Option<SortValue>>, text: Vec<u8>) -> io::Result<()> {
        self.in_memory += text.len();
        self.games.push(Held { number, sort_values, text: Text::Memory(text) });
        if self.in_memory > MEMORY_LIMIT {
            self.spill_all()?;
        }
        Ok(())
    }

    /// Moves every text held in memory to the temporary file.
    fn spill_all(&mut self) -> io::Result<()> {
        let spill = match &mut self.spill {
            Some(spill) => spill,
            None => self.spill.insert(Spill::create()?),
        };
        for game in &mut self.games {
            if let Text::Memory(text) = &game.text {
                spill.file.write_all(text)?;
                let length = text.len();
                game.text = Text::Spilled(spill.length, length);
                spill.length += length as u64;
            }
        }
        self.in_memory = 0;
        Ok(())
    }

    /// Hands each game's text to `write` in the order of `sorts` (larger
    /// values first, smaller for `sort min`, ties in input order), stopping
    /// at the first error.
    pub(super) fn write_in_order(
        mut self,
        sorts: &[Sort],
        mut write: impl FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        self.games.sort_by(|a, b| compare_keys(sorts, &a.sort_values, &b.sort_values).then(a.number.cmp(&b.number)));
        let mut buffer = Vec::new();
        for game in &self.games {
            match game.text {
                Text::Memory(ref text) => write(text)?,
                Text::Spilled(offset, length) => {
                    let spill = self.spill.as_mut().expect("spilled texts have their file");
                    buffer.resize(length, 0);
                    spill.file.seek(SeekFrom::Start(offset))?;
                    spill.file.read_exact(&mut buffer)?;
                    write(&buffer)?;
                }
            }
        }
        Ok(())
    }
}

impl Spill {
    /// A new temporary file, removed at once where an open file can be.
    fn create() -> io::Result<Spill> {
        let directory = std::env::temp_dir();
        for attempt in 0u32.. {
            let path = directory.join(format!("cql-sorted-games-{}-{attempt}.pgn", std::process::id()));
            match OpenOptions::new().read(true).write(true).create_new(true).open(&path) {
                Ok(file) => {
                    let path = if cfg!(unix) && fs::remove_file(&path).is_ok() { None } else { Some(path) };
                    return Ok(Spill { file, path, length: 0 });
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists && attempt < 1000 => {}
                Err(error) => return Err(error),
            }
        }
        unreachable!("the loop returns")
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(held: HeldGames, sorts: &[Sort]) -> Vec<String> {
        let mut out = Vec::new();
        held.write_in_order(sorts, |text| {
            out.push(String::from_utf8(text.to_vec()).unwrap());
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn games_come_out_in_sort_order_from_memory_and_from_the_file() {
        let sorts = [Sort::max("n")];
        let mut held = HeldGames::default();
        held.hold(1, vec![Some(SortValue::Number(3))], b"game 1".to_vec()).unwrap();
        held.hold(2, vec![Some(SortValue::Number(7))], b"game 2".to_vec()).unwrap();
        held.spill_all().unwrap();
        assert!(held.spill.is_some());
        held.hold(3, vec![Some(SortValue::Number(5))], b"game 3".to_vec()).unwrap();
        held.hold(4, vec![Some(SortValue::Number(7))], b"game 4".to_vec()).unwrap();
        held.hold(5, vec![None], b"game 5".to_vec()).unwrap();
        assert_eq!(written(held, &sorts), ["game 2", "game 4", "game 3", "game 1", "game 5"]);
    }

    #[test]
    fn texts_beyond_the_limit_go_to_the_file() {
        let mut held = HeldGames::default();
        let big = vec![b'x'; MEMORY_LIMIT / 2 + 1];
        held.hold(1, vec![], big.clone()).unwrap();
        assert!(held.spill.is_none());
        held.hold(2, vec![], big.clone()).unwrap();
        assert!(held.spill.is_some() && held.in_memory == 0);
        let out = written(held, &[]);
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(|text| text.len() == big.len()));
    }
}
