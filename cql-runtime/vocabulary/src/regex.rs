//! CQL 6.2's regular expressions (`S ~~ "re"`: C++ `std::regex`, ECMAScript,
//! on bytes) in the syntax of Rust's `regex` crate, an automaton that never
//! backtracks. What the two read alike is copied; what differs is
//! rewritten (`.` matches neither line feed nor carriage return; `\q` is
//! the letter q; `\A`, `\z` are letters, not anchors); what an automaton
//! cannot do (back-references, look-ahead) and what CQL 6.2 refuses
//! (look-behind, named groups, inline flags, `\p{...}`) is refused, with
//! the reason.

/// The pattern in Rust's syntax (to be compiled on bytes, Unicode off), or
/// why it cannot be.
pub fn translate(pattern: &str) -> Result<String, String> {
    let mut out = String::from("(?-u)");
    let mut chars = pattern.chars().peekable();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(escaped) = chars.next() else {
                    return Err("it ends with a backslash".to_owned());
                };
                out.push_str(&escape(escaped, &mut chars, in_class)?);
            }
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                if chars.peek() == Some(&'^') {
                    out.push(chars.next().expect("peeked"));
                }
                // A `]` first in a class is a letter in POSIX, the end in ECMAScript.
                if chars.peek() == Some(&']') {
                    return Err("it has an empty class '[]'".to_owned());
                }
            }
            '[' if chars.peek() == Some(&':') => {
                // `[[:alpha:]]`: a POSIX class inside a class.
                out.push('[');
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == ']' {
                        break;
                    }
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            '.' if !in_class => out.push_str(r"[^\n\r]"),
            '(' if !in_class && chars.peek() == Some(&'?') => {
                chars.next();
                match chars.next() {
                    Some(':') => out.push_str("(?:"),
                    Some('=' | '!') => {
                        return Err("look-ahead ('(?=', '(?!') needs a backtracking matcher, which cqlc does not use \
                                    (it could take exponential time on some strings)"
                            .to_owned());
                    }
                    _ => return Err("CQL 6.2 reads only '(?:', '(?=' and '(?!' after '('".to_owned()),
                }
            }
            '{' if !in_class => {
                if !quantifier_follows(&chars) {
                    return Err("'{' must start a repetition count such as {2} or {2,3}".to_owned());
                }
                out.push('{');
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == '}' {
                        break;
                    }
                }
            }
            '}' | '#' | '&' | '~' | '-' | ' ' if !in_class => {
                // Letters in ECMAScript where Rust could read more.
                out.push('\\');
                out.push(c);
            }
            '&' | '~' | '-' | '[' if in_class => {
                if c == '-' {
                    out.push('-');
                } else {
                    out.push('\\');
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    if in_class {
        return Err("a '[' is never closed".to_owned());
    }
    Ok(out)
}

/// Whether what follows a `{` is a repetition count (`2}`, `2,}`, `2,3}`).
fn quantifier_follows(chars: &std::iter::Peekable<std::str::Chars<'_>>) -> bool {
    let rest: String = chars.clone().take_while(|&c| c != '}').collect();
    let (low, high) = rest.split_once(',').unwrap_or((&rest, "0"));
    !low.is_empty()
        && low.chars().all(|c| c.is_ascii_digit())
        && high.chars().all(|c| c.is_ascii_digit())
        && chars.clone().any(|c| c == '}')
}

/// The escape `\c` (what follows it still in `chars`) in Rust's syntax.
fn escape(c: char, chars: &mut std::iter::Peekable<std::str::Chars<'_>>, in_class: bool) -> Result<String, String> {
    Ok(match c {
        'd' | 'D' | 'w' | 'W' | 's' | 'S' | 't' | 'n' | 'r' | 'f' | 'v' => format!("\\{c}"),
        'b' if in_class => r"\x08".to_owned(),
        'b' | 'B' => format!("\\{c}"),
        '1'..='9' => {
            return Err(format!(
                "back-references ('\\{c}') need a backtracking matcher, which cqlc does not use (it could take \
                 exponential time on some strings)"
            ));
        }
        '0' => r"\x00".to_owned(),
        'x' => {
            let hex: String = (0..2).filter_map(|_| chars.next()).collect();
            hex_byte(&hex).ok_or_else(|| "'\\x' must be followed by two hexadecimal digits".to_owned())?
        }
        'u' => {
            let hex: String = (0..4).filter_map(|_| chars.next()).collect();
            let code = u32::from_str_radix(&hex, 16).map_err(|_| "'\\u' takes four hexadecimal digits".to_owned())?;
            // CQL 6.2 matches bytes: a code past one byte is its low byte.
            format!(r"\x{:02X}", code & 0xff)
        }
        'c' => match chars.next() {
            Some(letter) if letter.is_ascii_alphabetic() => format!(r"\x{:02X}", letter as u32 % 32),
            _ => return Err("'\\c' must be followed by a letter".to_owned()),
        },
        'p' | 'P' | 'k' => return Err(format!("CQL 6.2 does not read '\\{c}'")),
        // Anything else is the character itself (`\A` is the letter A).
        other if other.is_ascii() => format!(r"\x{:02X}", other as u32),
        other => other.to_string(),
    })
}

/// `\xHH` in Rust's syntax, from the two hexadecimal digits.
fn hex_byte(hex: &str) -> Option<String> {
    (hex.len() == 2 && hex.chars().all(|c| c.is_ascii_hexdigit())).then(|| format!(r"\x{hex}"))
}

#[cfg(test)]
mod tests {
    use super::translate;

    #[test]
    fn what_the_two_read_alike_is_kept_and_the_rest_rewritten() {
        assert_eq!(translate("a(b)c").unwrap(), "(?-u)a(b)c");
        assert_eq!(translate("([a-z])(\\d+)").unwrap(), "(?-u)([a-z])(\\d+)");
        assert_eq!(translate("a.b").unwrap(), r"(?-u)a[^\n\r]b");
        assert_eq!(translate("\\Aab").unwrap(), r"(?-u)\x41ab");
        assert_eq!(translate("EG#(\\d+)").unwrap(), r"(?-u)EG\#(\d+)");
        assert_eq!(translate("\\d{4}a}").unwrap(), r"(?-u)\d{4}a\}");
    }

    #[test]
    fn what_an_automaton_cannot_do_or_cql_refuses_is_refused() {
        for pattern in ["(a)\\1", "x(?=b)", "a(?!c)", "(?<=a)b", "(?<n>a)", "(?i)ab", "\\p{L}", "a{", "[ab"] {
            assert!(translate(pattern).is_err(), "{pattern}");
        }
    }
}
