//! How the positions of a game are searched and annotated ([`EvalSettings`]),
//! and the one place that decides them: the command line over the query's
//! header over the defaults ([`EvalSettings::resolve`]).

use cql_vocabulary::Header;

use crate::{command_line::Options, outcome_extras::OutcomeExtras, rules::Rules};

/// How the positions of a game are searched and annotated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalSettings {
    /// Search positions in variations too.
    pub variations: bool,
    /// A game matches when this many of its positions match (at least the
    /// first, at most the second).
    pub matchcount: (u64, u64),
    /// The comment at each matching position; empty for none.
    pub matchstring: String,
    /// No automatically generated comments (match string, path notes).
    pub quiet: bool,
    /// No comments from the search at all.
    pub silent: bool,
    /// `Game number N` in each game's first comment (not with `-noheader`).
    pub game_number_comment: bool,
    /// `settag` filters set tags (not with `-nosettag`).
    pub settag: bool,
    /// `removecomment` filters remove comments (not with `-noremovecomment`).
    pub removecomment: bool,
    /// The rules of games without a `[Variant]` tag (`-variant`).
    pub untagged: Rules,
    /// The value of `lastgamenumber`, once the runner has counted the
    /// input's games ([`EvalSettings::with_last_game_number`]); none before.
    pub last_game_number: Option<i64>,
    /// Check the query's shortcuts instead of taking them: every game and
    /// position is searched, and a match that the pre-filter or
    /// [`Query::positions`](crate::query::Query::positions) would have
    /// skipped stops the search with a panic naming it. Set by the
    /// environment variable [`VERIFY_SHORTCUTS`] (for the tests).
    pub verify_shortcuts: bool,
    /// What each game's outcome carries beyond its PGN (`-format`,
    /// `-nonmatching`).
    pub extras: OutcomeExtras,
}

/// The environment variable that turns on
/// [`EvalSettings::verify_shortcuts`] in a searcher (any value).
pub const VERIFY_SHORTCUTS: &str = "CQLC_VERIFY_SHORTCUTS";

impl Default for EvalSettings {
    fn default() -> Self {
        EvalSettings::from_header(&Header::default())
    }
}

impl EvalSettings {
    /// The settings for a query with `header` run with the command line
    /// `options`: an option given overrides the header, which overrides the
    /// default (`-mainline` turns variations off whatever else says so).
    pub fn resolve(header: &Header, options: &Options) -> Self {
        EvalSettings {
            variations: !options.mainline && (options.variations || header.variations),
            matchcount: options.matchcount.or(header.matchcount).unwrap_or((1, u64::MAX)),
            matchstring: options.matchstring.as_deref().or(header.matchstring).unwrap_or("CQL").to_owned(),
            quiet: options.quiet || header.quiet,
            silent: options.silent || header.silent,
            game_number_comment: !options.noheader,
            settag: !options.nosettag,
            removecomment: !options.noremovecomment,
            untagged: options.variant.unwrap_or_default(),
            last_game_number: None,
            verify_shortcuts: std::env::var_os(VERIFY_SHORTCUTS).is_some(),
            extras: OutcomeExtras::of(&options.extract),
        }
    }

    /// The settings with `lastgamenumber` worth the number of games CQL 6.2
    /// estimates an input has (`white_tags`, see
    /// [`count_white_tags`](crate::pgn::count_white_tags)), or the last game
    /// number searched (`gamenumber`'s second number) if that is smaller.
    pub fn with_last_game_number(self, white_tags: u64, gamenumber: Option<(u64, u64)>) -> Self {
        let last = gamenumber.map_or(white_tags, |(_, last)| white_tags.min(last));
        EvalSettings { last_game_number: Some(i64::try_from(last).unwrap_or(i64::MAX)), ..self }
    }

    /// The settings a query's header asks for, with no command line.
    pub fn from_header(header: &Header) -> Self {
        EvalSettings::resolve(header, &Options::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_overrides_the_header_which_overrides_the_default() {
        let header = Header { variations: true, matchstring: Some(""), quiet: true, ..Header::default() };
        let options = Options::parse(["-mainline", "-matchstring", "HIT", "-silent"]).unwrap();
        let settings = EvalSettings::resolve(&header, &options);
        assert_eq!(
            settings,
            EvalSettings {
                variations: false,
                matchcount: (1, u64::MAX),
                matchstring: "HIT".to_owned(),
                quiet: true,
                silent: true,
                game_number_comment: true,
                settag: true,
                removecomment: true,
                untagged: Rules::default(),
                last_game_number: None,
                verify_shortcuts: false,
                extras: OutcomeExtras::default(),
            }
        );
        let from_header = EvalSettings::from_header(&header);
        assert!(from_header.variations && from_header.quiet && !from_header.silent);
        assert_eq!(from_header.matchstring, "");
        assert_eq!(EvalSettings::default().matchstring, "CQL");
    }

    #[test]
    fn lastgamenumber_is_the_count_of_games_or_the_last_game_searched() {
        let counted = |gamenumber| EvalSettings::default().with_last_game_number(4, gamenumber).last_game_number;
        assert_eq!(counted(None), Some(4));
        assert_eq!(counted(Some((2, 3))), Some(3));
        assert_eq!(counted(Some((1, 7))), Some(4));
    }

    #[test]
    fn variations_come_from_either_the_header_or_the_command_line() {
        let plain = Header::default();
        assert!(!EvalSettings::from_header(&plain).variations);
        assert!(EvalSettings::resolve(&plain, &Options::parse(["-variations"]).unwrap()).variations);
    }
}
