//! Cutting one game's PGN text into tokens: tag pairs, comments, NAGs,
//! variations, results and words (moves, or anything else a file puts
//! between them).
//!
//! The lexer is lenient in the ways real files need and CQL 6.2 is: a byte
//! order mark before a line is skipped; a tag's value runs from the first to
//! the last quote before the line's last `]`, so `[White ""Socrates""]` and
//! a tag with junk after its bracket are read; `%` lines and `;` comments are
//! skipped; blank lines do not end the movetext (the splitter decided where
//! the game ends). Each token carries its byte offset, from which a warning
//! finds its line.

use shakmaty::{Color, KnownOutcome, Outcome};

use super::BYTE_ORDER_MARK;

/// A piece of a game's PGN text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Token<'t> {
    /// `[Name "value"]`: the raw name and value bytes.
    Tag { name: &'t [u8], value: &'t [u8] },
    /// `{...}` without its braces; `closed` is false if the text ended first.
    Comment { text: &'t [u8], closed: bool },
    /// `$n`, `!`, `?`, `!!`, `??`, `!?`, `?!`, or a symbol CQL reads as one
    /// (`+/-`, `=`, `N`, ...).
    Nag(u8),
    /// `(`.
    OpenVariation,
    /// `)`.
    CloseVariation,
    /// A game termination marker.
    Result(Outcome),
    /// Anything else between separators: a move, or a word to be judged by
    /// the reader of moves.
    Word(&'t [u8]),
}

/// The tokens of one game's text, each with its byte offset.
pub(super) struct Lexer<'t> {
    text: &'t [u8],
    at: usize,
}

impl<'t> Lexer<'t> {
    /// A lexer over one game's text.
    pub(super) fn new(text: &'t [u8]) -> Self {
        Lexer { text, at: 0 }
    }

    /// Passes over spaces, tabs and line breaks.
    fn skip_blanks(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.text.get(self.at) {
            self.at += 1;
        }
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text[self.at - 1] == b'\n'
    }

    /// Whether only blanks (or a byte order mark) come before the current
    /// byte on its line.
    fn only_blanks_before_on_line(&self) -> bool {
        // Most often (a tag's line) the line starts here.
        if self.at == 0 || self.text[self.at - 1] == b'\n' {
            return true;
        }
        let line_start = memchr::memrchr(b'\n', &self.text[..self.at]).map_or(0, |newline| newline + 1);
        let before = &self.text[line_start..self.at];
        before.strip_prefix(BYTE_ORDER_MARK).unwrap_or(before).iter().all(u8::is_ascii_whitespace)
    }

    /// The offset just past the end of the current line (its newline included).
    fn line_end(&self) -> usize {
        memchr::memchr(b'\n', &self.text[self.at..]).map_or(self.text.len(), |i| self.at + i + 1)
    }

    fn tag_line(&mut self) -> Option<Token<'t>> {
        let end = self.line_end();
        let line = &self.text[self.at + 1..end];
        self.at = end;
        // A tag's line is short, and what is looked for is near its ends:
        // plain loops, not calls to `memchr`.
        let inner = match line.iter().rposition(|&byte| byte == b']') {
            Some(close) => &line[..close],
            None => line.trim_ascii_end(),
        };
        let inner = inner.trim_ascii_start();
        let name_length =
            inner.iter().position(|&byte| !(byte.is_ascii_alphanumeric() || byte == b'_')).unwrap_or(inner.len());
        let open = name_length + inner[name_length..].iter().position(|&byte| byte == b'"')?;
        let close = inner.iter().rposition(|&byte| byte == b'"')?;
        if name_length == 0 || close <= open || !inner[name_length..open].iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        Some(Token::Tag { name: &inner[..name_length], value: &inner[open + 1..close] })
    }

    fn comment(&mut self) -> Token<'t> {
        let start = self.at + 1;
        match memchr::memchr(b'}', &self.text[start..]) {
            Some(length) => {
                self.at = start + length + 1;
                Token::Comment { text: &self.text[start..start + length], closed: true }
            }
            None => {
                self.at = self.text.len();
                Token::Comment { text: &self.text[start..], closed: false }
            }
        }
    }

    fn nag(&mut self) -> Option<Token<'t>> {
        let start = self.at + 1;
        let digits = self.text[start..].iter().take_while(|byte| byte.is_ascii_digit()).count();
        self.at = start + digits;
        let number = std::str::from_utf8(&self.text[start..start + digits]).ok()?.parse::<u8>().ok()?;
        Some(Token::Nag(number))
    }

    fn glyph(&mut self) -> Token<'t> {
        let pair = (self.text[self.at], self.text.get(self.at + 1).copied());
        let (nag, length) = match pair {
            (b'!', Some(b'!')) => (3, 2),
            (b'?', Some(b'?')) => (4, 2),
            (b'!', Some(b'?')) => (5, 2),
            (b'?', Some(b'!')) => (6, 2),
            (b'!', _) => (1, 1),
            _ => (2, 1),
        };
        self.at += length;
        Token::Nag(nag)
    }

    /// Passes over a move number standing alone (`12.`, `12...`, `12`),
    /// which says nothing; false, having moved nothing, for anything else.
    fn move_number(&mut self) -> bool {
        let rest = &self.text[self.at..];
        let digits = rest.iter().take_while(|byte| byte.is_ascii_digit()).count();
        let dots = rest[digits..].iter().take_while(|&&byte| byte == b'.').count();
        let end = digits + dots;
        if rest.get(end).is_some_and(|&byte| !ENDS_WORD[usize::from(byte)]) {
            return false;
        }
        self.at += end;
        true
    }

    /// The next token if it is a word starting with a letter (most moves),
    /// with its offset, passing over blanks and move numbers standing alone
    /// on the way as [`Lexer::next`] would; `None`, having read nothing
    /// else, if the next token is any other. A shortcut for the main loop:
    /// what it returns is what `next` returns there.
    pub(super) fn next_plain_word(&mut self) -> Option<(&'t [u8], usize)> {
        let text = self.text;
        let ends_at = |at: usize| text.get(at).is_none_or(|&byte| ENDS_WORD[usize::from(byte)]);
        let mut at = self.at;
        loop {
            while let Some(b' ' | b'\t' | b'\r' | b'\n') = text.get(at) {
                at += 1;
            }
            self.at = at;
            match *text.get(at)? {
                b'0'..=b'9' => {
                    // A move number standing alone: its digits and dots,
                    // then a byte that ends a word.
                    let mut end = at + 1;
                    while text.get(end).is_some_and(u8::is_ascii_digit) {
                        end += 1;
                    }
                    while text.get(end) == Some(&b'.') {
                        end += 1;
                    }
                    if !ends_at(end) {
                        return None;
                    }
                    at = end;
                }
                b'a'..=b'z' | b'A'..=b'Z' => {
                    let mut end = at + 1;
                    while !ends_at(end) {
                        end += 1;
                    }
                    if end - at < 2 || text[end - 1] == b'.' {
                        return None;
                    }
                    self.at = end;
                    return Some((&text[at..end], at));
                }
                _ => return None,
            }
        }
    }

    fn word(&mut self) -> Option<Token<'t>> {
        let start = self.at;
        let length =
            self.text[start..].iter().position(|&byte| ENDS_WORD[usize::from(byte)]).unwrap_or(self.text.len() - start);
        self.at = start + length.max(1);
        let word = &self.text[start..start + length.max(1)];
        if word[0].is_ascii_alphabetic() && word[word.len() - 1] != b'.' {
            // Most words: a move, with no number before it or stop after it
            // (a symbol of one letter is a NAG: `N`, `D`).
            return Some(if word.len() > 1 { Token::Word(word) } else { symbol_or_word(word) });
        }
        if let Some(outcome) = result(word) {
            return Some(Token::Result(outcome));
        }
        // A move number with its dots (`12.`, `12...`), alone or glued to
        // its move (`12.e4`).
        let digits = word.iter().take_while(|byte| byte.is_ascii_digit()).count();
        let dots = word[digits..].iter().take_while(|&&byte| byte == b'.').count();
        let word = if digits == word.len() || dots > 0 { &word[digits + dots..] } else { word };
        // A full stop after a move (`24. Qg5.`) is not part of it; `e.p.` is.
        let word = match word.iter().rposition(|&byte| byte != b'.') {
            _ if word.ends_with(b"e.p.") => word,
            Some(last) => &word[..=last],
            None => &[],
        };
        if word.is_empty() {
            return None;
        }
        Some(symbol_or_word(word))
    }
}

/// An evaluation symbol's NAG, or else a word for the reader of moves.
fn symbol_or_word(word: &[u8]) -> Token<'_> {
    match symbol_nag(word) {
        Some(nag) => Token::Nag(nag),
        None => Token::Word(word),
    }
}

impl<'t> Iterator for Lexer<'t> {
    type Item = (Token<'t>, usize);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.skip_blanks();
            let start = self.at;
            let token = match *self.text.get(start)? {
                0xef if self.text[start..].starts_with(BYTE_ORDER_MARK) => {
                    self.at += BYTE_ORDER_MARK.len();
                    None
                }
                b'%' if self.at_line_start() => {
                    self.at = self.line_end();
                    None
                }
                b';' => {
                    self.at = self.line_end();
                    None
                }
                b'[' if self.only_blanks_before_on_line() => self.tag_line(),
                b'[' => {
                    // A bracketed remark inside the movetext (`e4 [%clk 0:01] e5`).
                    let end = self.line_end();
                    self.at = memchr::memchr(b']', &self.text[start..end]).map_or(end, |close| start + close + 1);
                    None
                }
                b'{' => Some(self.comment()),
                b'(' => {
                    self.at += 1;
                    Some(Token::OpenVariation)
                }
                b')' => {
                    self.at += 1;
                    Some(Token::CloseVariation)
                }
                b'$' => self.nag(),
                b'!' | b'?' => Some(self.glyph()),
                b'}' => {
                    // A stray closing brace: nothing to read.
                    self.at += 1;
                    None
                }
                b'0'..=b'9' => {
                    if self.move_number() {
                        None
                    } else {
                        self.word()
                    }
                }
                _ => self.word(),
            };
            if let Some(token) = token {
                return Some((token, start));
            }
        }
    }
}

/// The bytes that end a word. As in CQL 6.2, `(` does not: `exd6(e.p.)` is
/// one word, not a move and a variation.
static ENDS_WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    let ends = b" \t\r\n{})[;$!?";
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
};

/// The game termination marker `word` spells, if any.
fn result(word: &[u8]) -> Option<Outcome> {
    let decisive = |winner| Some(Outcome::Known(KnownOutcome::Decisive { winner }));
    match word {
        b"1-0" => decisive(Color::White),
        b"0-1" => decisive(Color::Black),
        b"1/2-1/2" | b"1/2" | b"\xc2\xbd-\xc2\xbd" => Some(Outcome::Known(KnownOutcome::Draw)),
        b"*" => Some(Outcome::Unknown),
        _ => None,
    }
}

/// The NAG of an evaluation symbol written out, as CQL 6.2 reads them.
fn symbol_nag(word: &[u8]) -> Option<u8> {
    Some(match word {
        b"=" => 10,
        b"+/=" => 14,
        b"=/+" | b"=+" => 15,
        b"+/-" => 16,
        b"-/+" => 17,
        b"+-" => 18,
        b"-+" => 19,
        b"N" => 146,
        b"D" => 201,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Token<'_>> {
        Lexer::new(text.as_bytes()).map(|(token, _)| token).collect()
    }

    fn word(text: &str) -> Token<'_> {
        Token::Word(text.as_bytes())
    }

    #[test]
    fn reads_moves_numbers_comments_variations_and_results() {
        let found = tokens("1.e4 {a b} e5 (1...c5 $14) 2. Nf3!? 1-0");
        assert_eq!(
            found,
            vec![
                word("e4"),
                Token::Comment { text: b"a b", closed: true },
                word("e5"),
                Token::OpenVariation,
                word("c5"),
                Token::Nag(14),
                Token::CloseVariation,
                word("Nf3"),
                Token::Nag(5),
                Token::Result(Outcome::Known(KnownOutcome::Decisive { winner: Color::White })),
            ]
        );
    }

    #[test]
    fn reads_tags_with_quotes_inside_junk_after_and_a_byte_order_mark() {
        let found = tokens("\u{feff}[Event \"a\"]\r\n[White \"\"Socrates Expert\"\"]\n[Black \"x\"] junk\n\n1.e4 *");
        assert_eq!(found[0], Token::Tag { name: b"Event", value: b"a" });
        assert_eq!(found[1], Token::Tag { name: b"White", value: b"\"Socrates Expert\"" });
        assert_eq!(found[2], Token::Tag { name: b"Black", value: b"x" });
        assert_eq!(found[3], word("e4"));
    }

    #[test]
    fn a_bracketed_remark_in_the_movetext_is_passed_over() {
        let found = tokens("[Event \"x\"]\n  [Site \"y\"]\n1. e4 [%clk 0:01] e5 [x\n2. Nf3 *");
        assert_eq!(found[1], Token::Tag { name: b"Site", value: b"y" });
        assert_eq!(found[2..5], [word("e4"), word("e5"), word("Nf3")]);
    }

    #[test]
    fn skips_escape_lines_and_line_comments() {
        let found = tokens("%ignored e4\n1.d4 ; rest of line e4\nd5 *");
        assert_eq!(found, vec![word("d4"), word("d5"), Token::Result(Outcome::Unknown)]);
    }

    #[test]
    fn an_unterminated_comment_runs_to_the_end() {
        let found = tokens("1.e4 {never closed");
        assert_eq!(found[1], Token::Comment { text: b"never closed", closed: false });
    }

    #[test]
    fn evaluation_symbols_are_nags_as_cql_reads_them() {
        let found = tokens("1.e4 +/- e5 = 2.Nf3 N Nc6 D 3.Bc4 +- Bc5 -+ 4.c3 =+");
        let nags: Vec<u8> = found.iter().filter_map(|t| if let Token::Nag(n) = t { Some(*n) } else { None }).collect();
        assert_eq!(nags, vec![16, 10, 146, 201, 18, 19, 15]);
    }

    #[test]
    fn move_numbers_glued_or_with_any_number_of_dots() {
        let found = tokens("1.e4 1...e5 2. Nf3 2..Nc6 3 Bc4 ... Bc5 e.p. 4.c3.");
        let words = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "e.p.", "c3"];
        assert_eq!(found, words.map(word).to_vec());
    }

    #[test]
    fn a_parenthesis_glued_to_a_word_is_part_of_it() {
        let found = tokens("6.exd6(e.p.) Nxd6 (6...Qxd6)");
        assert_eq!(found[0], word("exd6(e.p."));
        assert_eq!(found[1], Token::CloseVariation);
        assert_eq!(found[3], Token::OpenVariation);
        // A move number does not end a word either.
        assert_eq!(tokens("7.(7.e4)"), vec![word("(7.e4"), Token::CloseVariation]);
    }

    /// The shortcut for plain words finds the same words at the same
    /// offsets as the general lexer, and leaves every other token to it.
    #[test]
    fn plain_words_are_the_tokens_the_lexer_finds() {
        let text = "[Event \"x\"]\n\n1.e4 e5 2. Nf3 {a} 2...Nc6 3 Bc4 ... N c3. ( 3.d4 $1 exd4 ) O-O e.p. 4.c3+ 1-0";
        let expected: Vec<(Token<'_>, usize)> = Lexer::new(text.as_bytes()).collect();
        let mut lexer = Lexer::new(text.as_bytes());
        let mut found = Vec::new();
        loop {
            if let Some((word, offset)) = lexer.next_plain_word() {
                found.push((Token::Word(word), offset));
            } else if let Some(token) = lexer.next() {
                found.push(token);
            } else {
                break;
            }
        }
        assert_eq!(found, expected);
        let plain = Lexer::new(text.as_bytes()).next_plain_word();
        assert_eq!(plain, None, "a tag is not a plain word");
    }

    #[test]
    fn offsets_point_at_the_tokens() {
        let text = "1.e4\n{x}\nNf6";
        let offsets: Vec<usize> = Lexer::new(text.as_bytes()).map(|(_, at)| at).collect();
        assert_eq!(offsets, vec![0, 5, 9]);
    }
}
