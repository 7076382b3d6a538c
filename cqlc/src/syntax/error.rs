//! What the lexer and the parser refuse. Each variant shows a query with
//! that error.

use std::fmt;

/// An error in the text of a query: it cannot be read as CQL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    /// TRANSITIONAL: a message not yet given a variant of its own.
    Message(String),
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxError::Message(message) => f.write_str(message),
        }
    }
}
