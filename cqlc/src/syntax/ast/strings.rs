//! The functions of strings, as CQL 6.2 computes them (on bytes).

/// A function of strings: what its operands are, in order, and its value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StringFunction {
    /// `S + T`: the two strings one after the other.
    Concatenation,
    /// `#S`: the number of bytes.
    Length,
    /// `S in T`: whether S occurs in T (true or false).
    Contains,
    /// `S[i]`: the byte at index i (from the end if negative); none if
    /// there is no such byte.
    Index,
    /// `S[i:j]`, `S[i:]`, `S[:j]`: the bytes from i up to j (either from the
    /// end if negative), clamped to the string; the operands are S and the
    /// bounds written.
    Slice {
        /// `i` is written.
        from: bool,
        /// `j` is written.
        to: bool,
    },
    /// `S ~~ "re"`: the first match of the regular expression in S (its
    /// groups kept for `\1`, `\-1`).
    Match(String),
    /// `\1` (`\0` the whole match), `\-1`: a group of the last match, its
    /// text or where it starts.
    Group {
        /// The group's number.
        index: u8,
        /// `\-N`: where it starts (a number).
        offset: bool,
    },
    /// `str(x y ...)`: the operands written as a comment writes them, one
    /// after the other.
    Str,
    /// `int S`: the number S writes (`-?[0-9]+` only).
    Int,
    /// `lowercase S`.
    Lowercase,
    /// `uppercase S`.
    Uppercase,
    /// `indexof (S T)`: where S first occurs in T; none if it does not.
    IndexOf,
    /// `ascii S` of a one-byte string: its code.
    AsciiCode,
    /// `ascii N` of a number from 1 to 255: that byte.
    AsciiCharacter,
    /// `readfile F`: the text of the file F (`.pgn`, `.cql`, `.cqo`).
    ReadFile,
    /// `writefile (F C)`: C written to the file F (`.cql`, `.cqo`), which the
    /// first write of the run empties (true or false).
    WriteFile,
}

impl StringFunction {
    /// Whether its value is a number (else a string, or true or false for
    /// `in`).
    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            StringFunction::Length
                | StringFunction::Int
                | StringFunction::IndexOf
                | StringFunction::AsciiCode
                | StringFunction::Group { offset: true, .. }
        )
    }
}
