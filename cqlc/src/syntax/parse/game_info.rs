//! The filters about the game as a whole: `result 1-0`, `year`, the
//! players, their ratings, the event and the other tags.

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{BinaryOp, Designator, Filter, FilterKind, GameField, Kinds, Span},
        error::{Expected, RawWord, SyntaxError},
        lex::TokenKind,
        symbol::Symbol,
        tag_names::settag_refusal,
    },
};

impl Parser<'_> {
    /// `result R`, after `result`: `1-0`, `0-1`, `1/2-1/2`, or one of them in
    /// quotes.
    pub(super) fn result_filter(&mut self) -> Parsed<FilterKind> {
        let start = self.here().start;
        let result = match self.peek_kind() {
            Some(TokenKind::Str(text)) => {
                let text = text.clone();
                self.next();
                text
            }
            _ => self.raw_word(RawWord::Result)?,
        };
        if !matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2") {
            return Err(Diagnostic::new(self.span_from(start), SyntaxError::NotAResult { text: result }));
        }
        Ok(FilterKind::Result(result))
    }

    /// `year`.
    pub(super) fn year() -> FilterKind {
        FilterKind::Year
    }

    /// `player`, `event`, `elo`, `tag "Name"`, ..., after the keyword
    /// `word` (at `start`), with the search that may follow: `event "Open"`
    /// is `"Open" in event`. Bare `player` is CQL 6.2's `notransform
    /// player white + "\n" + player black` (a backslash and an `n`).
    pub(super) fn game_data(&mut self, word: &str, start: usize) -> Parsed<FilterKind> {
        let field = match word {
            "player" => match self.side()? {
                Some(white) => GameField::Player { white },
                None => return self.search_after(start, Self::both_players(start)),
            },
            "event" => GameField::Event,
            "site" => GameField::Site,
            "date" => GameField::Date,
            "eventdate" => GameField::EventDate,
            "eco" => GameField::Eco,
            "elo" => return Ok(FilterKind::GameData(GameField::Elo { white: self.side()? })),
            "gamenumber" => return Ok(FilterKind::GameData(GameField::GameNumber)),
            "lastgamenumber" => return Ok(FilterKind::GameData(GameField::LastGameNumber)),
            "removecomment" => return Ok(FilterKind::GameData(GameField::RemoveComment)),
            "fen" => return self.fen(start),
            "hascomment" | "originalcomment" => match self.nag()? {
                Some(nag) => return Ok(FilterKind::GameData(GameField::HasNag(nag))),
                None => GameField::OriginalComment,
            },
            _ => self.tag_name()?,
        };
        self.search_after(start, FilterKind::GameData(field))
    }

    /// `fen`, the current position's FEN, or `fen "B"`: the board of B,
    /// as `false or {Ra1 _b1 ...}` (CQL 6.2's own reading).
    fn fen(&mut self, start: usize) -> Parsed<FilterKind> {
        let board = match self.peek_kind() {
            Some(TokenKind::Str(text)) if !self.text_arguments => text.clone(),
            _ => return Ok(FilterKind::GameData(GameField::Fen)),
        };
        let text = &board;
        let Some(board) = fen_board(text) else {
            let text = text.clone();
            return Err(Diagnostic::new(self.here(), SyntaxError::NotABoard { text }));
        };
        self.next();
        let span = self.span_from(start);
        let filter = |kind| Box::new(Filter { kind, span: span.clone() });
        let squares = board.into_iter().map(|designator| *filter(FilterKind::Designator(designator))).collect();
        Ok(FilterKind::Or(filter(FilterKind::Bool(false)), filter(FilterKind::Compound(squares))))
    }

    /// The NAG `hascomment "!"` or `hascomment "$5"` tests (read), if the
    /// string after it names one; other strings are searched for in the
    /// comment.
    fn nag(&mut self) -> Parsed<Option<u8>> {
        let Some(TokenKind::Str(text)) = self.peek_kind() else { return Ok(None) };
        if self.text_arguments {
            return Ok(None);
        }
        let nag = match text.as_str() {
            "!" => 1,
            "?" => 2,
            "!!" => 3,
            "??" => 4,
            "!?" => 5,
            "?!" => 6,
            "=" => 10,
            "+/=" => 14,
            "=/+" => 15,
            "+/-" => 16,
            "-/+" => 17,
            "+-" => 18,
            "-+" => 19,
            _ => match text.strip_prefix('$').map(str::parse::<u32>) {
                Some(Ok(nag @ 1..=255)) => nag as u8,
                Some(Ok(_)) => {
                    let text = text.clone();
                    return Err(Diagnostic::new(self.here(), SyntaxError::NotANag { text }));
                }
                _ => return Ok(None),
            },
        };
        self.next();
        Ok(Some(nag))
    }

    /// `settag ("Name" S)`, after `settag`.
    pub(super) fn set_tag(&mut self) -> Parsed<FilterKind> {
        self.expect(Symbol::OpenParen, Expected::SetTagOpen)?;
        let (name, span) = self.quoted_tag_name()?;
        if let Some(reason) = settag_refusal(&name) {
            return Err(Diagnostic::new(span, SyntaxError::RefusedTagName { name, reason }));
        }
        let value = Box::new(self.filter()?);
        self.expect(Symbol::CloseParen, Expected::CloseParen)?;
        Ok(FilterKind::SetTag { name, value })
    }

    /// `white` or `black` after `player` or `elo`, if there is one.
    fn side(&mut self) -> Parsed<Option<bool>> {
        Ok(if self.eat_word("white") {
            Some(true)
        } else if self.eat_word("black") {
            Some(false)
        } else {
            None
        })
    }

    /// The name of a tag in quotes, and where it is.
    fn quoted_tag_name(&mut self) -> Parsed<(String, Span)> {
        let span = self.here();
        let Some(TokenKind::Str(name)) = self.peek_kind() else {
            return Err(Diagnostic::new(span, SyntaxError::TagNameNotAString));
        };
        let name = name.clone();
        self.next();
        Ok((name, span))
    }

    /// The name after `tag`: a string; the tags CQL 6.2 reads itself are
    /// the filters of their own (`tag "White"` is `player white`), the
    /// others those `settag` may set (`TagNode::isQueryable`).
    fn tag_name(&mut self) -> Parsed<GameField> {
        let (name, span) = self.quoted_tag_name()?;
        Ok(match name.as_str() {
            "White" => GameField::Player { white: true },
            "Black" => GameField::Player { white: false },
            "Event" => GameField::Event,
            "Site" => GameField::Site,
            "Date" => GameField::Date,
            "EventDate" => GameField::EventDate,
            "ECO" => GameField::Eco,
            "FEN" => GameField::Tag(name),
            _ => match settag_refusal(&name) {
                None => GameField::Tag(name),
                Some(reason) => return Err(Diagnostic::new(span, SyntaxError::RefusedTagName { name, reason })),
            },
        })
    }

    /// `player white + "\n" + player black`, in `notransform`.
    fn both_players(start: usize) -> FilterKind {
        let at = |kind| Box::new(Filter { kind, span: start..start });
        let player = |white| at(FilterKind::GameData(GameField::Player { white }));
        let white_then = FilterKind::Binary(BinaryOp::Add, player(true), at(FilterKind::Str("\\n".to_owned())));
        FilterKind::NoTransform(at(FilterKind::Binary(BinaryOp::Add, at(white_then), player(false))))
    }

    /// `field`, or `"text" in field` if a string follows (not an empty
    /// one, which is a filter of its own). CQL 6.2 refuses a text that
    /// looks like a pattern: `[...]`, or `*`, `+` or `?` after its start.
    pub(super) fn search_after(&mut self, start: usize, field: FilterKind) -> Parsed<FilterKind> {
        let field = Filter { kind: field, span: self.span_from(start) };
        let Some(TokenKind::Str(text)) = self.peek_kind() else { return Ok(field.kind) };
        if text.is_empty() || self.text_arguments {
            return Ok(field.kind);
        }
        let text = text.clone();
        let span = self.here();
        self.next();
        if looks_like_pattern(&text) {
            return Err(Diagnostic::new(span, SyntaxError::SearchPattern { text }));
        }
        Ok(FilterKind::In(Box::new(Filter { kind: FilterKind::Str(text), span }), Box::new(field)))
    }
}

/// Whether CQL 6.2 takes `text` for a pattern where it searches for text:
/// a `[` with a `]` after it, or `*`, `+`, `?` anywhere but first.
fn looks_like_pattern(text: &str) -> bool {
    let bracketed = text.find('[').is_some_and(|open| text[open..].contains(']'));
    bracketed || text.char_indices().any(|(at, c)| at > 0 && matches!(c, '*' | '+' | '?'))
}

/// The filter `fen "B"` stands for: the board of the FEN `B` (what follows
/// its first field is not read), each square as a designator (`Ra1`,
/// `_b1`; `A`/`a` any white/black piece, `.` any), all of which must
/// match; none if `B` is no board.
pub(super) fn fen_board(text: &str) -> Option<Vec<Designator>> {
    let mut squares = Vec::with_capacity(64);
    let mut rank: u32 = 7;
    let mut file: u32 = 0;
    for c in text.chars() {
        let square = 1u64 << (rank * 8 + file);
        let pieces = match c {
            '/' if file == 8 && rank > 0 => {
                rank -= 1;
                file = 0;
                continue;
            }
            _ if file == 8 && rank == 0 => break,
            '1'..='8' => {
                let run = c.to_digit(10).expect("a digit");
                if file + run > 8 {
                    return None;
                }
                for _ in 0..run {
                    squares.push(Designator { pieces: Some(Kinds::EMPTY), squares: Some(1u64 << (rank * 8 + file)) });
                    file += 1;
                }
                continue;
            }
            '.' => None,
            '_' => Some(Kinds::EMPTY),
            'A' => Some(Kinds::WHITE),
            'a' => Some(Kinds::BLACK),
            _ => {
                let role = "pnbrqk".find(c.to_ascii_lowercase())? as u8;
                Some(Kinds::piece(c.is_ascii_uppercase(), role))
            }
        };
        if file == 8 {
            return None;
        }
        if let Some(pieces) = pieces {
            squares.push(Designator { pieces: Some(pieces), squares: Some(square) });
        }
        file += 1;
    }
    (rank == 0 && file == 8).then_some(squares)
}
