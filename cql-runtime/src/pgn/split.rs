//! Splitting PGN text into games, before any game is parsed.
//!
//! Splitting first lets worker threads parse games independently and lets every
//! warning name the game's number and line. Where one game ends and the next
//! begins is `game_end`'s to say; here, the games are cut
//! out of successive buffers of one input, their numbers and lines counted.
//!
//! What is held between game boundaries is bounded: blank lines are passed as
//! they come, and a game longer than [`MAX_GAME_BYTES`] is passed over as it
//! comes (it is reported as too large, and not searched).

use super::{
    BYTE_ORDER_MARK,
    game_end::{GameScan, is_tag_pair},
};

/// The largest game text read, in bytes: a longer game is passed over
/// without being kept (reported, and not searched), so that memory stays
/// bounded whatever the input. Real games, even annotated with thousands
/// of variations, are a few megabytes at most.
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// A line of a game being passed over that grows past this many bytes
/// without ending is passed over in parts.
const LONG_LINE: usize = 1 << 20;

/// Blank bytes at the end of a buffer, with no newline yet, are kept for the
/// next buffer, but for a long run of them (over this many bytes): of that,
/// only the last [`BLANK_TAIL`] are kept.
const LONG_BLANK: usize = 4 << 10;

/// What is kept of a long run of blank bytes: enough for the line it ends
/// to read as it would whole (it starts with a blank or a byte order mark).
const BLANK_TAIL: usize = 4;

/// One game's text, as found by the [`Splitter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawGame<'b> {
    /// The game's number in the input, counting from 1.
    pub number: u64,
    /// The line on which the game starts, counting from 1.
    pub line: u64,
    /// The game's bytes: from its first line to the start of the next game
    /// (none if the game is [too large](RawGame::too_large)).
    pub text: &'b [u8],
    /// The game's text is longer than [`MAX_GAME_BYTES`]: it was passed
    /// over, and the game cannot be read.
    pub too_large: bool,
}

impl<'b> RawGame<'b> {
    /// Game `number`, starting on `line`, whose text is `text`.
    pub fn new(number: u64, line: u64, text: &'b [u8]) -> Self {
        RawGame { number, line, text, too_large: false }
    }
}

/// Finds game boundaries in PGN text; keeps game numbers and line numbers
/// running across successive buffers of one input, and the search for the
/// end of a game that a buffer ends before, so that no text is searched
/// twice however long the game.
#[derive(Clone, Debug)]
pub struct Splitter {
    next_number: u64,
    next_line: u64,
    /// The search for the end of the game at the start of the bytes not
    /// used (the buffer ended before it did).
    open: Option<GameScan>,
    /// The search for the end of a game too large to keep, whose text is
    /// passed over as it comes.
    passing: Option<GameScan>,
    /// The offset in the input of the bytes split next: how many bytes of
    /// the input were done with before.
    consumed: u64,
    /// The offset in the input at or past which no game is split: the end
    /// of a part of a file searched alone, if it is one.
    end: Option<u64>,
    /// Where the first game at or past [`end`](Splitter::end) begins, once
    /// it is found: the splitting is over.
    stopped_at: Option<u64>,
}

impl Default for Splitter {
    fn default() -> Self {
        Splitter { next_number: 1, next_line: 1, open: None, passing: None, consumed: 0, end: None, stopped_at: None }
    }
}

impl Splitter {
    /// A splitter for the next file of inputs searched as one: its games
    /// numbered on from this one's, its lines counted from 1.
    pub(crate) fn next_file(&self) -> Splitter {
        Splitter { next_number: self.next_number, ..Splitter::default() }
    }

    /// A splitter for the games of a part of an input: the text it is
    /// given starts at offset `start` of the input, where game
    /// `first_number` begins on line `first_line`, and it splits the games
    /// that begin before offset `end`.
    pub(crate) fn for_part(first_number: u64, first_line: u64, start: u64, end: u64) -> Splitter {
        Splitter {
            next_number: first_number,
            next_line: first_line,
            consumed: start,
            end: Some(end),
            ..Splitter::default()
        }
    }

    /// The number the next game will have.
    pub(crate) fn next_number(&self) -> u64 {
        self.next_number
    }

    /// The line the next game will start on (once the blank lines before it
    /// are passed).
    pub(crate) fn next_line(&self) -> u64 {
        self.next_line
    }

    /// Where the first game at or past the end of a part begins, once it
    /// is found: no more games are split.
    pub(crate) fn stopped_at(&self) -> Option<u64> {
        self.stopped_at
    }

    /// The offset in the input of the next byte to split: at the end of the
    /// input, its length.
    pub(crate) fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Splits `buf` into games. Without `eof`, the last game in `buf` may be
    /// incomplete, so it is left for the next call: the returned length is
    /// how many bytes of `buf` are done with (the games returned, blank
    /// lines, the text of a game too large to keep); the caller passes the
    /// rest again, followed by more input.
    /// A game that begins at or past the end of a part of the input (see
    /// [`Splitter::for_part`]) is not split: the splitting stops there.
    pub fn split<'b>(&mut self, buf: &'b [u8], eof: bool) -> (Vec<RawGame<'b>>, usize) {
        let (games, used) = if self.stopped_at.is_some() { (Vec::new(), 0) } else { self.split_games(buf, eof) };
        self.consumed += used as u64;
        (games, used)
    }

    /// [`Splitter::split`], but for the count of bytes done with.
    fn split_games<'b>(&mut self, buf: &'b [u8], eof: bool) -> (Vec<RawGame<'b>>, usize) {
        let mut games = Vec::new();
        let mut at = 0;
        if let Some(scan) = self.passing.take() {
            match self.pass_over(scan, buf, eof) {
                Ok(end) => at = end,
                Err(used) => return (games, used),
            }
        }
        loop {
            let (start, blank_lines) = skip_blank_lines(&buf[at..]);
            let start = at + start;
            if start == buf.len() {
                // Only blanks: whole lines are passed (and counted), and a
                // long run with no newline yet but for its end.
                let kept = if eof { 0 } else { blank_tail(&buf[at..]) };
                self.next_line += count_lines(&buf[at..buf.len() - kept]);
                at = buf.len() - kept;
                break;
            }
            self.next_line += blank_lines;
            if self.end.is_some_and(|end| self.consumed + start as u64 >= end) {
                self.stopped_at = Some(self.consumed + start as u64);
                at = start;
                break;
            }
            let text = &buf[start..];
            let mut scan = self.open.take().unwrap_or_default();
            let length = match scan.find_end(text, eof) {
                Some(length) => length,
                None if eof => text.len(),
                None if text.len() > MAX_GAME_BYTES => {
                    // Too large to keep: the text searched so far is done
                    // with, the rest is passed over as it comes.
                    games.push(self.too_large(scan.lines));
                    let rest = start + scan.at;
                    (scan.at, scan.lines) = (0, 0);
                    match self.pass_over(scan, &buf[rest..], eof) {
                        Ok(end) => {
                            at = rest + end;
                            continue;
                        }
                        Err(passed) => {
                            at = rest + passed;
                            break;
                        }
                    }
                }
                None => {
                    self.open = Some(scan);
                    at = start;
                    break;
                }
            };
            // The search for its end counted the game's lines.
            let game = &text[..length];
            games.push(if game.len() > MAX_GAME_BYTES {
                self.too_large(scan.lines)
            } else {
                self.game(game, scan.lines)
            });
            at = start + length;
        }
        (games, at)
    }

    /// The next game, whose text is `text`, of `lines` lines.
    fn game<'b>(&mut self, text: &'b [u8], lines: u64) -> RawGame<'b> {
        let game = RawGame::new(self.next_number, self.next_line, text);
        self.next_number += 1;
        self.next_line += lines;
        game
    }

    /// The next game, too large to keep, of which `lines` lines have been
    /// passed.
    fn too_large<'b>(&mut self, lines: u64) -> RawGame<'b> {
        let game = RawGame { too_large: true, ..RawGame::new(self.next_number, self.next_line, &[]) };
        self.next_number += 1;
        self.next_line += lines;
        game
    }

    /// Passes over `buf`, the rest of a game too large to keep, with the
    /// search `scan` for its end: `Ok` with the end, or `Err` with how much
    /// of `buf` was passed.
    fn pass_over(&mut self, mut scan: GameScan, buf: &[u8], eof: bool) -> Result<usize, usize> {
        let end = match scan.find_end(buf, eof) {
            Some(end) => Some(end),
            None if eof => Some(buf.len()),
            None if buf.len() - scan.at > LONG_LINE => {
                let start = scan.at;
                let end = scan.pass_part_of_line(&buf[start..]).map(|offset| start + offset);
                scan.at = buf.len();
                end
            }
            None => None,
        };
        match end {
            Some(end) => {
                self.next_line += count_lines(&buf[..end]);
                Ok(end)
            }
            None => {
                let passed = scan.at;
                self.next_line += count_lines(&buf[..passed]);
                (scan.at, scan.lines) = (0, 0);
                self.passing = Some(scan);
                Err(passed)
            }
        }
    }
}

/// The length of the leading blank (whitespace-only) lines of `text`, and how
/// many there are. A last line without a newline counts as blank only if it
/// is all whitespace up to the end of `text`.
fn skip_blank_lines(text: &[u8]) -> (usize, u64) {
    let mut at = 0;
    let mut lines = 0;
    loop {
        let rest = &text[at..];
        let content = rest.iter().position(|&byte| !matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0xef | 0xbb | 0xbf));
        let line_end = memchr::memchr(b'\n', rest);
        match (content, line_end) {
            (Some(content), Some(newline)) if content > newline => {
                at += newline + 1;
                lines += 1;
            }
            (Some(_), _) => return (at, lines),
            (None, _) => return (text.len(), lines + count_lines(rest)),
        }
    }
}

/// How many bytes at the end of `blanks` (all blank) to keep for the next
/// buffer: the line with no newline yet, or the end of it if it is long.
fn blank_tail(blanks: &[u8]) -> usize {
    let last_line = blanks.len() - memchr::memrchr(b'\n', blanks).map_or(0, |newline| newline + 1);
    if last_line > LONG_BLANK { BLANK_TAIL } else { last_line }
}

/// Whether `text` starts as PGN does: after blank lines (and a byte order
/// mark), a tag pair, or movetext that starts with a move number, a comment
/// or a result.
pub fn looks_like_pgn(text: &[u8]) -> bool {
    let (start, _) = skip_blank_lines(text);
    let line = text[start..].trim_ascii_start();
    let line = line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line);
    let line = &line[..memchr::memchr(b'\n', line).unwrap_or(line.len())];
    let digits = line.iter().take_while(|byte| byte.is_ascii_digit()).count();
    is_tag_pair(line)
        || line.starts_with(b"{")
        || line.starts_with(b"*")
        || (digits > 0 && line.get(digits) == Some(&b'.'))
}

fn count_lines(text: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', text).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_all(text: &str) -> Vec<(u64, u64, String)> {
        let (games, used) = Splitter::default().split(text.as_bytes(), true);
        assert_eq!(used, text.len());
        games.into_iter().map(|g| (g.number, g.line, String::from_utf8(g.text.to_vec()).unwrap())).collect()
    }

    #[test]
    fn games_start_at_tag_sections() {
        let text = "[Event \"a\"]\n\n1.e4 e5 1-0\n\n[Event \"b\"]\n[Site \"?\"]\n\n1.d4 *\n";
        let games = split_all(text);
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].0, games[0].1), (1, 1));
        assert_eq!((games[1].0, games[1].1), (2, 5));
        assert!(games[1].2.starts_with("[Event \"b\"]"));
    }

    #[test]
    fn blank_lines_inside_movetext_and_stray_bytes_do_not_split() {
        let text = "[Event \"a\"]\n\n\n1.e4\n\ne5 1-0\n\x1a\n\n[Event \"b\"]\n1.d4 *\n";
        let games = split_all(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].1, 9);
    }

    #[test]
    fn bracket_lines_inside_comments_do_not_split() {
        let text = "[Event \"a\"]\n\n1.e4 {see\n[Event \"not a game\"] here} e5 *\n\n[Event \"b\"]\n*\n";
        assert_eq!(split_all(text).len(), 2);
    }

    #[test]
    fn an_unterminated_comment_ends_at_the_next_tag_section() {
        let text = "[Event \"a\"]\n\n1.e4 {never closed\n\n[Event \"b\"]\n\n1.d4 *\n";
        let games = split_all(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].1, 5);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_or_in_the_middle() {
        let text = "\u{feff}[Event \"a\"]\n\n1.e4 1-0\n\n\u{feff}[Event \"b\"]\n\n1.d4 *\n";
        let games = split_all(text);
        assert_eq!(games.len(), 2);
        assert!(games[1].2.starts_with("\u{feff}[Event \"b\"]"));
    }

    #[test]
    fn two_games_on_one_line() {
        let text = "[Event \"a\"]\n\n1.e4 e5 1-0 [Event \"b\"]\n[Site \"?\"]\n\n1.d4 {not [here} *\n";
        let games = split_all(text);
        assert_eq!(games.len(), 2);
        assert!(games[1].2.starts_with("[Event \"b\"]"));
        assert_eq!(games[1].1, 3);
    }

    #[test]
    fn a_game_of_tags_only_does_not_swallow_the_next_game() {
        let text = "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n1.d4 *\n";
        let games = split_all(text);
        assert_eq!(games.len(), 2);
        assert_eq!((games[1].1, games[1].2.as_str()), (4, "[Event \"b\"]\n\n1.d4 *\n"));
    }

    #[test]
    fn an_incomplete_last_game_waits_for_more_input() {
        let text = b"[Event \"a\"]\n\n1.e4 *\n\n[Event \"b\"]\n\n1.d4";
        let mut splitter = Splitter::default();
        let (games, used) = splitter.split(text, false);
        assert_eq!(games.len(), 1);
        let (rest, _) = splitter.split(&text[used..], true);
        assert_eq!(rest.len(), 1);
        assert_eq!((rest[0].number, rest[0].line), (2, 5));
    }

    /// A game as split: its number, line, text, and whether it was too large.
    type Split = (u64, u64, Vec<u8>, bool);

    /// Splits `input` as a stream does: pieces of `piece` bytes appended to
    /// what is pending, what is used dropped. The games (number, line, text,
    /// too large), and the most bytes ever pending.
    fn split_as_a_stream(input: &[u8], piece: usize) -> (Vec<Split>, usize) {
        let mut splitter = Splitter::default();
        let (mut pending, mut games, mut most) = (Vec::new(), Vec::new(), 0);
        let mut pieces = input.chunks(piece).peekable();
        loop {
            let eof = pieces.peek().is_none();
            let (found, used) = splitter.split(&pending, eof);
            games.extend(found.iter().map(|g| (g.number, g.line, g.text.to_vec(), g.too_large)));
            pending.drain(..used);
            match pieces.next() {
                Some(piece) => pending.extend_from_slice(piece),
                None => return (games, most),
            }
            most = most.max(pending.len());
        }
    }

    #[test]
    fn a_stream_cut_anywhere_splits_as_the_whole() {
        let text = "\n\n[Event \"a\"]\n\n1.e4 {x\n\n[y]} *\n  \n[Event \"b\"]\n1.d4 1-0 [Event \"c\"]\n*\n\n";
        let whole = split_all(text);
        for piece in 1..text.len() {
            let (games, _) = split_as_a_stream(text.as_bytes(), piece);
            let games: Vec<_> = games.into_iter().map(|(n, l, t, _)| (n, l, String::from_utf8(t).unwrap())).collect();
            assert_eq!(games, whole, "pieces of {piece}");
        }
    }

    #[test]
    fn blank_lines_are_passed_as_they_come() {
        let mut input = "\n".repeat(3 << 20).into_bytes();
        input.extend(" ".repeat(3 * LONG_BLANK).as_bytes());
        input.extend(b"\xef\xbb\xbf[Event \"a\"]\n\n1.e4 *\n");
        let (games, most) = split_as_a_stream(&input, 64 << 10);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].1, (3 << 20) + 1);
        assert!(games[0].2.ends_with(b"\xef\xbb\xbf[Event \"a\"]\n\n1.e4 *\n"));
        assert!(most < 2 * (64 << 10), "{most} bytes held");
    }

    #[test]
    fn a_game_too_large_is_passed_over_as_it_comes() {
        let mut input = b"[Event \"a\"]\n\n1.e4 *\n\n[Event \"large\"]\n\n1.e4 {".to_vec();
        let comment_line = [b"x".repeat(99), b"\n".to_vec()].concat();
        input.extend(comment_line.repeat(MAX_GAME_BYTES / 100 + 10));
        // One line of over a megabyte, a `[` of no next game in it.
        input.extend(b"y".repeat(3 * LONG_LINE));
        input.extend(b" [Event \"no\"] } 1-0\n\n[Event \"b\"]\n\n1.d4 *\n");
        let (games, most) = split_as_a_stream(&input, 1 << 20);
        let summary: Vec<_> = games.iter().map(|(n, l, t, large)| (*n, *l, t.len(), *large)).collect();
        let lines = 9 + MAX_GAME_BYTES / 100 + 10;
        let last = b"[Event \"b\"]\n\n1.d4 *\n".len();
        assert_eq!(summary, [(1, 1, 21, false), (2, 5, 0, true), (3, lines as u64, last, false)]);
        assert!(most <= MAX_GAME_BYTES + LONG_LINE + (2 << 20), "{most} bytes held");
    }
}
