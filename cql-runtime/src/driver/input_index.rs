//! The move index of a searcher run's input (`-index`): opened or started
//! before the search, put in its place after a search that read every game.
//! Whatever goes wrong with it is said on standard error and the games are
//! read from their text: an index is never needed for an answer.

use std::path::Path;

use super::{RunSettings, console};
use crate::{
    index::{IndexUse, index_path},
    rules::Rules,
};

/// The index to use or build for `settings`' input, if it asks for one and
/// one can be had.
pub(super) fn open(name: &str, settings: &RunSettings) -> Option<IndexUse> {
    if !settings.index {
        return None;
    }
    let input = &settings.inputs[0];
    let why_not = if settings.inputs.len() > 1 {
        "a move index is of one input file, not of several".to_owned()
    } else if input == Path::new("-") {
        "standard input has no move index".to_owned()
    } else if settings.eval.untagged != Rules::STANDARD {
        "the move index is for standard chess only (not with -variant)".to_owned()
    } else {
        match index_path(input).and_then(|path| Ok((IndexUse::at(&path, input)?, path))) {
            Ok((index, path)) => {
                if index.builds() {
                    console::err(&format!("{name}: building the move index in {}", path.display()));
                }
                return Some(index);
            }
            Err(error) => format!("no move index for {}: {error}", input.display()),
        }
    };
    console::err(&format!("{name}: -index: {why_not}; reading the games from their text"));
    None
}

/// Puts a built index in its place, after a search that read every game.
pub(super) fn finish(name: &str, index: Option<IndexUse>) {
    if let Some(index) = index
        && let Err(error) = index.finish()
    {
        console::err(&format!("{name}: the move index could not be written: {error}"));
    }
}
