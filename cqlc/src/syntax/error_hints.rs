//! What the carets under a syntax error say, and the fix where one is known.

use super::error::{Expected, Found, SyntaxError};

impl SyntaxError {
    /// The words under the carets.
    pub fn label(&self) -> Option<String> {
        use SyntaxError as E;
        Some(match self {
            E::Unexpected { found: Found::End, .. } => "the query ends here".into(),
            E::Unexpected { expected: Expected::Filter, .. } => "no filter starts with this".into(),
            E::Unexpected { .. } => "unexpected here".into(),
            E::NotUtf8 { .. } => "not UTF-8".into(),
            E::UnexpectedCharacter { .. } => "no token starts with this character".into(),
            E::UnclosedString => "unclosed string".into(),
            E::MissingRightSide { .. } => "no filter after this".into(),
            E::HeaderNotClosed => "unclosed '('".into(),
            E::NeverClosed { opener } => format!("unclosed '{opener}'"),
            E::NoFilter => "no filter follows".into(),
            E::NotAHeaderParameter | E::UnknownHeaderParameter { .. } => "not a header parameter".into(),
            E::NumberTooLarge => "more than a 64-bit number".into(),
            E::OperatorFirst { .. } => "no filter before this".into(),
            E::CannotStartFilter { .. } => "not the start of a filter".into(),
            E::NestsTooDeep { .. } | E::CallsTooDeep { .. } | E::CallsTooLarge { .. } => "past the limit here".into(),
            E::Unsupported { .. } => "not supported".into(),
            _ => return None,
        })
    }

    /// The fix, where one is known.
    pub fn help(&self) -> Option<String> {
        use SyntaxError as E;
        Some(match self {
            E::UnclosedString => "end the string with '\"' on the same line".into(),
            E::MissingRightSide { operator } => format!("write a filter after '{operator}', or remove it"),
            E::HeaderNotClosed => "close the header with ')' before the query's filters: cql(quiet) check".into(),
            E::NoFilter => "write the filters to search for after the header: cql() check".into(),
            E::UnknownHeaderParameter { suggestion: Some(word), .. } => format!("did you mean '{word}'?"),
            E::UnknownHeaderParameter { suggestion: None, .. } | E::NotAHeaderParameter => {
                "the header's parameters are input, output, result, variations, quiet, silent, gamenumber, \
                 matchcount, sort matchcount and matchstring"
                    .into()
            }
            _ => return None,
        })
    }
}
