//! What an output file named by a query's header (`cql(output F)`) may be.
//! People run queries they did not write: a query may create a PGN file or
//! replace one, never anything else. CQL 6.2 reads a header's file name only
//! if it ends in `.pgn` or `.PGN`; an existing file is replaced only if it
//! is a regular file that is empty or reads as PGN. The user's own `-o`
//! names any file.

use std::{
    fs::File,
    io::{self, Read},
    path::Path,
};

use crate::pgn::looks_like_pgn;

/// How many bytes of an existing file are looked at to tell it is PGN.
const SNIFFED_BYTES: u64 = 64 << 10;

/// An error unless the query's header may write its output to `path`.
pub(super) fn check(path: &Path) -> io::Result<()> {
    let name = path.to_string_lossy();
    if !(name.ends_with(".pgn") || name.ends_with(".PGN")) {
        return Err(refusal("is not named .pgn or .PGN"));
    }
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(error),
    };
    if !metadata.is_file() {
        return Err(refusal("exists and is not a regular file"));
    }
    let mut start = Vec::new();
    File::open(path)?.take(SNIFFED_BYTES).read_to_end(&mut start)?;
    if start.is_empty() || looks_like_pgn(&start) { Ok(()) } else { Err(refusal("exists and is not a PGN file")) }
}

fn refusal(why: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!(
            "the query's header names this output, which {why}: a query may only create a PGN file or \
             replace one; give -o to write there anyway"
        ),
    )
}
