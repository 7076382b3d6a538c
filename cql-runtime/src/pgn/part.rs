//! A part of one input searched alone ([`InputPart`]), as a cluster splits
//! a database into shards: the games that begin in a byte range of a plain
//! PGN file, numbered on from the games before them.
//!
//! A part that starts inside the file starts at the first place at or after
//! its start where a game can begin ([`first_game_start`]): a tag pair on a
//! line after a blank line. That is where games begin in the PGN that
//! programs write, but a comment can hold such a line too, so the place is
//! only a guess until the part before it confirms it: the count of a part
//! ([`Source::part_end`](super::Source::part_end)) says where the first game
//! after it really begins, by reading it whole. Parts whose starts are so
//! confirmed tile the file: each game is searched once, as one reading of
//! the whole file searches it. A part whose guess was wrong is read again
//! from that confirmed start ([`InputPart::exact_start`]).

use std::{
    io::{self, BufRead, BufReader, Read, Seek, SeekFrom},
    ops::Range,
};

use super::{BYTE_ORDER_MARK, game_end::is_tag_pair};

/// Which games of an input a search reads, and their numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputPart {
    /// The games that begin in this byte range of the file (all of them
    /// if `None`). Only a plain PGN file has byte ranges.
    pub range: Option<Range<u64>>,
    /// A game begins at the range's start (where a count found the first
    /// game after the part before it): the part starts there, not at the
    /// first tag pair after a blank line from there.
    pub exact_start: bool,
    /// The number of the part's first game in the whole input.
    pub first_game: u64,
    /// The line of the whole file on which the part's first game begins.
    pub first_line: u64,
}

impl Default for InputPart {
    fn default() -> Self {
        InputPart { range: None, exact_start: false, first_game: 1, first_line: 1 }
    }
}

/// A tag pair longer than this is not taken for the start of a game.
const LONGEST_TAG_LINE: usize = 4 << 10;

/// How far before the start the search looks, to see the line before it.
const LOOK_BEHIND: u64 = LONGEST_TAG_LINE as u64;

/// The offset of the first line at or after `from` in `file` where a game
/// can begin: a tag pair (after a byte order mark, maybe) whose line before
/// is blank; the file's length if there is none. Offset 0 is the first
/// game's start.
pub(super) fn first_game_start<F: Read + Seek>(file: &mut F, from: u64) -> io::Result<u64> {
    if from == 0 {
        return Ok(0);
    }
    let mut at = from.saturating_sub(LOOK_BEHIND);
    file.seek(SeekFrom::Start(at))?;
    let mut reader = BufReader::with_capacity(1 << 20, file);
    // The first line read is a whole one only at the file's start.
    let mut line = Line { start: at, whole: at == 0, ..Line::default() };
    let mut previous_blank = false;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            let can_begin = line.whole && previous_blank && line.start >= from && line.is_tag_pair();
            return Ok(if can_begin { line.start } else { at });
        }
        let (length, ended) = match memchr::memchr(b'\n', buffer) {
            Some(newline) => (newline + 1, true),
            None => (buffer.len(), false),
        };
        line.add(&buffer[..length]);
        reader.consume(length);
        at += length as u64;
        if ended {
            if line.whole && previous_blank && line.start >= from && line.is_tag_pair() {
                return Ok(line.start);
            }
            previous_blank = line.whole && line.blank;
            line = Line { start: at, ..Line::default() };
        }
    }
}

/// A line read in pieces: its first bytes, and whether it is all blank.
struct Line {
    start: u64,
    /// Read from its start (not cut by where the search began).
    whole: bool,
    head: Vec<u8>,
    length: usize,
    blank: bool,
}

impl Default for Line {
    fn default() -> Self {
        Line { start: 0, whole: true, head: Vec::new(), length: 0, blank: true }
    }
}

impl Line {
    fn add(&mut self, bytes: &[u8]) {
        let room = LONGEST_TAG_LINE.saturating_sub(self.head.len());
        self.head.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.length += bytes.len();
        // Blank as the splitter has it: whitespace and byte order marks.
        self.blank &= bytes.iter().all(|byte| matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0xef | 0xbb | 0xbf));
    }

    fn is_tag_pair(&self) -> bool {
        let content = self.head.strip_prefix(BYTE_ORDER_MARK).unwrap_or(&self.head);
        self.length <= LONGEST_TAG_LINE && is_tag_pair(content)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;

    fn start(text: &str, from: u64) -> u64 {
        first_game_start(&mut Cursor::new(text.as_bytes()), from).unwrap()
    }

    const TWO_GAMES: &str = "[Event \"a\"]\n\n1.e4 e5 1-0\n\n[Event \"b\"]\n[Site \"?\"]\n\n1.d4 *\n";

    #[test]
    fn a_part_starts_at_the_next_tag_section_after_a_blank_line() {
        let second = TWO_GAMES.find("[Event \"b\"]").unwrap() as u64;
        assert_eq!(start(TWO_GAMES, 0), 0);
        for from in 1..=second {
            assert_eq!(start(TWO_GAMES, from), second, "from {from}");
        }
        // The second tag line has no blank line before it: no game begins there.
        assert_eq!(start(TWO_GAMES, second + 1), TWO_GAMES.len() as u64);
    }

    #[test]
    fn a_tag_line_in_a_comment_after_a_blank_line_is_taken_for_a_start() {
        // Only a guess: the part before it says where the game really begins.
        let text = "[Event \"a\"]\n\n1.e4 {a note\n\n[Event \"quoted\"]\n} e5 *\n";
        assert_eq!(start(text, 5), text.find("[Event \"quoted\"]").unwrap() as u64);
    }

    #[test]
    fn crlf_lines_and_a_byte_order_mark() {
        let text = "[Event \"a\"]\r\n\r\n1.e4 1-0\r\n\r\n\u{feff}[Event \"b\"]\r\n\r\n1.d4 *\r\n";
        assert_eq!(start(text, 3), text.find('\u{feff}').unwrap() as u64);
    }

    #[test]
    fn a_blank_line_longer_than_the_look_behind_is_not_seen_as_blank() {
        let spaces = " ".repeat(2 * LOOK_BEHIND as usize);
        let text = format!("[Event \"a\"]\n\n1.e4 1-0\n{spaces}\n[Event \"b\"]\n\n*\n");
        let second = text.find("[Event \"b\"]").unwrap() as u64;
        assert_eq!(start(&text, second), text.len() as u64);
        assert_eq!(start(&text, second - 2 * LOOK_BEHIND), second);
    }
}
