//! How CQL 6.2 estimates the number of games of an input for
//! `lastgamenumber`: the times `[White ` appears in its text, wherever
//! (a tag, a comment), as it counts them.

use std::{fs::File, io::Read, path::Path};

use memchr::memmem::Finder;

use super::{SourceError, decode::decode};

/// What CQL 6.2 counts.
const WHITE_TAG: &[u8] = b"[White ";

/// How many times `[White ` appears in the PGN text of the file `path`
/// (decompressed, for a gzip or zstd file).
pub fn count_white_tags(path: &Path) -> Result<u64, SourceError> {
    let name = path.display().to_string();
    let fail = |error| SourceError { name: name.clone(), error };
    let file = File::open(path).map_err(fail)?;
    let (_, mut text) = decode(&name, Box::new(file)).map_err(fail)?;
    let finder = Finder::new(WHITE_TAG);
    let mut buffer = vec![0u8; 1 << 16];
    // The bytes kept from the end of the last read: a `[White ` cut in two
    // by a read is found whole.
    let mut kept = 0;
    let mut count = 0;
    loop {
        let read = match text.read(&mut buffer[kept..]) {
            Ok(0) => return Ok(count),
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(fail(error)),
        };
        let filled = kept + read;
        count += finder.find_iter(&buffer[..filled]).count() as u64;
        // No `[White ` fits in fewer bytes than it has: keep one byte less.
        kept = (WHITE_TAG.len() - 1).min(filled);
        buffer.copy_within(filled - kept..filled, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_white_tags_anywhere_even_across_reads() {
        let dir = std::env::temp_dir().join(format!("cql-white-tags-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        let filler = "x".repeat((1 << 16) - 3);
        let text = format!("[White \"a\"]\n1.e4 *\n{filler}[White \"b\"] {{[White in a comment}} [Black \"c\"]");
        std::fs::write(&path, text).unwrap();
        assert_eq!(count_white_tags(&path).unwrap(), 3);
        std::fs::write(&path, "").unwrap();
        assert_eq!(count_white_tags(&path).unwrap(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
