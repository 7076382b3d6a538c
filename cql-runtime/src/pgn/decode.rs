//! Recognising compressed input by its first bytes, whatever its name: gzip
//! and zstd are decompressed as they are read; bzip2 and xz are recognised and
//! refused with a way to convert them; anything else is read as PGN text.

use std::{
    fmt,
    io::{self, Cursor, Read},
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

/// What an input's first bytes say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// PGN text (anything that is not a known compressed format).
    Text,
    /// gzip (`1f 8b`), decompressed.
    Gzip,
    /// zstd (`28 b5 2f fd`), decompressed.
    Zstd,
    /// bzip2 (`BZh`), refused.
    Bzip2,
    /// xz (`fd 37 7a 58 5a 00`), refused.
    Xz,
}

/// The longest magic number recognised.
pub(super) const MAGIC_BYTES: usize = 6;

impl Format {
    /// The format that `start`, the input's first bytes, announce.
    pub(super) fn of(start: &[u8]) -> Format {
        if start.starts_with(&[0x1f, 0x8b]) {
            Format::Gzip
        } else if start.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Format::Zstd
        } else if start.starts_with(b"BZh") {
            Format::Bzip2
        } else if start.starts_with(&[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) {
            Format::Xz
        } else {
            Format::Text
        }
    }

    /// Why an input named `name` in this format cannot be read (and how to
    /// convert it), or `None` if it can.
    pub(super) fn refusal(self, name: &str) -> Option<io::Error> {
        let tool = match self {
            Format::Bzip2 => "bzip2",
            Format::Xz => "xz",
            Format::Text | Format::Gzip | Format::Zstd => return None,
        };
        let file = if name == "-" { "FILE" } else { name };
        let message = format!(
            "{self} input, which this searcher does not read: decompress it first \
             (`{tool} -dc {file} > games.pgn`, or `{tool} -dc {file} | searcher -i -`), \
             or recompress it with gzip or zstd"
        );
        Some(io::Error::new(io::ErrorKind::InvalidData, message))
    }

    /// The error reported when the input turned out damaged, `offset` bytes
    /// into it (compressed bytes for a compressed input).
    pub(super) fn damage(self, offset: u64, error: &io::Error) -> io::Error {
        let message = match self {
            Format::Text => format!("read error after byte {offset}: {error}"),
            _ => format!("damaged {self} data, found after byte {offset} of the compressed input: {error}"),
        };
        io::Error::new(error.kind(), message)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Text => "text",
            Format::Gzip => "gzip",
            Format::Zstd => "zstd",
            Format::Bzip2 => "bzip2-compressed",
            Format::Xz => "xz-compressed",
        })
    }
}

/// Reads the first bytes of `reader` (named `name`) and returns its format
/// and a reader of its PGN text: those bytes chained back in front of the
/// rest, decompressed if need be.
pub(super) fn decode(name: &str, mut reader: Box<dyn Read + Send>) -> io::Result<(Format, Box<dyn Read + Send>)> {
    let mut start = [0u8; MAGIC_BYTES];
    let mut read = 0;
    while read < MAGIC_BYTES {
        match reader.read(&mut start[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    let format = Format::of(&start[..read]);
    if let Some(refusal) = format.refusal(name) {
        return Err(refusal);
    }
    let whole = Box::new(Cursor::new(start[..read].to_vec()).chain(reader));
    let decoded: Box<dyn Read + Send> = match format {
        Format::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        Format::Zstd => Box::new(zstd::stream::read::Decoder::new(whole)?),
        _ => whole,
    };
    Ok((format, decoded))
}

/// Counts the bytes read from an input (under a decompressor, the
/// compressed bytes), for progress and to place damage.
pub(super) struct CountingReader<R> {
    pub(super) inner: R,
    pub(super) count: Arc<AtomicU64>,
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_their_first_bytes() {
        assert_eq!(Format::of(&[0x1f, 0x8b, 8, 0]), Format::Gzip);
        assert_eq!(Format::of(&[0x28, 0xb5, 0x2f, 0xfd, 0]), Format::Zstd);
        assert_eq!(Format::of(b"BZh91AY"), Format::Bzip2);
        assert_eq!(Format::of(&[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), Format::Xz);
        assert_eq!(Format::of(b"[Event \"x\"]"), Format::Text);
        assert_eq!(Format::of(&[0x1f]), Format::Text);
        assert_eq!(Format::of(b""), Format::Text);
    }

    #[test]
    fn a_short_text_input_is_given_back_whole() {
        let (format, mut reader) = decode("x", Box::new(Cursor::new(b"*\n".to_vec()))).unwrap();
        let mut text = Vec::new();
        reader.read_to_end(&mut text).unwrap();
        assert_eq!((format, &text[..]), (Format::Text, &b"*\n"[..]));
    }

    #[test]
    fn bzip2_and_xz_are_refused_with_a_way_to_convert_them() {
        let error = decode("games.pgn.bz2", Box::new(Cursor::new(b"BZh91AY&SY".to_vec()))).err().unwrap();
        let message = error.to_string();
        assert!(message.starts_with("bzip2-compressed input"), "{message}");
        assert!(message.contains("bzip2 -dc games.pgn.bz2"), "{message}");
        let xz = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00];
        let error = decode("-", Box::new(Cursor::new(xz.to_vec()))).err().unwrap();
        assert!(error.to_string().contains("xz -dc FILE"), "{error}");
    }
}
