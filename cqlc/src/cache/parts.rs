//! The parts of the cache, their sizes, and clearing them.

use std::{collections::BTreeSet, fs, io, path::Path};

use super::{Cache, INDEX, RUNTIMES, searcher_of};

/// A part of the cache, as `cqlc cache clear` names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// The runtimes' packages: each runtime's build, and the searchers built
    /// on it.
    Runtime,
    /// The searchers: their programs and binaries (the runtimes' builds stay).
    Searchers,
    /// The move indexes.
    Index,
    /// All of the above.
    All,
}

/// The size of each part of the cache, in bytes.
#[derive(Default, Debug)]
pub struct Usage {
    /// The runtimes' builds (and copies), without their searchers.
    pub runtime_builds: u64,
    /// How many runtimes.
    pub runtimes: usize,
    /// The searchers: programs, binaries, what cargo keeps of them.
    pub searchers: u64,
    /// How many searchers.
    pub searcher_count: usize,
    /// The move indexes.
    pub index: u64,
    /// How many move indexes.
    pub index_count: usize,
    /// Anything else in the cache folder.
    pub other: u64,
}

impl Usage {
    /// Everything in the cache folder.
    pub fn total(&self) -> u64 {
        self.runtime_builds + self.searchers + self.index + self.other
    }
}

impl Cache {
    /// The size of each part.
    pub fn usage(&self) -> io::Result<Usage> {
        let mut usage = Usage::default();
        let Ok(entries) = fs::read_dir(&self.root) else { return Ok(usage) };
        for entry in entries {
            let entry = entry?;
            let path = entry.path();
            match entry.file_name().to_str() {
                Some(RUNTIMES) => {}
                Some(INDEX) => {
                    usage.index = size_of(&path)?;
                    usage.index_count = fs::read_dir(&path)?.count();
                }
                _ => usage.other += size_of(&path)?,
            }
        }
        let mut searchers = BTreeSet::new();
        for package in self.package_dirs() {
            usage.runtimes += 1;
            let mut sizes = |name: &str, bytes: u64| match searcher_of(name) {
                Some(searcher) => {
                    usage.searchers += bytes;
                    searchers.insert((package.clone(), searcher.to_owned()));
                }
                None => usage.runtime_builds += bytes,
            };
            walk_by_name(&package, &mut sizes)?;
        }
        usage.searcher_count = searchers.len();
        Ok(usage)
    }

    /// Removes `part` of the cache.
    pub fn clear(&self, part: Part) -> io::Result<()> {
        if matches!(part, Part::Index | Part::All) {
            remove(&self.root.join(INDEX))?;
        }
        match part {
            Part::Runtime | Part::All => remove(&self.root.join(RUNTIMES)),
            Part::Searchers => {
                for package in self.package_dirs() {
                    remove_where(&package, &|name| searcher_of(name).is_some())?;
                }
                Ok(())
            }
            Part::Index => Ok(()),
        }
    }
}

/// Calls `found` with the name and size of each file or folder under `dir`
/// that belongs to a searcher (the folder whole), and of each other file.
fn walk_by_name(dir: &Path, found: &mut impl FnMut(&str, u64)) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if searcher_of(&name).is_some() {
            found(&name, size_of(&path)?);
        } else if entry.file_type()?.is_dir() {
            walk_by_name(&path, found)?;
        } else {
            found(&name, entry.metadata()?.len());
        }
    }
    Ok(())
}

/// Removes each file or folder under `dir` whose name `doomed` picks.
pub(super) fn remove_where(dir: &Path, doomed: &dyn Fn(&str) -> bool) -> io::Result<()> {
    let Ok(entries) = fs::read_dir(dir) else { return Ok(()) };
    for entry in entries {
        let entry = entry?;
        if doomed(&entry.file_name().to_string_lossy()) {
            remove(&entry.path())?;
        } else if entry.file_type()?.is_dir() {
            remove_where(&entry.path(), doomed)?;
        }
    }
    Ok(())
}

/// Removes the file or folder `path`, if it is there.
fn remove(path: &Path) -> io::Result<()> {
    let removed = match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    };
    removed.map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))
}

/// The bytes of the files at or under `path` (links not followed).
fn size_of(path: &Path) -> io::Result<u64> {
    let metadata = fs::symlink_metadata(path)?;
    if !metadata.is_dir() {
        return Ok(metadata.len());
    }
    let mut size = 0;
    for entry in fs::read_dir(path)? {
        size += size_of(&entry?.path())?;
    }
    Ok(size)
}
