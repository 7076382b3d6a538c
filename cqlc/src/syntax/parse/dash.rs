//! The dash filter `F――G` / `F×G`, with its promotion `=X` and its target
//! `(F ...)`; the dash after `legal`/`pseudolegal`, `countmoves` and
//! `currentmove`. A dash with a left side is the table's dash level
//! (`precedence.rs`).
//!
//! As CQL 6.2 reads a dash, what touches it matters. A dash touching the
//! token before it (its left tie) has that filter as its left side, which
//! must then be a set: a dash that starts a filter cannot touch what is
//! before it (`――e4――e5`, `check――e4`), except at a path's top level. A
//! dash touching the token after it (its right tie) has the filter there as
//! its right side, then maybe `=X`; its target `(...)` must touch it too,
//! and no `(` may follow it otherwise.

use super::{
    Parsed, Parser,
    operand_types::may_be_set,
    precedence::{Level, is_infix_word},
};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Dash, DashSource, Filter, FilterKind, Promotion, Roles},
        error::SyntaxError,
        lex::{Token, TokenKind},
        symbol::{AssignOp, Symbol},
    },
    warning::{Warning, WarningKind},
};

impl Parser<'_> {
    /// A dash without a left side, after the dash `token`: `――g5`, `×h7`.
    pub(super) fn leading_dash(&mut self, token: &Token) -> Parsed<FilterKind> {
        let dash_index = self.at - 1;
        // At a path's top level a dash is a move constituent, whatever it touches.
        if !self.path_top && self.left_tied(dash_index) {
            let before = self.source[self.tokens[dash_index - 1].span.clone()].to_owned();
            return Err(Diagnostic::new(token.span.clone(), SyntaxError::GluedDash { before }));
        }
        let dash = self.dash_rest(None, token.kind == TokenKind::Symbol(Symbol::Capture))?;
        self.warn_spaced_left_side(dash_index, &dash);
        Ok(FilterKind::Dash(dash))
    }

    /// `F――G` at the dash level, `left` (F) read: the dash if one is next
    /// and tied to F, which may be a set; else F alone.
    pub(super) fn dash_after_left(&mut self, left: Filter, capture: bool, start: usize) -> Parsed<Filter> {
        if !self.left_tied(self.at) || !may_be_set(&left) {
            return Ok(left);
        }
        self.next();
        let dash = self.dash_rest(Some(left), capture)?;
        Ok(Filter { kind: FilterKind::Dash(dash), span: self.span_from(start) })
    }

    /// Whether the dash at `index` touches the token before it as CQL 6.2's
    /// left tie: any token but an opening bracket, `,`, `:` or an operator
    /// that ends in `+ - * / < > = ~` (`→`, `<=`, `+=`), `∊`, `∪`, `∩`.
    fn left_tied(&self, index: usize) -> bool {
        let Some(before) = index.checked_sub(1).map(|i| &self.tokens[i]) else { return false };
        let operator_before = match before.kind {
            TokenKind::Symbol(symbol) => matches!(
                symbol,
                Symbol::OpenParen
                    | Symbol::OpenBrace
                    | Symbol::Colon
                    | Symbol::Comma
                    | Symbol::Plus
                    | Symbol::Minus
                    | Symbol::Asterisk
                    | Symbol::Slash
                    | Symbol::Compare(_)
                    | Symbol::Tilde
                    | Symbol::DoubleTilde
                    | Symbol::Attacks
                    | Symbol::AttackedBy
                    | Symbol::Line
                    | Symbol::LineBack
                    | Symbol::Element
                    | Symbol::Union
                    | Symbol::Intersection
            ),
            TokenKind::Assign(op) => op != AssignOp::IfUnbound,
            _ => false,
        };
        self.tokens[index].glued && !operator_before
    }

    /// Whether the dash just read touches the token after it as CQL 6.2's
    /// right tie: any token but `) } * + ? :` and a repetition `{2}`.
    fn right_tied(&self) -> bool {
        self.peek().is_some_and(|token| {
            token.glued
                && !matches!(
                    token.kind,
                    TokenKind::Symbol(
                        Symbol::CloseParen
                            | Symbol::CloseBrace
                            | Symbol::Asterisk
                            | Symbol::Plus
                            | Symbol::Question
                            | Symbol::Colon
                    ) | TokenKind::Repetition { .. }
                )
        })
    }

    /// What follows `――` (`×` if `capture`): the right side and `=X` if
    /// the dash is right-tied, then the target `(...)`.
    pub(super) fn dash_rest(&mut self, from: Option<Filter>, capture: bool) -> Parsed<Dash> {
        let tied = self.right_tied();
        let to = if tied && self.starts_operand() { Some(Box::new(self.level(Level::Attack)?)) } else { None };
        let promotion = match self.peek() {
            Some(Token { kind: TokenKind::Assign(AssignOp::Set), span, .. }) if tied => {
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
        // In a path, a bracket after a move is a constituent of its own.
        if self.is(Symbol::OpenParen) && !self.path_top {
            let error = if target.is_some() { SyntaxError::BracketAfterMove } else { SyntaxError::SpacedTarget };
            return Err(Diagnostic::new(self.here(), error));
        }
        Ok(Dash { from: from.map(Box::new), to, capture, promotion, target, source: DashSource::Game })
    }

    /// Whether the next token can start a dash's right side (a filter, but
    /// not `=` or `(`, which start its promotion and target).
    fn starts_operand(&self) -> bool {
        match self.peek_kind() {
            Some(TokenKind::Symbol(symbol)) => matches!(
                symbol,
                Symbol::Dash
                    | Symbol::Capture
                    | Symbol::OpenBrace
                    | Symbol::FlipColor
                    | Symbol::Flip
                    | Symbol::Path
                    | Symbol::ForAll
                    | Symbol::CurrentPosition
                    | Symbol::Tilde
                    | Symbol::Minus
                    | Symbol::Hash
            ),
            Some(TokenKind::Word(word)) => !is_infix_word(word),
            Some(TokenKind::Assign(_) | TokenKind::Repetition { .. }) | None => false,
            Some(_) => true,
        }
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

    /// `♘ ――g5`: a piece, a space, then a move. CQL 6.2 reads two filters
    /// (a knight exists; something moves to g5), which is rarely what was
    /// meant: a warning with the spelling that probably was.
    fn warn_spaced_left_side(&mut self, dash_index: usize, parsed: &Dash) {
        let dash = &self.tokens[dash_index];
        let Some(before) = dash_index.checked_sub(1).map(|i| &self.tokens[i]) else { return };
        let spaced_on_one_line = !dash.glued && !dash.line_break_before;
        let move_has_more = parsed.to.is_some() || parsed.promotion.is_some() || parsed.target.is_some();
        if matches!(before.kind, TokenKind::Designator(_))
            && spaced_on_one_line
            && move_has_more
            && before.span.end < dash.span.start
        {
            let kind = WarningKind::SpaceBeforeDash {
                left: self.source[before.span.clone()].to_owned(),
                dash: self.source[dash.span.clone()].to_owned(),
                written: self.source[dash.span.start..self.end_of_previous()].to_owned(),
            };
            self.warn(Warning { span: before.span.end..dash.span.start, kind });
        }
    }

    /// The piece types after `=` (at `start`): CQL 6.2 reads a whole filter
    /// there, which must be a designator of piece types without squares
    /// (`♖`, `[RBN]`; `A` is any), `.` (any), a string whose piece letters
    /// count, either case (`"RBN"`; `""` is any), or a string variable.
    fn promotion(&mut self, start: usize) -> Parsed<Promotion> {
        let from_argument = self.peek().is_some_and(|token| token.from_argument);
        let value = self.filter()?;
        let span = start..value.span.end;
        let Some((roles, variable)) = promoted(&value) else {
            return Err(Diagnostic::new(value.span, SyntaxError::NotAPromotionPiece));
        };
        // CQL 6.2 passes a function's argument as a variable holding its
        // value, and a promotion takes no variable but a string's.
        if from_argument && !matches!(value.kind, FilterKind::Str(_)) {
            return Err(Diagnostic::new(value.span, SyntaxError::ArgumentAsPromotion));
        }
        Ok(Promotion { roles, variable, span })
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

/// The roles a promotion's filter names, or the string variable it is;
/// `None` if it can be no promotion.
fn promoted(filter: &Filter) -> Option<(Roles, Option<String>)> {
    match &filter.kind {
        FilterKind::Designator(designator) => match (designator.pieces, designator.squares) {
            (Some(kinds), None | Some(u64::MAX)) => Some((kinds.roles(), None)),
            // `.`: any piece type.
            (None, Some(u64::MAX)) => Some((Roles::PROMOTIONS, None)),
            _ => None,
        },
        FilterKind::Str(text) if text.is_empty() || text == "." => Some((Roles::PROMOTIONS, None)),
        FilterKind::Str(text) => Some((Roles::named_in(text), None)),
        FilterKind::Variable(name) => Some((Roles(0), Some(name.clone()))),
        FilterKind::Paren(inner) => promoted(inner),
        FilterKind::Compound(filters) if filters.len() == 1 => promoted(&filters[0]),
        _ => None,
    }
}
