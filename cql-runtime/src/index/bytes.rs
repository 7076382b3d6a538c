//! Little-endian numbers and length-prefixed bytes, written to a buffer and
//! read back with every read checked against the end ([`ByteReader`] gives
//! `None` past it, so a damaged index is refused, never read out of bounds).

/// Appends little-endian numbers and length-prefixed bytes to a buffer.
pub(super) struct ByteWriter<'b>(pub(super) &'b mut Vec<u8>);

impl ByteWriter<'_> {
    pub(super) fn u8(&mut self, value: u8) {
        self.0.push(value);
    }

    pub(super) fn u16(&mut self, value: u16) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    pub(super) fn u32(&mut self, value: u32) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    pub(super) fn u64(&mut self, value: u64) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    /// `bytes` after their length; `None` (nothing written) if the length
    /// does not fit in 32 bits.
    pub(super) fn bytes(&mut self, bytes: &[u8]) -> Option<()> {
        self.u32(u32::try_from(bytes.len()).ok()?);
        self.0.extend_from_slice(bytes);
        Some(())
    }
}

/// Reads what a [`ByteWriter`] wrote, in the same order.
pub(super) struct ByteReader<'b> {
    bytes: &'b [u8],
}

impl<'b> ByteReader<'b> {
    pub(super) fn new(bytes: &'b [u8]) -> Self {
        ByteReader { bytes }
    }

    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.bytes.split_first_chunk::<N>()?;
        self.bytes = rest;
        Some(*head)
    }

    pub(super) fn u8(&mut self) -> Option<u8> {
        self.take::<1>().map(|[byte]| byte)
    }

    pub(super) fn u16(&mut self) -> Option<u16> {
        self.take().map(u16::from_le_bytes)
    }

    pub(super) fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    pub(super) fn u64(&mut self) -> Option<u64> {
        self.take().map(u64::from_le_bytes)
    }

    /// Bytes written by [`ByteWriter::bytes`].
    pub(super) fn bytes(&mut self) -> Option<&'b [u8]> {
        let length = usize::try_from(self.u32()?).ok()?;
        let (head, rest) = self.bytes.split_at_checked(length)?;
        self.bytes = rest;
        Some(head)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_was_written_and_nothing_past_the_end() {
        let mut buffer = Vec::new();
        let mut writer = ByteWriter(&mut buffer);
        writer.u8(7);
        writer.u16(0xbeef);
        writer.u32(0xdead_beef);
        writer.u64(u64::MAX - 1);
        writer.bytes(b"Gen\xe8ve").unwrap();
        let mut reader = ByteReader::new(&buffer);
        assert_eq!(reader.u8(), Some(7));
        assert_eq!(reader.u16(), Some(0xbeef));
        assert_eq!(reader.u32(), Some(0xdead_beef));
        assert_eq!(reader.u64(), Some(u64::MAX - 1));
        assert_eq!(reader.bytes(), Some(&b"Gen\xe8ve"[..]));
        assert_eq!(reader.u8(), None);
        // A length that runs past the end is refused.
        let mut short = ByteReader::new(&buffer[buffer.len() - 10..buffer.len() - 1]);
        assert_eq!(short.bytes(), None);
    }
}
