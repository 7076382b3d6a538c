//! The filters that write: `comment (...)`, `/// ...` (to the end of its
//! line) and `message [quiet] (...)`.

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Filter, FilterKind},
        error::SyntaxError,
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// `comment (F G ...)` or `comment F`, after `comment`.
    pub(super) fn comment(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::Comment(self.arguments()?))
    }

    /// `message [quiet] (F G ...)` or `message [quiet] F`, after `message`.
    pub(super) fn message(&mut self) -> Parsed<FilterKind> {
        let quiet = self.eat_word("quiet");
        Ok(FilterKind::Message { quiet, arguments: self.arguments()? })
    }

    /// `/// F G ...`, after `slashes`: the filters up to the end of its line.
    pub(super) fn line_comment(&mut self, slashes: &Token) -> Parsed<FilterKind> {
        let mut arguments = Vec::new();
        while let Some(token) = self.peek() {
            let closing = matches!(token.kind, TokenKind::Symbol(Symbol::CloseParen | Symbol::CloseBrace));
            if token.line_break_before || closing {
                break;
            }
            arguments.push(self.level(Level::In)?);
        }
        if arguments.is_empty() {
            return Err(Diagnostic::new(slashes.span.clone(), SyntaxError::EmptyLineComment));
        }
        Ok(FilterKind::Comment(arguments))
    }

    /// The arguments of `comment` and `message`: `(F G ...)`, or one filter
    /// (read at the `in` level).
    fn arguments(&mut self) -> Parsed<Vec<Filter>> {
        self.text_arguments(|parser| Ok(vec![parser.level(Level::In)?]))
    }

    /// The arguments of `comment`, `message` and `str`: `(F G ...)`, or
    /// what `one` reads. A text after `event` or `player` there is an
    /// argument of its own, not a search.
    pub(super) fn text_arguments(&mut self, one: impl FnOnce(&mut Self) -> Parsed<Vec<Filter>>) -> Parsed<Vec<Filter>> {
        let outer = std::mem::replace(&mut self.text_arguments, true);
        let arguments = if self.is(Symbol::OpenParen) {
            let open = self.next().expect("peeked");
            self.sequence(Symbol::OpenParen, open.span)
        } else {
            one(self)
        };
        self.text_arguments = outer;
        arguments
    }
}
