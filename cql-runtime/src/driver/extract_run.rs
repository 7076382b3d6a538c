//! What pgn-extract's habits change in a searcher run: the output opened
//! to be appended to or discarded ([`open_games_output`]), the
//! `-nonmatching` file and the warnings' log ([`open_extract_outputs`]),
//! and the summary line's note ([`noted_summary`]).

use std::{
    io,
    path::{Path, PathBuf},
};

use super::{
    Failure, nonmatching::NonmatchingFile, output_file::OutputFile, run_settings::OutputOrigin, search::Counts,
    warnings::Warnings,
};
use crate::extract_options::ExtractOptions;

/// Opens the output `path` for the matching games of a search of `input`,
/// named as `origin` says: nothing is written with `-count`, and the games
/// are added to the end of the file with `-append`.
pub(super) fn open_games_output(
    path: &Path,
    inputs: &[PathBuf],
    origin: OutputOrigin,
    extract: &ExtractOptions,
) -> io::Result<OutputFile> {
    if extract.count_only {
        return OutputFile::discard();
    }
    let output = OutputFile::create(path, inputs, origin)?;
    Ok(if extract.append { output.appending() } else { output })
}

/// Opens the `-nonmatching` file, refusing the input and the output
/// itself, and the destination of the warnings.
pub(super) fn open_extract_outputs(
    extract: &ExtractOptions,
    inputs: &[PathBuf],
    output: &Path,
) -> Result<(Option<NonmatchingFile>, Warnings), Failure> {
    let warnings = Warnings::open(extract.log.as_deref(), extract.no_warnings)
        .map_err(|error| Failure::Io(format!("-log {}: {error}", path_name(extract.log.as_deref()))))?;
    let Some(path) = &extract.nonmatching else { return Ok((None, warnings)) };
    let name = path.display().to_string();
    if path == output && !extract.count_only {
        return Err(Failure::Usage(format!("-nonmatching {name} is the output too: give another file")));
    }
    let file = OutputFile::create(path, inputs, OutputOrigin::CommandLine)
        .map_err(|error| Failure::Io(format!("-nonmatching {name}: {error}")))?;
    Ok((Some(NonmatchingFile::new(file, name)), warnings))
}

fn path_name(path: Option<&Path>) -> String {
    path.map_or_else(String::new, |path| path.display().to_string())
}

/// The summary line `line` of a run that wrote to `output`, with what
/// `extract` changed: no output named when only counting, a note when the
/// search stopped after `-stopafter` matches.
pub(super) fn noted_summary(line: &str, extract: &ExtractOptions, counts: Counts, output: &Path) -> String {
    let mut line = line.to_owned();
    if extract.count_only
        && let Some(counted) = line.strip_suffix(&format!(" to {}", output.display()))
    {
        line = counted.to_owned();
    }
    if let Some(count) = extract.stop_after.filter(|count| counts.matched >= *count) {
        let games = if count == 1 { "game".to_owned() } else { "games".to_owned() };
        line.push_str(&format!(" (stopped after {count} matching {games}: -stopafter {count})"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_says_where_the_search_stopped_and_names_no_output_when_counting() {
        let line = "3 matches of 40 games in 0.10 seconds using 2 threads to out.pgn";
        let counts = Counts { games: 40, matched: 3 };
        let stopped = ExtractOptions { stop_after: Some(3), ..ExtractOptions::default() };
        assert_eq!(
            noted_summary(line, &stopped, counts, Path::new("out.pgn")),
            format!("{line} (stopped after 3 matching games: -stopafter 3)")
        );
        let not_reached = ExtractOptions { stop_after: Some(4), ..ExtractOptions::default() };
        assert_eq!(noted_summary(line, &not_reached, counts, Path::new("out.pgn")), line);
        let counting = ExtractOptions { count_only: true, ..ExtractOptions::default() };
        assert_eq!(
            noted_summary(line, &counting, counts, Path::new("out.pgn")),
            "3 matches of 40 games in 0.10 seconds using 2 threads"
        );
    }
}
