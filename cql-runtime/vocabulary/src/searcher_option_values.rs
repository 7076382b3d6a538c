//! How many values each of a searcher's options takes, for a program that
//! passes a searcher's options on among others (`cqlc run`, which must tell
//! an option's value from a query file). The searcher's own parser is
//! tested against this table.

/// The searcher's options that take a fixed number of values (lower case,
/// without dashes), with that number. `-gamenumber` and `-matchcount` take
/// one number or two, and are in [`RANGE_OPTIONS`].
pub const VALUE_OPTIONS: [(&str, usize); 17] = [
    ("i", 1),
    ("input", 1),
    ("o", 1),
    ("output", 1),
    ("threads", 1),
    ("matchstring", 1),
    ("variant", 1),
    ("lineincrement", 1),
    ("nonmatching", 1),
    ("stopafter", 1),
    ("limit", 1),
    ("log", 1),
    ("format", 1),
    ("byterange", 2),
    ("firstgame", 1),
    ("firstline", 1),
    ("shardresult", 1),
];

/// The searcher's options that take one number or two.
pub const RANGE_OPTIONS: [&str; 3] = ["g", "gamenumber", "matchcount"];

/// How many values the searcher's option `name` (lower case, without
/// dashes) takes, if it takes a fixed number (none: 0).
pub fn option_values(name: &str) -> usize {
    VALUE_OPTIONS.iter().find(|(option, _)| *option == name).map_or(0, |(_, values)| *values)
}
