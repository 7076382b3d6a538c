//! Temporary files that killed processes left behind (a searcher's output
//! being written, an index being built), found and removed by a later run.
//!
//! A process holds a lock on each temporary file it writes for as long as
//! it runs, so a file whose lock can be taken belongs to no live process.
//! The lock is taken just after the file is made: a file under a minute
//! old is left alone, its maker may be about to take it.

use std::{fs::File, path::Path, time::Duration};

/// How old an unlocked temporary file must be to count as abandoned.
const SETTLED: Duration = Duration::from_secs(60);

/// Removes the files of `dir` named as `is_temporary` says that no live
/// process holds; whether some such file is held by a live process.
pub(crate) fn remove_abandoned(dir: &Path, is_temporary: impl Fn(&str) -> bool) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    let mut held = false;
    for entry in entries.flatten() {
        if !is_temporary(&entry.file_name().to_string_lossy()) {
            continue;
        }
        let Ok(file) = File::options().write(true).open(entry.path()) else { continue };
        let age = entry.metadata().and_then(|metadata| metadata.modified()).ok().and_then(|time| time.elapsed().ok());
        match file.try_lock() {
            Ok(()) if age.is_some_and(|age| age >= SETTLED) => {
                let _ = std::fs::remove_file(entry.path());
            }
            Ok(()) => {}
            Err(_) => held = true,
        }
    }
    held
}
