//! The material filter `power F`: the value of the pieces on F.

use super::{Parsed, Parser, precedence::Level};
use crate::syntax::ast::FilterKind;

impl Parser<'_> {
    /// `power F`, after `power`.
    pub(super) fn power(&mut self) -> Parsed<FilterKind> {
        Ok(FilterKind::Power(Box::new(self.level(Level::Union)?)))
    }
}
