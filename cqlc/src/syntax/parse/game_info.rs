//! The filters about the game as a whole: `result 1-0`, `year`.

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::FilterKind,
        error::{RawWord, SyntaxError},
        lex::TokenKind,
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
}
