//! Moving through the tokens: looking at the next one, reading it, and the
//! spans and errors that name where the parser is.

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::Span,
        error::{Expected, Found, RawWord, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// The next token, if any.
    pub(super) fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    /// The kind of the next token, if any.
    pub(super) fn peek_kind(&self) -> Option<&TokenKind> {
        self.peek().map(|t| &t.kind)
    }

    /// The kind of the token `offset` places after the next one.
    pub(super) fn peek_kind_after(&self, offset: usize) -> Option<&TokenKind> {
        self.tokens.get(self.at + offset).map(|t| &t.kind)
    }

    /// Reads the next token.
    pub(super) fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.at).cloned();
        self.at += usize::from(token.is_some());
        token
    }

    /// Where the last token read ends (0 before any).
    pub(super) fn end_of_previous(&self) -> usize {
        self.at.checked_sub(1).map_or(0, |i| self.tokens[i].span.end)
    }

    /// The span from `start` to the end of the last token read.
    pub(super) fn span_from(&self, start: usize) -> Span {
        start..self.end_of_previous().max(start)
    }

    /// The next token's span, or at the end of the query the empty span
    /// right after its last token (on the line where the query ends for a
    /// reader, not after its trailing blank lines).
    pub(super) fn here(&self) -> Span {
        match self.peek() {
            Some(token) => token.span.clone(),
            None => {
                let end = self.tokens.last().map_or(self.source.len(), |last| last.span.end);
                end..end
            }
        }
    }

    /// Whether the next token is the word `word`.
    pub(super) fn is_word(&self, word: &str) -> bool {
        matches!(self.peek_kind(), Some(TokenKind::Word(w)) if w == word)
    }

    /// Whether the next token is `symbol`.
    pub(super) fn is(&self, symbol: Symbol) -> bool {
        self.peek_kind() == Some(&TokenKind::Symbol(symbol))
    }

    /// Reads the word `word` if it is next.
    pub(super) fn eat_word(&mut self, word: &str) -> bool {
        let found = self.is_word(word);
        self.at += usize::from(found);
        found
    }

    /// Reads `symbol` if it is next.
    pub(super) fn eat(&mut self, symbol: Symbol) -> bool {
        let found = self.is(symbol);
        self.at += usize::from(found);
        found
    }

    /// Reads `symbol`, which must be next; else `expected` is the error.
    pub(super) fn expect(&mut self, symbol: Symbol, expected: Expected) -> Parsed<Token> {
        if self.is(symbol) { Ok(self.next().expect("peeked")) } else { Err(self.unexpected(expected)) }
    }

    /// The error of finding the next token (or the end) where `expected` was needed.
    pub(super) fn unexpected(&self, expected: Expected) -> Diagnostic {
        let found = match self.peek() {
            Some(token) => Found::Token(self.source[token.span.clone()].to_owned()),
            None => Found::End,
        };
        Diagnostic::new(self.here(), SyntaxError::Unexpected { expected, found })
    }

    /// The raw text after the last token up to the next space or `)`: a file
    /// name or a result, which are not CQL tokens (`games.pgn`, `1/2-1/2`).
    pub(super) fn raw_word(&mut self, what: RawWord) -> Parsed<String> {
        let from = self.end_of_previous();
        let rest = &self.source[from..];
        let start = from + (rest.len() - rest.trim_start().len());
        let end = self.source[start..]
            .find(|c: char| c.is_whitespace() || c == ')' || c == '}')
            .map_or(self.source.len(), |i| start + i);
        if start == end {
            return Err(Diagnostic::new(start..start + 1, SyntaxError::MissingRawWord(what)));
        }
        while self.peek().is_some_and(|t| t.span.start < end) {
            self.at += 1;
        }
        Ok(self.source[start..end].to_owned())
    }
}
