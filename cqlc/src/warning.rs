//! Warnings: what CQL 6.2 reads, and so cqlc compiles with CQL 6.2's
//! meaning, but was probably meant otherwise. Each says where it is and
//! what was probably meant, and is shown as errors are, after `warning:`.

use std::fmt;

use crate::{diagnostic, syntax::ast::Span};

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
    /// The warning as the compiler prints it:
    ///
    /// ```text
    /// q.cql:1:8: warning: CQL reads '♘ ――g5' as two filters, ...
    /// cql() ♘ ――g5
    ///        ^
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        diagnostic::render(&self.span, &format!("warning: {}", self.kind), file, source)
    }
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::SpaceBeforeDash { left, dash, written } => write!(
                f,
                "CQL reads '{left} {written}' as two filters, '{left}' and '{written}' (a move of any piece); \
                 for a move of {left}, write '{left}{written}' with no space before '{dash}'"
            ),
            WarningKind::MinusAfterNonNumber { left } => write!(
                f,
                "'-' subtracts only from a number, and '{left}' is none: CQL reads this '-' as the start of another \
                 filter, a negative number (for the number of squares of a set, write '#{left}')"
            ),
            WarningKind::SortMaxIsMin => write!(
                f,
                "CQL 6.2 sorts 'sort max' as 'sort min', the smallest value first, and so does cqlc; for the \
                 greatest value first, write 'sort' without 'max'"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_as_errors_do_after_warning() {
        let source = "cql() ♘ ――g5";
        let at = source.find(' ').unwrap() + " ♘".len();
        let kind =
            WarningKind::SpaceBeforeDash { left: "♘".into(), dash: "――".into(), written: "――g5".into() };
        let warning = Warning { span: at..at + 1, kind };
        assert_eq!(
            warning.render("q.cql", source),
            "q.cql:1:8: warning: CQL reads '♘ ――g5' as two filters, '♘' and '――g5' (a move of any piece); \
             for a move of ♘, write '♘――g5' with no space before '――'\ncql() ♘ ――g5\n       ^"
        );
    }
}
