//! CQL 6.2's `-hhdb` option: `-hhdb KEY ...` adds the filter `hhdb KEY
//! ...`, taking arguments while they are keys of `hhdb`; a key whose value
//! is a string (`composer`, `search`, ...) takes the next argument, whatever
//! it is, as the text to search for, and ends the option.

use crate::hhdb_keys::{hhdb_key_is_quoted, hhdb_key_takes_parameter, hhdb_keys, is_hhdb_key};

/// `-hhdb` and its arguments at the start of `arguments`: the CQL text of
/// the filter and how many arguments it took. As in CQL 6.2, the keys must
/// make one `hhdb` filter: one key, or award keys only (`-hhdb prize max`).
pub(crate) fn hhdb_option(arguments: &[String]) -> Result<(String, usize), String> {
    let mut words = Vec::new();
    let mut keys = Vec::new();
    let mut taken = 1;
    while let Some(key) = arguments.get(taken).filter(|argument| is_hhdb_key(argument)) {
        taken += 1;
        keys.push(key.as_str());
        words.push(if hhdb_key_is_quoted(key) { format!("\"{key}\"") } else { key.clone() });
        if hhdb_key_takes_parameter(key) {
            let text = arguments.get(taken).ok_or_else(|| format!("-hhdb {key} needs the text to search for"))?;
            if text.is_empty() {
                return Err(format!("-hhdb {key}: the text to search for is empty"));
            }
            if text.contains('"') {
                return Err(format!("-hhdb {key} {text}: the text cannot contain '\"'"));
            }
            taken += 1;
            words.push(format!("\"{text}\""));
            break;
        }
    }
    if keys.is_empty() {
        return Err("no key of hhdb follows -hhdb (see -hhdb help)".to_owned());
    }
    let awards = keys.iter().all(|key| crate::hhdb_keys::HHDB_AWARD_KEYS.contains(key));
    if keys.len() > 1 && !awards {
        return Err(format!(
            "-hhdb {}: CQL 6.2 reads the keys as one hhdb filter, and only award keys (award, prize, hm, \
             commendation, max, special, sort) combine: give one -hhdb option for each other key",
            keys.join(" ")
        ));
    }
    Ok((format!("hhdb {}", words.join(" ")), taken))
}

/// The text `-hhdb help` (or `info`) prints, if `arguments` start with a
/// `-hhdb` option that asks for it among its keys, as CQL 6.2 reads it.
pub fn hhdb_help(arguments: &[String]) -> Option<String> {
    let mut rest = arguments.iter().skip(1);
    loop {
        let argument = rest.next()?;
        if argument == "help" || argument == "info" {
            break;
        }
        if !is_hhdb_key(argument) || hhdb_key_takes_parameter(argument) {
            return None;
        }
    }
    let mut text = String::from(
        "-hhdb adds an hhdb filter to the query, for the Harold van der Heijden database of endgame studies,\n\
         for example 'cqlc run q.cql -hhdb composer Kasparyan'.\nThe keys of hhdb are:\n",
    );
    let mut width = 0;
    for key in hhdb_keys() {
        if width + key.len() + 1 > 60 {
            text.push('\n');
            width = 0;
        }
        text.push_str(key);
        text.push(' ');
        width += key.len() + 1;
    }
    text.push('\n');
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arguments(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    /// What `cql -hhdb ...` adds, as CQL 6.2 reads it (`hhdb_parse_option`).
    #[test]
    fn keys_are_taken_while_they_are_keys_and_a_string_key_takes_its_text() {
        let filter = |line: &str| hhdb_option(&arguments(line));
        assert_eq!(filter("-hhdb TT -i x.pgn"), Ok(("hhdb TT".to_owned(), 2)));
        assert_eq!(filter("-hhdb <main> q.cql"), Ok(("hhdb \"<main>\"".to_owned(), 2)));
        assert_eq!(filter("-hhdb prize max special"), Ok(("hhdb prize max special".to_owned(), 4)));
        assert_eq!(filter("-hhdb composer Kasparyan TT"), Ok(("hhdb composer \"Kasparyan\"".to_owned(), 3)));
        // The text is the next argument, whatever it is.
        assert_eq!(filter("-hhdb search -i"), Ok(("hhdb search \"-i\"".to_owned(), 3)));
        assert_eq!(filter("-hhdb gbr material"), Ok(("hhdb gbr \"material\"".to_owned(), 3)));
        assert!(filter("-hhdb composer").unwrap_err().contains("needs the text"));
        assert!(filter("-hhdb xyz").unwrap_err().starts_with("no key of hhdb follows -hhdb"));
        assert!(filter("-hhdb TT MC").unwrap_err().contains("one hhdb filter"));
        assert!(filter("-hhdb TT").is_ok());
    }

    #[test]
    fn help_among_the_keys_prints_them() {
        let help = hhdb_help(&arguments("-hhdb TT help")).unwrap();
        assert!(help.contains("\n(c) (m) (s) (v) <cook> <eg> <main> <minor_dual> <or> AN CR \nMC PH"), "{help}");
        assert!(help.ends_with("white_wins_in_draw \n"), "{help}");
        assert!(hhdb_help(&arguments("-hhdb composer help")).is_none());
        assert!(hhdb_help(&arguments("-hhdb TT -i help")).is_none());
    }
}
