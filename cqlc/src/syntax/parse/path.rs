//! The path filter `⊢` / `path`: its parameters, then its constituents with
//! their repetition signals; and the path status filters `pathcount`,
//! `pathcountunfocused`, `pathstart`, `pathlastposition`.
//!
//! Inside a path body, at its top level (not inside braces), `+` and `*`
//! are repetition signals rather than arithmetic, `(...)` is a chain, and a
//! dash is a move constituent. A blank line ends the body.
//!
//! As in CQL 6.2, the filters after a move go with it, and so does a bracket
//! there: `――(check)` and `―― (check)` are a move and then `check`; such a
//! bracket holds one filter, or one move, which makes it a chain (`―― (――)+`).
//! A path without moves never matches (a path matches with one move or more).

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{
            Best, Constituent, Dash, DashSource, Filter, FilterKind, Focus, Path, PathParams, PathStatus, Repetition,
            Span,
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
            let constituents = self.constituents(None)?;
            if constituents.is_empty() {
                return Err(self.unexpected(Expected::Constituent));
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

    /// The parameters of a path, up to the first word that is none, with
    /// CQL 6.2's rules: each at most once (but `lastposition`), `piecepath`
    /// only with `focus`, `focus` not with `primary`, no `secondary`.
    fn path_params(&mut self) -> Parsed<PathParams> {
        let start = self.here().start;
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
                "secondary" => return Err(Diagnostic::new(self.here(), SyntaxError::SecondaryPath)),
                _ => break,
            };
            if *flag && word != "lastposition" {
                return Err(Diagnostic::new(self.here(), SyntaxError::PathParameterTwice { parameter: word }));
            }
            *flag = true;
            self.next();
        }
        let error = match (&params.focus, params.flags.piecepath, params.flags.primary) {
            (None, true, _) => SyntaxError::PiecepathWithoutFocus,
            (Some(_), _, true) => SyntaxError::FocusWithPrimary,
            _ => return Ok(params),
        };
        Err(Diagnostic::new(self.span_from(start), error))
    }

    /// A parameter with a value: `focus [capture] S`, `max F`, `min F`,
    /// `title "T"` (the keyword is next).
    fn valued_param(&mut self, keyword: &str, params: &mut PathParams) -> Parsed<()> {
        let start = self.here().start;
        self.next();
        let repeated = match keyword {
            "focus" => {
                let capture = self.eat_word("capture");
                let pieces = Box::new(self.level(Level::Dash)?);
                params.focus.replace(Focus { capture, pieces }).is_some()
            }
            "title" => match self.next().map(|token| token.kind) {
                Some(TokenKind::Str(text)) => params.flags.title.replace(text).is_some(),
                _ => return Err(Diagnostic::new(self.span_from(start), SyntaxError::TitleNeedsString)),
            },
            _ => {
                let value = Box::new(self.filter()?);
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
            if let Some((min, max)) = self.repetition() {
                repeat_last(&mut constituents, min, max, self.span_from(signal_start))?;
                continue;
            }
            if self.is(Symbol::OpenParen) && follows_move(&constituents) {
                let bracket = self.bracket_after_move()?;
                constituents.push(bracket);
                continue;
            }
            self.constituent(&mut constituents)?;
        }
    }

    /// One constituent, or a move and the filters of its target: a chain
    /// `( ... )`, a move, or a filter.
    fn constituent(&mut self, constituents: &mut Vec<Constituent>) -> Parsed<()> {
        let open = self.here();
        if self.eat(Symbol::OpenParen) {
            let start = open.start;
            let parts = self.constituents(Some(open))?;
            constituents.push(Constituent::Chain(parts, self.span_from(start)));
            return Ok(());
        }
        let filter = self.filter()?;
        constituents.extend(as_constituents(filter)?);
        Ok(())
    }

    /// `( F )` after a move (and its filters): F, or if F is a move, a chain
    /// of it.
    fn bracket_after_move(&mut self) -> Parsed<Constituent> {
        let open = self.next().expect("peeked '('").span;
        let inner = self.filter()?;
        if !self.eat(Symbol::CloseParen) {
            return Err(Diagnostic::new(self.here(), SyntaxError::BracketInPath));
        }
        let span = self.span_from(open.start);
        Ok(if matches!(inner.kind, FilterKind::Dash(_)) {
            Constituent::Chain(as_constituents(inner)?, span)
        } else {
            Constituent::Filter(Filter { kind: FilterKind::Paren(Box::new(inner)), span })
        })
    }

    /// A repetition signal, if one is next: `*`, `+`, `?`, `{m}`, `{m,}`,
    /// `{,n}`, `{m,n}`, `{*}`, `{+}`, as the fewest and most repetitions.
    pub(super) fn repetition(&mut self) -> Option<(u32, Option<u32>)> {
        let signal = match self.peek_kind()? {
            TokenKind::Symbol(Symbol::Asterisk) => (0, None),
            TokenKind::Symbol(Symbol::Plus) => (1, None),
            TokenKind::Symbol(Symbol::Question) => (0, Some(1)),
            TokenKind::Repetition { min, max } => (*min, *max),
            _ => return None,
        };
        self.next();
        Some(signal)
    }
}

/// Whether `constituents` end in a move and the filters after it, where CQL
/// 6.2 reads `(` as a bracket around one filter, not as a chain.
fn follows_move(constituents: &[Constituent]) -> bool {
    matches!(constituents.iter().rev().find(|c| !matches!(c, Constituent::Filter(_))), Some(Constituent::Move(..)))
}

/// A filter read as path constituents: a move (its target's filter, in its
/// bracket, after it), or a filter.
fn as_constituents(filter: Filter) -> Parsed<Vec<Constituent>> {
    let dash = match filter.kind {
        FilterKind::Dash(dash) if dash.source != DashSource::Game => {
            return Err(Diagnostic::new(filter.span, SyntaxError::LegalMoveInPath));
        }
        FilterKind::Dash(dash) => dash,
        kind => return Ok(vec![Constituent::Filter(Filter { kind, span: filter.span })]),
    };
    let after = match dash.target.as_deref().unwrap_or_default() {
        [] => Vec::new(),
        [only] if matches!(only.kind, FilterKind::Dash(_)) => {
            vec![Constituent::Chain(as_constituents(only.clone())?, only.span.clone())]
        }
        [only] => vec![Constituent::Filter(only.clone())],
        [_, second, ..] => return Err(Diagnostic::new(second.span.clone(), SyntaxError::BracketInPath)),
    };
    let mut constituents = vec![Constituent::Move(Dash { target: None, ..dash }, filter.span)];
    constituents.extend(after);
    Ok(constituents)
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
