//! How deep a query may nest: each bracket, prefix operator (`not`, `-`,
//! `~`, ...) and right-grouped comparison read inside another is a level
//! of the parser's recursion, bounded by [`MAX_NESTING`] so that no query
//! overflows the stack.

use super::{Parsed, Parser};
use crate::{diagnostic::Diagnostic, syntax::error::SyntaxError};

/// How many levels a query may nest: brackets and prefix operators (the
/// parser's recursion), and chains of binary operators (which the checker
/// counts, a level per operator). Real queries nest a few dozen levels at
/// most; every phase of the compiler, and rustc on the generated code,
/// handles this many.
pub const MAX_NESTING: usize = 256;

impl Parser<'_> {
    /// Reads with `read` one level deeper, refusing to go past
    /// [`MAX_NESTING`] at the next token.
    pub(super) fn nested<T>(&mut self, read: impl FnOnce(&mut Self) -> Parsed<T>) -> Parsed<T> {
        if self.nesting >= MAX_NESTING {
            return Err(Diagnostic::new(self.here(), SyntaxError::NestsTooDeep { limit: MAX_NESTING }));
        }
        self.nesting += 1;
        let read = read(self);
        self.nesting -= 1;
        read
    }
}
