//! Where each character of a string literal's value is in its Rust file, so
//! that an error in a `cql!` query names the line and column there.

/// The places of a string literal's value in its file.
pub(crate) struct LiteralPlace {
    /// The file, as rustc names it.
    file: String,
    /// For each character of the value: its byte offset in the value, and
    /// the line and column (1-based, in characters) where the literal
    /// writes it.
    places: Vec<(usize, usize, usize)>,
    /// The value's length in bytes.
    length: usize,
    /// Where the literal's closing quote is (the place of the value's end).
    end: (usize, usize),
    /// Whether each line break of the value is one of the file's (no `\n`
    /// escapes, no line continuations).
    lines_are_the_files: bool,
}

impl LiteralPlace {
    /// The places of the literal written `token` (`"..."` or `r#"..."#`),
    /// which starts at `line` and `column` (1-based) of `file`.
    pub(crate) fn new(file: String, token: &str, line: usize, column: usize) -> LiteralPlace {
        let raw = token.starts_with('r');
        let opening = token.find('"').map_or(0, |at| at + 1);
        let written: Vec<char> = token[opening..].chars().collect();
        let (mut line, mut column) = (line, column + token[..opening].chars().count());
        let (mut places, mut value_at, mut lines_are_the_files) = (Vec::new(), 0, true);
        let mut at = 0;
        // The last character written is the closing quote (and the hashes of a raw string).
        let closing = written.len() - written.iter().rev().take_while(|&&c| c == '#').count() - 1;
        while at < closing {
            let (taken, value) =
                if raw || written[at] != '\\' { (1, Some(written[at])) } else { escape(&written[at..closing]) };
            if let Some(value) = value {
                places.push((value_at, line, column));
                value_at += value.len_utf8();
                lines_are_the_files &= value != '\n' || written[at] == '\n';
            }
            for &c in &written[at..at + taken] {
                (line, column) = if c == '\n' { (line + 1, 1) } else { (line, column + 1) };
            }
            at += taken;
        }
        LiteralPlace { file, places, length: value_at, end: (line, column), lines_are_the_files }
    }

    /// The file, line and column of the value's byte `offset`.
    pub(crate) fn locate(&self, offset: usize) -> (String, usize, usize) {
        let found = self.places.iter().rev().find(|(at, _, _)| *at <= offset).filter(|_| offset < self.length);
        let (line, column) = found.map_or(self.end, |&(_, line, column)| (line, column));
        (self.file.clone(), line, column)
    }

    /// The file's line of the value's first line, if each line of the
    /// value is a line of the file.
    pub(crate) fn first_line(&self) -> Option<usize> {
        self.lines_are_the_files.then(|| self.places.first().map_or(self.end.0, |&(_, line, _)| line))
    }
}

/// How many characters the escape at the start of `written` takes, and the
/// character it writes (none for a line continuation).
fn escape(written: &[char]) -> (usize, Option<char>) {
    match written.get(1) {
        Some('\n') => (2 + written[2..].iter().take_while(|c| c.is_whitespace()).count(), None),
        Some('x') => {
            let code = written.get(2..4).map(|hex| hex.iter().collect::<String>());
            (4, code.and_then(|hex| u8::from_str_radix(&hex, 16).ok()).map(char::from))
        }
        Some('u') => {
            let close = written.iter().position(|&c| c == '}').unwrap_or(written.len() - 1);
            let hex: String = written[3.min(close)..close].iter().filter(|&&c| c != '_').collect();
            (close + 1, u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32))
        }
        Some(&c) => (
            2,
            Some(match c {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '0' => '\0',
                other => other,
            }),
        ),
        None => (1, Some('\\')),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_literals_map_each_character_past_the_quote() {
        let place = LiteralPlace::new("a.rs".into(), "\"cql() ♔ chek\"", 3, 20);
        assert_eq!(place.locate("cql() ♔ ".len()), ("a.rs".into(), 3, 29));
        assert_eq!(place.first_line(), Some(3));
    }

    #[test]
    fn escapes_take_their_written_width_and_escaped_lines_are_the_querys_own() {
        let place = LiteralPlace::new("a.rs".into(), r#""cql()\n  \"x\" chek""#, 2, 28);
        assert_eq!(place.locate("cql()\n  \"x\" ".len()), ("a.rs".into(), 2, 28 + 1 + 15));
        assert_eq!(place.first_line(), None);
    }

    #[test]
    fn raw_literals_keep_their_lines() {
        let place = LiteralPlace::new("a.rs".into(), "r#\"cql()\n  chek\"#", 5, 10);
        assert_eq!(place.locate("cql()\n  ".len()), ("a.rs".into(), 6, 3));
        assert_eq!(place.first_line(), Some(5));
        assert_eq!(place.locate("cql()\n  chek".len()), ("a.rs".into(), 6, 7));
    }
}
