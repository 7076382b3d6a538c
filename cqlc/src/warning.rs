//! Warnings: what CQL 6.2 reads, and so cqlc compiles with CQL 6.2's
//! meaning, but was probably meant otherwise. Each says where it is and
//! what was probably meant, and is shown as errors are, after `warning:`.

use std::fmt;

use crate::{
    report::{Colour, Place, Report, Severity},
    syntax::ast::Span,
};

/// Something in a query that is probably not what was meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where (byte offsets into the source).
    pub span: Span,
    /// What.
    pub kind: WarningKind,
}

/// What a query probably did not mean. Each variant shows a query with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarningKind {
    /// `cql() ♘ ――g5`: a piece, a space, then a move. CQL 6.2 reads two
    /// filters (a knight exists; any piece moves to g5), not a move of the
    /// knight.
    SpaceBeforeDash {
        /// The piece (`♘`).
        left: String,
        /// The dash (`――`).
        dash: String,
        /// The move from the dash on (`――g5`).
        written: String,
    },
    /// `cql() K-3`: `-` after a filter that is no number. CQL 6.2 reads two
    /// filters (a white king is on the board; the number -3), not a
    /// subtraction.
    MinusAfterNonNumber {
        /// The filter before the `-` (`K`).
        left: String,
    },
    /// `cql() sort max "n" #♙`: CQL 6.2 sorts `max` as it sorts `min`,
    /// smallest value first, and so does cqlc.
    SortMaxIsMin,
}

impl Warning {
    /// The warning as the compiler prints it, without colour:
    ///
    /// ```text
    /// warning: CQL reads '♘ ――g5' as two filters, '♘' and '――g5' (a move of any piece)
    ///  --> q.cql:1:8
    ///   |
    /// 1 | cql() ♘ ――g5
    ///   |        ^ a space
    ///   |
    ///   = help: for a move of ♘, write '♘――g5' with no space before '――'
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        self.render_in(file, source, Colour::Plain)
    }

    /// [`Warning::render`] with terminal colours or without.
    pub fn render_in(&self, file: &str, source: &str, colour: Colour) -> String {
        self.render_at(Place::File(file), source, colour)
    }

    /// [`Warning::render_in`] for a query at `place` (a file, or inside
    /// another one).
    pub fn render_at(&self, place: Place<'_>, source: &str, colour: Colour) -> String {
        let report = Report {
            severity: Severity::Warning,
            message: self.kind.to_string(),
            span: &self.span,
            label: Some(self.kind.label().into()),
            help: Some(self.kind.help()),
        };
        report.render(place, source, colour)
    }
}

impl WarningKind {
    /// The words under the carets.
    fn label(&self) -> &'static str {
        match self {
            WarningKind::SpaceBeforeDash { .. } => "a space",
            WarningKind::MinusAfterNonNumber { .. } => "read as a negative number",
            WarningKind::SortMaxIsMin => "sorted as 'min'",
        }
    }

    /// What was probably meant, and how to write it.
    fn help(&self) -> String {
        match self {
            WarningKind::SpaceBeforeDash { left, dash, written } => {
                format!("for a move of {left}, write '{left}{written}' with no space before '{dash}'")
            }
            WarningKind::MinusAfterNonNumber { left } => {
                format!("for the number of squares of a set, write '#{left}'")
            }
            WarningKind::SortMaxIsMin => "for the greatest value first, write 'sort' without 'max'".into(),
        }
    }
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::SpaceBeforeDash { left, written, .. } => {
                write!(f, "CQL reads '{left} {written}' as two filters, '{left}' and '{written}' (a move of any piece)")
            }
            WarningKind::MinusAfterNonNumber { left } => write!(
                f,
                "'-' subtracts only from a number, and '{left}' is none: CQL reads this '-' as the start of another \
                 filter, a negative number"
            ),
            WarningKind::SortMaxIsMin => {
                f.write_str("CQL 6.2 sorts 'sort max' as 'sort min', the smallest value first, and so does cqlc")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_as_rustc_with_the_spelling_meant_as_help() {
        let source = "cql() ♘ ――g5";
        let at = source.find(' ').unwrap() + " ♘".len();
        let kind =
            WarningKind::SpaceBeforeDash { left: "♘".into(), dash: "――".into(), written: "――g5".into() };
        let warning = Warning { span: at..at + 1, kind };
        assert_eq!(
            warning.render("q.cql", source),
            "warning: CQL reads '♘ ――g5' as two filters, '♘' and '――g5' (a move of any piece)\n --> q.cql:1:8\n  |\n\
             1 | cql() ♘ ――g5\n  |        ^ a space\n  |\n  = help: for a move of ♘, write '♘――g5' with no space before '――'"
        );
    }
}
