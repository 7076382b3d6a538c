//! The value of `lastgamenumber` for a run, counted in the input before the
//! search as CQL 6.2 counts it.

use std::path::Path;

use super::Failure;
use crate::{pgn::count_white_tags, settings::EvalSettings};

/// `eval` with `lastgamenumber` counted in the input `input`, searched in
/// the range `gamenumber`. As in CQL 6.2, an input that cannot be counted
/// first (standard input) or has no `[White ` is an error.
pub(super) fn count(eval: EvalSettings, input: &Path, gamenumber: Option<(u64, u64)>) -> Result<EvalSettings, Failure> {
    if input == Path::new("-") {
        let message = "'lastgamenumber' counts the games of the input before the search: give an input file, not \
                       standard input";
        return Err(Failure::Usage(message.to_owned()));
    }
    let white_tags = count_white_tags(input).map_err(|error| Failure::Io(error.to_string()))?;
    if white_tags == 0 {
        let message = format!(
            "{}: no game found for 'lastgamenumber' (it counts the games by their '[White ' tags)",
            input.display()
        );
        return Err(Failure::Io(message));
    }
    Ok(eval.with_last_game_number(white_tags, gamenumber))
}
