//! Generated code as a person reads it: formatted by prettyplease, with
//! every `note("...")` written as the `//` comment it stands for, and blank
//! lines between items (not between constants). Text of the query put into comments is written so
//! that rustc takes it ([`comment_text`]).

use proc_macro2::TokenStream;

/// How wide a comment line may be, indentation included.
const WIDTH: usize = 100;

/// Rust source for `tokens`, formatted; `heading` becomes the file's first
/// comment lines.
pub fn format_program(tokens: TokenStream, heading: &str) -> String {
    let file: syn::File = syn::parse2(tokens).expect("generated code parses as a Rust file");
    let pretty = prettyplease::unparse(&file);
    let mut out = String::new();
    for line in heading.lines() {
        out.push_str("// ");
        out.push_str(&comment_text(line));
        out.push('\n');
    }
    out.push('\n');
    let lines: Vec<&str> = pretty.lines().collect();
    let mut previous = "";
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let top_level_item = indent.is_empty() && !line.is_empty();
        let previous_ended = previous == "}" || (previous.ends_with(';') && !previous.starts_with(' '));
        // Constants follow each other without a blank line.
        let constants = previous.starts_with("const ") && line.starts_with("const ");
        if top_level_item && previous_ended && !constants {
            out.push('\n');
        }
        if trimmed.starts_with("note(") {
            // A note may have been broken over several lines: `note(`, the
            // string, `);`.
            let end = (at..lines.len()).find(|&i| lines[i].trim_end().ends_with(");")).unwrap_or(at);
            let call: String = lines[at..=end].iter().map(|l| l.trim()).collect();
            match note_text(&call) {
                Some(text) => push_comment(&mut out, indent, &text),
                None => lines[at..=end].iter().for_each(|l| {
                    out.push_str(l);
                    out.push('\n');
                }),
            }
            previous = lines[end];
            at = end + 1;
            continue;
        }
        out.push_str(line);
        out.push('\n');
        previous = line;
        at += 1;
    }
    out
}

/// `text` as the lines of a doc comment (each starting with a space, at
/// most 90 characters), for `#[doc = ...]` attributes; what rustc refuses
/// in a comment is written as an escape ([`comment_text`]).
pub fn doc_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in comment_text(text).split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + word.chars().count() < 90 => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(format!(" {word}")),
        }
    }
    lines
}

/// `text` fit for a comment line, `//` or `///`: each control character (a
/// line break would end the comment, and rustc refuses a carriage return in
/// a doc comment), each character that changes the direction of text
/// (U+202A to U+202E and U+2066 to U+2069, which rustc refuses in any
/// comment) and each line or paragraph separator is written as Rust writes
/// it in a string (`\r`, `\u{202e}`).
pub fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}' => {
                out.extend(c.escape_unicode())
            }
            c if c.is_control() => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

/// The text of a call `note("...")` (a trailing comma allowed): the
/// string's line breaks and tabs as spaces, its other escapes as written
/// (`\r`, `\u{202e}`: the characters themselves could not stand in a
/// comment).
fn note_text(call: &str) -> Option<String> {
    let literal = call.strip_prefix("note(")?.strip_suffix(");")?.trim_end_matches(',');
    let inner = literal.strip_prefix('"')?.strip_suffix('"')?;
    let mut text = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        match chars.next()? {
            'n' | 't' => text.push(' '),
            quoted @ ('"' | '\'' | '\\') => text.push(quoted),
            other => {
                text.push('\\');
                text.push(other);
            }
        }
    }
    Some(text)
}

/// `text` as `//` lines at `indent`, wrapped at spaces to fit [`WIDTH`].
fn push_comment(out: &mut String, indent: &str, text: &str) {
    let room = WIDTH.saturating_sub(indent.len() + 3).max(20);
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > room {
            out.push_str(&format!("{indent}// {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&format!("{indent}// {line}\n"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_become_comments_even_when_broken_over_lines() {
        let tokens: TokenStream = "fn f() { note(\"♗×♟h7\"); note(\"a very long note that the formatter will put on a line of its own because it is much too long to fit\"); g() }".parse().unwrap();
        let program = format_program(tokens, "heading");
        assert!(program.starts_with("// heading\n\n"));
        assert!(program.contains("    // ♗×♟h7\n"), "{program}");
        assert!(!program.contains("note("), "{program}");
        assert!(program.lines().all(|l| l.chars().count() <= WIDTH), "{program}");
    }

    #[test]
    fn comments_escape_what_rustc_refuses_in_them() {
        let refused = ['\r', '\n', '\u{0}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}', '\u{2028}'];
        let text: String = refused.iter().flat_map(|&c| ['a', c]).collect();
        let lines = doc_lines(&text);
        assert_eq!(lines, [" a\\ra\\na\\u{0}a\\u{202a}a\\u{202e}a\\u{2066}a\\u{2069}a\\u{2028}"]);
        assert_eq!(comment_text("♗×♟h7 \u{200f}"), "♗×♟h7 \u{200f}", "rustc takes other characters");
        // Notes come as string literals, their characters escaped: the escapes stay.
        let tokens: TokenStream = "fn f() { note(\"a\\u{202e}b\\r\\\"c\\\"\"); }".parse().unwrap();
        let program = format_program(tokens, "a\u{202e}b");
        assert!(program.starts_with("// a\\u{202e}b\n"), "{program}");
        assert!(program.contains("    // a\\u{202e}b\\r\"c\"\n"), "{program}");
    }
}
