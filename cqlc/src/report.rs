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

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

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

/// Where a query's text is, for the `-->` line of a report.
#[derive(Clone, Copy)]
pub enum Place<'a> {
    /// A query file, by its name: the line and column are the query's.
    File(&'a str),
    /// A query inside another file (the string literal of `cql!` in a Rust
    /// file): the snippet shows the query alone.
    Embedded {
        /// The file, line and column (1-based, in characters) of a byte
        /// offset into the query, for the `-->` line.
        locate: &'a dyn Fn(usize) -> (String, usize, usize),
        /// The other file's line of the query's first line, where each line
        /// of the query is one of the other file's (the gutter shows those
        /// numbers; else the query's own).
        first_line: Option<usize>,
    },
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
    /// The report about the query `source`, which is at `place`, as rustc
    /// writes it.
    pub fn render(&self, place: Place<'_>, source: &str, colour: Colour) -> String {
        let span = within(self.span, source);
        let annotation = AnnotationKind::Primary.span(span.clone()).label(self.label.as_deref());
        let snippet = Snippet::source(source).annotation(annotation);
        let level = match self.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let title = level.primary_title(&self.message);
        let mut group = match place {
            Place::File(file) => Group::with_title(title).element(snippet.path(file)),
            Place::Embedded { locate, first_line } => {
                let (file, line, column) = locate(span.start);
                let origin = Origin::path(file).line(line).char_column(column);
                Group::with_title(title).element(origin).element(snippet.line_start(first_line.unwrap_or(1)))
            }
        };
        if let Some(help) = &self.help {
            group = group.element(Level::HELP.message(help));
        }
        let renderer = match colour {
            Colour::Plain => Renderer::plain(),
            Colour::Terminal => Renderer::styled(),
        };
        let shown = renderer.render(&[group]);
        match place {
            Place::File(_) => shown,
            // The renderer marks a snippet without a file of its own after
            // the `-->` line with an empty `:::` line; the `-->` line says
            // where it is.
            Place::Embedded { .. } => {
                let lines: Vec<&str> = shown.lines().filter(|line| visible(line).trim() != ":::").collect();
                lines.join("\n")
            }
        }
    }
}

/// `line` without its terminal colour sequences (`ESC [ ... m`).
fn visible(line: &str) -> String {
    let mut text = String::with_capacity(line.len());
    let mut in_sequence = false;
    for c in line.chars() {
        match c {
            '\u{1b}' => in_sequence = true,
            'm' if in_sequence => in_sequence = false,
            _ if !in_sequence => text.push(c),
            _ => {}
        }
    }
    text
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
            report.render(Place::File("q.cql"), source, Colour::Plain),
            "error: unknown keyword 'chek'\n --> q.cql:2:5\n  |\n2 |   ♔ chek\n  |     ^^^^ not a keyword\n  |\n  = help: did you mean 'check'?"
        );
    }

    #[test]
    fn a_query_inside_another_file_names_the_place_there() {
        let source = "cql()\n  chek";
        let report = Report {
            severity: Severity::Error,
            message: "unknown keyword 'chek'".into(),
            span: &(8..12),
            label: None,
            help: None,
        };
        let locate = |at: usize| ("src/main.rs".to_owned(), 7, 30 + at);
        let shown = report.render(Place::Embedded { locate: &locate, first_line: None }, source, Colour::Plain);
        assert!(shown.starts_with("error: unknown keyword 'chek'\n --> src/main.rs:7:38\n"), "{shown}");
        assert!(shown.ends_with("2 |   chek\n  |   ^^^^"), "{shown}");
        let shown = report.render(Place::Embedded { locate: &locate, first_line: Some(7) }, source, Colour::Plain);
        assert!(shown.ends_with(" --> src/main.rs:7:38\n  |\n8 |   chek\n  |   ^^^^"), "{shown}");
        let coloured = report.render(Place::Embedded { locate: &locate, first_line: None }, source, Colour::Terminal);
        assert_eq!(visible(&coloured).lines().count(), shown.lines().count(), "{coloured}");
    }

    #[test]
    fn colours_only_when_asked() {
        let report =
            Report { severity: Severity::Warning, message: "w".into(), span: &(0..3), label: None, help: None };
        assert!(!report.render(Place::File("q.cql"), "cql()", Colour::Plain).contains('\u{1b}'));
        assert!(report.render(Place::File("q.cql"), "cql()", Colour::Terminal).contains('\u{1b}'));
    }
}
