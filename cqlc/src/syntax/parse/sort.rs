//! The filter `sort [quiet] ["label"] [min|max] F`. CQL 6.2 sorts `max` as
//! `min`, smallest value first: so does cqlc, with a warning. `quiet` comes
//! first, as CQL 6.2 wants it.

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{ast::FilterKind, error::SyntaxError, lex::TokenKind},
    warning::{Warning, WarningKind},
};

impl Parser<'_> {
    /// After `sort`: `quiet`, then a label and `min` (or `max`) in either
    /// order, then the sorted filter.
    pub(super) fn sort(&mut self) -> Parsed<FilterKind> {
        let quiet = self.eat_word("quiet");
        let (mut label, mut min, mut direction) = (None, false, None);
        loop {
            match self.peek_kind() {
                Some(TokenKind::Str(text)) if label.is_none() => {
                    label = Some(text.clone());
                    self.next();
                }
                Some(TokenKind::Word(w)) if w == "min" || w == "max" => {
                    // CQL 6.2 sorts both smallest first.
                    min = true;
                    if w == "max" {
                        self.warn(Warning { span: self.here(), kind: WarningKind::SortMaxIsMin });
                    }
                    direction = Some(self.here());
                    self.next();
                }
                Some(TokenKind::Word(w)) if w == "quiet" => {
                    return Err(Diagnostic::new(self.here(), SyntaxError::SortQuietNotFirst));
                }
                _ => break,
            }
        }
        // CQL 6.2 wants a label with a direction.
        if let (Some(span), None) = (direction, &label) {
            return Err(Diagnostic::new(span, SyntaxError::SortDirectionWithoutLabel));
        }
        let body = Box::new(self.filter()?);
        // CQL 6.2 refuses a number here: likely a range of older CQL.
        if let FilterKind::Number(_) = body.kind {
            return Err(Diagnostic::new(body.span, SyntaxError::SortByNumber));
        }
        Ok(FilterKind::Sort { label, min, quiet, body })
    }
}
