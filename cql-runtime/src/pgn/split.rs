//! Splitting PGN text into games, before any game is parsed.
//!
//! Splitting first lets worker threads parse games independently and lets every
//! warning name the game's number and line. A game ends where the next tag
//! section begins: a line starting with `[` after the game has had movetext.
//! Blank lines inside the movetext, several blank lines after the tags, or a
//! stray byte after the result do not start a new game (CQL 6.2 counts games
//! the same way). A `[` line inside a `{...}` comment is comment text, unless
//! the comment was never closed and the line, after a blank line, is a tag
//! pair: then the game with the unterminated comment ends there, so one broken
//! game cannot swallow the rest of the file. A game also ends at a `[`
//! right after its result on the same line, and a game of tags only ends
//! where a tag section begins after a blank line. A byte order mark before
//! a line (files joined together) does not hide its tag.

use super::BYTE_ORDER_MARK;

/// One game's text, as found by the [`Splitter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawGame<'b> {
    /// The game's number in the input, counting from 1.
    pub number: u64,
    /// The line on which the game starts, counting from 1.
    pub line: u64,
    /// The game's bytes: from its first line to the start of the next game.
    pub text: &'b [u8],
}

/// Finds game boundaries in PGN text; keeps game numbers and line numbers
/// running across successive buffers of one input.
#[derive(Clone, Debug)]
pub struct Splitter {
    next_number: u64,
    next_line: u64,
}

impl Default for Splitter {
    fn default() -> Self {
        Splitter { next_number: 1, next_line: 1 }
    }
}

impl Splitter {
    /// Splits `buf` into games. Without `eof`, the last game in `buf` may be
    /// incomplete, so it is left for the next call: the returned length is how
    /// many bytes of `buf` the returned games cover (skipped blank lines
    /// included); the caller passes the rest again, followed by more input.
    pub fn split<'b>(&mut self, buf: &'b [u8], eof: bool) -> (Vec<RawGame<'b>>, usize) {
        let mut games = Vec::new();
        let mut at = 0;
        loop {
            let (start, blank_lines) = skip_blank_lines(&buf[at..]);
            let start = at + start;
            if start == buf.len() {
                if eof {
                    self.next_line += blank_lines;
                    at = buf.len();
                }
                break;
            }
            let end = match game_end(&buf[start..]) {
                Some(length) => start + length,
                None if eof => buf.len(),
                None => break,
            };
            self.next_line += blank_lines;
            games.push(RawGame { number: self.next_number, line: self.next_line, text: &buf[start..end] });
            self.next_number += 1;
            self.next_line += count_lines(&buf[start..end]);
            at = end;
        }
        (games, at)
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

/// The length of the game that starts at the beginning of `text`: the offset
/// of the line that starts the next game, or `None` if `text` ends first.
fn game_end(text: &[u8]) -> Option<usize> {
    let mut seen_movetext = false;
    let mut seen_tags = false;
    let mut in_brace = false;
    let mut previous_blank = false;
    let mut at = 0;
    while at < text.len() {
        let line_end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i + 1);
        let line = &text[at..line_end];
        let blank = line.iter().all(u8::is_ascii_whitespace);
        let content = line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line);
        if content.first() == Some(&b'[') {
            let tag_pair = is_tag_pair(content);
            let after_tags_and_a_blank_line = !seen_movetext && seen_tags && previous_blank && tag_pair;
            if (seen_movetext && (!in_brace || (previous_blank && tag_pair))) || after_tags_and_a_blank_line {
                return Some(at);
            }
            if !in_brace {
                // A tag line (or a malformed one): part of the tag section.
                seen_tags = true;
                at = line_end;
                previous_blank = false;
                continue;
            }
        }
        if !blank && line.first() != Some(&b'%') {
            seen_movetext = true;
            let (brace_open, next_game) = scan_movetext_line(line, in_brace);
            if let Some(offset) = next_game {
                return Some(at + offset);
            }
            in_brace = brace_open;
        }
        previous_blank = blank;
        at = line_end;
    }
    None
}

/// Whether `text` starts as PGN does: after blank lines (and a byte order
/// mark), a tag pair, or movetext that starts with a move number, a comment
/// or a result.
pub fn looks_like_pgn(text: &[u8]) -> bool {
    let (start, _) = skip_blank_lines(text);
    let line = &text[start..];
    let line = line.trim_ascii_start();
    let line = line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line);
    let line = &line[..memchr::memchr(b'\n', line).unwrap_or(line.len())];
    let digits = line.iter().take_while(|byte| byte.is_ascii_digit()).count();
    is_tag_pair(line)
        || line.starts_with(b"{")
        || line.starts_with(b"*")
        || (digits > 0 && line.get(digits) == Some(&b'.'))
}

/// Whether `line` is a well-formed tag pair: `[Name "value"]`.
fn is_tag_pair(line: &[u8]) -> bool {
    let inner = line.trim_ascii_end();
    let Some(inner) = inner.strip_prefix(b"[").and_then(|l| l.strip_suffix(b"]")) else {
        return false;
    };
    let name_len =
        inner.iter().position(|&byte| !(byte.is_ascii_alphanumeric() || byte == b'_')).unwrap_or(inner.len());
    let rest = inner[name_len..].trim_ascii_start();
    name_len > 0 && rest.len() >= 2 && rest.starts_with(b"\"") && rest.ends_with(b"\"")
}

/// Whether a `{` comment is still open at the end of `line`, given whether
/// one was open at its start; and where a next game starts on the line, if
/// one does: a `[` right after a result (`... 1-0 [Event "b"] ...`). A `;`
/// outside braces comments out the rest of the line.
fn scan_movetext_line(line: &[u8], mut in_brace: bool) -> (bool, Option<usize>) {
    let mut at = 0;
    loop {
        if in_brace {
            match memchr::memchr(b'}', &line[at..]) {
                Some(close) => {
                    in_brace = false;
                    at += close + 1;
                }
                None => return (true, None),
            }
        } else {
            let Some(found) = memchr::memchr3(b'{', b';', b'[', &line[at..]) else { return (false, None) };
            at += found;
            match line[at] {
                b'{' => in_brace = true,
                b';' => return (false, None),
                _ if ends_with_result(&line[..at]) => return (false, Some(at)),
                _ => {}
            }
            at += 1;
        }
    }
}

/// Whether `text` ends with a game termination marker and blanks.
fn ends_with_result(text: &[u8]) -> bool {
    let text = text.trim_ascii_end();
    let token_start = text.iter().rposition(u8::is_ascii_whitespace).map_or(0, |i| i + 1);
    matches!(&text[token_start..], b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
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
}
