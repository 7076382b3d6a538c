//! Appending a run's games to an existing output ([`append_into`]) without
//! ever leaving it half-written: the new games are written to a temporary
//! file as any output is; when the search is complete, a second temporary
//! file beside the target gets the target's old bytes, then the new games,
//! and is renamed over the target. A reader (or a crash) sees the old file
//! or the whole new one, never a game cut in two; a search that stops early
//! leaves the target as it was and keeps its new games as a partial output.
//! A gzip or zstd output gets the new games as a stream of its own after
//! the old ones, which readers take as one.

use std::{
    fs::{self, File, OpenOptions},
    io::{self, ErrorKind},
    path::Path,
};

use super::interrupt;

/// Replaces `target` with its old bytes (none if it does not exist)
/// followed by those of `new_games`, through the temporary file `joined`;
/// `new_games` is removed once it is in place. On failure `joined` is
/// removed and `target` and `new_games` are left as they were.
pub(super) fn append_into(new_games: &Path, target: &Path, joined: &Path) -> io::Result<()> {
    let mut out = OpenOptions::new().write(true).create_new(true).open(joined)?;
    interrupt::remove_at_once(joined);
    let copied = copy_old_and_new(&mut out, target, new_games).and_then(|()| out.sync_all());
    drop(out);
    let placed = copied.and_then(|()| fs::rename(joined, target));
    if placed.is_err() {
        let _ = fs::remove_file(joined);
    }
    interrupt::forget(joined);
    placed?;
    let _ = fs::remove_file(new_games);
    Ok(())
}

/// Writes the bytes of `target` (if it exists, keeping its permissions),
/// then those of `new_games`, to `out`.
fn copy_old_and_new(out: &mut File, target: &Path, new_games: &Path) -> io::Result<()> {
    match File::open(target) {
        Ok(mut old) => {
            let _ = out.set_permissions(old.metadata()?.permissions());
            io::copy(&mut old, out)?;
        }
        Err(error) if error.kind() == ErrorKind::NotFound => {}
        Err(error) => return Err(error),
    }
    io::copy(&mut File::open(new_games)?, out)?;
    Ok(())
}
