//! Where a searcher's outcomes go ([`Writer`]): matching games to the output
//! file (held and written in sort order at the end for a query that sorts),
//! `message` lines to standard output, warnings and `-showmatches` lines to
//! standard error, progress to the bar.

use std::{
    io::{self, Write},
    path::Path,
};

use super::{
    held_games::HeldGames,
    interrupt,
    line_increment::LineIncrement,
    nonmatching::NonmatchingFile,
    output_file::{Kept, OutputFile},
    progress::Progress,
    record_format::{csv_header, csv_rows, json_line},
    run_settings::RunSettings,
    search::{GameOutcome, Sink},
    shard_result::{GameEntry, MAGIC, ShardEnd, end_line, write_entry},
    warnings::Warnings,
};
use crate::{
    extract_options::Format,
    notes::LOG_LIMIT,
    persistent::PersistentValues,
    pgn::{InputFiles, describe_game},
    query::Sort,
};

/// Writes outcomes as they come: matching games to the output, warnings and
/// `-showmatches` lines to standard error, progress to the bar.
pub(super) struct Writer<'a> {
    name: &'a str,
    /// The name that starts the warnings about the input's games: the
    /// searcher's (a batch's, for its queries' writers).
    warnings_name: &'a str,
    /// The input's files, which name the games in warnings.
    files: InputFiles,
    /// The input's files, as given.
    input_name: String,
    /// The orders of the query's games (`sort matchcount`, `sort`
    /// filters): with any, games are held and written in order at the end.
    sorts: &'a [Sort],
    held: HeldGames,
    progress: Progress,
    /// CQL 6.2's progress lines, if asked for.
    line_increment: Option<LineIncrement>,
    showmatches: bool,
    /// The games go to standard output, so messages go to standard error.
    games_to_stdout: bool,
    output: OutputFile,
    output_name: String,
    /// The first error writing the output: the search stops there.
    error: Option<io::Error>,
    games: u64,
    matched: u64,
    /// The query's persistent variables as the last game searched left them.
    persistent: Option<PersistentValues>,
    /// What is written for each matching game (`-format`).
    format: Format,
    /// The CSV header row, until it is written before the first row.
    csv_header: Option<Vec<u8>>,
    /// Stop after this many matching games (`-stopafter`).
    stop_after: Option<u64>,
    /// Where the games that did not match go (`-nonmatching`).
    nonmatching: Option<NonmatchingFile>,
    /// Each game's entry goes to the output, a shard result, instead of
    /// being shown.
    to_shard_result: bool,
    /// Where the warnings about the input go (`-log`, `-nowarnings`).
    warnings: Warnings,
}

impl Sink for Writer<'_> {
    fn game(&mut self, mut outcome: GameOutcome) {
        self.games += 1;
        if outcome.persistent.is_some() {
            self.persistent = outcome.persistent.take();
        }
        if let Some(line_increment) = &self.line_increment {
            line_increment.game(outcome.number);
        }
        let entry = self.entry(outcome);
        if self.to_shard_result {
            self.matched += u64::from(entry.matched);
            if entry.shows() && self.error.is_none() {
                let mut bytes = Vec::new();
                self.error = write_entry(&mut bytes, &entry).and_then(|()| self.output.write_game(&bytes)).err();
            }
        } else {
            self.show(entry);
        }
    }

    fn progress(&mut self, bytes: u64) {
        self.progress.update(bytes, self.games, self.matched);
        if self.error.is_none() {
            // A batch at a time reaches the disk: an interrupted search keeps it.
            self.error = self.output.flush().err();
        }
        if let Some(nonmatching) = self.nonmatching.as_mut() {
            nonmatching.flush();
        }
        // The log is for reading while the search goes on.
        let _ = self.warnings.flush();
    }

    fn should_stop(&self) -> bool {
        self.error.is_some()
            || self.nonmatching.as_ref().is_some_and(|nonmatching| nonmatching.error().is_some())
            || interrupt::received().is_some()
            || self.stop_after.is_some_and(|count| self.matched >= count)
    }
}

impl<'a> Writer<'a> {
    /// A writer for the searcher `name` reading the input `files`
    /// (`total_bytes` long, if known) with `settings`, its games in the
    /// order of `sorts` (input order if none), to `output`.
    pub(super) fn new(
        name: &'a str,
        files: InputFiles,
        total_bytes: Option<u64>,
        sorts: &'a [Sort],
        settings: &RunSettings,
        output: OutputFile,
    ) -> Self {
        Writer {
            name,
            warnings_name: name,
            files,
            input_name: settings.inputs.iter().map(|input| input.display().to_string()).collect::<Vec<_>>().join(", "),
            sorts,
            held: HeldGames::default(),
            progress: Progress::new(total_bytes),
            line_increment: LineIncrement::new(
                settings.lineincrement,
                settings.gamenumber,
                settings.output == Path::new("-"),
            ),
            showmatches: settings.showmatches,
            games_to_stdout: settings.output == Path::new("-"),
            output_name: settings.output.display().to_string(),
            output,
            error: None,
            games: 0,
            matched: 0,
            persistent: None,
            format: settings.extract.format,
            csv_header: (settings.extract.format == Format::Csv && !appends_to_records(settings)).then(csv_header),
            stop_after: settings.extract.stop_after,
            nonmatching: None,
            to_shard_result: false,
            warnings: Warnings::Shown,
        }
    }

    /// The writer with the games that did not match going to `nonmatching`,
    /// and the warnings to `warnings`.
    pub(super) fn with_extract_outputs(self, nonmatching: Option<NonmatchingFile>, warnings: Warnings) -> Self {
        Writer { nonmatching, warnings, ..self }
    }

    /// What `outcome` shows in the answer: its warnings, its `message`
    /// lines, and what is written for it.
    fn entry(&self, mut outcome: GameOutcome) -> GameEntry {
        let mut warnings = Vec::new();
        if let Some(warning) = describe_game(&outcome.warnings) {
            let file = self.files.of_game(outcome.number);
            warnings.push(format!("{}: warning: {file}: {warning}", self.warnings_name));
        }
        if outcome.comments_dropped {
            warnings.push(format!(
                "{}: warning: {}: game {}: more than {LOG_LIMIT} comments and sort values were pending at once; \
                 those beyond were dropped, so the game's comments are incomplete",
                self.name,
                self.files.of_game(outcome.number),
                outcome.number
            ));
        }
        let record = if outcome.matched { self.record(&mut outcome) } else { Vec::new() };
        GameEntry {
            number: outcome.number,
            warnings,
            messages: outcome.messages,
            matched: outcome.matched,
            sort_values: outcome.sort_values,
            record,
            text: outcome.text,
        }
    }

    /// Shows `entry`: its warnings and `message` lines printed, a matching
    /// game written (or held, to be written in sort order), a game that
    /// did not match written where those go, if anywhere.
    pub(super) fn show(&mut self, entry: GameEntry) {
        for line in &entry.warnings {
            self.warn(line);
        }
        for line in &entry.messages {
            if self.games_to_stdout {
                // Standard output carries the games: keep it PGN.
                self.progress.println(line);
            } else {
                // A closed standard output must not stop the search.
                let _ = writeln!(io::stdout().lock(), "{line}");
            }
        }
        if entry.matched {
            self.matched += 1;
            if self.showmatches {
                self.progress.println(&format!("match: game {}", entry.number));
            }
            if !self.sorts.is_empty() {
                if self.error.is_none() {
                    self.error = self.held.hold(entry.number, entry.sort_values, entry.record).err();
                }
            } else if self.error.is_none() {
                self.error = write_record(&mut self.output, &mut self.csv_header, &entry.record).err();
            }
        } else if let Some(nonmatching) = self.nonmatching.as_mut().filter(|_| !entry.text.is_empty()) {
            nonmatching.write(&entry.text);
        }
    }

    /// Counts `games` more games read (of a shard, merged), beyond those
    /// whose entries were shown.
    pub(super) fn count_games(&mut self, games: u64) {
        self.games += games;
    }

    /// The writer writing each game's entry to its output, a shard result
    /// (`-shardresult`), instead of showing it; [`Writer::end_shard`] ends
    /// the result.
    pub(super) fn writing_shard_result(mut self) -> Self {
        self.to_shard_result = true;
        // The merge writes the CSV header row, once.
        self.csv_header = None;
        self.error = self.output.write_game(MAGIC).err();
        self
    }

    /// Ends a shard result, whose first game was game `first_game`, with
    /// the counts and `persistent`, the lines of the persistent variables
    /// as the last game left them.
    pub(super) fn end_shard(&mut self, first_game: u64, persistent: Vec<String>) {
        let end = ShardEnd { first_game, games: self.games, matched: self.matched, persistent };
        if self.error.is_none() {
            self.error = self.output.write_game(&end_line(&end)).err();
        }
    }

    /// What is written for the matching game of `outcome`: its PGN, or its
    /// record in the output's format.
    fn record(&self, outcome: &mut GameOutcome) -> Vec<u8> {
        let report = outcome.report.take().unwrap_or_default();
        match self.format {
            Format::Pgn => std::mem::take(&mut outcome.pgn),
            Format::Json => json_line(outcome.number, &report),
            Format::Csv => csv_rows(outcome.number, &report),
        }
    }

    /// Writes the warning `line` where warnings go; a log that cannot be
    /// written is said once on standard error, and warnings go there after.
    fn warn(&mut self, line: &str) {
        if let Err(error) = self.warnings.warn(&self.progress, line) {
            self.progress
                .println(&format!("{}: warning: the log cannot be written ({error}): warnings follow here", self.name));
            self.warnings = Warnings::Shown;
            self.progress.println(line);
        }
    }

    /// The writer with the warnings about the input's games starting with
    /// `name` (a batch's, whose queries' writers are named after them).
    pub(super) fn with_warnings_name(self, warnings_name: &'a str) -> Self {
        Writer { warnings_name, ..self }
    }

    /// The writer without a progress bar or progress lines of its own (a
    /// batch shows them for all its queries).
    pub(super) fn without_progress_bar(mut self) -> Self {
        self.progress.finish();
        self.progress = Progress::hidden();
        self.line_increment = None;
        self
    }

    /// The query's persistent variables as the search left them, if it has
    /// any and a game was searched.
    pub(super) fn take_persistent(&mut self) -> Option<PersistentValues> {
        self.persistent.take()
    }

    /// Writes the games held for sorting, in sort order, and closes the
    /// progress bar. The output is complete (renamed into place) if every
    /// write succeeded and the search went through the whole input
    /// (`unfinished` is `None`; else it says why not); otherwise what was
    /// written whole is kept under a name that says so, and the error says
    /// why the search stopped and how far it got.
    pub(super) fn finish(mut self, unfinished: Option<String>) -> Result<(), String> {
        let held = std::mem::take(&mut self.held);
        if self.error.is_none() {
            let (output, header) = (&mut self.output, &mut self.csv_header);
            self.error = held.write_in_order(self.sorts, |text| write_record(output, header, text)).err();
        }
        if self.error.is_none() && unfinished.is_none() {
            // A complete CSV output has its header, rows or not.
            self.error = write_record(&mut self.output, &mut self.csv_header, &[]).err();
        }
        self.progress.finish();
        if let Some(line_increment) = &self.line_increment {
            line_increment.finish();
        }
        let _ = self.warnings.flush();
        let nonmatching = self.nonmatching.take();
        let nonmatching_error = nonmatching.as_ref().and_then(|file| file.error().map(str::to_owned));
        let why = match (self.error.take(), nonmatching_error) {
            (Some(error), _) => Some(format!("{}: {error}", self.output_name)),
            (None, Some(error)) => Some(error),
            (None, None) => unfinished,
        };
        if let Some(why) = why {
            let nonmatching_kept = nonmatching.map(NonmatchingFile::keep_partial).unwrap_or_default();
            return Err(format!("{}{nonmatching_kept}", self.stopped(&why)));
        }
        let output_name = self.output_name.clone();
        self.output.commit().map_err(|error| format!("{output_name}: {error}"))?;
        nonmatching.map_or(Ok(()), NonmatchingFile::commit)
    }

    /// The message of a run that stopped early, its output kept as far as
    /// it is whole.
    fn stopped(self, why: &str) -> String {
        let had_games = self.output.has_games();
        let name = &self.output_name;
        let found = match self.output.keep_partial() {
            Kept::AsWritten => format!("what was found before went to {name}"),
            Kept::Partial(path) => format!("the matching games found so far are in {}", path.display()),
            Kept::Nothing if had_games => format!("{name} was not written"),
            Kept::Nothing => format!("no matching game was found so far; {name} was not written"),
        };
        let games = match self.games {
            1 => "1 game".to_owned(),
            games => format!("{games} games"),
        };
        format!("{why}; stopped after {games} of {}: {found}", self.input_name)
    }
}

/// Writes `record` to `output`, after the CSV header row if it is still to
/// be written (`header`); an empty record writes only that.
fn write_record(output: &mut OutputFile, header: &mut Option<Vec<u8>>, record: &[u8]) -> io::Result<()> {
    match header.take() {
        Some(mut text) => {
            text.extend_from_slice(record);
            output.write_game(&text)
        }
        None if record.is_empty() => Ok(()),
        None => output.write_game(record),
    }
}

/// Whether `settings` append to an output that has records already (whose
/// CSV header row is there).
fn appends_to_records(settings: &RunSettings) -> bool {
    settings.extract.append && std::fs::metadata(&settings.output).is_ok_and(|metadata| metadata.len() > 0)
}
