//! `line [parameters] --> C1 --> C2 ...` (or `<--`): positions in a row of
//! the game, each matching its constituent, forward to children or back to
//! parents. CQL 6.2 calls it deprecated in favour of `⊢`, and it is `⊢`'s
//! older cousin here too: each position constituent `C` becomes the path
//! constituents `―― C` (a move, then C at the position it leads to), and
//! the path is run as a line (`PathFlags::line`): its first move is the
//! one into the start, which the line does not make, and its length counts
//! positions. Repetitions (`*`, `+`, `?`, `{m,n}`) and groups `( C --> C )`
//! work as in a path. With `singlecolor`, the positions where the other
//! side than at the start is to move are passed, as a path with `focus`
//! passes the moves of other pieces.
//!
//! A constituent is any filter, up to the next arrow; after it, `+` and `*`
//! are repetition signals when an arrow, a `)` or the end follows them, and
//! arithmetic otherwise (`line --> N * k` multiplies, as in CQL 6.2).

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Constituent, Dash, DashSource, FilterKind, Path, PathParams, Repetition, Span},
        error::{Expected, SyntaxError},
        lex::TokenKind,
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// After `line`.
    pub(super) fn line(&mut self) -> Parsed<FilterKind> {
        let mut params = self.line_params()?;
        let backward = match self.peek_kind() {
            Some(TokenKind::Symbol(Symbol::Line)) => false,
            Some(TokenKind::Symbol(Symbol::LineBack)) => true,
            _ => return Err(self.unexpected(Expected::LineArrow)),
        };
        if backward && params.flags.nestban {
            return Err(Diagnostic::new(self.here(), SyntaxError::NestbanBackward));
        }
        if backward && (params.flags.primary || params.flags.secondary) {
            return Err(Diagnostic::new(self.here(), SyntaxError::SideLineBackward));
        }
        params.flags.line = true;
        params.flags.backward = backward;
        let arrow = if backward { Symbol::LineBack } else { Symbol::Line };
        let outer = std::mem::replace(&mut self.line_top, true);
        let constituents = self.line_constituents(arrow, None);
        self.line_top = outer;
        Ok(FilterKind::Path(Path { params, constituents: constituents? }))
    }

    /// The parameters before the first arrow, a range among them. As in
    /// CQL 6.2, each at most once (but `lastposition`), and `primary` or
    /// `secondary`, not both.
    fn line_params(&mut self) -> Parsed<PathParams> {
        let mut params = PathParams::default();
        loop {
            if params.range.is_none()
                && let Some(range) = self.range_before(Symbol::Line)
            {
                params.range = Some(range);
                continue;
            }
            let Some(TokenKind::Word(word)) = self.peek_kind() else { break };
            let flag = match word.as_str() {
                "primary" => &mut params.flags.primary,
                "quiet" => &mut params.flags.quiet,
                "nestban" => &mut params.flags.nestban,
                "firstmatch" => &mut params.flags.firstmatch,
                "lastposition" => &mut params.flags.lastposition,
                "singlecolor" => &mut params.flags.singlecolor,
                "secondary" => &mut params.flags.secondary,
                _ => break,
            };
            if *flag && word != "lastposition" {
                let parameter = word.clone();
                return Err(Diagnostic::new(self.here(), SyntaxError::PathParameterTwice { parameter }));
            }
            *flag = true;
            if params.flags.primary && params.flags.secondary {
                return Err(Diagnostic::new(self.here(), SyntaxError::PrimaryAndSecondaryLine));
            }
            self.next();
        }
        Ok(params)
    }

    /// `--> C --> C ...` up to the end of the line (or, in a group opened
    /// at `group`, `C --> C ...)`), as path constituents.
    fn line_constituents(&mut self, arrow: Symbol, group: Option<Span>) -> Parsed<Vec<Constituent>> {
        let mut constituents = Vec::new();
        loop {
            if group.is_some() && self.eat(Symbol::CloseParen) {
                return Ok(constituents);
            }
            let first_in_group = group.is_some() && constituents.is_empty();
            if !first_in_group && !self.eat(arrow) {
                if let Some(open) = group {
                    return Err(Diagnostic::new(open, SyntaxError::NeverClosed { opener: Symbol::OpenParen }));
                }
                let other = if arrow == Symbol::Line { Symbol::LineBack } else { Symbol::Line };
                if self.is(other) {
                    return Err(Diagnostic::new(self.here(), SyntaxError::MixedLineArrows));
                }
                return Ok(constituents);
            }
            let mut constituent = self.line_constituent(arrow)?;
            // CQL 6.2 takes `k{3}*` and `k{3}+*`, not `k**`, `k*+` or `k++`.
            let mut last_signal = None;
            while let Some((min, max, span)) = self.line_repetition() {
                let refused = match last_signal {
                    Some((0, None)) => true,
                    Some((1, None)) => (min, max) == (1, None),
                    _ => false,
                };
                if refused {
                    return Err(Diagnostic::new(span, SyntaxError::RepeatedRepetition));
                }
                last_signal = Some((min, max));
                constituent = Constituent::Repeat(Box::new(Repetition { body: constituent, min, max, span }));
            }
            constituents.push(constituent);
        }
    }

    /// One constituent: a group in parentheses, or a filter, as the move
    /// into its position and the filter there.
    fn line_constituent(&mut self, arrow: Symbol) -> Parsed<Constituent> {
        let open = self.here();
        if self.eat(Symbol::OpenParen) {
            let start = open.start;
            let parts = self.line_constituents(arrow, Some(open))?;
            return Ok(Constituent::Chain(parts, self.span_from(start)));
        }
        let filter = self.filter()?;
        let span = filter.span.clone();
        let any_move =
            Dash { from: None, to: None, capture: false, promotion: None, target: None, source: DashSource::Game };
        Ok(Constituent::Chain(vec![Constituent::Move(any_move, span.clone()), Constituent::Filter(filter)], span))
    }

    /// A repetition signal after a constituent ([`Parser::repetition`]),
    /// with its span.
    fn line_repetition(&mut self) -> Option<(u32, Option<u32>, Span)> {
        let span = self.here();
        self.repetition().map(|(min, max)| (min, max, span))
    }

    /// Whether the `+` or `*` next ends a line's constituent (an arrow, a
    /// bracket closing, another signal or the end follows it) rather than
    /// multiplying.
    pub(super) fn repeats_line_constituent(&self) -> bool {
        self.line_top
            && matches!(
                self.peek_kind_after(1),
                None | Some(
                    TokenKind::Symbol(
                        Symbol::Line
                            | Symbol::LineBack
                            | Symbol::CloseParen
                            | Symbol::CloseBrace
                            | Symbol::Asterisk
                            | Symbol::Plus
                            | Symbol::Question
                    ) | TokenKind::Repetition { .. }
                )
            )
    }
}
