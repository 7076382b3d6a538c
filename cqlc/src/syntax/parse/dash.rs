//! The dash filter `F――G` / `F×G`, with its promotion `=X` and its target
//! `(F ...)`; the dash after `legal`/`pseudolegal`, `countmoves` and
//! `currentmove`. A dash with a left side is the table's dash level
//! (`precedence.rs`): the left side must be glued to it; so must the right
//! side, the promotion and the target.

use super::{Parsed, Parser, precedence::Level, precedence::is_operator_word};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Dash, DashSource, Designator, Filter, FilterKind, Promotion, Roles},
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::{AssignOp, Symbol},
    },
};

impl Parser<'_> {
    /// A dash without a left side, after the dash `token`: `――g5`, `×h7`.
    pub(super) fn leading_dash(&mut self, token: &Token) -> Parsed<FilterKind> {
        let dash_index = self.at - 1;
        if token.glued && dash_index >= 1 && matches!(self.tokens[dash_index - 1].kind, TokenKind::Word(_)) {
            let word = self.source[self.tokens[dash_index - 1].span.clone()].to_owned();
            return Err(Diagnostic::new(token.span.clone(), SyntaxError::WordBeforeDash { word }));
        }
        let dash = self.dash_rest(None, token.kind == TokenKind::Symbol(Symbol::Capture))?;
        self.reject_spaced_left_side(dash_index, &dash)?;
        Ok(FilterKind::Dash(dash))
    }

    /// What follows `――` (`×` if `capture`): the right side, `=X`,
    /// `(target)`, all glued.
    pub(super) fn dash_rest(&mut self, from: Option<Filter>, capture: bool) -> Parsed<Dash> {
        let to = if self.starts_glued_operand() { Some(Box::new(self.level(Level::Union)?)) } else { None };
        let promotion = match self.peek() {
            Some(Token { kind: TokenKind::Assign(AssignOp::Set), glued: true, span, .. }) => {
                let start = span.start;
                self.next();
                Some(self.promotion(start)?)
            }
            _ => None,
        };
        let target = match self.peek() {
            Some(Token { kind: TokenKind::Symbol(Symbol::OpenParen), glued: true, .. }) => {
                self.next();
                Some(self.target()?)
            }
            _ => None,
        };
        Ok(Dash { from: from.map(Box::new), to, capture, promotion, target, source: DashSource::Game })
    }

    /// The filters of a target `(F ...)`, after the `(`.
    fn target(&mut self) -> Parsed<Vec<Filter>> {
        let mut filters = Vec::new();
        while !self.is(Symbol::CloseParen) {
            if self.peek().is_none() {
                return Err(Diagnostic::new(self.here(), SyntaxError::TargetNotClosed));
            }
            filters.push(self.filter()?);
        }
        self.next();
        if filters.is_empty() {
            return Err(Diagnostic::new(self.span_from(self.end_of_previous() - 2), SyntaxError::EmptyTarget));
        }
        Ok(filters)
    }

    /// `♘ ――g5`: a piece, a space, then a move. CQL reads that as two
    /// filters (a knight exists; something moves to g5), which is never what
    /// was meant, so it is refused with the spelling that was.
    fn reject_spaced_left_side(&self, dash_index: usize, parsed: &Dash) -> Parsed<()> {
        let dash = &self.tokens[dash_index];
        let Some(before) = dash_index.checked_sub(1).map(|i| &self.tokens[i]) else {
            return Ok(());
        };
        let spaced_on_one_line = !dash.glued && !dash.line_break_before;
        let move_has_more = parsed.to.is_some() || parsed.promotion.is_some() || parsed.target.is_some();
        if matches!(before.kind, TokenKind::Designator(_))
            && spaced_on_one_line
            && move_has_more
            && before.span.end < dash.span.start
        {
            let error = SyntaxError::SpaceBeforeDash {
                left: self.source[before.span.clone()].to_owned(),
                dash: self.source[dash.span.clone()].to_owned(),
                written: self.source[dash.span.start..self.end_of_previous()].to_owned(),
            };
            return Err(Diagnostic::new(before.span.end..dash.span.start, error));
        }
        Ok(())
    }

    /// Whether the next token touches the previous one and can start the
    /// right side of a dash.
    fn starts_glued_operand(&self) -> bool {
        match self.peek() {
            Some(token) if token.glued => match &token.kind {
                TokenKind::Designator(_) => true,
                TokenKind::Symbol(symbol) => *symbol == Symbol::Tilde,
                TokenKind::Word(w) => !is_operator_word(w),
                _ => false,
            },
            _ => false,
        }
    }

    /// The piece types after `=` (at `start`): a designator without squares
    /// or a string of piece letters (`=♖♗♘`, `="RBN"`); colour does not matter.
    fn promotion(&mut self, start: usize) -> Parsed<Promotion> {
        let token = self.next().ok_or_else(|| self.unexpected(Expected::PromotionPiece))?;
        let roles = match &token.kind {
            TokenKind::Designator(Designator { pieces: Some(kinds), squares: None }) => kinds.roles(),
            TokenKind::Str(text) => Roles::from_letters(text)
                .map_err(|letter| Diagnostic::new(token.span.clone(), SyntaxError::NotAPieceLetter { letter }))?,
            _ => return Err(Diagnostic::new(token.span.clone(), SyntaxError::NotAPromotionPiece)),
        };
        if !roles.intersects(Roles::PROMOTIONS) {
            return Err(Diagnostic::new(start..token.span.end, SyntaxError::PromotionToKingOrPawn));
        }
        Ok(Promotion { roles, span: start..token.span.end })
    }

    /// `legal F――G` / `pseudolegal F――G`, after the `keyword`: a dash over
    /// the position's legal (pseudo-legal) moves instead of the game's.
    pub(super) fn prefixed_dash(&mut self, source: DashSource, keyword: &Token) -> Parsed<FilterKind> {
        let dash = self.dash_after(keyword)?;
        Ok(FilterKind::Dash(Dash { source, ..dash }))
    }

    /// `countmoves [legal|pseudolegal] F――G`, after `countmoves`.
    pub(super) fn counted_dash(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        let source = if self.eat_word("legal") {
            DashSource::Legal
        } else if self.eat_word("pseudolegal") {
            DashSource::Pseudolegal
        } else {
            DashSource::Game
        };
        let dash = self.dash_after(keyword)?;
        Ok(FilterKind::CountMoves(Dash { source, ..dash }))
    }

    /// `currentmove F――G`, after `currentmove`.
    pub(super) fn current_move_dash(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        Ok(FilterKind::CurrentMoveIs(self.dash_after(keyword)?))
    }

    /// The dash filter that must follow `keyword`.
    fn dash_after(&mut self, keyword: &Token) -> Parsed<Dash> {
        let filter = self.level(Level::Dash)?;
        match filter.kind {
            FilterKind::Dash(dash) => Ok(dash),
            _ => {
                let keyword = self.source[keyword.span.clone()].to_owned();
                Err(Diagnostic::new(filter.span, SyntaxError::MoveExpected { keyword }))
            }
        }
    }
}
