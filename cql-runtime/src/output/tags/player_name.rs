//! Player names as SCID's PGN reader stores them (`standardPlayerName`),
//! with a rating written after the name taken out of it.

use std::borrow::Cow;

use super::rating::MAX_ELO;

/// A `White` or `Black` value as SCID stores it, and the rating it ends
/// with, if any (see [`standardised`]); the value itself (no copy) where
/// it is standard already, as most are.
pub(super) fn player_name(raw: &[u8]) -> (Cow<'_, [u8]>, Option<u32>) {
    if is_standard(raw) {
        return (Cow::Borrowed(raw), None);
    }
    let (name, elo) = standardised(raw);
    (Cow::Owned(name), elo)
}

/// Whether [`standardised`] leaves `raw` as it is, with no rating: no
/// leading space; no trailing dot, space, tab or `)`; no Dutch prefix to
/// change; each comma last or followed by one space and then neither a
/// space nor a comma.
fn is_standard(raw: &[u8]) -> bool {
    let ends = !raw.starts_with(b" ") && !raw.last().is_some_and(|last| matches!(last, b'.' | b' ' | b'\t' | b')'));
    let dutch = [&b"van "[..], b"Van Der ", b"Van Den ", b"Van De "].iter().any(|prefix| raw.starts_with(prefix));
    let commas = raw.iter().enumerate().filter(|(_, byte)| **byte == b',').all(|(at, _)| {
        at + 1 == raw.len() || (raw[at + 1] == b' ' && raw.get(at + 2).is_some_and(|next| !matches!(next, b' ' | b',')))
    });
    ends && !dutch && commas
}

/// A `White` or `Black` value as SCID stores it, and the rating it ends
/// with, if any: leading spaces dropped; after a comma, one space before
/// the next word; trailing dots, spaces and tabs trimmed; `van ` at the
/// start capitalized and `Van Der`/`Den`/`De` given a small `d`; then a
/// rating after the name, ` (dddd)`, cut off (`van Wely, L. (2650)` is
/// `Van Wely, L.` rated 2650, at most 4000).
fn standardised(raw: &[u8]) -> (Vec<u8>, Option<u32>) {
    let mut name = Vec::with_capacity(raw.len());
    let mut after_comma = false;
    let mut at_start = true;
    for &byte in raw {
        match byte {
            b',' => {
                name.push(b',');
                after_comma = true;
                at_start = false;
            }
            b' ' if after_comma || at_start => {}
            _ => {
                if after_comma {
                    name.push(b' ');
                    after_comma = false;
                }
                at_start = false;
                name.push(byte);
            }
        }
    }
    let kept = name.iter().rposition(|byte| !matches!(byte, b'.' | b' ' | b'\t')).map_or(0, |last| last + 1);
    name.truncate(kept);
    standard_dutch_prefix(&mut name);
    let elo = rating_suffix(&name);
    if elo.is_some() {
        name.truncate(name.len() - b" (dddd)".len());
    }
    (name, elo)
}

/// `van ...` as `Van ...`, and `Van Der`, `Van Den`, `Van De` with a small `d`.
fn standard_dutch_prefix(name: &mut [u8]) {
    if name.starts_with(b"van ") {
        name[0] = b'V';
    }
    if [&b"Van Der "[..], b"Van Den ", b"Van De "].iter().any(|prefix| name.starts_with(prefix)) {
        name[4] = b'd';
    }
}

/// The rating of a name longer than 7 bytes that ends ` (dddd)`.
fn rating_suffix(name: &[u8]) -> Option<u32> {
    let suffix = name.len().checked_sub(7).filter(|&start| start > 0).map(|start| &name[start..])?;
    let digits = &suffix[2..6];
    let shape = suffix.starts_with(b" (") && suffix[6] == b')' && digits.iter().all(u8::is_ascii_digit);
    shape.then(|| digits.iter().fold(0, |value, &digit| value * 10 + u32::from(digit - b'0')).min(MAX_ELO))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(raw: &str) -> (String, Option<u32>) {
        let (name, elo) = player_name(raw.as_bytes());
        (String::from_utf8(name.into_owned()).unwrap(), elo)
    }

    /// The shortcut for standard names gives what the full reading gives,
    /// on every name of up to five bytes of letters, commas, spaces, dots,
    /// tabs and brackets, and on the Dutch prefixes.
    #[test]
    fn standard_names_are_kept_as_the_full_reading_keeps_them() {
        let alphabet = b"a,. \t()";
        let mut names: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..5 {
            let longer: Vec<Vec<u8>> =
                names.iter().flat_map(|name| alphabet.iter().map(move |&byte| [&name[..], &[byte]].concat())).collect();
            names.extend(longer);
            names.dedup();
        }
        names.extend(
            ["van x", "Van Der x", "Van Den x", "Van De x", "Van Dex", "X (2800)", "X (280)"]
                .map(|name| name.as_bytes().to_vec()),
        );
        for name in names {
            let (kept, elo) = player_name(&name);
            assert_eq!((kept.into_owned(), elo), standardised(&name), "{:?}", String::from_utf8_lossy(&name));
        }
    }

    /// Names CQL 6.2 wrote (`tests/tag_fixtures/names`).
    #[test]
    fn names_are_standardised_as_scid_does() {
        for (raw, name) in [
            ("Abdusattorov,Nodirbek", "Abdusattorov, Nodirbek"),
            ("van der Wiel,  J.  ", "Van der Wiel, J"),
            ("Carlsen , Magnus", "Carlsen , Magnus"),
            ("  Carlsen.", "Carlsen"),
            ("A,,B", "A,, B"),
            ("van den Berg", "Van den Berg"),
            ("Van De Berg", "Van de Berg"),
            ("vAn der x", "vAn der x"),
            ("Tab\there, x\t", "Tab\there, x"),
            ("a, b, c,d", "a, b, c, d"),
            ("?", "?"),
            ("", ""),
        ] {
            assert_eq!(read(raw), (name.to_owned(), None), "{raw}");
        }
    }

    #[test]
    fn a_rating_after_the_name_is_taken_out() {
        assert_eq!(read("Kasparov (2800)"), ("Kasparov".to_owned(), Some(2800)));
        assert_eq!(read("van Wely, L. (2650)"), ("Van Wely, L.".to_owned(), Some(2650)));
        assert_eq!(read("X (9999)"), ("X".to_owned(), Some(4000)));
        assert_eq!(read("X(2800)"), ("X(2800)".to_owned(), None));
        assert_eq!(read("X (28000)"), ("X (28000)".to_owned(), None));
    }
}
