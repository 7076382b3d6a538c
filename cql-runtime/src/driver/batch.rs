//! Several queries in one reading of the input ([`main_many`], [`run_many`]):
//! each game is read, its tree built and its moves replayed once, and every
//! query that may match it is evaluated on it. Each query writes what a run
//! of it alone writes: its output file (`<query>-out.pgn`, or
//! `FOLDER/<query>-out.pgn` with `-o FOLDER`), its `message` lines and its
//! summary on standard output (one query after the other), with its own
//! header's settings (see `batch_settings` for what they must share).

use std::{process::ExitCode, time::Instant};

use super::{
    Failure, OutputFile, OutputOrigin, RunSettings, batch_settings,
    batch_sink::{BatchSink, QueryOutput},
    console,
    game_search::QuerySearch,
    input_index, interrupt, open_source, refuse_a_part,
    search::{Counts, search_queries},
    shard_run,
    summary::{persistent_lines, summary_lines},
    unless_stopped, whole_input_only,
    writer::Writer,
};
use crate::{
    command_line::{Options, usage},
    pgn::Source,
    query::{Query, Sort, game_sorts},
};

/// The `main` of a generated batch searcher called `name`: runs `queries`
/// (each with its name) in one reading of the input given on the process's
/// command line.
pub fn main_many(name: &str, queries: &[(&str, &dyn Query)]) -> ExitCode {
    super::main_of(name, || run_many(name, queries, std::env::args().skip(1)))
}

/// Runs `queries` (each with its name) as the batch `name`, with the
/// command line `args`. A query whose output fails does not stop the
/// others: its error is printed (`name: query: message`) and the run fails
/// at the end, saying how many queries did not complete.
pub fn run_many(
    name: &str,
    queries: &[(&str, &dyn Query)],
    args: impl IntoIterator<Item = String>,
) -> Result<(), Failure> {
    let options = Options::parse(args).map_err(|error| Failure::Usage(error.0))?;
    options.extract.refuse_in_batch().map_err(|error| Failure::Usage(error.0))?;
    if options.help {
        console::out(&format!("{}\n\n{}", usage(name), batch_usage(queries)));
        return Ok(());
    }
    if options.version {
        console::out(&format!("{name}: a CQL batch searcher compiled by cqlc, runtime {}", env!("CARGO_PKG_VERSION")));
        return Ok(());
    }
    if options.parse {
        console::out(&format!("{name}: the queries parse (they were compiled into this searcher)"));
        return Ok(());
    }
    let mut settings = batch_settings::resolve(queries, &options)?;
    let names: Vec<&str> = queries.iter().map(|&(name, _)| name).collect();
    let whole = queries.iter().find_map(|&(_, query)| whole_input_only(query));
    let part = options.shard.part();
    if options.shard.count_games {
        let input = &settings.first().ok_or_else(|| Failure::Usage("a batch of no query".to_owned()))?.inputs[0];
        return shard_run::count(whole, Some(&names), input, &part.unwrap_or_default());
    }
    if options.shard.merge {
        return shard_run::merge_batch(name, queries, &settings);
    }
    refuse_a_part(part.as_ref(), whole, "a query")?;
    let shard = options.shard.result.is_some();
    if let Some(folder) = &options.shard.result {
        std::fs::create_dir_all(folder).map_err(|error| Failure::Io(format!("{}: {error}", folder.display())))?;
        for (settings, query_name) in settings.iter_mut().zip(&names) {
            settings.output = folder.join(format!("{query_name}.bin"));
            settings.output_origin = OutputOrigin::CommandLine;
        }
    }
    let first = settings.first().ok_or_else(|| Failure::Usage("a batch of no query".to_owned()))?;
    let source = open_source(first, part)?;
    let sorts: Vec<Vec<Sort>> = queries.iter().map(|(_, query)| game_sorts(*query)).collect();
    let outputs = open_outputs(name, queries, &settings, &sorts, &source, shard)?;
    let mut sink = BatchSink::new(name, &source, outputs, &options).carrying_warnings(shard);
    let index = input_index::open(name, first);
    let searches: Vec<QuerySearch<'_, dyn Query>> = queries
        .iter()
        .zip(&settings)
        .map(|(&(_, query), settings)| QuerySearch {
            query,
            gamenumber: settings.gamenumber,
            result: settings.result.as_deref(),
            eval: &settings.eval,
        })
        .collect();
    let started = Instant::now();
    let first_game = source.next_number();
    let searched = search_queries(&searches, source, (first.threads, index.as_ref()), &mut sink);
    // Whatever happened, what was found so far is kept.
    let signal = interrupt::received();
    let unfinished = match (&searched, signal) {
        (Err(error), _) => Some(error.to_string()),
        (Ok(_), Some((signal, _))) => Some(format!("interrupted by {signal}")),
        (Ok(_), None) => None,
    };
    let games = searched.as_ref().map_or(0, |counts| counts.games);
    let mut failed = Vec::new();
    for ((output, settings), &(query_name, query)) in sink.into_outputs().into_iter().zip(&settings).zip(queries) {
        let end = QueryEnd {
            games,
            seconds: started.elapsed().as_secs_f64(),
            unfinished: unfinished.clone(),
            shard_first_game: shard.then_some(first_game),
        };
        if let Err(message) = end.finish(output, settings, query) {
            console::err(&format!("{name}: {query_name}: {message}"));
            failed.push(query_name);
        }
    }
    if failed.is_empty() {
        input_index::finish(name, index);
        return Ok(());
    }
    let message = format!("{} of {} queries did not complete ({})", failed.len(), queries.len(), failed.join(", "));
    Err(match (&searched, signal) {
        (Ok(_), Some((_, code))) => Failure::Interrupted { message, code },
        _ => Failure::Io(message),
    })
}

/// The output of each query of the batch `batch`, opened (a shard result,
/// if `shard`); if one cannot be, those opened before are removed and the
/// error names the query.
fn open_outputs<'a>(
    batch: &'a str,
    queries: &[(&'a str, &dyn Query)],
    settings: &'a [RunSettings],
    sorts: &'a [Vec<Sort>],
    source: &Source,
    shard: bool,
) -> Result<Vec<QueryOutput<'a>>, Failure> {
    let mut outputs: Vec<QueryOutput<'a>> = Vec::with_capacity(queries.len());
    for (position, ((&(name, _), settings), sorts)) in queries.iter().zip(settings).zip(sorts).enumerate() {
        let (path, inputs, origin) = (settings.output.clone(), settings.inputs.clone(), settings.output_origin);
        let opened =
            unless_stopped(&settings.output, move || OutputFile::create(&path, &inputs, origin)).and_then(|opened| {
                opened.map_err(|error| Failure::Io(format!("{name}: {}: {error}", settings.output.display())))
            });
        let output = match opened {
            Ok(output) => output,
            Err(failure) => {
                for output in outputs {
                    let _ = output.into_writer().finish(Some(String::new()));
                }
                return Err(failure);
            }
        };
        // Each query's -showmatches lines are the batch's, named.
        let own = RunSettings { showmatches: false, ..settings.clone() };
        let writer =
            Writer::new(name, source.files(), source.total_bytes(), sorts, &own, output).with_warnings_name(batch);
        let output = match shard {
            // A shard result keeps the query's message lines in its entries.
            true => QueryOutput::new(name, writer.writing_shard_result(), None),
            false => QueryOutput::new(name, writer, Some(position)),
        };
        outputs.push(output);
    }
    Ok(outputs)
}

/// How a batch search ended, for each query's end.
struct QueryEnd {
    games: u64,
    seconds: f64,
    unfinished: Option<String>,
    /// The number of the first game, if each query writes a shard result.
    shard_first_game: Option<u64>,
}

impl QueryEnd {
    /// Finishes the output of `query`, run with `settings`, and prints its
    /// held `message` lines and its summary; the error message if its
    /// output is not complete.
    fn finish(self, mut output: QueryOutput<'_>, settings: &RunSettings, query: &dyn Query) -> Result<(), String> {
        if let Some(first_game) = self.shard_first_game {
            let mut writer = output.into_writer();
            let persistent = persistent_lines(query, writer.take_persistent());
            if self.unfinished.is_none() {
                writer.end_shard(first_game, persistent);
            }
            return writer.finish(self.unfinished);
        }
        let matched = output.matched();
        output.print_held_lines();
        let mut writer = output.into_writer();
        let persistent = writer.take_persistent();
        writer.finish(self.unfinished)?;
        let counts = Counts { games: self.games, matched };
        let persistent = persistent_lines(query, persistent);
        for line in summary_lines(counts, self.seconds, settings.threads, &settings.output, persistent) {
            console::out(&line);
        }
        Ok(())
    }
}

/// What a batch's `-help` adds: its queries and where they write.
fn batch_usage(queries: &[(&str, &dyn Query)]) -> String {
    let names: Vec<&str> = queries.iter().map(|(name, _)| *name).collect();
    format!(
        "This searcher runs the queries {} in one reading of the input: each writes\n\
         <query>-out.pgn (the header's 'output', if any), or FOLDER/<query>-out.pgn\n\
         with -o FOLDER, and prints its own lines as a run of it alone does.",
        names.join(", ")
    )
}
