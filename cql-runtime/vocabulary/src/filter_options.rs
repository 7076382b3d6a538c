//! CQL 6.2's command-line options that add filters to the query (`-cql`,
//! `-player`, `-white`, `-event`, `-year`, `-hhdb`, ...): each is CQL text put first
//! in the query's body, as CQL 6.2 puts it (under the transform options,
//! except `-player` and `-year`, which CQL 6.2 applies to the game as a
//! whole). They change the query, which a searcher has compiled in: `cqlc
//! run` compiles them in, and a searcher given one says so.

/// The filter options, without their `-`.
pub const FILTER_OPTIONS: [&str; 10] =
    ["cql", "player", "white", "black", "event", "site", "year", "result", "fen", "hhdb"];

/// Whether `argument` is one of [`FILTER_OPTIONS`] (`-player`, `--Player`:
/// any case, one or two dashes, as CQL 6.2 reads options).
pub fn is_filter_option(argument: &str) -> bool {
    option_name(argument).is_some_and(|name| FILTER_OPTIONS.contains(&name.as_str()))
}

/// The option's name in lower case, if `argument` is an option.
fn option_name(argument: &str) -> Option<String> {
    let name = argument.strip_prefix("--").or_else(|| argument.strip_prefix('-'))?;
    Some(name.to_ascii_lowercase())
}

/// The filter options at the start of `arguments` (one option and its
/// values): the CQL text of the filter it adds and how many arguments it
/// took; `None` if `arguments` does not start with one. An option without
/// its value, or with a value it cannot take, is an error saying so.
pub fn filter_option(arguments: &[String]) -> Option<Result<(String, usize), String>> {
    let name = option_name(arguments.first()?)?;
    if !FILTER_OPTIONS.contains(&name.as_str()) {
        return None;
    }
    if name == "hhdb" {
        return Some(crate::hhdb_option::hhdb_option(arguments));
    }
    let Some(value) = arguments.get(1) else {
        return Some(Err(format!("{} needs a value", arguments[0])));
    };
    let quoted = |text: &str| {
        if text.contains('"') {
            Err(format!("{} {text}: the value cannot contain '\"'", arguments[0]))
        } else {
            Ok(format!("\"{text}\""))
        }
    };
    let text = match name.as_str() {
        "cql" => Ok(format!("{{{value}\n}}")),
        "white" => quoted(value).map(|value| format!("player white ~~ {value}")),
        "black" => quoted(value).map(|value| format!("player black ~~ {value}")),
        "event" => quoted(value).map(|value| format!("event {value}")),
        "site" => quoted(value).map(|value| format!("site {value}")),
        "fen" => quoted(value).map(|value| format!("fen {value}")),
        "result" if matches!(value.as_str(), "1-0" | "0-1" | "1/2-1/2") => Ok(format!("result {value}")),
        "result" => Err(format!("-result {value}: a result is 1-0, 0-1 or 1/2-1/2")),
        "player" => {
            quoted(value).map(|value| format!("notransform (player white ~~ {value} or player black ~~ {value})"))
        }
        _ => return Some(year(arguments)),
    };
    Some(text.map(|text| (text, 2)))
}

/// `-year A [B]`: the games of year A (to B), a filter of the game as a
/// whole.
fn year(arguments: &[String]) -> Result<(String, usize), String> {
    let number = |text: &String| text.parse::<u32>().ok().filter(|&year| year > 0);
    let first = number(&arguments[1]).ok_or_else(|| format!("-year {}: a year is a number from 1", arguments[1]))?;
    let (last, taken) = match arguments.get(2).and_then(number) {
        Some(last) => (last, 3),
        None => (first, 2),
    };
    if last < first {
        return Err(format!("-year {first} {last}: the range goes backwards"));
    }
    Ok((format!("notransform {{year >= {first} year <= {last}}}"), taken))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arguments(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn each_option_is_the_filter_cql_6_2_puts_first_in_the_body() {
        let text = |line: &str| filter_option(&arguments(line)).unwrap().unwrap();
        assert_eq!(text("-white Carl"), ("player white ~~ \"Carl\"".to_owned(), 2));
        assert_eq!(text("--EVENT Open"), ("event \"Open\"".to_owned(), 2));
        assert_eq!(text("-year 1980 2001 q.cql"), ("notransform {year >= 1980 year <= 2001}".to_owned(), 3));
        assert_eq!(text("-year 1985 q.cql"), ("notransform {year >= 1985 year <= 1985}".to_owned(), 2));
        assert_eq!(text("-cql check"), ("{check\n}".to_owned(), 2));
        assert_eq!(text("--hhdb composer Roycroft"), ("hhdb composer \"Roycroft\"".to_owned(), 3));
        assert!(filter_option(&arguments("-result 2-0")).unwrap().is_err());
        assert!(filter_option(&arguments("-player")).unwrap().is_err());
        assert!(filter_option(&arguments("-i x.pgn")).is_none());
    }
}
