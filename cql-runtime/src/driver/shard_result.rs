//! What a search of one shard hands to the merge (`-shardresult FILE`,
//! read by `-mergeshards`): each game's [`GameEntry`] that shows in the
//! answer, then the shard's [`ShardEnd`].
//!
//! The file starts with the line [`MAGIC`]. Each entry is one line of JSON
//! (its number, whether it matched, its sort values, its `message` lines
//! and warning lines, and the lengths of its record and its text), then
//! the record's bytes and the text's bytes as they are: a game's bytes are
//! written as read, whatever their encoding. The last line is the end, with
//! the shard's counts: a file without it is not a whole shard result.

use std::io::{self, BufRead, Read, Write};

use serde_json::{Value, json};

use crate::sort_keys::SortValue;

/// The first line of a shard result.
pub(super) const MAGIC: &[u8] = b"cqlc shard result 1\n";

/// One game's outcome as it shows in a run's answer: what is written for
/// it, printed about it, and its place in the order of a sorting query.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct GameEntry {
    /// The game's number in the whole input.
    pub(super) number: u64,
    /// The lines warning about the game, as the searcher prints them.
    pub(super) warnings: Vec<String>,
    /// The lines its `message` filters printed.
    pub(super) messages: Vec<String>,
    /// Whether the game matched.
    pub(super) matched: bool,
    /// A matching game's sort values.
    pub(super) sort_values: Vec<Option<SortValue>>,
    /// What is written for a matching game (its PGN, or its record in the
    /// output's format).
    pub(super) record: Vec<u8>,
    /// A game that did not match, as read, if it is asked for.
    pub(super) text: Vec<u8>,
}

impl GameEntry {
    /// Whether the entry shows in the answer at all: a game that did not
    /// match and has nothing to print or write need not be handed on.
    pub(super) fn shows(&self) -> bool {
        self.matched || !self.warnings.is_empty() || !self.messages.is_empty() || !self.text.is_empty()
    }
}

/// The end of a shard's result: how many games it read and matched, and
/// the lines of the query's persistent variables as its last game left
/// them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct ShardEnd {
    /// The number of the shard's first game (of the next game, if it has
    /// none).
    pub(super) first_game: u64,
    /// Games read.
    pub(super) games: u64,
    /// Games that matched.
    pub(super) matched: u64,
    /// The persistent variables' summary lines.
    pub(super) persistent: Vec<String>,
}

/// One item of a shard result.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum ShardItem {
    /// A game's entry.
    Game(GameEntry),
    /// The end.
    End(ShardEnd),
}

/// Writes `entry` to `out`.
pub(super) fn write_entry(out: &mut impl Write, entry: &GameEntry) -> io::Result<()> {
    let sorts: Vec<Value> = entry.sort_values.iter().map(sort_value_json).collect();
    let head = json!({
        "game": entry.number,
        "matched": entry.matched,
        "sort": sorts,
        "messages": entry.messages,
        "warnings": entry.warnings,
        "record": entry.record.len(),
        "text": entry.text.len(),
    });
    let mut bytes = serde_json::to_vec(&head)?;
    bytes.push(b'\n');
    bytes.extend_from_slice(&entry.record);
    bytes.extend_from_slice(&entry.text);
    out.write_all(&bytes)
}

/// The bytes of `end`, the last line of a shard result.
pub(super) fn end_line(end: &ShardEnd) -> Vec<u8> {
    let head = json!({"end": true, "first_game": end.first_game, "games": end.games, "matched": end.matched, "persistent": end.persistent});
    let mut bytes = serde_json::to_vec(&head).expect("a JSON value is written to memory");
    bytes.push(b'\n');
    bytes
}

/// Reads the shard result `input` (named `name` in errors) item by item.
pub(super) struct ShardReader<R> {
    name: String,
    input: R,
    ended: bool,
}

impl<R: BufRead> ShardReader<R> {
    /// A reader of `input`, after checking its first line.
    pub(super) fn new(name: &str, mut input: R) -> io::Result<Self> {
        let mut magic = Vec::new();
        input.by_ref().take(MAGIC.len() as u64).read_to_end(&mut magic)?;
        let reader = ShardReader { name: name.to_owned(), input, ended: false };
        if magic != MAGIC {
            return Err(reader.damaged("it is not a shard result (written by -shardresult)"));
        }
        Ok(reader)
    }

    /// The next item; an error if the result is cut short or damaged.
    pub(super) fn next_item(&mut self) -> io::Result<Option<ShardItem>> {
        if self.ended {
            return Ok(None);
        }
        let mut line = Vec::new();
        if self.input.read_until(b'\n', &mut line)? == 0 {
            return Err(self.damaged("it ends before its last line: the shard's search did not finish"));
        }
        let head: Value = serde_json::from_slice(&line).map_err(|error| self.damaged(&error.to_string()))?;
        if head["end"] == json!(true) {
            self.ended = true;
            let end = ShardEnd {
                first_game: self.number(&head, "first_game")?,
                games: self.number(&head, "games")?,
                matched: self.number(&head, "matched")?,
                persistent: self.strings(&head, "persistent")?,
            };
            return Ok(Some(ShardItem::End(end)));
        }
        let record = self.bytes(self.number(&head, "record")?)?;
        let text = self.bytes(self.number(&head, "text")?)?;
        let sort_values = match head["sort"].as_array() {
            Some(values) => values.iter().map(|value| self.sort_value(value)).collect::<io::Result<_>>()?,
            None => return Err(self.damaged("an entry has no sort values")),
        };
        Ok(Some(ShardItem::Game(GameEntry {
            number: self.number(&head, "game")?,
            warnings: self.strings(&head, "warnings")?,
            messages: self.strings(&head, "messages")?,
            matched: head["matched"].as_bool().ok_or_else(|| self.damaged("an entry says not whether it matched"))?,
            sort_values,
            record,
            text,
        })))
    }

    fn number(&self, head: &Value, key: &str) -> io::Result<u64> {
        head[key].as_u64().ok_or_else(|| self.damaged(&format!("'{key}' is not a number")))
    }

    fn strings(&self, head: &Value, key: &str) -> io::Result<Vec<String>> {
        let strings = head[key].as_array().map(|items| items.iter().map(|item| item.as_str().map(str::to_owned)));
        strings.and_then(Iterator::collect).ok_or_else(|| self.damaged(&format!("'{key}' is not a list of lines")))
    }

    fn bytes(&mut self, length: u64) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.input.by_ref().take(length).read_to_end(&mut bytes)?;
        if bytes.len() as u64 != length {
            return Err(self.damaged("it ends inside a game: the shard's search did not finish"));
        }
        Ok(bytes)
    }

    fn sort_value(&self, value: &Value) -> io::Result<Option<SortValue>> {
        match (value, value.get("number").and_then(Value::as_i64), value.get("text").and_then(Value::as_str)) {
            (Value::Null, _, _) => Ok(None),
            (_, Some(number), _) => Ok(Some(SortValue::Number(number))),
            (_, _, Some(text)) => Ok(Some(SortValue::Text(text.to_owned()))),
            _ => Err(self.damaged("a sort value is neither a number nor a text")),
        }
    }

    fn damaged(&self, why: &str) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, format!("{}: {why}", self.name))
    }
}

/// A sort value as JSON: `{"number": N}`, `{"text": S}`, or `null`.
fn sort_value_json(value: &Option<SortValue>) -> Value {
    match value {
        None => Value::Null,
        Some(SortValue::Number(number)) => json!({ "number": number }),
        Some(SortValue::Text(text)) => json!({ "text": text }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> GameEntry {
        GameEntry {
            number: 12,
            warnings: vec!["w: game 12: an illegal move".into()],
            messages: vec!["found it".into()],
            matched: true,
            sort_values: vec![Some(SortValue::Number(-3)), None, Some(SortValue::Text("Tal".into()))],
            record: b"[Event \"\xe9t\xe9\"]\n\n1.e4 *\n\n".to_vec(),
            text: Vec::new(),
        }
    }

    #[test]
    fn entries_and_the_end_read_back_as_written_with_their_bytes() {
        let end = ShardEnd { first_game: 3, games: 40, matched: 1, persistent: vec!["Total: 3".into()] };
        let mut file = MAGIC.to_vec();
        write_entry(&mut file, &entry()).unwrap();
        file.extend(end_line(&end));
        let mut reader = ShardReader::new("s", &file[..]).unwrap();
        assert_eq!(reader.next_item().unwrap(), Some(ShardItem::Game(entry())));
        assert_eq!(reader.next_item().unwrap(), Some(ShardItem::End(end)));
        assert_eq!(reader.next_item().unwrap(), None);
    }

    #[test]
    fn a_result_cut_short_or_of_another_kind_is_an_error_naming_it() {
        let mut file = MAGIC.to_vec();
        write_entry(&mut file, &entry()).unwrap();
        for cut in [file.len() - 3, file.len()] {
            let mut reader = ShardReader::new("s.bin", &file[..cut]).unwrap();
            let error = std::iter::from_fn(|| reader.next_item().transpose()).find_map(Result::err).unwrap();
            assert!(error.to_string().starts_with("s.bin: it ends"), "{error}");
        }
        let error = ShardReader::new("x.pgn", &b"[Event \"?\"]\n"[..]).err().unwrap();
        assert!(error.to_string().contains("not a shard result"), "{error}");
    }
}
