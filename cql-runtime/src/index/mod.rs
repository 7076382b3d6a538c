//! The move index: what reading a file's games found (every move resolved,
//! the tags, comments and NAGs), kept so that later searches of the same
//! file do not read its moves again. Reading moves from PGN text (cutting
//! words, finding which piece `Nf3` moves) is most of what a search of a
//! large file costs; a game rebuilt from its record costs less than half
//! of that (`benches/floors.rs`).
//!
//! A searcher given `-index` uses the input's index if there is one for
//! the file as it is now, and otherwise builds it during that search (which
//! then reads every game, whatever the query's pre-filter, but searches
//! only those it admits), unless another search is building it already.
//! The index is kept in the cache folder, never beside the input; a game is
//! taken from it only if its text is unchanged ([`file`] says how that is
//! checked), so the answers are those of reading the text.
//!
//! Only games read without a problem, in standard chess or Chess960, are
//! recorded; the others are read from their text every time, with their
//! warnings.

mod bytes;
mod file;
mod identity;
mod record;
mod window;

pub use file::{IndexBuilder, MoveIndex, index_path};

use std::{
    io,
    path::Path,
    sync::{Mutex, PoisonError, atomic::Ordering},
};

use crate::{game::Game, pgn::RawGame};

/// How a search uses the move index of its input.
pub enum IndexUse {
    /// Games come from this index where it has them.
    Read(MoveIndex),
    /// Every game is read from its text and recorded into this index.
    Build(Mutex<IndexBuilder>),
}

impl IndexUse {
    /// The index of `input` kept at `path` (a searcher keeps it at
    /// [`index_path`]) if there is one for the input as it is now, else a
    /// new one to build; an error if `input` is no file, the index cannot
    /// be written, or another search is building it now.
    pub fn at(path: &Path, input: &Path) -> io::Result<IndexUse> {
        Ok(match MoveIndex::open(path, input) {
            Some(index) => {
                // What killed builders left goes, though none is built now.
                file::clear_abandoned(path);
                IndexUse::Read(index)
            }
            None => IndexUse::Build(Mutex::new(IndexBuilder::create(path, input)?)),
        })
    }

    /// Puts the index built in its place, if a search read every game into
    /// it (else an error, and no index); nothing to do for an index that
    /// was read.
    pub fn finish(self) -> io::Result<()> {
        match self {
            IndexUse::Read(_) => Ok(()),
            IndexUse::Build(builder) => builder.into_inner().unwrap_or_else(PoisonError::into_inner).finish(),
        }
    }

    /// Reads `raw`'s game into `game` from the index, if it has it (for a
    /// search whose untagged games are of standard chess); `false` means it
    /// is to be read from its text.
    pub fn read(&self, raw: &RawGame<'_>, game: &mut Game) -> bool {
        let IndexUse::Read(index) = self else { return false };
        let taken = index.with_record(raw, |record| record::decode(record, raw, game).is_some()) == Some(true);
        if taken {
            index.taken.fetch_add(1, Ordering::Relaxed);
        }
        taken
    }

    /// Whether every game is to be read from its text and recorded.
    pub fn builds(&self) -> bool {
        matches!(self, IndexUse::Build(_))
    }
}

impl std::fmt::Debug for IndexUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.builds() { "IndexUse::Build" } else { "IndexUse::Read" })
    }
}

/// The index entry of `raw`'s game, read from its text into `game` (with
/// untagged games of standard chess) with no problem (`clean`); `None` if
/// it is not to be recorded.
pub(crate) fn entry(raw: &RawGame<'_>, game: &Game, clean: bool) -> Option<Vec<u8>> {
    if !clean {
        return None;
    }
    file::entry(raw, |record| record::encode(game, record))
}
