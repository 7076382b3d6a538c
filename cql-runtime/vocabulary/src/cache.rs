//! Where cqlc keeps what it makes for later runs (the packages `cqlc run`
//! builds, the move indexes of searched files), and the hash that names and
//! tells apart what it keeps.

use std::path::PathBuf;

/// `$CQLC_CACHE`, else `$XDG_CACHE_HOME/cqlc`, else the platform's cache
/// folder's `cqlc` (`~/.cache/cqlc` on Linux and the other Unixes,
/// `~/Library/Caches/cqlc` on macOS, `%LOCALAPPDATA%\cqlc` on Windows),
/// else in the temporary folder; a variable set to nothing counts as unset.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = env_path("CQLC_CACHE") {
        return dir;
    }
    let base = env_path("XDG_CACHE_HOME").or_else(platform_cache_dir).unwrap_or_else(std::env::temp_dir);
    base.join("cqlc")
}

/// The variable `name`, unless unset or empty.
fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from)
}

/// The user's cache folder on macOS and Windows.
#[cfg(any(target_os = "macos", windows))]
fn platform_cache_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.cache_dir().to_path_buf())
}

/// `~/.cache`.
#[cfg(not(any(target_os = "macos", windows)))]
fn platform_cache_dir() -> Option<PathBuf> {
    env_path("HOME").map(|home| home.join(".cache"))
}

/// FNV-1a over `parts`, each followed by a separator: a stable key for what
/// is kept (a compiled query, the source of the reader that made an index);
/// `const`, so that it can be taken when a crate is compiled.
pub const fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut part = 0;
    while part < parts.len() {
        let bytes = parts[part];
        let mut at = 0;
        while at < bytes.len() {
            hash ^= bytes[at] as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            at += 1;
        }
        hash ^= 0xff;
        part += 1;
    }
    hash
}
