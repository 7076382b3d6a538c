//! The transforms: `⬓ F` / `flipcolor F` and `✵ F` / `flip F`, which take
//! a whole filter.

use super::{Parsed, Parser};
use crate::syntax::ast::FilterKind;

impl Parser<'_> {
    /// `⬓ F` / `flipcolor F`, after the keyword.
    pub(super) fn flip_color(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::FlipColor(Box::new(self.filter()?)))
    }

    /// `✵ F` / `flip F`, after the keyword.
    pub(super) fn flip(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::Flip(Box::new(self.filter()?)))
    }
}
