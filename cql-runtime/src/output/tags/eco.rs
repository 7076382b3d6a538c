//! Opening codes as SCID stores them (`eco_FromString`) and writes them
//! (`eco_ToExtendedString`).

/// An opening code as SCID stores it: a letter A to E (either case), then
/// two digits, of which the text may end before either (`C2` is `C20`),
/// then an optional extension `a` to `z` with an optional digit 1 to 4;
/// none if the text is otherwise.
pub(super) fn eco(raw: &[u8]) -> Option<String> {
    let letter = raw.first()?.to_ascii_uppercase();
    if !(b'A'..=b'E').contains(&letter) {
        return None;
    }
    let mut code = String::from(letter as char);
    for at in 1..3 {
        match raw.get(at) {
            None => {
                code.push_str(&"0".repeat(3 - at));
                return Some(code);
            }
            Some(digit) if digit.is_ascii_digit() => code.push(*digit as char),
            Some(_) => return None,
        }
    }
    if let Some(extension @ b'a'..=b'z') = raw.get(3) {
        code.push(*extension as char);
        if let Some(digit @ b'1'..=b'4') = raw.get(4) {
            code.push(*digit as char);
        }
    }
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes CQL 6.2 wrote (`tests/tag_sections`: `eco`, `filter-edges`).
    #[test]
    fn opening_codes_are_padded_and_invalid_ones_are_none() {
        for (raw, value) in [("C2", "C20"), ("c", "C00"), ("c2", "C20"), ("B12 Caro", "B12"), ("C20b3", "C20b3")] {
            assert_eq!(eco(raw.as_bytes()).as_deref(), Some(value), "{raw}");
        }
        for raw in ["F00", "A0x", "?", ""] {
            assert_eq!(eco(raw.as_bytes()), None, "{raw}");
        }
    }
}
