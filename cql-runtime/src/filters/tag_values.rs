//! The values of a game's tags as CQL 6.2 reads them: through SCID's PGN
//! reader, which normalizes names, dates, ratings and opening codes before
//! any filter sees them.

/// The most an Elo can be (SCID's `MAX_ELO`).
const MAX_ELO: u64 = 4000;

/// A player's name as SCID stores it: leading spaces dropped; after a
/// comma, one space before the next word; trailing dots, spaces and tabs
/// trimmed; `van ` at the start capitalized and `Van Der`/`Den`/`De` given
/// a small `d`; and a rating written after the name, ` (2800)`, cut off
/// (returned as the Elo it gives, at most 4000).
pub fn player_name(raw: &str) -> (String, Option<u64>) {
    let mut name = String::with_capacity(raw.len());
    let mut after_comma = false;
    for c in raw.trim_start_matches(' ').chars() {
        match c {
            ',' => {
                name.push(',');
                after_comma = true;
            }
            ' ' if after_comma => {}
            _ => {
                if after_comma {
                    name.push(' ');
                    after_comma = false;
                }
                name.push(c);
            }
        }
    }
    let mut name = name.trim_end_matches(['.', ' ', '\t']).to_owned();
    if let Some(rest) = name.strip_prefix("van ") {
        name = format!("Van {rest}");
    }
    for particle in ["Van Der ", "Van Den ", "Van De "] {
        if name.starts_with(particle) {
            name.replace_range(4..5, "d");
        }
    }
    let elo = rating_suffix(&name);
    if elo.is_some() {
        name.truncate(name.len() - " (dddd)".len());
    }
    (name, elo)
}

/// The rating of a name ending ` (dddd)`.
fn rating_suffix(name: &str) -> Option<u64> {
    let suffix = name.get(name.len().checked_sub(7)?..)?.as_bytes();
    let shape = suffix.starts_with(b" (") && suffix[6] == b')' && suffix[2..6].iter().all(u8::is_ascii_digit);
    shape.then(|| std::str::from_utf8(&suffix[2..6]).ok()?.parse().ok()).flatten().map(|elo: u64| elo.min(MAX_ELO))
}

/// A rating tag's value as SCID reads it (`strtoul`: leading spaces, then
/// digits up to the first other character; a minus wraps round), at most
/// 4000; 0 (unknown) if there are no digits.
pub fn elo(raw: &str) -> u64 {
    let text = raw.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let digits: String = digits.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return 0;
    }
    let value = digits.parse::<u64>().unwrap_or(u64::MAX);
    match (negative, value) {
        (true, 0) => 0,
        (true, _) => MAX_ELO,
        (false, value) => value.min(MAX_ELO),
    }
}

/// A date as SCID stores it, `YYYY.MM.DD` with `?` for each unknown part:
/// the year read as a number (over 2047: unknown), then after the next `.`
/// the month (over 12: month and day unknown), then after the next `.` the
/// day (over 31: unknown).
pub fn date(raw: &str) -> String {
    let (year, rest) = leading_number(raw);
    let year = year.filter(|&year| year <= 2047).unwrap_or(0);
    let mut month = 0;
    let mut day = 0;
    if let Some((_, rest)) = rest.split_once('.') {
        let (read, rest) = leading_number(rest);
        month = read.unwrap_or(0);
        if month > 12 {
            month = 0;
        } else if let Some((_, rest)) = rest.split_once('.') {
            day = leading_number(rest).0.filter(|&day| day <= 31).unwrap_or(0);
        }
    }
    let part = |value: u64, width: usize| match value {
        0 => "?".repeat(width),
        _ => format!("{value:0width$}"),
    };
    format!("{}.{}.{}", part(year, 4), part(month, 2), part(day, 2))
}

/// An award of a study, as the `[Event]` tag of the Harold van der Heijden
/// database starts: places (`1`, `1/2`, none), `sp` for a special one,
/// then `.p` (a prize), `.hm` (an honourable mention) or `.c` (a
/// commendation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Award {
    /// The first place (1 without places).
    pub first: u32,
    /// The last place (10,000 without places).
    pub last: u32,
    /// A special award.
    pub special: bool,
    /// `p`, `h` or `c`.
    pub kind: char,
}

/// The award `event` starts with, as CQL 6.2 reads it.
pub fn award(event: &str) -> Option<Award> {
    let (first, rest) = leading_number(event);
    let first = first.filter(|&place| place > 0 && place <= 100_000_000);
    let (places, rest) = match (first, rest.strip_prefix('/')) {
        (None, _) if event.starts_with(|c: char| c.is_ascii_digit()) => return None,
        (None, _) => (None, event),
        (Some(first), Some(rest)) => {
            let (last, rest) = leading_number(rest);
            let last = last.filter(|&last| last > first && last <= 100_000_000)?;
            (Some((first as u32, last as u32)), rest)
        }
        (Some(first), None) => (Some((first as u32, first as u32)), rest),
    };
    let special_mark = if places.is_some() { ".sp" } else { "sp" };
    let (special, rest) = match rest.strip_prefix(special_mark) {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let kind = [(".p", 'p'), (".hm", 'h'), (".c", 'c')].into_iter().find(|(mark, _)| rest.starts_with(mark))?.1;
    let (first, last) = places.unwrap_or((1, 10_000));
    Some(Award { first, last, special, kind })
}

/// The year of a date, as `date` reads it; none if unknown.
pub fn year(raw: &str) -> Option<u64> {
    leading_number(raw).0.filter(|&year| (1..=2047).contains(&year))
}

/// The number at the start of `text` (after spaces), and what follows it.
fn leading_number(text: &str) -> (Option<u64>, &str) {
    let text = text.trim_start();
    let end = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    (text[..end].parse().ok(), &text[end..])
}

/// An opening code as SCID stores it: a letter A to E (either case), then
/// two digits, of which the text may end before either (`C2` is `C20`),
/// then an optional extension `a` to `z` with an optional digit 1 to 4;
/// none if the text is otherwise.
pub fn eco(raw: &str) -> Option<String> {
    let bytes = raw.as_bytes();
    let letter = bytes.first()?.to_ascii_uppercase();
    if !(b'A'..=b'E').contains(&letter) {
        return None;
    }
    let mut code = String::from(letter as char);
    for at in 1..3 {
        match bytes.get(at) {
            None => {
                code.push_str(&"0".repeat(3 - at));
                return Some(code);
            }
            Some(digit) if digit.is_ascii_digit() => code.push(*digit as char),
            Some(_) => return None,
        }
    }
    if let Some(extension @ b'a'..=b'z') = bytes.get(3) {
        code.push(*extension as char);
        if let Some(digit @ b'1'..=b'4') = bytes.get(4) {
            code.push(*digit as char);
        }
    }
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CQL 6.2's values of `player white` for these `[White]` tags.
    #[test]
    fn names_are_normalized_as_scid_does() {
        assert_eq!(player_name("Anand,V."), ("Anand, V".to_owned(), None));
        assert_eq!(player_name("  Karpov ,  A.  "), ("Karpov , A".to_owned(), None));
        assert_eq!(player_name("van der Wiel"), ("Van der Wiel".to_owned(), None));
        assert_eq!(player_name("Van Der Berg"), ("Van der Berg".to_owned(), None));
        assert_eq!(player_name("Kasparov (2800)"), ("Kasparov".to_owned(), Some(2800)));
        assert_eq!(player_name("Kasparov (280)"), ("Kasparov (280)".to_owned(), None));
    }

    #[test]
    fn ratings_are_read_as_strtoul_reads_them_and_capped() {
        for (raw, value) in [("2500x", 2500), (" 2600", 2600), ("5000", 4000), ("-5", 4000), ("abc", 0), ("?", 0)] {
            assert_eq!(elo(raw), value, "{raw}");
        }
    }

    #[test]
    fn dates_are_written_in_full_with_unknown_parts_as_question_marks() {
        for (raw, value) in [
            ("2001-05-17", "2001.??.??"),
            ("2001.5.7", "2001.05.07"),
            ("2001.13.01", "2001.??.??"),
            ("2001.12.32", "2001.12.??"),
            ("99.01.01", "0099.01.01"),
            ("2048.01.01", "????.01.01"),
            ("1850.??.15", "1850.??.15"),
            ("x1999", "????.??.??"),
        ] {
            assert_eq!(date(raw), value, "{raw}");
        }
    }

    /// CQL 6.2's readings of awards in the `[Event]` tag.
    #[test]
    fn awards_are_read_from_the_event() {
        let read = |event| award(event).map(|a| (a.first, a.last, a.special, a.kind));
        assert_eq!(read("1.p Berger-170 MT"), Some((1, 1, false, 'p')));
        assert_eq!(read("1/2.p x"), Some((1, 2, false, 'p')));
        assert_eq!(read(".c Polish ty"), Some((1, 10_000, false, 'c')));
        assert_eq!(read("7/13.hm"), Some((7, 13, false, 'h')));
        assert_eq!(read("sp.p"), Some((1, 10_000, true, 'p')));
        assert_eq!(read("1.sp.p"), Some((1, 1, true, 'p')));
        assert_eq!(read("2/1.p"), None);
        assert_eq!(read("Berlin"), None);
    }

    #[test]
    fn opening_codes_are_padded_and_invalid_ones_are_none() {
        for (raw, value) in
            [("C2", Some("C20")), ("c", Some("C00")), ("B12 Caro", Some("B12")), ("C20b3", Some("C20b3"))]
        {
            assert_eq!(eco(raw).as_deref(), value, "{raw}");
        }
        for raw in ["F00", "A0x", "?", ""] {
            assert_eq!(eco(raw), None, "{raw}");
        }
    }
}
