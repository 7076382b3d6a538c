//! The phrase grammar of the path filter `⊢`: its parameters, then its
//! constituents with their repetition signals.
//!
//! Inside a path body, at its top level (not inside braces), `+` and `*`
//! are repetition signals rather than arithmetic, `(...)` is a chain, and a
//! dash is a move constituent. A blank line ends the body.

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Best, Constituent, DashSource, Filter, FilterKind, Focus, Path, PathParams, Repetition, Span},
        lex::TokenKind,
    },
};

impl Parser<'_> {
    /// `⊢` (already read): parameters, then constituents up to a blank line,
    /// a closing bracket or the end.
    pub(super) fn path(&mut self) -> Parsed<Path> {
        let outer = std::mem::replace(&mut self.path_top, true);
        let parsed = self.path_params().and_then(|params| {
            let start = self.here().start;
            let constituents = self.constituents(None)?;
            if constituents.is_empty() {
                return Err(self.unexpected("'⊢' needs at least one constituent"));
            }
            if !constituents.iter().any(Constituent::has_move) {
                return Err(Diagnostic::new(
                    self.span_from(start),
                    "a path needs at least one move (a '――' constituent)",
                ));
            }
            Ok(Path { params, constituents })
        });
        self.path_top = outer;
        parsed
    }

    fn path_params(&mut self) -> Parsed<PathParams> {
        let mut params = PathParams::default();
        while let Some(token) = self.peek() {
            let word = match &token.kind {
                TokenKind::Symbol("◎") => "focus".to_owned(),
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

    /// A parameter with a value: `focus [capture] S`, `max F`, `min F`, `title "T"`.
    fn valued_param(&mut self, word: &str, params: &mut PathParams) -> Parsed<()> {
        let start = self.here().start;
        self.next();
        let repeated = match word {
            "focus" => {
                let capture = self.eat_word("capture");
                let pieces = Box::new(self.union()?);
                params.focus.replace(Focus { capture, pieces }).is_some()
            }
            "title" => match self.next().map(|token| token.kind) {
                Some(TokenKind::Str(text)) => params.flags.title.replace(text).is_some(),
                _ => return Err(Diagnostic::new(self.span_from(start), "'title' needs a string: title \"...\"")),
            },
            _ => {
                let value = Box::new(self.comparison()?);
                params.best.replace(Best { min: word == "min", value }).is_some()
            }
        };
        if repeated {
            let what = if word == "min" { "max" } else { word };
            return Err(Diagnostic::new(self.span_from(start), format!("a path has only one '{what}' parameter")));
        }
        Ok(())
    }

    /// Constituents up to `close` (a chain's `)`), or for the body up to a
    /// blank line or a closing bracket.
    fn constituents(&mut self, close: Option<usize>) -> Parsed<Vec<Constituent>> {
        let mut constituents = Vec::new();
        loop {
            let Some(token) = self.peek() else {
                return match close {
                    Some(open) => Err(Diagnostic::new(open..open + 1, "this '(' is never closed")),
                    None => Ok(constituents),
                };
            };
            if close.is_some() && token.kind == TokenKind::Symbol(")") {
                self.next();
                return Ok(constituents);
            }
            let blank_line = token.blank_line_before && !constituents.is_empty() && close.is_none();
            if blank_line || matches!(token.kind, TokenKind::Symbol(")" | "}")) {
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

    fn constituent(&mut self) -> Parsed<Constituent> {
        let start = self.here().start;
        if self.eat_symbol("(") {
            let parts = self.constituents(Some(start))?;
            return Ok(Constituent::Chain(parts, self.span_from(start)));
        }
        let filter = self.filter()?;
        match filter.kind {
            FilterKind::Dash(dash) if dash.target.is_some() => Err(Diagnostic::new(
                filter.span,
                "a move in a path has no target '( )': write the target's filters after it",
            )),
            FilterKind::Dash(dash) if dash.source != DashSource::Game => Err(Diagnostic::new(
                filter.span,
                "a legal or pseudolegal move is not a path constituent: put it in braces '{ }' to use it as a filter",
            )),
            FilterKind::Dash(dash) => Ok(Constituent::Move(dash, filter.span)),
            kind => Ok(Constituent::Filter(Filter { kind, span: filter.span })),
        }
    }

    /// A repetition signal, if one is next: `*`, `+`, `?`, `{m}`, `{m,}`,
    /// `{,n}`, `{m,n}`, as the fewest and most repetitions.
    fn repetition(&mut self) -> Parsed<Option<(u32, Option<u32>)>> {
        let signal = match self.peek_kind() {
            Some(TokenKind::Symbol("*")) => Some((0, None)),
            Some(TokenKind::Symbol("+")) => Some((1, None)),
            Some(TokenKind::Symbol("?")) => Some((0, Some(1))),
            _ => None,
        };
        if signal.is_some() {
            self.next();
            return Ok(signal);
        }
        if !self.is_symbol("{") || !self.braces_repetition_ahead() {
            return Ok(None);
        }
        let open = self.next().expect("peeked").span;
        let count = |parser: &mut Self| match parser.peek_kind() {
            Some(TokenKind::Number(n)) => {
                let n = *n;
                parser.next();
                u32::try_from(n)
                    .map(Some)
                    .map_err(|_| Diagnostic::new(parser.span_from(open.start), "too many repetitions"))
            }
            _ => Ok(None),
        };
        let min = count(self)?;
        let max = if self.eat_symbol(",") { count(self)? } else { min };
        self.expect_symbol("}", "to close the repetition")?;
        let min = min.unwrap_or(0);
        if max.is_some_and(|max| max < min) {
            return Err(Diagnostic::new(self.span_from(open.start), "the repetition's range goes backwards"));
        }
        Ok(Some((min, max)))
    }

    /// Whether the `{` next starts `{m}`, `{m,}`, `{,n}` or `{m,n}` rather than a compound filter.
    fn braces_repetition_ahead(&self) -> bool {
        let kind = |offset: usize| self.tokens.get(self.at + offset).map(|token| &token.kind);
        matches!(
            (kind(1), kind(2)),
            (Some(TokenKind::Number(_)), Some(TokenKind::Symbol("}" | ",")))
                | (Some(TokenKind::Symbol(",")), Some(TokenKind::Number(_)))
        )
    }
}

/// Applies a repetition signal to what precedes it: the last move or chain
/// and the filter constituents after it (`―― check +` repeats `―― check`).
fn repeat_last(constituents: &mut Vec<Constituent>, min: u32, max: Option<u32>, span: Span) -> Parsed<()> {
    let Some(first) = constituents.iter().rposition(|c| !matches!(c, Constituent::Filter(_))) else {
        return Err(Diagnostic::new(
            span,
            "nothing to repeat: a repetition repeats the last '――' and the filters after it; \
             to use '+' or '*' as arithmetic, put the filter in braces '{ }'",
        ));
    };
    let mut group: Vec<Constituent> = constituents.drain(first..).collect();
    let body = if group.len() == 1 { group.pop().expect("one") } else { Constituent::Chain(group, span.clone()) };
    if !body.has_move() {
        return Err(Diagnostic::new(span, "a repeated chain must contain a move ('――')"));
    }
    constituents.push(Constituent::Repeat(Box::new(Repetition { body, min, max, span })));
    Ok(())
}
