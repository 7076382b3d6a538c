//! Generated code as a person reads it: formatted by prettyplease, with
//! every `note("...")` written as the `//` comment it stands for, and blank
//! lines between items.

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
        out.push_str(line);
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
        if top_level_item && previous_ended {
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
/// most 90 characters), for `#[doc = ...]` attributes.
pub fn doc_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
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

/// The text of a call `note("...")` (a trailing comma allowed).
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
            'n' => text.push(' '),
            't' => text.push(' '),
            other => text.push(other),
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
}
