//! How the compiler shows an error or a warning about a place in a query, as
//! rustc shows its own (with `annotate-snippets`, rustc's renderer):
//!
//! ```text
//! error: unknown keyword 'chek'
//!  --> q.cql:2:5
//!   |
//! 2 |   ♔ chek
//!   |     ^^^^ not a keyword of CQL
//!   |
//!   = help: did you mean 'check'?
//! ```

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::syntax::ast::Span;

/// Whether a report is an error or a warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The query is refused.
    Error,
    /// The query is compiled, but probably not as meant.
    Warning,
}

/// Whether a report is written with terminal colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Plain text (a file, a pipe, `NO_COLOR`).
    Plain,
    /// ANSI colours, as rustc writes on a terminal.
    Terminal,
}

impl Colour {
    /// Colour for standard error: only when it is a terminal and `NO_COLOR`
    /// is unset or empty (<https://no-color.org>).
    pub fn for_stderr() -> Colour {
        use std::io::IsTerminal;
        let refused = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        if std::io::stderr().is_terminal() && !refused { Colour::Terminal } else { Colour::Plain }
    }
}

/// One message about a place in a query.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// Error or warning.
    pub severity: Severity,
    /// The headline.
    pub message: String,
    /// Where (byte offsets into the source).
    pub span: &'a Span,
    /// The text under the carets, if any.
    pub label: Option<String>,
    /// The fix, if one is known.
    pub help: Option<String>,
}

impl Report<'_> {
    /// The report about `file`, whose text is `source`, as rustc writes it.
    pub fn render(&self, file: &str, source: &str, colour: Colour) -> String {
        let span = within(self.span, source);
        let annotation = AnnotationKind::Primary.span(span).label(self.label.as_deref());
        let snippet = Snippet::source(source).path(file).annotation(annotation);
        let level = match self.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let mut group = Group::with_title(level.primary_title(&self.message)).element(snippet);
        if let Some(help) = &self.help {
            group = group.element(Level::HELP.message(help));
        }
        let renderer = match colour {
            Colour::Plain => Renderer::plain(),
            Colour::Terminal => Renderer::styled(),
        };
        renderer.render(&[group])
    }
}

/// `span` clipped to `source` and to its characters, never empty where
/// `source` has a character there (the carets stand under something); a
/// span over several lines is cut at the end of its first.
fn within(span: &Span, source: &str) -> Span {
    let start = floor_char_boundary(source, span.start.min(source.len()));
    let mut end = floor_char_boundary(source, span.end.clamp(start, source.len()));
    if let Some(line_end) = source[start..end].find('\n') {
        end = start + line_end;
    }
    if end == start {
        end = source[start..].chars().next().filter(|&c| c != '\n').map_or(start, |c| start + c.len_utf8());
    }
    start..end
}

/// The greatest character boundary of `text` at or before `at`.
pub(crate) fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_header_location_gutter_carets_label_and_help() {
        let source = "cql()\n  ♔ chek\n";
        let at = source.find("chek").unwrap();
        let report = Report {
            severity: Severity::Error,
            message: "unknown keyword 'chek'".into(),
            span: &(at..at + 4),
            label: Some("not a keyword".into()),
            help: Some("did you mean 'check'?".into()),
        };
        assert_eq!(
            report.render("q.cql", source, Colour::Plain),
            "error: unknown keyword 'chek'\n --> q.cql:2:5\n  |\n2 |   ♔ chek\n  |     ^^^^ not a keyword\n  |\n  = help: did you mean 'check'?"
        );
    }

    #[test]
    fn colours_only_when_asked() {
        let report =
            Report { severity: Severity::Warning, message: "w".into(), span: &(0..3), label: None, help: None };
        assert!(!report.render("q.cql", "cql()", Colour::Plain).contains('\u{1b}'));
        assert!(report.render("q.cql", "cql()", Colour::Terminal).contains('\u{1b}'));
    }
}
