//! CQL 6.2's command-line options that put the whole query under a
//! transform (`-flip`, `-shift`, ...). They change the query, which a
//! searcher has compiled in: `cqlc run` compiles the query under them, and
//! a searcher given one says so.

/// Each option's name (without its `-`), and the transform keyword that a
/// query would write in front of its filters for the same effect.
pub const TRANSFORM_OPTIONS: [(&str, &str); 10] = [
    ("flip", "flip"),
    ("flipcolor", "flipcolor"),
    ("flipvertical", "flipvertical"),
    ("fliphorizontal", "fliphorizontal"),
    ("rotate90", "rotate90"),
    ("rotate45", "rotate45"),
    ("shift", "shift"),
    ("shifthorizontal", "shifthorizontal"),
    ("shiftvertical", "shiftvertical"),
    ("reversecolor", "reversecolor"),
];

/// The transform keyword of a command-line argument (`-flip`, `--flip`), if
/// it is one of [`TRANSFORM_OPTIONS`], in any case (`-Flip`), as CQL 6.2
/// reads options.
pub fn transform_option(argument: &str) -> Option<&'static str> {
    let name = argument.strip_prefix("--").or_else(|| argument.strip_prefix('-'))?;
    TRANSFORM_OPTIONS.iter().find(|(option, _)| option.eq_ignore_ascii_case(name)).map(|(_, keyword)| *keyword)
}
