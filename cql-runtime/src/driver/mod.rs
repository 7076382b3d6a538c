//! The searcher program, as CQL 6.2 has it ([`main`], [`run`]): the settings
//! of a run (`run_settings`: the command line over the query's header), the
//! parallel search in input order (`search`, each game in `game_search`),
//! where its outcomes go (`writer`, `progress`; a sorting query's games wait
//! in `held_games`), and the summary lines (`summary`); several queries in
//! one reading of the input ([`main_many`], in `batch`); and the same search
//! for a Rust program ([`search`], in `library`; [`Search`], set up step by
//! step, in `search_builder`; a matching game's tags, in `outcome_tags`).
//! pgn-extract's habits are applied in `extract_run` (`-append` in
//! `append`, `-nonmatching` in `nonmatching`, `-log` in `warnings`), and
//! `-format json|csv` records are made in `match_report` and
//! `record_format`. A search in shards, for a cluster, writes each game's
//! entry to a shard result (`shard_result`), and `shard_run` counts the
//! games of a part of a file and merges the shards' results.

mod append;
mod batch;
mod batch_settings;
mod batch_sink;
mod console;
mod extract_run;
mod game_search;
mod held_games;
mod input_index;
mod interrupt;
mod last_game_number;
mod library;
mod line_increment;
mod match_report;
mod nonmatching;
mod outcome_tags;
mod output_file;
mod progress;
mod query_output;
mod record_format;
mod run_settings;
mod search;
mod search_builder;
mod shard_result;
mod shard_run;
mod summary;
mod warnings;
mod writer;

pub use batch::{main_many, run_many};
pub use library::{Found, search};
pub use match_report::{AddedComment, MatchReport, MatchedPosition};
pub use run_settings::{OutputOrigin, RunSettings};
pub use search::{Counts, GameOutcome, SearchPlan, Sink, order_by_sorts, search_source};
pub use search_builder::{Search, Summary};

use std::{
    panic,
    path::Path,
    process::ExitCode,
    sync::mpsc::{self, RecvTimeoutError},
    thread,
    time::{Duration, Instant},
};

use crate::{
    command_line::{Options, usage},
    pgn::{InputPart, Source},
    query::{Query, game_sorts},
};
use extract_run::{noted_summary, open_extract_outputs, open_games_output};
use nonmatching::NonmatchingFile;
use output_file::OutputFile;
use summary::{persistent_lines, summary_lines};
use warnings::Warnings;
use writer::Writer;

/// The `main` of a generated searcher: runs `query` (called `name`) with the
/// process's command line. It takes any query, so that the search itself is
/// compiled once, with the runtime: building a new searcher compiles only
/// its query (a call through a pointer per position costs nothing that
/// shows).
pub fn main(name: &str, query: &dyn Query) -> ExitCode {
    main_with_arguments(name, query, std::env::args().skip(1))
}

/// [`main`] with the command line `arguments` (for a program that runs one
/// of several queries); errors are printed, and the exit code says which.
pub fn main_with_arguments(name: &str, query: &dyn Query, arguments: impl IntoIterator<Item = String>) -> ExitCode {
    main_with_list(name, query, arguments.into_iter().collect())
}

/// [`main_with_arguments`], compiled once.
fn main_with_list(name: &str, query: &dyn Query, arguments: Vec<String>) -> ExitCode {
    main_of(name, || run_list(name, query, arguments))
}

/// The `main` of the searcher `name`, which runs `run`: listens for
/// signals, and prints a failure with the exit code a shell expects.
fn main_of(name: &str, run: impl FnOnce() -> Result<(), Failure>) -> ExitCode {
    interrupt::catch_signals();
    interrupt::listen_to_parent();
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let (message, code) = match failure {
                Failure::Usage(message) => (message, 2),
                Failure::Io(message) => (message, 1),
                Failure::Interrupted { message, code } => (message, code),
            };
            console::err(&format!("{name}: {message}"));
            ExitCode::from(code)
        }
    }
}

/// Why a searcher run failed.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong.
    Usage(String),
    /// An input or output file could not be read or written (the message
    /// says how far the search got and where its games are).
    Io(String),
    /// A signal stopped the search; `code` is the exit code a shell expects.
    Interrupted {
        /// What was stopped, how far it got, where its games are.
        message: String,
        /// 128 + the signal's number.
        code: u8,
    },
}

/// Runs `open` (which may wait, for the other end of a named pipe `path`,
/// say) on a thread of its own, unless the search is asked to stop first.
fn unless_stopped<T: Send + 'static>(path: &Path, open: impl FnOnce() -> T + Send + 'static) -> Result<T, Failure> {
    let (sender, receiver) = mpsc::channel();
    let opener = thread::spawn(move || sender.send(open()));
    loop {
        match receiver.recv_timeout(Duration::from_millis(50)) {
            Ok(opened) => return Ok(opened),
            Err(RecvTimeoutError::Timeout) => {
                if let Some((signal, code)) = interrupt::received() {
                    let message = format!("interrupted by {signal} while opening {}", path.display());
                    return Err(Failure::Interrupted { message, code });
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic::resume_unwind(opener.join().expect_err("an opener that sent nothing panicked"))
            }
        }
    }
}

/// Runs `query` (called `name`) with the command line `args`.
pub fn run(name: &str, query: &dyn Query, args: impl IntoIterator<Item = String>) -> Result<(), Failure> {
    run_list(name, query, args.into_iter().collect())
}

/// [`run`], compiled once.
fn run_list(name: &str, query: &dyn Query, args: Vec<String>) -> Result<(), Failure> {
    let options = Options::parse(args).map_err(|error| Failure::Usage(error.0))?;
    if options.help {
        console::out(&usage(name));
        return Ok(());
    }
    if options.version {
        console::out(&format!("{name}: a CQL searcher compiled by cqlc, runtime {}", env!("CARGO_PKG_VERSION")));
        return Ok(());
    }
    if options.parse {
        console::out(&format!("{name}: the query parses (it was compiled into this searcher)"));
        return Ok(());
    }
    let mut settings =
        RunSettings::resolve(name, &query.header(), &options).map_err(|error| Failure::Usage(error.0))?;
    // Each game must see what the games before it left in the persistent
    // variables: one thread, in game order.
    if !query.persistent().is_empty() || query.uses_files() {
        settings.threads = 1;
    }
    if options.shard.merge {
        return shard_run::merge(name, query, &settings);
    }
    let (part, whole) = (options.shard.part(), whole_input_only(query));
    if options.shard.count_games {
        return shard_run::count(whole, None, &settings.inputs[0], &part.unwrap_or_default());
    }
    refuse_a_part(part.as_ref(), whole, "this query")?;
    if query.uses_last_game_number() {
        settings.eval = last_game_number::count(settings.eval, &settings.inputs, settings.gamenumber)?;
    }
    let source = open_source(&settings, part)?;
    let shard = options.shard.result.is_some();
    if let Some(result) = &options.shard.result {
        (settings.output, settings.output_origin) = (result.clone(), OutputOrigin::CommandLine);
    }
    let (output, nonmatching, warnings) = open_run_outputs(&settings, shard)?;
    let sorts = game_sorts(query);
    let files = source.files();
    let mut writer = Writer::new(name, files, source.total_bytes(), &sorts, &settings, output)
        .with_extract_outputs(nonmatching, warnings);
    if shard {
        writer = writer.writing_shard_result();
    }
    let index = input_index::open(name, &settings);
    let plan = SearchPlan {
        gamenumber: settings.gamenumber,
        result: settings.result.as_deref(),
        threads: settings.threads,
        eval: &settings.eval,
        index: index.as_ref(),
    };
    let started = Instant::now();
    let first_game = source.next_number();
    let searched = search_source(query, source, &plan, &mut writer);
    // Whatever happened, what was found so far is kept.
    let signal = interrupt::received();
    let unfinished = match (&searched, signal) {
        (Err(error), _) => Some(error.to_string()),
        (Ok(_), Some((signal, _))) => Some(format!("interrupted by {signal}")),
        (Ok(_), None) => None,
    };
    let persistent = persistent_lines(query, writer.take_persistent());
    if shard && unfinished.is_none() {
        writer.end_shard(first_game, persistent.clone());
    }
    writer.finish(unfinished).map_err(|message| match (&searched, signal) {
        (Ok(_), Some((_, code))) => Failure::Interrupted { message, code },
        _ => Failure::Io(message),
    })?;
    let counts = searched.map_err(|error| Failure::Io(error.to_string()))?;
    input_index::finish(name, index);
    if !shard {
        print_summary(&settings, counts, started.elapsed().as_secs_f64(), persistent);
    }
    Ok(())
}

/// An error if a search of `part` (a part of a file, not the whole input)
/// is asked of `queries` (`"this query"`, `"a query"`), which must read the
/// whole input in one run for the reason `whole`, if any.
fn refuse_a_part(part: Option<&InputPart>, whole: Option<&str>, queries: &str) -> Result<(), Failure> {
    match part.filter(|part| **part != InputPart::default()).and(whole) {
        Some(why) => {
            Err(Failure::Usage(format!("{queries} {why}: search the whole input in one run, not a part of it")))
        }
        None => Ok(()),
    }
}

/// The input of a run with `settings`: its files, or `part` of its one file.
fn open_source(settings: &RunSettings, part: Option<InputPart>) -> Result<Source, Failure> {
    // Opening a named pipe waits for its other end: a stop may come first.
    let inputs = settings.inputs.clone();
    let source = unless_stopped(&settings.inputs[0], move || match part {
        Some(part) => Source::open_part(&inputs[0], &part),
        None => Source::open_all(&inputs),
    })?;
    source.map_err(|error| Failure::Io(settings.input_failure(&error)))
}

/// The outputs of a run with `settings`: the games' output (a shard
/// result, if `shard`), the `-nonmatching` file and where the warnings go
/// (a shard's entries carry both).
fn open_run_outputs(
    settings: &RunSettings,
    shard: bool,
) -> Result<(OutputFile, Option<NonmatchingFile>, Warnings), Failure> {
    let (path, inputs, origin) = (settings.output.clone(), settings.inputs.clone(), settings.output_origin);
    let extract = settings.extract.clone();
    let output = unless_stopped(&settings.output, move || match shard {
        true => OutputFile::create(&path, &inputs, origin),
        false => open_games_output(&path, &inputs, origin, &extract),
    })?
    .map_err(|error| Failure::Io(format!("{}: {error}", settings.output.display())))?;
    if shard {
        return Ok((output, None, Warnings::Shown));
    }
    match open_extract_outputs(&settings.extract, &settings.inputs, &settings.output) {
        Ok((nonmatching, warnings)) => Ok((output, nonmatching, warnings)),
        Err(failure) => {
            // Nothing was written: the output's temporary file goes.
            let _ = output.keep_partial();
            Err(failure)
        }
    }
}

/// Prints the summary lines of a run with `settings` that counted `counts`
/// in `seconds`, and the lines of its persistent variables, `persistent`.
fn print_summary(settings: &RunSettings, counts: Counts, seconds: f64, persistent: Vec<String>) {
    let lines = summary_lines(counts, seconds, settings.threads, &settings.output, persistent);
    for (at, line) in lines.into_iter().enumerate() {
        let line = if at == 0 { noted_summary(&line, &settings.extract, counts, &settings.output) } else { line };
        if settings.output == Path::new("-") {
            // The games went to standard output: keep it PGN.
            console::err(&line);
        } else {
            console::out(&line);
        }
    }
}

/// Why `query` must read the whole input in one run, in order, if it must:
/// its meaning for a game depends on the games before it or after it.
pub(super) fn whole_input_only(query: &dyn Query) -> Option<&'static str> {
    if !query.persistent().is_empty() {
        Some("keeps persistent variables from game to game")
    } else if query.uses_files() {
        Some("reads or writes files as it goes")
    } else if query.uses_last_game_number() {
        Some("uses lastgamenumber (the number of games in the whole input)")
    } else {
        None
    }
}
