//! The value of `lastgamenumber` for a run, counted in the input before the
//! search as CQL 6.2 counts it.

use std::path::{Path, PathBuf};

use super::Failure;
use crate::{pgn::count_white_tags, settings::EvalSettings};

/// `eval` with `lastgamenumber` counted in the input files `inputs` (one
/// database), searched in the range `gamenumber`. As in CQL 6.2, an input
/// that cannot be counted first (standard input) or has no `[White ` is an
/// error.
pub(super) fn count(
    eval: EvalSettings,
    inputs: &[PathBuf],
    gamenumber: Option<(u64, u64)>,
) -> Result<EvalSettings, Failure> {
    if inputs.iter().any(|input| input == Path::new("-")) {
        let message = "'lastgamenumber' counts the games of the input before the search: give an input file, not \
                       standard input";
        return Err(Failure::Usage(message.to_owned()));
    }
    let mut white_tags = 0;
    for input in inputs {
        white_tags += count_white_tags(input).map_err(|error| Failure::Io(error.to_string()))?;
    }
    if white_tags == 0 {
        let names: Vec<String> = inputs.iter().map(|input| input.display().to_string()).collect();
        let message = format!(
            "{}: no game found for 'lastgamenumber' (it counts the games by their '[White ' tags)",
            names.join(", ")
        );
        return Err(Failure::Io(message));
    }
    Ok(eval.with_last_game_number(white_tags, gamenumber))
}
