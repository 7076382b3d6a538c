//! Strings: string variables, concatenation, and how a comment prints a
//! string.

use crate::{cursor::Cursor, state::Value, state::Var};

impl Cursor<'_> {
    /// `x = S` for a string variable: assigns and matches if `value` has a
    /// value, else leaves the variable as it was and fails.
    pub fn assign_string(&mut self, var: Var, value: Option<String>) -> bool {
        match value {
            Some(text) => {
                self.assign(var, Value::Str(text));
                true
            }
            None => false,
        }
    }

    /// A string variable's value.
    pub fn string_of(&self, var: Var) -> Option<String> {
        match self.value(var) {
            Value::Str(text) => Some(text.clone()),
            _ => None,
        }
    }
}

/// `A + B` of strings: none unless both have a value.
pub fn concatenation(left: Option<String>, right: Option<String>) -> Option<String> {
    let (mut left, right) = (left?, right?);
    left.push_str(&right);
    Some(left)
}

/// How a comment prints a string: as it is, `<false>` without a value.
pub fn format_string(value: Option<String>) -> String {
    value.unwrap_or_else(|| "<false>".to_owned())
}

/// `#S`: the length of a string in bytes, as CQL 6.2 counts it.
pub fn string_length(text: Option<String>) -> Option<i64> {
    text.map(|text| text.len() as i64)
}

/// `S in T`: whether `S` occurs in `T` (false unless both have a value).
pub fn string_contains(part: Option<String>, whole: Option<String>) -> bool {
    matches!((part, whole), (Some(part), Some(whole)) if whole.contains(&part))
}
