//! What the carets under a check error say, and the fix where one is known.

use super::error::CheckError;

impl CheckError {
    /// The words under the carets.
    pub fn label(&self) -> Option<String> {
        use CheckError as E;
        Some(match self {
            E::WrongType { found, .. } => format!("this is {}", found.describe()),
            E::UnknownKeyword { .. } => "no keyword or variable".into(),
            E::UnknownVariable { .. } => "not assigned before here".into(),
            E::NotAPieceLetter { .. } => "no piece letter".into(),
            E::NotASquare { .. } => "no square".into(),
            E::HeaderParameterTwice { .. } | E::MoveParameterTwice { .. } => "given again here".into(),
            E::TooManyImages { .. } | E::TooManyFilters { .. } | E::CodeTooLarge { .. } | E::PathTooLarge { .. } => {
                "past the limit here".into()
            }
            E::Unsupported { .. } => "not supported".into(),
            _ => return None,
        })
    }

    /// The fix, where one is known.
    pub fn help(&self) -> Option<String> {
        use CheckError as E;
        Some(match self {
            E::UnknownKeyword { keyword, .. } => format!("did you mean '{keyword}'?"),
            E::NotAPieceLetter { .. } => {
                "a piece is K Q R B N P (white), k q r b n p (black), A or a (any white or black piece), \
                 _ (an empty square)"
                    .into()
            }
            E::NotASquare { .. } => "files go from a to h, ranks from 1 to 8".into(),
            _ => return None,
        })
    }
}
