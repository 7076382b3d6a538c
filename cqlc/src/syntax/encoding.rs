//! A query file's bytes as text: CQL queries are UTF-8.

use super::error::SyntaxError;
use crate::diagnostic::Diagnostic;

/// The bytes of a query file as text, or, at the first byte that is not
/// UTF-8, what is wrong there and the text to show it in (each byte that
/// is not UTF-8 replaced by `�`, the bytes before it as they are).
pub fn decode(bytes: Vec<u8>) -> Result<String, (Diagnostic, String)> {
    String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        let byte = error.as_bytes()[at];
        let shown = String::from_utf8_lossy(error.as_bytes()).into_owned();
        (Diagnostic::new(at..at + '\u{FFFD}'.len_utf8(), SyntaxError::NotUtf8 { byte }), shown)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_itself() {
        assert_eq!(decode("cql() ♔".as_bytes().to_vec()).unwrap(), "cql() ♔");
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_shown_at_its_line_and_column() {
        let (error, shown) = decode(b"cql() \xe2\x99\x94\n  check \xff and\n".to_vec()).unwrap_err();
        assert_eq!(
            error.render("q.cql", &shown),
            "error: the file is not UTF-8 text: byte 0xFF here does not begin a UTF-8 character (save the query as \
             UTF-8)\n --> q.cql:2:9\n  |\n2 |   check \u{FFFD} and\n  |         ^ not UTF-8"
        );
    }
}
