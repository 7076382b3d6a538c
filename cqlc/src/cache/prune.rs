//! Removing the searchers that have not been used for a while, so that the
//! cache does not grow without bound with queries tried once.

use std::{
    fs, io,
    time::{Duration, SystemTime},
};

use super::{Cache, USED, parts::remove_where, searcher_of};

/// How long a searcher may go unused before `cqlc run` removes it.
pub const UNUSED_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);

impl Cache {
    /// Removes, from every runtime's package, each searcher whose stamp says
    /// it was last used longer than `unused_for` ago: its program, binary and
    /// what cargo keeps of it. Tells how many went.
    pub fn prune_unused(&self, unused_for: Duration) -> io::Result<usize> {
        let now = SystemTime::now();
        let mut pruned = 0;
        for package in self.package_dirs() {
            let Ok(stamps) = fs::read_dir(package.join(USED)) else { continue };
            for stamp in stamps {
                let stamp = stamp?;
                let name = stamp.file_name().to_string_lossy().into_owned();
                let used = stamp.metadata()?.modified()?;
                if searcher_of(&name) == Some(name.as_str())
                    && now.duration_since(used).unwrap_or_default() > unused_for
                {
                    remove_where(&package, &|entry| searcher_of(entry) == Some(name.as_str()))?;
                    pruned += 1;
                }
            }
        }
        Ok(pruned)
    }
}
