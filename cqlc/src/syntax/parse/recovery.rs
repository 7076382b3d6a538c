//! Going on after an error, so that one run reports every error of a query:
//! the parser skips to the next top-level filter that starts on a later line
//! than the error, outside the brackets the failed filter opened.

use super::Parser;
use crate::{diagnostic::Diagnostic, syntax::lex::TokenKind, syntax::symbol::Symbol};

impl Parser<'_> {
    /// After `error` in the top-level filter that starts at token `start`:
    /// moves to the first token after it that is outside the filter's
    /// brackets and on a line after the error's (the end of the query if
    /// none), and forgets where the failed filter was.
    pub(super) fn skip_past_error(&mut self, start: usize, error: &Diagnostic) {
        let error_start = error.span.start.min(self.source.len());
        let error_line_end = self.source[error_start..].find('\n').map_or(usize::MAX, |at| error_start + at);
        let mut depth = 0usize;
        let mut next = self.tokens.len();
        for (at, token) in self.tokens.iter().enumerate().skip(start) {
            if at > start && depth == 0 && token.span.start > error_line_end {
                next = at;
                break;
            }
            match token.kind {
                TokenKind::Symbol(Symbol::OpenParen | Symbol::OpenBrace | Symbol::OpenBracket) => depth += 1,
                TokenKind::Symbol(Symbol::CloseParen | Symbol::CloseBrace | Symbol::CloseBracket) => {
                    depth = depth.saturating_sub(1)
                }
                _ => {}
            }
        }
        self.at = next.max(start + 1).min(self.tokens.len());
        self.path_top = false;
        self.line_top = false;
        self.in_move_parameters = false;
        self.text_arguments = false;
        self.nesting = 0;
    }
}
