//! The corpus a whole-file benchmark reads: the file named on its command
//! line, else the unpacked `master-games.pgn` in the system's temporary
//! directory (where `benches/corpus.sh` unpacks it), else
//! `../shared/corpora/twic-sample.pgn`.

use std::{
    env,
    path::{Path, PathBuf},
};

/// The path of the corpus to read.
pub fn corpus() -> PathBuf {
    if let Some(path) = env::args().skip(1).find(|arg| !arg.starts_with('-')) {
        return PathBuf::from(path);
    }
    let master = env::temp_dir().join("master-games.pgn");
    if master.exists() {
        return master;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora/twic-sample.pgn")
}
