//! The functions of strings, as CQL 6.2 computes them.

use super::Type;

/// A function of strings: its operands in order, and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringFunction {
    /// `S + T`: the two strings one after the other (none unless both have one).
    Concatenation,
    /// `#S`: the number of characters (bytes, as CQL 6.2 counts them).
    Length,
    /// `S in T`: whether S occurs in T.
    Contains,
}

impl StringFunction {
    /// The type of the function's value.
    pub fn value_type(self) -> Type {
        match self {
            StringFunction::Concatenation => Type::String,
            StringFunction::Length => Type::Numeric,
            StringFunction::Contains => Type::Boolean,
        }
    }
}
