//! A matching game's tags as fields ([`GameOutcome::tags`],
//! [`GameOutcome::tag`]), read back from the tag section it was written
//! with: the tags as CQL 6.2 writes them (the Seven Tag Roster first,
//! names standardised), so a program sees what the output file says.

use super::search::GameOutcome;

impl GameOutcome {
    /// The written game's tags, in order, each name with its value
    /// unescaped (`\"` is `"`, `\\` is `\`); a value that is not UTF-8
    /// (CQL 6.2 writes the letters À to ÿ in Latin-1) is read as Latin-1.
    /// Empty for a game that did not match (nothing was written).
    pub fn tags(&self) -> Vec<(String, String)> {
        self.pgn
            .split(|&byte| byte == b'\n')
            .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
            .take_while(|line| line.starts_with(b"["))
            .filter_map(tag_pair)
            .collect()
    }

    /// The value of the written game's tag `name`, if it has one.
    pub fn tag(&self, name: &str) -> Option<String> {
        self.tags().into_iter().find(|(tag, _)| tag == name).map(|(_, value)| value)
    }
}

/// The name and value of a tag line `[Name "value"]`.
fn tag_pair(line: &[u8]) -> Option<(String, String)> {
    let inner = line.strip_prefix(b"[")?.strip_suffix(b"]")?;
    let space = inner.iter().position(|&byte| byte == b' ')?;
    let quoted = inner[space + 1..].strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    Some((text(&inner[..space]), text(&unescaped(quoted))))
}

/// A tag value as PGN escapes it (`\"`, `\\`), unescaped; any other
/// backslash stays.
pub(super) fn unescaped(value: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(value.len());
    let mut bytes = value.iter();
    while let Some(&byte) = bytes.next() {
        match (byte, bytes.as_slice().first()) {
            (b'\\', Some(&escaped @ (b'"' | b'\\'))) => {
                out.push(escaped);
                bytes.next();
            }
            _ => out.push(byte),
        }
    }
    out
}

/// `bytes` as text: UTF-8, or else Latin-1.
fn text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().map(|&byte| char::from(byte)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(pgn: &str) -> GameOutcome {
        GameOutcome { pgn: pgn.as_bytes().to_vec(), matched: true, ..GameOutcome::default() }
    }

    #[test]
    fn tags_are_read_back_unescaped_up_to_the_movetext() {
        let game =
            written("[Event \"A \\\"quoted\\\" \\\\ name\"]\n[White \"Tal, M\"]\n\n{Game number 1} 1.e4 [x \"y\"] *\n");
        assert_eq!(
            game.tags(),
            [("Event".to_owned(), "A \"quoted\" \\ name".to_owned()), ("White".to_owned(), "Tal, M".to_owned())]
        );
        assert_eq!(game.tag("White").as_deref(), Some("Tal, M"));
        assert_eq!(game.tag("x"), None);
    }

    #[test]
    fn latin_1_values_are_read_as_latin_1() {
        let game = GameOutcome { pgn: b"[White \"Sch\xf6n\"]\n\n*\n".to_vec(), ..GameOutcome::default() };
        assert_eq!(game.tag("White").as_deref(), Some("Schön"));
    }
}
