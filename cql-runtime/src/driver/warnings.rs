//! Where the warnings about the input go ([`Warnings`]): standard error
//! (above the progress bar), a log file (`-log FILE`), or nowhere
//! (`-nowarnings`).

use std::{
    fs::File,
    io::{self, BufWriter, Write},
    path::Path,
};

use super::progress::Progress;

/// The destination of a run's warnings about its input.
pub(super) enum Warnings {
    /// Standard error.
    Shown,
    /// A log file, one warning a line.
    Logged(BufWriter<File>),
    /// Nowhere.
    Silenced,
}

impl Warnings {
    /// The warnings of a run, to the log file `log` (created, or emptied
    /// if it exists) if given, nowhere if `silenced`.
    pub(super) fn open(log: Option<&Path>, silenced: bool) -> io::Result<Warnings> {
        Ok(match log {
            Some(path) => Warnings::Logged(BufWriter::new(File::create(path)?)),
            None if silenced => Warnings::Silenced,
            None => Warnings::Shown,
        })
    }

    /// Writes the warning `line`; to standard error, above `progress`.
    pub(super) fn warn(&mut self, progress: &Progress, line: &str) -> io::Result<()> {
        match self {
            Warnings::Shown => progress.println(line),
            Warnings::Logged(log) => writeln!(log, "{line}")?,
            Warnings::Silenced => {}
        }
        Ok(())
    }

    /// Writes what is buffered to the log.
    pub(super) fn flush(&mut self) -> io::Result<()> {
        match self {
            Warnings::Logged(log) => log.flush(),
            _ => Ok(()),
        }
    }
}
