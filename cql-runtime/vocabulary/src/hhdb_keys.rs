//! The keys of CQL 6.2's `hhdb` filter (the fields of the Harold van der
//! Heijden database of endgame studies), as its filter and its `-hhdb`
//! command-line option know them.

/// The marks of the `[Black]` tag: `hhdb TT` is `"TT" in player black`.
pub const HHDB_MARKS: [&str; 16] =
    ["(c)", "(m)", "(s)", "(v)", "AN", "CR", "MC", "PH", "TE", "TT", "TW", "U1", "U2", "U3", "U4", "U5"];

/// The long names of marks: `hhdb theme_tourney` is `hhdb TT`.
pub const HHDB_LONG_NAMES: [(&str, &str); 17] = [
    ("anticipation", "AN"),
    ("colors_reversed", "CR"),
    ("corrected_solution", "(s)"),
    ("correction", "(c)"),
    ("dual_after_move_1", "U2"),
    ("dual_at_move_1", "U1"),
    ("modification", "(m)"),
    ("posthumous", "PH"),
    ("theme_tournament", "TT"),
    ("theme_tourney", "TT"),
    ("theoretical_ending", "TE"),
    ("too_many_composers", "MC"),
    ("twin", "TW"),
    ("unreachable", "U5"),
    ("version", "(v)"),
    ("white_fails", "U3"),
    ("white_wins_in_draw", "U4"),
];

/// The keys of awards, which combine (`hhdb prize max`).
pub const HHDB_AWARD_KEYS: [&str; 7] = ["award", "commendation", "hm", "max", "prize", "sort", "special"];

/// The other keys.
pub const HHDB_OTHER_KEYS: [&str; 19] = [
    "<cook>",
    "<eg>",
    "<main>",
    "<minor_dual>",
    "<or>",
    "composer",
    "cooked",
    "diagram",
    "dual",
    "egdiagram",
    "firstcomment",
    "gbr",
    "mainline",
    "search",
    "sound",
    "source",
    "stipulation",
    "unsound",
    "variation",
];

/// The parts of the GBR code: `hhdb gbr material`.
pub const HHDB_GBR_PARTS: [&str; 4] = ["kings", "material", "pawns", "pieces"];

/// The keys whose value is a string that the `-hhdb` option searches for
/// its next argument (`-hhdb composer Kasparyan`).
const TAKES_PARAMETER: [&str; 6] = ["composer", "firstcomment", "gbr", "search", "source", "stipulation"];

/// Whether CQL 6.2 takes `word` for a key of `hhdb` (the parts of the GBR
/// code too, though only `gbr` takes them).
pub fn is_hhdb_key(word: &str) -> bool {
    HHDB_MARKS.contains(&word)
        || HHDB_LONG_NAMES.iter().any(|(long, _)| *long == word)
        || HHDB_AWARD_KEYS.contains(&word)
        || HHDB_OTHER_KEYS.contains(&word)
        || HHDB_GBR_PARTS.contains(&word)
}

/// Whether a query writes the key in quotes (`hhdb "(c)"`): it has other
/// characters than letters, digits and `_`.
pub fn hhdb_key_is_quoted(key: &str) -> bool {
    !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether the `-hhdb` option takes the argument after `key` as the text
/// to search for.
pub fn hhdb_key_takes_parameter(key: &str) -> bool {
    TAKES_PARAMETER.contains(&key)
}

/// Every key, in CQL 6.2's order (byte order), without the GBR parts.
pub fn hhdb_keys() -> Vec<&'static str> {
    let long = HHDB_LONG_NAMES.iter().map(|(long, _)| *long);
    let mut keys: Vec<&str> =
        HHDB_MARKS.into_iter().chain(HHDB_AWARD_KEYS).chain(HHDB_OTHER_KEYS).chain(long).collect();
    keys.sort_unstable();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_are_cql_6_2_s() {
        let keys = hhdb_keys();
        assert_eq!(keys.len(), 59);
        assert_eq!(&keys[..6], ["(c)", "(m)", "(s)", "(v)", "<cook>", "<eg>"]);
        assert_eq!(keys.last(), Some(&"white_wins_in_draw"));
        assert!(is_hhdb_key("material") && !keys.contains(&"material"));
        assert!(hhdb_key_is_quoted("<main>") && !hhdb_key_is_quoted("dual_at_move_1"));
        assert!(hhdb_key_takes_parameter("composer") && !hhdb_key_takes_parameter("TT"));
    }
}
