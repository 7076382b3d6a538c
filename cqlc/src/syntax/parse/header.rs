//! The header `cql(...)`: its parameters (`input`, `variations`,
//! `gamenumber N M`, `sort matchcount N M`, ...).

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{HeaderKind, HeaderParam},
        error::{Expected, RawWord, SyntaxError},
        keywords::nearest,
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

/// The words that start a header parameter.
const HEADER_WORDS: &[&str] =
    &["input", "output", "result", "variations", "quiet", "silent", "gamenumber", "matchcount", "sort", "matchstring"];

impl Parser<'_> {
    /// `cql(...)`, which starts every query: its parameters.
    pub(super) fn header(&mut self) -> Parsed<Vec<HeaderParam>> {
        if !self.eat_word("cql") {
            return Err(self.unexpected(Expected::QueryStart));
        }
        let open = self.here();
        self.expect(Symbol::OpenParen, Expected::HeaderOpen)?;
        if !self.tokens[self.at..].iter().any(|token| token.kind == TokenKind::Symbol(Symbol::CloseParen)) {
            return Err(Diagnostic::new(open, SyntaxError::HeaderNotClosed));
        }
        let mut header = Vec::new();
        while !self.is(Symbol::CloseParen) {
            header.push(self.header_param()?);
        }
        self.next();
        Ok(header)
    }

    /// One parameter of the header (one is next).
    fn header_param(&mut self) -> Parsed<HeaderParam> {
        let token = self.next().expect("caller checked");
        let start = token.span.start;
        let TokenKind::Word(word) = &token.kind else {
            return Err(Diagnostic::new(token.span.clone(), SyntaxError::NotAHeaderParameter));
        };
        let kind = match word.as_str() {
            "input" => HeaderKind::Input(self.raw_word(RawWord::InputFile)?),
            "output" => HeaderKind::Output(self.raw_word(RawWord::OutputFile)?),
            "result" => {
                let result = self.raw_word(RawWord::Result)?;
                if !matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    return Err(Diagnostic::new(self.span_from(start), SyntaxError::NotAResult { text: result }));
                }
                HeaderKind::Result(result)
            }
            "variations" => HeaderKind::Variations,
            "quiet" => HeaderKind::Quiet,
            "silent" => HeaderKind::Silent,
            "gamenumber" => {
                let (first, last) = self.number_range("gamenumber")?;
                HeaderKind::GameNumber(first, last)
            }
            "matchcount" => {
                let (first, last) = self.number_range("matchcount")?;
                HeaderKind::MatchCount(first, last)
            }
            "sort" => {
                if !self.eat_word("matchcount") {
                    return Err(self.unexpected(Expected::SortMatchCount));
                }
                let (first, last) = self.number_range("matchcount")?;
                HeaderKind::SortMatchCount(first, last)
            }
            "matchstring" => match self.next() {
                Some(Token { kind: TokenKind::Str(text), .. }) => HeaderKind::MatchString(text),
                _ => return Err(Diagnostic::new(self.span_from(start), SyntaxError::MatchStringNeedsString)),
            },
            other => {
                let (word, suggestion) = (other.to_owned(), nearest(other, HEADER_WORDS));
                let error = SyntaxError::UnknownHeaderParameter { word, suggestion };
                return Err(Diagnostic::new(token.span.clone(), error));
            }
        };
        Ok(HeaderParam { kind, span: self.span_from(start) })
    }

    /// `N [M]` after the header parameter `parameter`: a number, or two.
    fn number_range(&mut self, parameter: &'static str) -> Parsed<(u64, u64)> {
        let number = |parser: &mut Self| match parser.peek_kind() {
            Some(TokenKind::Number(n)) => {
                let n = u64::try_from(*n).unwrap_or(0);
                parser.next();
                Some(n)
            }
            _ => None,
        };
        let first = number(self).ok_or_else(|| self.unexpected(Expected::Number { parameter }))?;
        let last = number(self).unwrap_or(first);
        Ok((first, last))
    }
}
