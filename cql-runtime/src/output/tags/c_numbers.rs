//! The C library's number readers as SCID's PGN reader uses them, with the
//! wrap-arounds of their casts: CQL 6.2 writes what they give.

/// C's `isspace`: the blanks `strtoul`, `atoi` and SCID's FEN reader skip.
pub(super) fn is_c_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `(uint) strtoul(text, NULL, 10)` (SCID's `strGetUnsigned`): blanks, an
/// optional sign, then decimal digits up to the first other byte; 0 without
/// digits. A minus negates modulo 2^64, a number too big for 64 bits is
/// 2^64 − 1, and the cast keeps the low 32 bits (`4294967297` is 1, `-5`
/// is 4294967291).
pub(super) fn strtoul_u32(text: &[u8]) -> u32 {
    let (negative, magnitude) = signed_magnitude(text);
    let value = match magnitude {
        None => 0,
        Some(None) => u64::MAX,
        Some(Some(value)) if negative => value.wrapping_neg(),
        Some(Some(value)) => value,
    };
    value as u32
}

/// `atoi(text)` as glibc computes it, `(int) strtol(text, NULL, 10)`: the
/// number clamped to 64 bits, then its low 32 bits.
pub(super) fn atoi(text: &[u8]) -> i32 {
    let (negative, magnitude) = signed_magnitude(text);
    let value: i64 = match magnitude {
        None => 0,
        Some(Some(value)) if negative => 0i64.checked_sub_unsigned(value).unwrap_or(i64::MIN),
        Some(Some(value)) => i64::try_from(value).unwrap_or(i64::MAX),
        Some(None) if negative => i64::MIN,
        Some(None) => i64::MAX,
    };
    value as i32
}

/// The sign and the digits after leading blanks: none without digits, and
/// `Some(None)` for a number too big for 64 bits.
fn signed_magnitude(text: &[u8]) -> (bool, Option<Option<u64>>) {
    let blanks = text.iter().take_while(|&&byte| is_c_space(byte)).count();
    let text = &text[blanks..];
    let (negative, text) = match text.first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let digits = text.iter().take_while(|byte| byte.is_ascii_digit()).count();
    if digits == 0 {
        return (negative, None);
    }
    let value = text[..digits]
        .iter()
        .try_fold(0u64, |value, &digit| value.checked_mul(10)?.checked_add(u64::from(digit - b'0')));
    (negative, Some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strtoul_wraps_as_the_cast_to_uint_does() {
        for (text, value) in [
            ("2500x", 2500),
            (" \t+2600", 2600),
            ("-5", 4_294_967_291),
            ("-0", 0),
            ("4294967296", 0),
            ("4294967297", 1),
            ("99999999999999999999", u32::MAX),
            ("abc", 0),
            ("", 0),
            ("- 5", 0),
        ] {
            assert_eq!(strtoul_u32(text.as_bytes()), value, "{text}");
        }
    }

    #[test]
    fn atoi_keeps_the_low_32_bits_of_strtol() {
        for (text, value) in [
            ("70000", 70_000),
            ("-1", -1),
            ("2x", 2),
            ("x", 0),
            ("4294967297", 1),
            ("99999999999999999999", -1),
            ("-99999999999999999999", 0),
        ] {
            assert_eq!(atoi(text.as_bytes()), value, "{text}");
        }
    }
}
