//! The logical filters: `true`, `false`, `if C T [else E]`, compounds
//! `{ F G ... }` and parentheses `( F )`. `not`, `and` and `or` are
//! operators of the precedence table (`precedence.rs`).

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Filter, FilterKind, Span},
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// `true` or `false`.
    pub(super) fn boolean(value: bool) -> FilterKind {
        FilterKind::Bool(value)
    }

    /// `if C [then] T [else E]`, after `if`.
    pub(super) fn if_filter(&mut self) -> Parsed<FilterKind> {
        let condition = Box::new(self.filter()?);
        self.eat_word("then");
        let then = Box::new(self.filter()?);
        let otherwise = if self.eat_word("else") { Some(Box::new(self.filter()?)) } else { None };
        Ok(FilterKind::If { condition, then, otherwise })
    }

    /// `{ F G ... }`, after `open`. Inside braces, even in a path, `+` and
    /// `*` are arithmetic again.
    pub(super) fn compound(&mut self, open: &Token) -> Parsed<FilterKind> {
        let outer = std::mem::replace(&mut self.path_top, false);
        let outer_line = std::mem::replace(&mut self.line_top, false);
        let outer_move = std::mem::replace(&mut self.in_move_parameters, false);
        let outer_text = std::mem::replace(&mut self.text_arguments, false);
        let filters = self.sequence(Symbol::OpenBrace, open.span.clone());
        self.path_top = outer;
        self.line_top = outer_line;
        self.in_move_parameters = outer_move;
        self.text_arguments = outer_text;
        Ok(FilterKind::Compound(filters?))
    }

    /// `( F )`, after `(`.
    pub(super) fn parenthesized(&mut self) -> Parsed<FilterKind> {
        let outer_move = std::mem::replace(&mut self.in_move_parameters, false);
        let outer_text = std::mem::replace(&mut self.text_arguments, false);
        let inner = self.filter();
        self.in_move_parameters = outer_move;
        self.text_arguments = outer_text;
        let inner = inner?;
        self.expect(Symbol::CloseParen, Expected::CloseParen)?;
        Ok(FilterKind::Paren(Box::new(inner)))
    }

    /// Filters up to the bracket that closes `opener` (`{` or `(`, read at
    /// `open`): a compound's body, the arguments of `between` and `comment`.
    /// Functions may be defined among the filters of braces.
    pub(super) fn sequence(&mut self, opener: Symbol, open: Span) -> Parsed<Vec<Filter>> {
        let close = if opener == Symbol::OpenBrace { Symbol::CloseBrace } else { Symbol::CloseParen };
        let mut filters = Vec::new();
        loop {
            match self.peek_kind() {
                None => return Err(Diagnostic::new(open, SyntaxError::NeverClosed { opener })),
                Some(TokenKind::Symbol(symbol)) if *symbol == close => {
                    self.next();
                    return Ok(filters);
                }
                Some(TokenKind::Symbol(other @ (Symbol::CloseParen | Symbol::CloseBrace))) => {
                    let other = *other;
                    return Err(self.unexpected(Expected::CloseBefore { close, other }));
                }
                Some(TokenKind::Word(w)) if w == "function" && close == Symbol::CloseBrace => self.define_function()?,
                _ => filters.push(self.filter()?),
            }
        }
    }
}
