//! The string filters: literals (`"text"`, `\n`), the groups of the last
//! match (`\1`, `\-1`), what follows a string (`S ~~ "re"`, `S[i]`,
//! `S[i:j]`) and the functions `str`, `int`, `lowercase`, `uppercase`,
//! `indexof`, `ascii`.

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Filter, FilterKind, StringFunction},
        error::{Expected, SyntaxError},
        lex::TokenKind,
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// A string literal.
    pub(super) fn string(text: String) -> FilterKind {
        FilterKind::Str(text)
    }

    /// `\1` (`offset`: `\-1`).
    pub(super) fn group(index: u8, offset: bool) -> FilterKind {
        FilterKind::Strings(StringFunction::Group { index, offset }, Vec::new())
    }

    /// `filter` (from `start`) with what follows it: `~~ "re"` and
    /// subscripts `[i]`, `[i:j]`, as many as are written, each applying to
    /// all before it.
    pub(super) fn string_postfix(&mut self, mut filter: Filter, start: usize) -> Parsed<Filter> {
        loop {
            let kind = if self.is(Symbol::DoubleTilde) {
                self.next();
                let pattern = match self.peek_kind() {
                    Some(TokenKind::Str(pattern)) => pattern.clone(),
                    _ => return Err(Diagnostic::new(self.here(), SyntaxError::PatternNotLiteral)),
                };
                self.next();
                FilterKind::Strings(StringFunction::Match(pattern), vec![filter])
            } else if self.is(Symbol::OpenBracket) {
                self.next();
                self.subscript(filter)?
            } else {
                return Ok(filter);
            };
            filter = Filter { kind, span: self.span_from(start) };
        }
    }

    /// `[i]`, `[i:j]`, `[i:]`, `[:j]`, `[:]` after `text`, its `[` read.
    fn subscript(&mut self, text: Filter) -> Parsed<FilterKind> {
        let outer = std::mem::replace(&mut self.in_move_parameters, true);
        let parsed = self.subscript_bounds();
        self.in_move_parameters = outer;
        let (from, colon, to) = parsed?;
        self.expect(Symbol::CloseBracket, Expected::CloseBracket)?;
        let mut operands = vec![text];
        let function = if colon {
            StringFunction::Slice { from: from.is_some(), to: to.is_some() }
        } else {
            StringFunction::Index
        };
        operands.extend(from);
        operands.extend(to);
        Ok(FilterKind::Strings(function, operands))
    }

    /// The bounds of a subscript (`:` is no position's filter here).
    fn subscript_bounds(&mut self) -> Parsed<(Option<Filter>, bool, Option<Filter>)> {
        let from = if self.is(Symbol::Colon) { None } else { Some(self.filter()?) };
        let colon = self.is(Symbol::Colon);
        let to = if colon {
            self.next();
            if self.is(Symbol::CloseBracket) { None } else { Some(self.filter()?) }
        } else {
            None
        };
        Ok((from, colon, to))
    }

    /// `str(F G ...)` or `str F`, after `str`.
    pub(super) fn str_filter(&mut self) -> Parsed<FilterKind> {
        let operands = self.text_arguments(|parser| Ok(vec![parser.filter()?]))?;
        Ok(FilterKind::Strings(StringFunction::Str, operands))
    }

    /// `int S`, `lowercase S`, `uppercase S`, `ascii X`, after the keyword:
    /// `int` and `ascii` read a sum (`int "1" + "2"` is 12), the others
    /// not (`lowercase "A" + "B"` is `aB`).
    pub(super) fn string_of_one(&mut self, function: StringFunction) -> Parsed<FilterKind> {
        let level = match function {
            StringFunction::Int | StringFunction::AsciiCode | StringFunction::ReadFile => Level::Additive,
            _ => Level::Multiplicative,
        };
        Ok(FilterKind::Strings(function, vec![self.level(level)?]))
    }

    /// `writefile (F C)`, after `writefile`.
    pub(super) fn write_file(&mut self) -> Parsed<FilterKind> {
        let open = self.expect(Symbol::OpenParen, Expected::WriteFileOpen)?;
        let operands = self.sequence(Symbol::OpenParen, open.span.clone())?;
        if operands.len() != 2 {
            return Err(Diagnostic::new(self.span_from(open.span.start), SyntaxError::WriteFileArity));
        }
        Ok(FilterKind::Strings(StringFunction::WriteFile, operands))
    }

    /// `indexof (S T)`, after `indexof`.
    pub(super) fn index_of(&mut self) -> Parsed<FilterKind> {
        let open = self.expect(Symbol::OpenParen, Expected::IndexOfOpen)?;
        let operands = self.sequence(Symbol::OpenParen, open.span.clone())?;
        if operands.len() != 2 {
            return Err(Diagnostic::new(self.span_from(open.span.start), SyntaxError::IndexOfArity));
        }
        Ok(FilterKind::Strings(StringFunction::IndexOf, operands))
    }
}
