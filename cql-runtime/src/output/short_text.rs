//! Short texts with a number in them (`12.`, `12...`, `$14`, `Game number
//! 7`), put together on the stack rather than with `format!`.

/// A text of at most [`CAPACITY`] bytes, at the end of its array.
#[derive(Clone, Copy, Debug)]
pub(super) struct ShortText {
    bytes: [u8; CAPACITY],
    start: usize,
}

/// Room for the longest: `Game number ` and the 20 digits of a `u64`.
const CAPACITY: usize = 32;

impl ShortText {
    /// `prefix`, the decimal digits of `number`, `suffix` (together at most
    /// 12 bytes around the number). Written from the end, digit by digit.
    #[inline]
    pub(super) fn numbered(prefix: &[u8], number: u64, suffix: &[u8]) -> ShortText {
        let mut bytes = [0; CAPACITY];
        let mut start = CAPACITY - suffix.len();
        bytes[start..].copy_from_slice(suffix);
        let mut rest = number;
        loop {
            start -= 1;
            bytes[start] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        start -= prefix.len();
        bytes[start..start + prefix.len()].copy_from_slice(prefix);
        ShortText { bytes, start }
    }

    /// The text.
    #[inline]
    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.bytes[self.start..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for number in [0, 1, 9, 10, 99, 100, 4321, u64::from(u32::MAX), u64::MAX] {
            assert_eq!(ShortText::numbered(b"", number, b"...").as_bytes(), format!("{number}...").as_bytes());
            let game = ShortText::numbered(b"Game number ", number, b"");
            assert_eq!(game.as_bytes(), format!("Game number {number}").as_bytes());
        }
    }
}
