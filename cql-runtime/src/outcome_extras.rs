//! What a search keeps of each game besides the PGN of a matching game
//! ([`OutcomeExtras`]): asked for by `-format json|csv` and `-nonmatching`.

use crate::extract_options::{ExtractOptions, Format};

/// What each game's outcome carries beyond its PGN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutcomeExtras {
    /// A matching game's tags, matching positions and added comments
    /// (`GameOutcome::report`), for machine-readable output.
    pub report: bool,
    /// A game's text as read when it did not match (`GameOutcome::text`),
    /// for `-nonmatching`.
    pub unmatched_text: bool,
}

impl OutcomeExtras {
    /// What the command line's `options` ask for.
    pub fn of(options: &ExtractOptions) -> OutcomeExtras {
        OutcomeExtras { report: options.format != Format::Pgn, unmatched_text: options.nonmatching.is_some() }
    }
}
