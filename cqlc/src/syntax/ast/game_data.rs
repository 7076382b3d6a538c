//! The values read from a game's tags and its place in the database.

/// A value of the game as a whole, read from its tags as CQL 6.2 reads them
/// (names, dates and codes normalized as SCID's reader normalizes them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameField {
    /// `player white`, `player black`: the player's name (a string).
    Player {
        /// White's (else Black's).
        white: bool,
    },
    /// `event`: the `[Event]` tag (a string; `?` without one).
    Event,
    /// `site`: the `[Site]` tag (a string; `?` without one).
    Site,
    /// `date`: the `[Date]` tag as `YYYY.MM.DD`, `?` for what is unknown.
    Date,
    /// `eventdate`: the `[EventDate]` tag, as `date`.
    EventDate,
    /// `eco`: the opening code (`C20`); none if the game has no valid one.
    Eco,
    /// `elo white`, `elo black`, or `elo` (the greater of those known): a
    /// number, none where it is unknown.
    Elo {
        /// `Some(true)` White's, `Some(false)` Black's, `None` either.
        white: Option<bool>,
    },
    /// `tag "Name"`: the game's own value of the tag (a string).
    Tag(String),
    /// `gamenumber`: the game's number in the database (a number).
    GameNumber,
    /// `lastgamenumber`: the number of games of the input as CQL 6.2
    /// estimates it (the `[White ` it has), or the last game number
    /// searched if smaller (a number).
    LastGameNumber,
    /// `fen`: the current position as FEN (a string).
    Fen,
    /// `originalcomment` (or `hascomment`): the comment the game's text
    /// has after the move into the position (a string).
    OriginalComment,
    /// `hascomment "!"`, `hascomment "$5"`: whether the move into the
    /// position has this NAG (true or false).
    HasNag(u8),
    /// `removecomment`: the game is written without its comment at the
    /// position (always true).
    RemoveComment,
    /// `cql_hhdbhascook` (`hhdb cooked`): whether the game's text has
    /// `<cook` anywhere (true or false).
    HasCook,
    /// `hhdb prize`, `hhdb hm max`, ...: the place of the award the study
    /// won, read from the `[Event]` tag as the Harold van der Heijden
    /// database writes it (`1.p`, `1/2.p`, `sp.hm`): a number.
    Award {
        /// `prize`, `hm`, `commendation`, or any (`award`).
        kind: AwardKind,
        /// `max`: the last place of a shared one (`1/2.p`: 2).
        max: bool,
        /// `special`: only special awards (others have none).
        special: bool,
    },
}

/// The kinds of award `hhdb` tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AwardKind {
    /// Any (`award`).
    Any,
    /// A prize (`.p`).
    Prize,
    /// An honourable mention (`.hm`).
    HonourableMention,
    /// A commendation (`.c`).
    Commendation,
}

impl GameField {
    /// Whether its value is a number (else a string, or true or false for
    /// [`GameField::HasNag`], [`GameField::RemoveComment`] and
    /// [`GameField::HasCook`]).
    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            GameField::Elo { .. } | GameField::GameNumber | GameField::LastGameNumber | GameField::Award { .. }
        )
    }
}
