//! The cache folder (`cql_vocabulary::cache_dir`): what `cqlc run` builds
//! and the searchers' move indexes, laid out as
//!
//! ```text
//! CACHEDIR.TAG              the standard mark that backups may skip the folder
//! runtimes/<runtime>/       one searcher package per runtime (package::Runtime):
//!     cql-runtime/ Cargo.*  its copy of the runtime, its manifest and lock
//!     src/bin/<searcher>.rs each query's program, `q` or `b` and 16 hex digits
//!     used/<searcher>       touched each time the searcher runs
//!     target/               the runtime's build and the searchers' binaries
//! index/                    the move indexes (`-index`)
//! ```
//!
//! Two cqlc versions or checkouts sharing the folder each build in their
//! own `runtimes/<runtime>`, and neither rebuilds the other's runtime. (Not
//! so where `CARGO_TARGET_DIR` is set: `cqlc run` builds there, and the
//! runtime copies of all versions are then one build to cargo, which
//! checks the files of the package being built: an older version's
//! searcher may be built on a newer runtime.)

mod parts;
mod prune;

use std::{
    fs, io,
    path::{Path, PathBuf},
    time::SystemTime,
};

pub use parts::{Part, Usage};
pub use prune::UNUSED_FOR;

use crate::package::{Runtime, runtime::runtime_id};

/// The standard signature that marks a cache folder
/// (<https://bford.info/cachedir/>).
const CACHEDIR_TAG: &str = "Signature: 8a477f597d28d172789f06886806bc55\n\
    # This file is a cache directory tag created by cqlc.\n\
    # For information about cache directory tags see https://bford.info/cachedir/\n";

/// The folder of the per-runtime packages.
const RUNTIMES: &str = "runtimes";
/// The folder of the move indexes (the runtime's `index::file`).
const INDEX: &str = "index";
/// The folder of a package's use stamps.
const USED: &str = "used";

/// The cache folder.
pub struct Cache {
    root: PathBuf,
}

impl Cache {
    /// The cache at `root` (not created).
    pub fn at(root: PathBuf) -> Cache {
        Cache { root }
    }

    /// The user's cache: `cql_vocabulary::cache_dir`.
    pub fn user() -> Cache {
        Cache::at(cql_vocabulary::cache_dir())
    }

    /// The folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Creates the folder, marked with `CACHEDIR.TAG`, if it is not there.
    pub fn create(&self) -> io::Result<()> {
        fs::create_dir_all(&self.root)?;
        let tag = self.root.join("CACHEDIR.TAG");
        if !tag.exists() {
            fs::write(tag, CACHEDIR_TAG)?;
        }
        Ok(())
    }

    /// The package folder of `runtime`: named after the runtime cqlc carries
    /// (its version and a hash of its source), or after the path of another.
    pub fn package_dir(&self, runtime: &Runtime) -> PathBuf {
        let name = match runtime {
            Runtime::Embedded => runtime_id(),
            Runtime::At(path) => {
                let path = path.canonicalize().unwrap_or_else(|_| path.clone());
                format!("path-{:016x}", cql_vocabulary::fnv1a(&[path.to_string_lossy().as_bytes()]))
            }
        };
        self.root.join(RUNTIMES).join(name)
    }

    /// Marks the searcher `binary` of the package in `package_dir` as used
    /// now.
    pub fn touch(&self, package_dir: &Path, binary: &str) -> io::Result<()> {
        let stamp = package_dir.join(USED).join(binary);
        fs::create_dir_all(package_dir.join(USED))?;
        fs::File::create(&stamp)?.set_modified(SystemTime::now())
    }

    /// The package folders of the runtimes in the cache.
    fn package_dirs(&self) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(self.root.join(RUNTIMES)) else { return Vec::new() };
        entries.filter_map(|entry| Some(entry.ok()?.path())).filter(|path| path.is_dir()).collect()
    }
}

/// Whether `name`, a file or folder of a package, belongs to a searcher
/// (its program, stamp, binary, or what cargo keeps of it) and, if so, to
/// which: `q0123456789abcdef`, then nothing, `.` or `-`.
fn searcher_of(name: &str) -> Option<&str> {
    let bytes = name.as_bytes();
    let is_searcher = bytes.len() >= 17
        && matches!(bytes[0], b'q' | b'b')
        && bytes[1..17].iter().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && matches!(bytes.get(17), None | Some(b'.' | b'-'));
    is_searcher.then(|| &name[..17])
}
