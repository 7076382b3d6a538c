//! Errors about a query (its syntax, its types, its constraints), and how they are shown: as
//! rustc shows its own (`report.rs`), every error of the query in one run. Warnings (`warning.rs`)
//! are shown the same way.
//!
//! What can be wrong is an enum per phase, each variant documented with a
//! query that has that error: [`SyntaxError`] for what the parser refuses,
//! [`CheckError`] for what the checker refuses.

use std::fmt;

pub use crate::{check::CheckError, syntax::SyntaxError};
use crate::{
    report::{Colour, Place, Report, Severity, floor_char_boundary},
    syntax::ast::Span,
};

/// Something wrong with a query, at a place in its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where (byte offsets into the source).
    pub span: Span,
    /// What is wrong.
    pub error: Error,
    /// The query's other errors after this one, in source order (the
    /// parser goes on at the next top-level filter after an error, the
    /// checker checks each top-level filter).
    pub further: Box<[Diagnostic]>,
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

impl Error {
    /// The words under the carets.
    pub fn label(&self) -> Option<String> {
        match self {
            Error::Syntax(error) => error.label(),
            Error::Check(error) => error.label(),
        }
    }

    /// The fix, where one is known.
    pub fn help(&self) -> Option<String> {
        match self {
            Error::Syntax(error) => error.help(),
            Error::Check(error) => error.help(),
        }
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
        Diagnostic { span, error: error.into(), further: Box::default() }
    }

    /// The first of `errors` with the others as its further errors, in
    /// source order; `None` if there are none.
    pub fn gathered(errors: Vec<Diagnostic>) -> Option<Diagnostic> {
        let mut errors: Vec<Diagnostic> = errors.into_iter().flat_map(Diagnostic::all_owned).collect();
        errors.sort_by_key(|error| error.span.start);
        errors.dedup_by(|later, earlier| later.span == earlier.span && later.error == earlier.error);
        let mut errors = errors.into_iter();
        let mut first = errors.next()?;
        first.further = errors.collect();
        Some(first)
    }

    /// This error and its further ones, each alone.
    fn all_owned(mut self) -> Vec<Diagnostic> {
        let further = std::mem::take(&mut self.further);
        std::iter::once(self).chain(further.into_vec()).collect()
    }

    /// This error and the further ones, in source order.
    pub fn all(&self) -> impl Iterator<Item = &Diagnostic> {
        std::iter::once(self).chain(self.further.iter())
    }

    /// What is wrong, for a person.
    pub fn message(&self) -> String {
        self.error.to_string()
    }

    /// The 1-based line and column (in characters) where the error starts.
    pub fn line_column(&self, source: &str) -> (usize, usize) {
        line_column(&self.span, source)
    }

    /// The errors as the compiler prints them, without colour, each as
    /// rustc writes one, a blank line between them:
    ///
    /// ```text
    /// error: unknown keyword 'chek'
    ///  --> q.cql:3:5
    ///   |
    /// 3 |     chek mate
    ///   |     ^^^^ no keyword or variable
    ///   |
    ///   = help: did you mean 'check'?
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        self.render_in(file, source, Colour::Plain)
    }

    /// [`Diagnostic::render`] with terminal colours or without.
    pub fn render_in(&self, file: &str, source: &str, colour: Colour) -> String {
        self.render_at(Place::File(file), source, colour)
    }

    /// [`Diagnostic::render_in`] for a query at `place` (a file, or inside
    /// another one).
    pub fn render_at(&self, place: Place<'_>, source: &str, colour: Colour) -> String {
        let shown: Vec<String> = self.all().map(|one| one.report().render(place, source, colour)).collect();
        shown.join("\n\n")
    }

    /// This error alone, as a report.
    fn report(&self) -> Report<'_> {
        Report {
            severity: Severity::Error,
            message: self.error.to_string(),
            span: &self.span,
            label: self.error.label(),
            help: self.error.help(),
        }
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

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_as_rustc_with_label_and_help() {
        let source = "cql()\n  ♔ chek\n";
        let at = source.find("chek").unwrap();
        let error = Diagnostic::new(at..at + 4, CheckError::UnknownKeyword { word: "chek".into(), keyword: "check" });
        assert_eq!(
            error.render("q.cql", source),
            "error: unknown keyword 'chek'\n --> q.cql:2:5\n  |\n2 |   ♔ chek\n  |     ^^^^ no keyword or variable\n  |\n\
             \x20 = help: did you mean 'check'?"
        );
    }
}
