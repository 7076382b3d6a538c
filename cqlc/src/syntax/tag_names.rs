//! The tag names CQL 6.2 lets a query name with `tag` and `settag`
//! (`TagSetNode::isSettable` and `TagNode::isQueryable` in its source), and
//! why it refuses the others.

use std::fmt;

/// The tags CQL 6.2 keeps itself, in the spellings it refuses as names.
const NEAR_BUILT_IN: &[&str] = &[
    "Black",
    "black",
    "BLACK",
    "White",
    "white",
    "WHITE",
    "Event",
    "event",
    "EVENT",
    "Site",
    "site",
    "SITE",
    "Date",
    "date",
    "DATE",
    "Eco",
    "eco",
    "ECO",
    "Fen",
    "fen",
    "FEN",
    "Round",
    "ROUND",
    "Result",
    "result",
    "RESULT",
    "EventDate",
    "eventdate",
    "eventDate",
    "EVENTDATE",
];

/// The longest name CQL 6.2 lets a query name.
const LONGEST: usize = 60;

/// Why CQL 6.2 refuses a tag name, in the order it looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagNameRefusal {
    /// `""`.
    Empty,
    /// `"_x"`: the first character is no letter or digit.
    Start,
    /// `"a-b"`: a character other than a letter, digit or `_`.
    Character,
    /// `"Event"`, `"ROUND"`: a spelling of a tag CQL keeps itself (not
    /// `"round"`).
    NearBuiltIn,
    /// `"WhiteElo"`: longer than five and starting `White` or `Black`.
    PlayerPrefix,
    /// Longer than 60.
    TooLong,
}

/// Why CQL 6.2 refuses `settag` the tag `name`; none if it lets a query
/// set it.
pub fn settag_refusal(name: &str) -> Option<TagNameRefusal> {
    let is_tag_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if name.is_empty() {
        Some(TagNameRefusal::Empty)
    } else if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        Some(TagNameRefusal::Start)
    } else if !name.chars().all(is_tag_char) {
        Some(TagNameRefusal::Character)
    } else if NEAR_BUILT_IN.contains(&name) {
        Some(TagNameRefusal::NearBuiltIn)
    } else if name.len() > 5 && (name.starts_with("White") || name.starts_with("Black")) {
        Some(TagNameRefusal::PlayerPrefix)
    } else if name.len() > LONGEST {
        Some(TagNameRefusal::TooLong)
    } else {
        None
    }
}

impl fmt::Display for TagNameRefusal {
    /// CQL 6.2's reason, in its words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TagNameRefusal::Empty => "a tag name cannot be empty",
            TagNameRefusal::Start => "a tag name must start with a digit or letter",
            TagNameRefusal::Character => "tag names can only contain digits, letters, or underscores",
            TagNameRefusal::NearBuiltIn => {
                "CQL 6.2 does not support using 'tag' or 'settag' with tag names that are close to built in tag \
                 names (Event, Site, Date, Round, White, Black, Result, ECO, FEN, EventDate in any usual spelling)"
            }
            TagNameRefusal::PlayerPrefix => {
                "tag names that begin with the string 'White' or 'Black' cannot be used in CQL 6.2 (WhiteElo, ...)"
            }
            TagNameRefusal::TooLong => {
                "CQL 6.2 only supports tag names with 'tag' or 'settag' of 60 characters or fewer"
            }
        })
    }
}
