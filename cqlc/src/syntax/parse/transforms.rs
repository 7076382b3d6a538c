//! The transforms: `⬓ F` / `flipcolor F`, `✵ F` / `flip F`, and the others
//! named by a keyword (`rotate90`, `shift`, ...), each with an optional
//! range (`count`, or one or two numbers or numeric variables) before the
//! whole filter it takes. `reversecolor` takes no range.

use super::{Parsed, Parser};
use crate::syntax::{
    ast::{Filter, FilterKind, ImageRange, Transform},
    lex::TokenKind,
};

impl Parser<'_> {
    /// A transform's range and body, after its keyword or symbol.
    pub(super) fn transform(&mut self, transform: Transform) -> Parsed<FilterKind> {
        let range = if transform == Transform::ReverseColor { None } else { self.image_range() };
        Ok(FilterKind::Transform { transform, range, body: Box::new(self.filter()?) })
    }

    /// `count`, or one or two numbers or numeric variables, if next.
    fn image_range(&mut self) -> Option<ImageRange> {
        if self.eat_word("count") {
            return Some(ImageRange::Count);
        }
        let mut bounds = Vec::new();
        while bounds.len() < 2 {
            let kind = match self.peek_kind() {
                Some(TokenKind::Number(n)) if !self.operator_after(1) => FilterKind::Number(*n),
                Some(TokenKind::Word(name)) if self.is_numeric_variable(name) && !self.operator_after(1) => {
                    FilterKind::Variable(name.clone())
                }
                _ => break,
            };
            let span = self.here();
            self.next();
            bounds.push(Filter { kind, span });
        }
        let mut bounds = bounds.into_iter();
        let least = bounds.next()?;
        let most = bounds.next().unwrap_or_else(|| least.clone());
        Some(ImageRange::Between((Box::new(least), Box::new(most))))
    }
}
