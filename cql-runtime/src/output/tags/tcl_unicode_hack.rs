//! SCID's "hack to work around Tcl/Tk Unicode system" (`TextBuffer::PrintWord`),
//! through which CQL 6.2 writes every tag line: the byte 0xC3 and the byte
//! after it are written as that byte plus 64. The UTF-8 of `ü` (C3 BC) thus
//! becomes Latin-1 `ü` (FC), and every UTF-8 letter from `À` to `ÿ` its
//! Latin-1 byte; other UTF-8 (`Ж`, `—`, `°`) and Latin-1 text pass unchanged.

use std::borrow::Cow;

/// The byte SCID merges with the next one.
const MERGED: u8 = 0xC3;

/// `value` as CQL 6.2 writes it in a tag line. Where 0xC3 ends a word
/// (before a space) SCID adds 64 to the word's end, `@`, and then reads on
/// past the word into stale memory; cqlc writes the `@` alone. Where it
/// ends the value, SCID merges it with the closing quote (`"` as `b`), so
/// the line is no PGN; cqlc keeps it, and the quote.
pub(super) fn apply_tcl_unicode_hack(value: &[u8]) -> Cow<'_, [u8]> {
    if !value.contains(&MERGED) {
        return Cow::Borrowed(value);
    }
    let mut written = Vec::with_capacity(value.len());
    let mut at = 0;
    while at < value.len() {
        match (value[at], value.get(at + 1)) {
            (MERGED, Some(b' ')) => {
                written.push(b'@');
                at += 1;
            }
            (MERGED, Some(&next)) => {
                written.push(next.wrapping_add(64));
                at += 2;
            }
            (byte, _) => {
                written.push(byte);
                at += 1;
            }
        }
    }
    Cow::Owned(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values CQL 6.2 wrote (`tests/tag_fixtures/utf8`).
    #[test]
    fn utf8_letters_of_latin1_become_latin1_and_nothing_else_changes() {
        for (value, written) in [
            (&b"Gr\xc3\xbcnfeld \xe2\x80\x94 \xe2\x82\xac"[..], &b"Gr\xfcnfeld \xe2\x80\x94 \xe2\x82\xac"[..]),
            (b"\xd0\x90\xc3\xbf", b"\xd0\x90\xff"),
            (b"l1 \xfc\xe9", b"l1 \xfc\xe9"),
            (b"\xc3\xc3\xbc", b"\x03\xbc"),
            (b"x\xc3 y", b"x@ y"),
            (b"end\xc3", b"end\xc3"),
        ] {
            assert_eq!(apply_tcl_unicode_hack(value).as_ref(), written);
        }
    }
}
