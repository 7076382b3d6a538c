//! Where a game's text ends: the search, line by line from the game's
//! start, for the line that starts the next game ([`GameScan`]).
//!
//! A game ends where the next tag section begins: a line starting with `[`
//! after the game has had movetext. Blank lines inside the movetext,
//! several blank lines after the tags, or a stray byte after the result do
//! not start a new game (CQL 6.2 counts games the same way). A `[` line
//! inside a `{...}` comment is comment text, unless the comment was never
//! closed and the line, after a blank line, is a tag pair: then the game
//! with the unterminated comment ends there, so one broken game cannot
//! swallow the rest of the file. A game also ends at a `[` right after its
//! result on the same line, and a game of tags only ends where a tag
//! section begins after a blank line. A byte order mark before a line
//! (files joined together) does not hide its tag.
//!
//! The search keeps what it has seen, so it can stop where a buffer ends
//! and go on when more text comes, without reading any line twice but the
//! last, incomplete one.

use super::BYTE_ORDER_MARK;

/// The search for the end of one game.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct GameScan {
    /// The start of the first line not yet searched, from the start of the
    /// text searched.
    pub(super) at: usize,
    /// How many whole lines (ending in a newline) are before `at`.
    pub(super) lines: u64,
    seen_movetext: bool,
    seen_tags: bool,
    in_brace: bool,
    previous_blank: bool,
    /// The line at `at` has been passed over in part, and what its start
    /// showed (only in a game too large to keep, see
    /// [`GameScan::pass_part_of_line`]).
    partial: Option<LineKind>,
}

/// What kind a line is, as far as the search for the game's end goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    /// Nothing more on the line matters: a tag line, an escape line (`%`),
    /// or the rest of a line that a `;` comment ends.
    Ignored,
    /// Movetext, or nothing but blanks so far (`blank`).
    Movetext { blank: bool },
}

impl GameScan {
    /// Goes on searching `text` from [`at`](GameScan::at): the offset in
    /// `text` where the next game starts, or `None` once every whole line
    /// has been searched (`at` is then the start of the incomplete last
    /// line, if any: with `eof`, the last line counts as whole).
    pub(super) fn find_end(&mut self, text: &[u8], eof: bool) -> Option<usize> {
        loop {
            self.skip_plain_movetext(text);
            let from = self.at;
            // One search for the newlines of a run of lines, not one a line.
            let mut newlines = memchr::memchr_iter(b'\n', &text[from..]);
            loop {
                if self.at >= text.len() {
                    return None;
                }
                let length = match newlines.next() {
                    Some(newline) => from + newline + 1 - self.at,
                    None if eof => text.len() - self.at,
                    None => return None,
                };
                let line = &text[self.at..self.at + length];
                let kind = match self.partial.take() {
                    Some(kind) => kind,
                    None => match self.line_start(line, true) {
                        Some(kind) => kind,
                        None => return Some(self.at),
                    },
                };
                let (kind, next_game) = self.go_through(kind, line);
                if let Some(offset) = next_game {
                    return Some(self.at + offset);
                }
                self.previous_blank = kind == LineKind::Movetext { blank: true };
                self.at += length;
                self.lines += u64::from(line.ends_with(b"\n"));
                if self.seen_movetext && !self.in_brace && kind != LineKind::Ignored {
                    // Movetext with no comment open: plain lines may follow.
                    break;
                }
            }
        }
    }

    /// Goes at once past the whole lines of movetext from [`at`](GameScan::at)
    /// that hold no `[`, `{` or `;` (most of a game's moves), when no
    /// comment is open: none of them can end the game or change what the
    /// search knows, but whether the last of them is blank.
    fn skip_plain_movetext(&mut self, text: &[u8]) {
        if self.partial.is_some() || !self.seen_movetext || self.in_brace {
            return;
        }
        let rest = &text[self.at..];
        let special = memchr::memchr3(b'[', b'{', b';', rest).unwrap_or(rest.len());
        let Some(last_newline) = memchr::memrchr(b'\n', &rest[..special]) else { return };
        let skipped = &rest[..=last_newline];
        let last_line = memchr::memrchr(b'\n', &skipped[..last_newline]).map_or(0, |newline| newline + 1);
        self.previous_blank = skipped[last_line..].iter().all(u8::is_ascii_whitespace);
        self.lines += memchr::memchr_iter(b'\n', skipped).count() as u64;
        self.at += skipped.len();
    }

    /// Passes over `part`, the beginning or a further part of the long line
    /// at [`at`](GameScan::at) that has no end yet, without keeping it: the
    /// offset in `part` where the next game starts, if it does. Such a line
    /// (a megabyte long, in a game too large to keep) is taken for no tag
    /// pair, and a result is seen only within one part.
    pub(super) fn pass_part_of_line(&mut self, part: &[u8]) -> Option<usize> {
        let kind = match self.partial.take() {
            Some(kind) => kind,
            None => self.line_start(part, false)?,
        };
        let (kind, next_game) = self.go_through(kind, part);
        if next_game.is_none() {
            self.partial = Some(kind);
        }
        next_game
    }

    /// What the start of `line` (the whole line if `whole`) shows: `None`
    /// if the next game starts with it, else its kind.
    fn line_start(&mut self, line: &[u8], whole: bool) -> Option<LineKind> {
        let content = line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line);
        if content.first() == Some(&b'[') {
            let tag_pair = whole && is_tag_pair(content);
            let after_tags_and_a_blank_line = !self.seen_movetext && self.seen_tags && self.previous_blank && tag_pair;
            if (self.seen_movetext && (!self.in_brace || (self.previous_blank && tag_pair)))
                || after_tags_and_a_blank_line
            {
                return None;
            }
            if !self.in_brace {
                // A tag line (or a malformed one): part of the tag section.
                self.seen_tags = true;
                return Some(LineKind::Ignored);
            }
        }
        if line.first() == Some(&b'%') {
            return Some(LineKind::Ignored);
        }
        Some(LineKind::Movetext { blank: true })
    }

    /// Goes through `bytes` of a line of `kind`: its kind after them, and
    /// the offset in `bytes` where a next game starts, if one does.
    fn go_through(&mut self, kind: LineKind, bytes: &[u8]) -> (LineKind, Option<usize>) {
        let LineKind::Movetext { blank } = kind else { return (kind, None) };
        if blank && bytes.iter().all(u8::is_ascii_whitespace) {
            return (kind, None);
        }
        self.seen_movetext = true;
        let scanned = scan_movetext(bytes, self.in_brace);
        if scanned.next_game.is_some() {
            return (kind, scanned.next_game);
        }
        self.in_brace = scanned.in_brace;
        let kind = if scanned.rest_is_comment { LineKind::Ignored } else { LineKind::Movetext { blank: false } };
        (kind, None)
    }
}

/// What a line of movetext, or a part of one, showed.
struct MovetextScan {
    /// Whether a `{` comment is open at its end.
    in_brace: bool,
    /// Where a next game starts: a `[` right after a result.
    next_game: Option<usize>,
    /// A `;` comments out the rest of the line.
    rest_is_comment: bool,
}

/// Scans `line` of movetext, given whether a `{` comment was open at its
/// start (`in_brace`).
fn scan_movetext(line: &[u8], mut in_brace: bool) -> MovetextScan {
    let mut at = 0;
    let ended = |in_brace, next_game, rest_is_comment| MovetextScan { in_brace, next_game, rest_is_comment };
    loop {
        if in_brace {
            match memchr::memchr(b'}', &line[at..]) {
                Some(close) => {
                    in_brace = false;
                    at += close + 1;
                }
                None => return ended(true, None, false),
            }
        } else {
            let Some(found) = memchr::memchr3(b'{', b';', b'[', &line[at..]) else { return ended(false, None, false) };
            at += found;
            match line[at] {
                b'{' => in_brace = true,
                b';' => return ended(false, None, true),
                _ if ends_with_result(&line[..at]) => return ended(false, Some(at), false),
                _ => {}
            }
            at += 1;
        }
    }
}

/// Whether `line` is a well-formed tag pair: `[Name "value"]`.
pub(super) fn is_tag_pair(line: &[u8]) -> bool {
    let inner = line.trim_ascii_end();
    let Some(inner) = inner.strip_prefix(b"[").and_then(|l| l.strip_suffix(b"]")) else {
        return false;
    };
    let name_len =
        inner.iter().position(|&byte| !(byte.is_ascii_alphanumeric() || byte == b'_')).unwrap_or(inner.len());
    let rest = inner[name_len..].trim_ascii_start();
    name_len > 0 && rest.len() >= 2 && rest.starts_with(b"\"") && rest.ends_with(b"\"")
}

/// Whether `text` ends with a game termination marker and blanks.
fn ends_with_result(text: &[u8]) -> bool {
    let text = text.trim_ascii_end();
    let token_start = text.iter().rposition(u8::is_ascii_whitespace).map_or(0, |i| i + 1);
    matches!(&text[token_start..], b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end of the game starting `text`, searched in one go.
    fn end(text: &str) -> Option<usize> {
        GameScan::default().find_end(text.as_bytes(), true)
    }

    #[test]
    fn a_search_cut_anywhere_finds_the_same_end() {
        let text = "[Event \"a\"]\n\n1.e4 {a\n[x] b} e5 ; c { d\n\n% e\n1-0\n\n[Event \"b\"]\n*\n";
        let whole = end(text);
        assert_eq!(whole, text.find("[Event \"b\"]"));
        for cut in 0..text.len() {
            let mut scan = GameScan::default();
            let first = scan.find_end(&text.as_bytes()[..cut], false);
            let found = first.or_else(|| scan.find_end(text.as_bytes(), true));
            assert_eq!(found, whole, "cut at {cut}");
        }
    }

    #[test]
    fn a_long_line_passed_over_in_parts_keeps_its_comment_open() {
        let mut scan = GameScan { seen_movetext: true, ..GameScan::default() };
        assert_eq!(scan.pass_part_of_line(b"1.e4 {a long "), None);
        assert_eq!(scan.pass_part_of_line(b"comment [Event \"x\"] "), None);
        let rest = b"} 1-0\n[Event \"b\"]\n";
        scan.at = 0;
        assert_eq!(scan.find_end(rest, false), Some(6));
    }

    #[test]
    fn a_long_line_passed_over_in_parts_ends_at_a_bracket_after_a_result() {
        let mut scan = GameScan { seen_movetext: true, ..GameScan::default() };
        assert_eq!(scan.pass_part_of_line(b"1.e4 e5 "), None);
        assert_eq!(scan.pass_part_of_line(b"1-0 [Event \"b\"]"), Some(4));
    }

    #[test]
    fn a_tag_line_cut_in_parts_is_passed_over() {
        let mut scan = GameScan::default();
        assert_eq!(scan.pass_part_of_line(b"[Annotator \"a {"), None);
        scan.at = 0;
        assert_eq!(scan.find_end(b"very long one\"]\n\n1.e4 1-0\n[Event \"b\"]\n", false), Some(26));
    }
}
