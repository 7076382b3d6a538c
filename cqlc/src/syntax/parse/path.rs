//! The path filter `⊢` / `path`: its parameters, then its constituents with
//! their repetition signals; and the path status filters `pathcount`,
//! `pathcountunfocused`, `pathstart`, `pathlastposition`.
//!
//! Inside a path body, at its top level (not inside braces), `+` and `*`
//! are repetition signals rather than arithmetic, `(...)` is a chain, and a
//! dash is a move constituent. A blank line ends the body.

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{
            Best, Constituent, DashSource, Filter, FilterKind, Focus, Path, PathParams, PathStatus, Repetition, Span,
        },
        error::{Expected, SyntaxError},
        lex::TokenKind,
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// After `⊢` / `path`: parameters, then constituents up to a blank line,
    /// a closing bracket or the end.
    pub(super) fn path_filter(&mut self) -> Parsed<FilterKind> {
        let outer = std::mem::replace(&mut self.path_top, true);
        let parsed = self.path_params().and_then(|params| {
            let start = self.here().start;
            let constituents = self.constituents(None)?;
            if constituents.is_empty() {
                return Err(self.unexpected(Expected::Constituent));
            }
            if !constituents.iter().any(Constituent::has_move) {
                return Err(Diagnostic::new(self.span_from(start), SyntaxError::PathWithoutMove));
            }
            Ok(FilterKind::Path(Path { params, constituents }))
        });
        self.path_top = outer;
        parsed
    }

    /// One of the path status keywords, as the status it names.
    pub(super) fn path_status(status: PathStatus) -> FilterKind {
        FilterKind::PathStatus(status)
    }

    /// The parameters of a path, up to the first word that is none.
    fn path_params(&mut self) -> Parsed<PathParams> {
        let mut params = PathParams::default();
        while let Some(token) = self.peek() {
            let word = match &token.kind {
                TokenKind::Symbol(Symbol::Focus) => "focus".to_owned(),
                TokenKind::Word(word) => word.clone(),
                _ => break,
            };
            let flag = match word.as_str() {
                "primary" => &mut params.flags.primary,
                "verbose" => &mut params.flags.verbose,
                "keepallbest" => &mut params.flags.keepallbest,
                "piecepath" => &mut params.flags.piecepath,
                "quiet" => &mut params.flags.quiet,
                "nestban" => &mut params.flags.nestban,
                "firstmatch" => &mut params.flags.firstmatch,
                "lastposition" => &mut params.flags.lastposition,
                "focus" | "max" | "min" | "title" => {
                    self.valued_param(&word, &mut params)?;
                    continue;
                }
                _ => break,
            };
            *flag = true;
            self.next();
        }
        Ok(params)
    }

    /// A parameter with a value: `focus [capture] S`, `max F`, `min F`,
    /// `title "T"` (the keyword is next).
    fn valued_param(&mut self, keyword: &str, params: &mut PathParams) -> Parsed<()> {
        let start = self.here().start;
        self.next();
        let repeated = match keyword {
            "focus" => {
                let capture = self.eat_word("capture");
                let pieces = Box::new(self.level(Level::Union)?);
                params.focus.replace(Focus { capture, pieces }).is_some()
            }
            "title" => match self.next().map(|token| token.kind) {
                Some(TokenKind::Str(text)) => params.flags.title.replace(text).is_some(),
                _ => return Err(Diagnostic::new(self.span_from(start), SyntaxError::TitleNeedsString)),
            },
            _ => {
                let value = Box::new(self.level(Level::Comparison)?);
                params.best.replace(Best { min: keyword == "min", value }).is_some()
            }
        };
        if repeated {
            // `max` and `min` are one parameter.
            let parameter = if keyword == "min" { "max" } else { keyword }.to_owned();
            return Err(Diagnostic::new(self.span_from(start), SyntaxError::PathParameterTwice { parameter }));
        }
        Ok(())
    }

    /// Constituents up to the `)` of a chain opened at `chain`, or for the
    /// body (no chain) up to a blank line or a closing bracket.
    fn constituents(&mut self, chain: Option<Span>) -> Parsed<Vec<Constituent>> {
        let mut constituents = Vec::new();
        loop {
            let Some(token) = self.peek() else {
                return match chain {
                    Some(open) => Err(Diagnostic::new(open, SyntaxError::NeverClosed { opener: Symbol::OpenParen })),
                    None => Ok(constituents),
                };
            };
            if chain.is_some() && token.kind == TokenKind::Symbol(Symbol::CloseParen) {
                self.next();
                return Ok(constituents);
            }
            let blank_line = token.blank_line_before && !constituents.is_empty() && chain.is_none();
            let closing = matches!(token.kind, TokenKind::Symbol(Symbol::CloseParen | Symbol::CloseBrace));
            if blank_line || closing {
                return Ok(constituents);
            }
            let signal_start = token.span.start;
            if let Some((min, max)) = self.repetition()? {
                repeat_last(&mut constituents, min, max, self.span_from(signal_start))?;
                continue;
            }
            constituents.push(self.constituent()?);
        }
    }

    /// One constituent: a chain `( ... )`, a move, or a filter.
    fn constituent(&mut self) -> Parsed<Constituent> {
        let open = self.here();
        if self.eat(Symbol::OpenParen) {
            let start = open.start;
            let parts = self.constituents(Some(open))?;
            return Ok(Constituent::Chain(parts, self.span_from(start)));
        }
        let filter = self.filter()?;
        match filter.kind {
            FilterKind::Dash(dash) if dash.target.is_some() => {
                Err(Diagnostic::new(filter.span, SyntaxError::TargetInPath))
            }
            FilterKind::Dash(dash) if dash.source != DashSource::Game => {
                Err(Diagnostic::new(filter.span, SyntaxError::LegalMoveInPath))
            }
            FilterKind::Dash(dash) => Ok(Constituent::Move(dash, filter.span)),
            kind => Ok(Constituent::Filter(Filter { kind, span: filter.span })),
        }
    }

    /// A repetition signal, if one is next: `*`, `+`, `?`, `{m}`, `{m,}`,
    /// `{,n}`, `{m,n}`, as the fewest and most repetitions.
    fn repetition(&mut self) -> Parsed<Option<(u32, Option<u32>)>> {
        let signal = match self.peek_kind() {
            Some(TokenKind::Symbol(Symbol::Asterisk)) => Some((0, None)),
            Some(TokenKind::Symbol(Symbol::Plus)) => Some((1, None)),
            Some(TokenKind::Symbol(Symbol::Question)) => Some((0, Some(1))),
            _ => None,
        };
        if signal.is_some() {
            self.next();
            return Ok(signal);
        }
        if !self.is(Symbol::OpenBrace) || !self.braces_repetition_ahead() {
            return Ok(None);
        }
        let open = self.next().expect("peeked").span;
        let count = |parser: &mut Self| match parser.peek_kind() {
            Some(TokenKind::Number(n)) => {
                let n = *n;
                parser.next();
                u32::try_from(n)
                    .map(Some)
                    .map_err(|_| Diagnostic::new(parser.span_from(open.start), SyntaxError::TooManyRepetitions))
            }
            _ => Ok(None),
        };
        let min = count(self)?;
        let max = if self.eat(Symbol::Comma) { count(self)? } else { min };
        self.expect(Symbol::CloseBrace, Expected::RepetitionClose)?;
        let min = min.unwrap_or(0);
        if max.is_some_and(|max| max < min) {
            return Err(Diagnostic::new(self.span_from(open.start), SyntaxError::BackwardsRepetition));
        }
        Ok(Some((min, max)))
    }

    /// Whether the `{` next starts `{m}`, `{m,}`, `{,n}` or `{m,n}` rather
    /// than a compound filter.
    fn braces_repetition_ahead(&self) -> bool {
        matches!(
            (self.peek_kind_after(1), self.peek_kind_after(2)),
            (Some(TokenKind::Number(_)), Some(TokenKind::Symbol(Symbol::CloseBrace | Symbol::Comma)))
                | (Some(TokenKind::Symbol(Symbol::Comma)), Some(TokenKind::Number(_)))
        )
    }
}

/// Applies a repetition signal to what precedes it: the last move or chain
/// and the filter constituents after it (`―― check +` repeats `―― check`).
fn repeat_last(constituents: &mut Vec<Constituent>, min: u32, max: Option<u32>, span: Span) -> Parsed<()> {
    let Some(first) = constituents.iter().rposition(|c| !matches!(c, Constituent::Filter(_))) else {
        return Err(Diagnostic::new(span, SyntaxError::NothingToRepeat));
    };
    let mut group: Vec<Constituent> = constituents.drain(first..).collect();
    let body = if group.len() == 1 { group.pop().expect("one") } else { Constituent::Chain(group, span.clone()) };
    if !body.has_move() {
        return Err(Diagnostic::new(span, SyntaxError::RepeatedChainWithoutMove));
    }
    constituents.push(Constituent::Repeat(Box::new(Repetition { body, min, max, span })));
    Ok(())
}
