//! Where cqlc keeps what it makes for later runs: the packages `cqlc run`
//! builds, and the move indexes of searched files.

use std::path::PathBuf;

/// `$CQLC_CACHE`, else `$XDG_CACHE_HOME/cqlc`, else `~/.cache/cqlc` (else in
/// the temporary folder); a variable set to nothing counts as unset.
pub fn cache_dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    if let Some(dir) = var("CQLC_CACHE") {
        return dir;
    }
    let base = var("XDG_CACHE_HOME")
        .or_else(|| var("HOME").map(|home| home.join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("cqlc")
}
