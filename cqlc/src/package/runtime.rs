//! The runtime's source, which cqlc carries (embedded by `build.rs` when
//! cqlc is built) and writes into each searcher package as the folder
//! `cql-runtime`, so that a package needs nothing outside itself.
//!
//! Each file of a copy gets the time the original was modified: copies of
//! one runtime in two packages look the same to cargo, which builds the
//! runtime once for both in a shared target folder, and a changed runtime
//! is newer than what was built from the old one.

use std::{
    fs, io,
    path::Path,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

/// A file of the runtime's source.
pub struct EmbeddedFile {
    /// Its path in a searcher package (`cql-runtime/src/lib.rs`).
    pub path: &'static str,
    /// Its content.
    pub bytes: &'static [u8],
    /// When the original was modified: seconds and nanoseconds since 1970.
    pub modified: (u64, u32),
}

include!(concat!(env!("OUT_DIR"), "/runtime_files.rs"));

/// How the manifests of a runtime's copy begin (`build.rs` writes it).
const OWN_COPY: &str = "# The runtime of cqlc's searchers, written by cqlc";

/// The folder of a package that holds its copy of the runtime.
pub const RUNTIME_FOLDER: &str = "cql-runtime";

/// What names this runtime: cqlc's version and a hash of the runtime's
/// source and lock file (`0.1.0-0123456789abcdef`).
pub fn runtime_id() -> String {
    let mut parts: Vec<&[u8]> = Vec::with_capacity(2 * RUNTIME_FILES.len() + 1);
    for file in RUNTIME_FILES {
        parts.push(file.path.as_bytes());
        parts.push(file.bytes);
    }
    parts.push(WORKSPACE_LOCK.as_bytes());
    format!("{}-{:016x}", env!("CARGO_PKG_VERSION"), cql_vocabulary::fnv1a(&parts))
}

/// Writes the runtime's copy into the package `dir` (files that are already
/// as they should be are left alone; files of an older copy that this one
/// does not have are removed) and tells whether anything changed. A
/// `cql-runtime` folder that cqlc did not write is a user's own: it is
/// left alone, and the error says so.
pub fn write_runtime(dir: &Path) -> io::Result<bool> {
    let folder = dir.join(RUNTIME_FOLDER);
    if fs::read(folder.join("Cargo.toml")).is_ok_and(|manifest| !manifest.starts_with(OWN_COPY.as_bytes())) {
        let message = format!("{} is not a runtime cqlc wrote; it is left as it is", folder.display());
        return Err(io::Error::new(io::ErrorKind::AlreadyExists, message));
    }
    let mut changed = remove_stale_files(&folder, dir)?;
    for file in RUNTIME_FILES {
        let path = dir.join(file.path);
        if fs::read(&path).is_ok_and(|existing| existing == file.bytes) {
            continue;
        }
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        // Written whole under another name, so that a cqlc building from
        // the copy meanwhile never reads half a file.
        let temporary = path.with_extension(format!("{}.cqlc-tmp", std::process::id()));
        let (seconds, nanoseconds) = file.modified;
        let modified = UNIX_EPOCH + Duration::new(seconds, nanoseconds);
        fs::write(&temporary, file.bytes)
            .and_then(|()| {
                fs::File::options().write(true).open(&temporary)?.set_modified(modified.min(SystemTime::now()))
            })
            .and_then(|()| fs::rename(&temporary, &path))
            .inspect_err(|_| {
                let _ = fs::remove_file(&temporary);
            })?;
        changed = true;
    }
    Ok(changed)
}

/// Removes the files under `folder` that the runtime does not have (their
/// paths taken relative to the package `dir`), but those another cqlc is
/// writing, and tells whether there were any.
fn remove_stale_files(folder: &Path, dir: &Path) -> io::Result<bool> {
    let Ok(entries) = fs::read_dir(folder) else { return Ok(false) };
    let mut removed = false;
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            removed |= remove_stale_files(&path, dir)?;
            continue;
        }
        let relative = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        let written_meanwhile = relative.ends_with(".cqlc-tmp");
        if !written_meanwhile && !RUNTIME_FILES.iter().any(|file| file.path == relative) {
            fs::remove_file(&path)?;
            removed = true;
        }
    }
    Ok(removed)
}
