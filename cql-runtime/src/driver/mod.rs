//! The searcher program: its command line, the parallel search, the output
//! file and the summary line, as CQL 6.2 has them.

mod progress;
mod run_settings;
mod search;

pub use run_settings::RunSettings;
pub use search::{Counts, Found, GameOutcome, SearchPlan, Sink, order_by_sorts, search, search_source};

use std::{
    fs::File,
    io::{self, BufWriter, Write},
    path::Path,
    process::ExitCode,
    time::Instant,
};

use crate::{
    command_line::{Options, usage},
    pgn::{Source, describe_game},
    query::{Query, Sort, game_sorts},
};
use progress::Progress;

/// The `main` of a generated searcher: runs `query` (called `name`) with the
/// process's command line.
pub fn main<Q: Query>(name: &str, query: &Q) -> ExitCode {
    match run(name, query, std::env::args().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("{name}: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Io(message)) => {
            eprintln!("{name}: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Why a searcher run failed.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong.
    Usage(String),
    /// An input or output file could not be read or written.
    Io(String),
}

/// Runs `query` (called `name`) with the command line `args`.
pub fn run<Q: Query>(name: &str, query: &Q, args: impl IntoIterator<Item = String>) -> Result<(), Failure> {
    let options = Options::parse(args).map_err(|error| Failure::Usage(error.0))?;
    if options.help {
        println!("{}", usage(name));
        return Ok(());
    }
    if options.version {
        println!("{name}: a CQL searcher compiled by cqlc, runtime {}", env!("CARGO_PKG_VERSION"));
        return Ok(());
    }
    let settings = RunSettings::resolve(name, &query.header(), &options).map_err(|error| Failure::Usage(error.0))?;
    let source = Source::open(&settings.input).map_err(|error| Failure::Io(error.to_string()))?;
    let input_name = source.name().to_owned();
    let output = open_output(&settings.output)?;
    let sorts = game_sorts(query);
    let mut writer = Writer {
        name,
        input_name,
        sorts: &sorts,
        held: Vec::new(),
        progress: Progress::new(source.total_bytes()),
        showmatches: settings.showmatches,
        games_to_stdout: settings.output == Path::new("-"),
        output,
        error: None,
        games: 0,
        matched: 0,
    };
    let plan = SearchPlan {
        gamenumber: settings.gamenumber,
        result: settings.result.as_deref(),
        threads: settings.threads,
        eval: &settings.eval,
    };
    let started = Instant::now();
    let searched = search_source(query, source, &plan, &mut writer);
    writer.write_held();
    writer.progress.finish();
    // Whatever happened, what was found so far is on disk.
    let flushed = writer.output.flush();
    let output_name = settings.output.display();
    if let Some(error) = writer.error.or(flushed.err()) {
        return Err(Failure::Io(format!("{output_name}: {error}")));
    }
    let counts = searched.map_err(|error| Failure::Io(error.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    let threads = if settings.threads == 1 { "1 thread".to_owned() } else { format!("{} threads", settings.threads) };
    let summary = format!(
        "{} matches of {} games in {seconds:.2} seconds using {threads} to {output_name}",
        counts.matched, counts.games
    );
    if settings.output == Path::new("-") {
        // The games went to standard output: keep it PGN.
        eprintln!("{summary}");
    } else {
        println!("{summary}");
    }
    Ok(())
}

impl Writer<'_> {
    /// Writes the games held for sorting, in sort order.
    fn write_held(&mut self) {
        order_by_sorts(self.sorts, &mut self.held);
        for outcome in self.held.drain(..) {
            if self.error.is_none() {
                self.error = self.output.write_all(&outcome.pgn).err();
            }
        }
    }
}

/// Writes outcomes as they come: matching games to the output, warnings and
/// `-showmatches` lines to standard error, progress to the bar.
struct Writer<'a> {
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

fn open_output(path: &Path) -> Result<Box<dyn Write>, Failure> {
    if path == Path::new("-") {
        return Ok(Box::new(BufWriter::new(io::stdout())));
    }
    let file = File::create(path).map_err(|error| Failure::Io(format!("{}: {error}", path.display())))?;
    Ok(Box::new(BufWriter::new(file)))
}
