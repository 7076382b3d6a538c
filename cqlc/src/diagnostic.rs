//! Errors about a query (its syntax, its types, its constraints), and how they are shown: `file:line:col:
//! message`, then the source line with a caret under the place. Warnings (`warning.rs`) are shown
//! the same way.
//!
//! What can be wrong is an enum per phase, each variant documented with a
//! query that has that error: [`SyntaxError`] for what the parser refuses,
//! [`CheckError`] for what the checker refuses.

use std::fmt;

use crate::syntax::ast::Span;
pub use crate::{check::CheckError, syntax::SyntaxError};

/// Something wrong with a query, at a place in its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where (byte offsets into the source).
    pub span: Span,
    /// What is wrong.
    pub error: Error,
}

/// What is wrong with a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The query cannot be read.
    Syntax(SyntaxError),
    /// The query reads, but a filter has the wrong type or breaks a rule.
    Check(CheckError),
}

impl From<SyntaxError> for Error {
    fn from(error: SyntaxError) -> Self {
        Error::Syntax(error)
    }
}

impl From<CheckError> for Error {
    fn from(error: CheckError) -> Self {
        Error::Check(error)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax(error) => error.fmt(f),
            Error::Check(error) => error.fmt(f),
        }
    }
}

impl Diagnostic {
    /// An error at `span`.
    pub fn new(span: Span, error: impl Into<Error>) -> Self {
        Diagnostic { span, error: error.into() }
    }

    /// What is wrong, for a person.
    pub fn message(&self) -> String {
        self.error.to_string()
    }

    /// The 1-based line and column (in characters) where the error starts.
    pub fn line_column(&self, source: &str) -> (usize, usize) {
        line_column(&self.span, source)
    }

    /// The error as the compiler prints it:
    ///
    /// ```text
    /// q.cql:3:5: unknown keyword 'chek'
    ///     chek mate
    ///     ^^^^
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        render(&self.span, &self.error.to_string(), file, source)
    }
}

/// The 1-based line and column (in bytes, as CQL 6.2 counts them) where
/// `span` starts.
pub(crate) fn line_column_bytes(span: &Span, source: &str) -> (usize, usize) {
    let before = &source[..floor_char_boundary(source, span.start.min(source.len()))];
    let line = before.matches('\n').count() + 1;
    (line, before.len() - before.rfind('\n').map_or(0, |at| at + 1) + 1)
}

/// The 1-based line and column (in characters) where `span` starts.
pub(crate) fn line_column(span: &Span, source: &str) -> (usize, usize) {
    let start = span.start.min(source.len());
    let before = &source[..floor_char_boundary(source, start)];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// `message` about `span` of `file` as the compiler prints it: `file:line:col:
/// message`, the source line, and a caret under the place.
pub(crate) fn render(span: &Span, message: &str, file: &str, source: &str) -> String {
    let (line, column) = line_column(span, source);
    let text = source.lines().nth(line - 1).unwrap_or("");
    let width = source.get(span.clone()).map_or(1, |s| s.lines().next().map_or(1, |l| l.chars().count())).max(1);
    let pad: String = text.chars().take(column - 1).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
    format!("{file}:{line}:{column}: {message}\n{text}\n{pad}{}", "^".repeat(width))
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Diagnostic {}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_column_the_line_and_a_caret() {
        let source = "cql()\n  ♔ chek\n";
        let at = source.find("chek").unwrap();
        let error = Diagnostic::new(at..at + 4, CheckError::UnknownKeyword { word: "chek".into(), keyword: "check" });
        assert_eq!(
            error.render("q.cql", source),
            "q.cql:2:5: unknown keyword 'chek' (did you mean 'check'?)\n  ♔ chek\n    ^^^^"
        );
    }
}
