//! The string filters: string literals (`"text"`).

use super::Parser;
use crate::syntax::ast::FilterKind;

impl Parser<'_> {
    /// A string literal, already unescaped by the lexer.
    pub(super) fn string(text: String) -> FilterKind {
        FilterKind::Str(text)
    }
}
