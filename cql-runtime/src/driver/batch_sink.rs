//! Where the outcomes of a batch go ([`BatchSink`]): each query's to its own
//! [`Writer`], as a run of that query alone would write them; the input's
//! warnings once for all, and one progress bar.
//!
//! Standard output gets each query's lines as a run of it alone would
//! print them, one query after the other: the first query's `message`
//! lines as they come, the others' held until the end
//! ([`BatchSink::print_held_lines`]).

use std::io::{self, Write};

use super::{
    held_games::HeldGames,
    interrupt,
    line_increment::LineIncrement,
    progress::Progress,
    search::{GameOutcome, QueriesSink, Sink},
    writer::Writer,
};
use crate::{
    command_line::Options,
    pgn::{InputFiles, Source, describe_game},
};

/// The outcomes of a batch, to each query's writer.
pub(super) struct BatchSink<'a> {
    name: &'a str,
    /// The input's files, which name the games in warnings.
    files: InputFiles,
    queries: Vec<QueryOutput<'a>>,
    progress: Progress,
    /// CQL 6.2's progress lines, if asked for.
    line_increment: Option<LineIncrement>,
    showmatches: bool,
    /// The input's warnings about a game go with the first query's outcome
    /// (into its shard result), instead of being printed.
    carry_warnings: bool,
    games: u64,
    /// Games that some query matched.
    matched: u64,
}

/// One query's output in a batch.
pub(super) struct QueryOutput<'a> {
    name: &'a str,
    writer: Writer<'a>,
    /// Its `message` lines, held to be printed after those of the queries
    /// before it; none for the first query, whose lines are printed as
    /// they come.
    held_lines: Option<HeldGames>,
    /// The games it matched.
    matched: u64,
}

impl<'a> QueryOutput<'a> {
    /// The output of the query `name` to `writer`, the `position`-th of
    /// the batch (from 0), if its message lines are printed (not kept in
    /// a shard result).
    pub(super) fn new(name: &'a str, writer: Writer<'a>, position: Option<usize>) -> Self {
        let held_lines = position.is_some_and(|position| position > 0).then(HeldGames::default);
        QueryOutput { name, writer: writer.without_progress_bar(), held_lines, matched: 0 }
    }

    /// The games the query matched.
    pub(super) fn matched(&self) -> u64 {
        self.matched
    }

    /// Prints the query's held `message` lines on standard output, in
    /// input order.
    pub(super) fn print_held_lines(&mut self) {
        if let Some(held) = self.held_lines.take() {
            let mut stdout = io::stdout().lock();
            // A closed standard output must not stop the others.
            let _ = held.write_in_order(&[], |text| stdout.write_all(text));
        }
    }

    /// The query's writer, to finish.
    pub(super) fn into_writer(self) -> Writer<'a> {
        self.writer
    }
}

impl<'a> BatchSink<'a> {
    /// The sink of the batch `name` reading `source`, to `queries`, with
    /// the `-showmatches` and `-lineincrement` lines `options` asks for.
    pub(super) fn new(name: &'a str, source: &Source, queries: Vec<QueryOutput<'a>>, options: &Options) -> Self {
        BatchSink {
            name,
            files: source.files(),
            queries,
            progress: Progress::new(source.total_bytes()),
            // A batch writes no games to standard output.
            line_increment: LineIncrement::new(options.lineincrement, options.gamenumber, false),
            showmatches: options.showmatches,
            carry_warnings: false,
            games: 0,
            matched: 0,
        }
    }

    /// The sink with the warnings about the games carried by the first
    /// query's outcomes (into its shard result), if `carry`.
    pub(super) fn carrying_warnings(self, carry_warnings: bool) -> Self {
        BatchSink { carry_warnings, ..self }
    }

    /// The queries' outputs, with the progress bar removed.
    pub(super) fn into_outputs(self) -> Vec<QueryOutput<'a>> {
        self.progress.finish();
        if let Some(line_increment) = &self.line_increment {
            line_increment.finish();
        }
        self.queries
    }
}

impl QueriesSink for BatchSink<'_> {
    fn game(&mut self, outcomes: Vec<GameOutcome>) {
        self.games += 1;
        self.matched += u64::from(outcomes.iter().any(|outcome| outcome.matched));
        if let (Some(line_increment), Some(outcome)) = (&self.line_increment, outcomes.first()) {
            line_increment.game(outcome.number);
        }
        // Every query that read the game found the same problems in it.
        let warnings = outcomes.iter().find(|outcome| !outcome.warnings.is_empty()).map(|o| o.warnings.clone());
        if let Some(warning) = warnings.as_deref().and_then(describe_game).filter(|_| !self.carry_warnings) {
            let number = outcomes[0].number;
            self.progress.println(&format!("{}: warning: {}: {warning}", self.name, self.files.of_game(number)));
        }
        for (at, (output, mut outcome)) in self.queries.iter_mut().zip(outcomes).enumerate() {
            if output.writer.should_stop() {
                continue;
            }
            outcome.warnings = match (self.carry_warnings && at == 0, &warnings) {
                (true, Some(warnings)) => warnings.clone(),
                _ => Vec::new(),
            };
            output.matched += u64::from(outcome.matched);
            if outcome.matched && self.showmatches && !self.carry_warnings {
                self.progress.println(&format!("{}: match: game {}", output.name, outcome.number));
            }
            if let Some(held) = &mut output.held_lines
                && !outcome.messages.is_empty()
            {
                let text: String = outcome.messages.drain(..).map(|line| line + "\n").collect();
                if let Err(error) = held.hold(outcome.number, Vec::new(), text.into_bytes()) {
                    let warning = format!("{}: warning: its message lines could not be held: {error}", output.name);
                    self.progress.println(&warning);
                }
            }
            output.writer.game(outcome);
        }
    }

    fn progress(&mut self, bytes: u64) {
        self.progress.update(bytes, self.games, self.matched);
        for output in &mut self.queries {
            output.writer.progress(bytes);
        }
    }

    fn should_stop(&self) -> bool {
        interrupt::received().is_some() || self.queries.iter().all(|output| output.writer.should_stop())
    }
}
