//! Where a searcher's outcomes go ([`Writer`]): matching games to the output
//! file (held and written in sort order at the end for a query that sorts),
//! `message` lines to standard output, warnings and `-showmatches` lines to
//! standard error, progress to the bar.

use std::{
    io::{self, Write},
    path::Path,
};

use super::{
    progress::Progress,
    run_settings::RunSettings,
    search::{GameOutcome, Sink, order_by_sorts},
};
use crate::{
    pgn::{Source, describe_game},
    query::Sort,
};

/// Writes outcomes as they come: matching games to the output, warnings and
/// `-showmatches` lines to standard error, progress to the bar.
pub(super) struct Writer<'a> {
    name: &'a str,
    input_name: String,
    /// The orders of the query's games (`sort matchcount`, `sort`
    /// filters): with any, games are held and written in order at the end.
    sorts: &'a [Sort],
    held: Vec<GameOutcome>,
    progress: Progress,
    showmatches: bool,
    /// The games go to standard output, so messages go to standard error.
    games_to_stdout: bool,
    output: Box<dyn Write>,
    error: Option<io::Error>,
    games: u64,
    matched: u64,
}

impl Sink for Writer<'_> {
    fn game(&mut self, outcome: GameOutcome) {
        self.games += 1;
        if let Some(warning) = describe_game(&outcome.warnings) {
            self.progress.println(&format!("{}: warning: {}: {warning}", self.name, self.input_name));
        }
        for line in &outcome.messages {
            if self.games_to_stdout {
                // Standard output carries the games: keep it PGN.
                self.progress.println(line);
            } else {
                // A closed standard output must not stop the search.
                let _ = writeln!(io::stdout().lock(), "{line}");
            }
        }
        if outcome.matched {
            self.matched += 1;
            if self.showmatches {
                self.progress.println(&format!("match: game {}", outcome.number));
            }
            if !self.sorts.is_empty() {
                self.held.push(outcome);
            } else if self.error.is_none() {
                self.error = self.output.write_all(&outcome.pgn).err();
            }
        }
    }

    fn progress(&mut self, bytes: u64) {
        self.progress.update(bytes, self.games, self.matched);
        if self.error.is_none() {
            // A batch at a time reaches the disk: an interrupted search keeps it.
            self.error = self.output.flush().err();
        }
    }
}

impl<'a> Writer<'a> {
    /// A writer for the searcher `name` reading `source` with `settings`,
    /// its games in the order of `sorts` (input order if none), to `output`.
    pub(super) fn new(
        name: &'a str,
        source: &Source,
        sorts: &'a [Sort],
        settings: &RunSettings,
        output: Box<dyn Write>,
    ) -> Self {
        Writer {
            name,
            input_name: source.name().to_owned(),
            sorts,
            held: Vec::new(),
            progress: Progress::new(source.total_bytes()),
            showmatches: settings.showmatches,
            games_to_stdout: settings.output == Path::new("-"),
            output,
            error: None,
            games: 0,
            matched: 0,
        }
    }

    /// Writes the games held for sorting, in sort order, closes the progress
    /// bar and flushes the output; the first error writing it, if any.
    pub(super) fn finish(mut self) -> io::Result<()> {
        order_by_sorts(self.sorts, &mut self.held);
        for outcome in self.held.drain(..) {
            if self.error.is_none() {
                self.error = self.output.write_all(&outcome.pgn).err();
            }
        }
        self.progress.finish();
        let flushed = self.output.flush();
        match self.error {
            Some(error) => Err(error),
            None => flushed,
        }
    }
}
