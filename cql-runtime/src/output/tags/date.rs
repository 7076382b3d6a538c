//! Dates as SCID stores them (`date_EncodeFromString`) and writes them
//! (`date_DecodeToString`): `yyyy.mm.dd`, `?`s for each unknown part.

use super::c_numbers::strtoul_u32;

/// The greatest year SCID stores (11 bits); a later one is unknown.
const YEAR_MAX: u32 = 2047;

/// A date with 0 for each unknown part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Date {
    year: u32,
    month: u32,
    day: u32,
}

impl Date {
    /// Reads a `Date` or `EventDate` value: the year as `strtoul` reads it
    /// (over 2047: unknown), then after the next `.` the month (over 12:
    /// month and day unknown), then after the next `.` the day (over 31:
    /// unknown). `2011.19.11` is `2011.??.??`, `2001-05-17` `2001.??.??`.
    pub(super) fn read(text: &[u8]) -> Date {
        let mut date = Date::default();
        let year = strtoul_u32(text);
        date.year = if year > YEAR_MAX { 0 } else { year };
        let text = after_dot(text);
        let month = strtoul_u32(text);
        if month > 12 {
            return date;
        }
        date.month = month;
        let day = strtoul_u32(after_dot(text));
        if day <= 31 {
            date.day = day;
        }
        date
    }

    /// Whether no part is known (SCID's `ZERO_DATE`; such an `EventDate`
    /// is not written).
    pub(super) fn is_unknown(&self) -> bool {
        *self == Date::default()
    }

    /// The year, if known.
    pub(crate) fn year(&self) -> Option<u32> {
        (self.year > 0).then_some(self.year)
    }

    /// The date as `yyyy.mm.dd`, what the `date` filter sees.
    pub(crate) fn text(&self) -> String {
        let mut out = Vec::with_capacity(10);
        self.write(&mut out);
        String::from_utf8(out).expect("digits, dots and question marks")
    }

    /// Writes the date as `yyyy.mm.dd`.
    pub(super) fn write(&self, out: &mut Vec<u8>) {
        write_part(self.year, 4, out);
        out.push(b'.');
        write_part(self.month, 2, out);
        out.push(b'.');
        write_part(self.day, 2, out);
    }
}

/// The text after the first `.` of `text` (none: the empty end).
fn after_dot(text: &[u8]) -> &[u8] {
    text.iter().position(|&byte| byte == b'.').map_or(&[], |dot| &text[dot + 1..])
}

fn write_part(value: u32, width: usize, out: &mut Vec<u8>) {
    match value {
        0 => out.extend(std::iter::repeat_n(b'?', width)),
        _ => out.extend_from_slice(format!("{value:0width$}").as_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> String {
        let mut out = Vec::new();
        Date::read(text.as_bytes()).write(&mut out);
        String::from_utf8(out).unwrap()
    }

    /// Dates CQL 6.2 wrote (`tests/tag_fixtures/dates`).
    #[test]
    fn dates_are_read_part_by_part_and_written_in_full() {
        for (text, date) in [
            ("2011.19.11", "2011.??.??"),
            ("2001-05-17", "2001.??.??"),
            ("2011", "2011.??.??"),
            ("2011.05", "2011.05.??"),
            ("  2011.5.7", "2011.05.07"),
            ("+2011.05.06", "2011.05.06"),
            ("2011..05", "2011.??.05"),
            ("2011.05.06.07", "2011.05.06"),
            ("1999.??.15", "1999.??.15"),
            ("2048.01.02", "????.01.02"),
            ("2011.12.32", "2011.12.??"),
            ("4294967297.1.1", "0001.01.01"),
            ("2011.-1.05", "2011.??.??"),
            ("99.01.01", "0099.01.01"),
            ("x1999", "????.??.??"),
            ("", "????.??.??"),
        ] {
            assert_eq!(written(text), date, "{text}");
        }
        assert!(Date::read(b"0000.00.00").is_unknown() && Date::read(b"?").is_unknown());
        assert!(!Date::read(b"????.??.05").is_unknown());
    }
}
