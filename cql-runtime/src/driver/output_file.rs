//! Where matching games are written ([`OutputFile`]), so that no run ever
//! leaves a half-written file under the name the user asked for.
//!
//! A regular file is written under a temporary name in the same folder and
//! renamed into place when the search has gone through the whole input: two
//! searchers writing the same output leave one whole, never a mix. A run that
//! stops early (interrupted, the disk full, the input damaged) keeps the
//! games written whole under a name that says so (`hits.partial.pgn`), or
//! nothing. Standard output, pipes and devices are written directly, each
//! game at once, so that a closed pipe or a full device stops the search at
//! the first game. A name ending in `.gz` or `.zst` is written compressed.

use std::{
    fs::{self, OpenOptions},
    io::{self, BufWriter, Write},
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
};

use flate2::{Compression, write::GzEncoder};

use super::{append::append_into, interrupt, query_output, run_settings::OutputOrigin};
use crate::abandoned;

/// The output of a searcher run.
pub(super) struct OutputFile {
    encoder: Encoder,
    place: Place,
    /// The number of bytes of whole games handed to the encoder.
    written: u64,
    /// Where each game written ends, for cutting a plain file back to its
    /// whole games after a failed write.
    game_ends: Vec<u64>,
    /// The games are added to the end of the target (`-append`), see
    /// [`append`](super::append).
    append: bool,
}

/// Where the bytes go.
enum Place {
    /// Standard output.
    Stdout,
    /// A pipe or device, written directly.
    Direct,
    /// A regular file, written as `temporary` and renamed to `target`.
    Staged { temporary: PathBuf, target: PathBuf },
}

/// The compression of the output.
enum Encoder {
    Plain(BufWriter<Box<dyn Write + Send>>),
    Gzip(GzEncoder<BufWriter<Box<dyn Write + Send>>>),
    Zstd(zstd::Encoder<'static, BufWriter<Box<dyn Write + Send>>>),
}

/// What became of the games written by a run that stopped early.
pub(super) enum Kept {
    /// They went to standard output or a device, as they were found.
    AsWritten,
    /// The whole games are in this file.
    Partial(PathBuf),
    /// No game was written; nothing is left behind.
    Nothing,
}

impl OutputFile {
    /// Opens the output `path` (`-`: standard output), named as `origin`
    /// says, refusing the file `input` itself (writing it would destroy
    /// the games being read) and, for a file a query's header names, what
    /// [`query_output`] refuses.
    pub(super) fn create(path: &Path, inputs: &[PathBuf], origin: OutputOrigin) -> io::Result<OutputFile> {
        if path == Path::new("-") {
            let stdout: Box<dyn Write + Send> = Box::new(io::stdout());
            return OutputFile::new(stdout, Place::Stdout, path);
        }
        if origin == OutputOrigin::Query {
            query_output::check(path)?;
        }
        refuse_input(path, inputs)?;
        // The real file behind a symbolic link is the one to replace.
        let target = match fs::symlink_metadata(path) {
            Ok(metadata) if metadata.file_type().is_symlink() => fs::canonicalize(path)?,
            _ => path.to_path_buf(),
        };
        match fs::metadata(&target) {
            Ok(metadata) if !metadata.is_file() => {
                let device = OpenOptions::new().write(true).open(&target)?;
                OutputFile::new(Box::new(device), Place::Direct, path)
            }
            existing => {
                let folder = target.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
                abandoned::remove_abandoned(folder, is_temporary_name);
                let temporary = temporary_name(&target);
                let file = OpenOptions::new().write(true).create_new(true).open(&temporary)?;
                // Held while the file is written: a later run that finds
                // the lock free knows the file was abandoned.
                let _ = file.try_lock();
                interrupt::remove_at_once(&temporary);
                if let Ok(metadata) = existing {
                    // Replacing a file keeps its permissions.
                    let _ = file.set_permissions(metadata.permissions());
                }
                OutputFile::new(Box::new(file), Place::Staged { temporary, target }, path)
            }
        }
    }

    fn new(out: Box<dyn Write + Send>, place: Place, path: &Path) -> io::Result<OutputFile> {
        let buffered = BufWriter::with_capacity(1 << 16, out);
        let name = path.to_string_lossy();
        let encoder = if name.ends_with(".gz") {
            Encoder::Gzip(GzEncoder::new(buffered, Compression::default()))
        } else if name.ends_with(".zst") {
            Encoder::Zstd(zstd::Encoder::new(buffered, 3)?)
        } else {
            Encoder::Plain(buffered)
        };
        Ok(OutputFile { encoder, place, written: 0, game_ends: Vec::new(), append: false })
    }

    /// An output that keeps nothing (`-count`).
    pub(super) fn discard() -> io::Result<OutputFile> {
        OutputFile::new(Box::new(io::sink()), Place::Direct, Path::new(""))
    }

    /// The output, adding its games to the end of the existing file
    /// (`-append`) instead of replacing it.
    pub(super) fn appending(self) -> OutputFile {
        OutputFile { append: true, ..self }
    }

    /// Writes one game's text; to standard output or a device at once.
    pub(super) fn write_game(&mut self, pgn: &[u8]) -> io::Result<()> {
        self.encoder.writer().write_all(pgn)?;
        self.written += pgn.len() as u64;
        self.game_ends.push(self.written);
        if !matches!(self.place, Place::Staged { .. }) {
            self.encoder.writer().flush()?;
        }
        Ok(())
    }

    /// Sends what is buffered on (after each batch of games).
    pub(super) fn flush(&mut self) -> io::Result<()> {
        self.encoder.writer().flush()
    }

    /// Whether any game has been written.
    pub(super) fn has_games(&self) -> bool {
        self.written > 0
    }

    /// Ends a complete run: the output is renamed into place.
    pub(super) fn commit(self) -> io::Result<()> {
        let OutputFile { encoder, place, append, .. } = self;
        let file = encoder.finish()?;
        drop(file);
        if let Place::Staged { temporary, target } = &place {
            if append {
                let appended = append_into(temporary, target, &temporary_name(target));
                interrupt::forget(temporary);
                return appended.map_err(|error| {
                    let partial = partial_name(target);
                    let kept = match fs::rename(temporary, &partial) {
                        Ok(()) => partial,
                        Err(_) => temporary.clone(),
                    };
                    io::Error::new(
                        error.kind(),
                        format!("{error}; the file was left as it was, the new games are in {}", kept.display()),
                    )
                });
            }
            let renamed = fs::rename(temporary, target).inspect_err(|_| {
                let _ = fs::remove_file(temporary);
            });
            interrupt::forget(temporary);
            renamed?;
        }
        Ok(())
    }

    /// Ends a run that stopped early: the whole games written are kept under
    /// a name that says so, or nothing is left.
    pub(super) fn keep_partial(self) -> Kept {
        let OutputFile { encoder, place, game_ends, .. } = self;
        let Place::Staged { temporary, target } = place else {
            let _ = encoder.finish();
            return Kept::AsWritten;
        };
        let kept = keep_whole_games(encoder, &temporary, &target, &game_ends);
        interrupt::forget(&temporary);
        kept
    }
}

/// Ends the staged output `temporary` of `target`: its whole games, if any,
/// are kept under the name of a partial output.
fn keep_whole_games(encoder: Encoder, temporary: &Path, target: &Path, game_ends: &[u64]) -> Kept {
    let compressed = !matches!(encoder, Encoder::Plain(_));
    let finished = encoder.finish();
    let whole_games = match finished {
        Ok(_) => game_ends.last().copied().unwrap_or(0),
        // The file holds some prefix of what was written: cut it back
        // to the last game that reached the disk whole.
        Err(_) if !compressed => cut_to_whole_games(temporary, game_ends),
        Err(_) => 0,
    };
    if whole_games == 0 {
        let _ = fs::remove_file(temporary);
        return Kept::Nothing;
    }
    let partial = partial_name(target);
    match fs::rename(temporary, &partial) {
        Ok(()) => Kept::Partial(partial),
        Err(_) => Kept::Partial(temporary.to_path_buf()),
    }
}

impl Encoder {
    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Encoder::Plain(out) => out,
            Encoder::Gzip(out) => out,
            Encoder::Zstd(out) => out,
        }
    }

    /// Ends the compressed stream, if any, and flushes everything.
    fn finish(self) -> io::Result<Box<dyn Write + Send>> {
        let buffered = match self {
            Encoder::Plain(out) => out,
            Encoder::Gzip(out) => out.finish()?,
            Encoder::Zstd(out) => out.finish()?,
        };
        buffered.into_inner().map_err(|error| error.into_error())
    }
}

/// Cuts the plain file `path` back to the last of `game_ends` it holds
/// whole; returns its new length.
fn cut_to_whole_games(path: &Path, game_ends: &[u64]) -> u64 {
    let Ok(length) = fs::metadata(path).map(|metadata| metadata.len()) else { return 0 };
    let whole = game_ends.iter().copied().take_while(|end| *end <= length).last().unwrap_or(0);
    match OpenOptions::new().write(true).open(path).and_then(|file| file.set_len(whole)) {
        Ok(()) => whole,
        Err(_) => 0,
    }
}

/// An error if `output` is the file `input` (the same file under any name).
fn refuse_input(output: &Path, inputs: &[PathBuf]) -> io::Result<()> {
    let Ok(out) = fs::metadata(output) else { return Ok(()) };
    for input in inputs.iter().filter(|input| *input != Path::new("-")) {
        let Ok(inp) = fs::metadata(input) else { continue };
        if !same_file(&out, &inp) {
            continue;
        }
        let message = format!(
            "is the input file {}: writing it would destroy the games being searched; give another -o",
            input.display()
        );
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    a.len() == b.len() && a.modified().ok() == b.modified().ok() && a.created().ok() == b.created().ok()
}

/// Whether `name` is that of a temporary output, see [`temporary_name`].
fn is_temporary_name(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(TEMPORARY_SUFFIX)
}

/// How the names of temporary outputs end.
const TEMPORARY_SUFFIX: &str = ".cqlc-tmp";

/// A fresh name beside `target` for writing it: `.hits.pgn.1234-0.cqlc-tmp`
/// (the process, and the run within it).
fn temporary_name(target: &Path) -> PathBuf {
    static RUNS: AtomicU64 = AtomicU64::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let name = target.file_name().map_or_else(|| "output".into(), |name| name.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{}-{run}{TEMPORARY_SUFFIX}", std::process::id()))
}

/// The name of an incomplete output: `hits.pgn` → `hits.partial.pgn`,
/// `hits.pgn.zst` → `hits.partial.pgn.zst`, `hits` → `hits.partial`.
pub(super) fn partial_name(target: &Path) -> PathBuf {
    let name = target.file_name().map_or_else(|| "output".into(), |name| name.to_string_lossy().into_owned());
    let (uncompressed, compression) = match name.rfind('.') {
        Some(dot) if [".gz", ".zst"].contains(&&name[dot..]) => name.split_at(dot),
        _ => (name.as_str(), ""),
    };
    let partial = match uncompressed.rfind('.') {
        Some(dot) if dot > 0 => format!("{}.partial{}{compression}", &uncompressed[..dot], &uncompressed[dot..]),
        _ => format!("{uncompressed}.partial{compression}"),
    };
    target.with_file_name(partial)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_incomplete_output_says_so_before_its_extensions() {
        assert_eq!(partial_name(Path::new("out/hits.pgn")), Path::new("out/hits.partial.pgn"));
        assert_eq!(partial_name(Path::new("hits.pgn.zst")), Path::new("hits.partial.pgn.zst"));
        assert_eq!(partial_name(Path::new("hits")), Path::new("hits.partial"));
        assert_eq!(partial_name(Path::new(".hidden")), Path::new(".hidden.partial"));
        assert_eq!(partial_name(Path::new("run.2.pgn")), Path::new("run.2.partial.pgn"));
        assert_eq!(partial_name(Path::new("hits.gz")), Path::new("hits.partial.gz"));
    }
}
