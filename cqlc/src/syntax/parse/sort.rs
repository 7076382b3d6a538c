//! The filter `sort ["label"] [min|max] F`.

use super::{Parsed, Parser};
use crate::syntax::{ast::FilterKind, lex::TokenKind};

impl Parser<'_> {
    /// After `sort`: a label and `min` (or `max`) in either order, then the
    /// sorted filter.
    pub(super) fn sort(&mut self) -> Parsed<FilterKind> {
        let (mut label, mut min) = (None, false);
        loop {
            match self.peek_kind() {
                Some(TokenKind::Str(text)) if label.is_none() => {
                    label = Some(text.clone());
                    self.next();
                }
                Some(TokenKind::Word(w)) if w == "min" || w == "max" => {
                    min = w == "min";
                    self.next();
                }
                _ => break,
            }
        }
        let body = Box::new(self.filter()?);
        Ok(FilterKind::Sort { label, min, body })
    }
}
