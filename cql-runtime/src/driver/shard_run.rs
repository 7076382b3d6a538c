//! The searcher's runs for a search in shards: counting the games of a part
//! of a file (`-countgames`, [`count`]), and merging the shards' results
//! into the answer one search of the whole input gives (`-mergeshards`,
//! [`merge`]). A shard's own search is a run with `-shardresult`.

use std::{fs::File, io::BufReader, path::Path, time::Instant};

use serde_json::json;

use super::{
    Failure, console,
    extract_run::{open_extract_outputs, open_games_output},
    interrupt, print_summary,
    run_settings::RunSettings,
    search::{Counts, Sink},
    shard_result::{ShardItem, ShardReader},
    writer::Writer,
};
use crate::{
    pgn::{InputFiles, InputPart, Source},
    query::{Query, game_sorts},
};

/// Counts the games of `part` of the file `input`, and prints one line of
/// JSON: where the first game begins (`start`) and where the first game
/// after the part begins (`end`, the file's length if none does), how many
/// games and lines that is, why the search must read the whole input in
/// one run, if it must (`whole_input_only`, else `null`), and the names of
/// a batch's queries (`queries`, else `null`).
pub(super) fn count(
    whole_input_only: Option<&str>,
    queries: Option<&[&str]>,
    input: &Path,
    part: &InputPart,
) -> Result<(), Failure> {
    let failure = |error: &dyn std::fmt::Display| Failure::Io(error.to_string());
    let mut source = Source::open_part(input, part).map_err(|error| failure(&error))?;
    // Before anything is read, the games read end where they begin.
    let start = source.part_end();
    let mut games = 0;
    while let Some(batch) = source.next_batch().map_err(|error| failure(&error))? {
        games += batch.len() as u64;
    }
    let line = json!({
        "file": input.display().to_string(),
        "start": start,
        "end": source.part_end(),
        "games": games,
        "lines": source.next_line() - part.first_line,
        "whole_input_only": whole_input_only,
        "queries": queries,
    });
    console::out(&line.to_string());
    Ok(())
}

/// Merges the shard results of each query of a batch (`name`), one query
/// after the other, as the batch prints its queries' lines: the inputs of
/// `settings` (the same for all) are the folders of each shard's results,
/// where query `q`'s is `q.bin`. A query whose merge fails does not stop
/// the others; the error says which did not complete.
pub(super) fn merge_batch(name: &str, queries: &[(&str, &dyn Query)], settings: &[RunSettings]) -> Result<(), Failure> {
    let mut failed = Vec::new();
    for (&(query_name, query), settings) in queries.iter().zip(settings) {
        let inputs = settings.inputs.iter().map(|folder| folder.join(format!("{query_name}.bin"))).collect();
        let own = RunSettings { inputs, ..settings.clone() };
        if let Err(Failure::Io(message) | Failure::Usage(message) | Failure::Interrupted { message, .. }) =
            merge(query_name, query, &own)
        {
            console::err(&format!("{name}: {query_name}: {message}"));
            failed.push(query_name);
        }
    }
    if failed.is_empty() {
        return Ok(());
    }
    let message = format!("{} of {} queries did not complete ({})", failed.len(), queries.len(), failed.join(", "));
    Err(Failure::Io(message))
}

/// Merges the shard results that are the inputs of `settings`, in order,
/// into the output, and prints the summary: what one search of all their
/// games would write and print. The results must tile the input: each
/// begins with the game after the last of the one before.
pub(super) fn merge(name: &str, query: &dyn Query, settings: &RunSettings) -> Result<(), Failure> {
    let started = Instant::now();
    let output = open_games_output(&settings.output, &settings.inputs, settings.output_origin, &settings.extract)
        .map_err(|error| Failure::Io(format!("{}: {error}", settings.output.display())))?;
    let (nonmatching, warnings) = match open_extract_outputs(&settings.extract, &settings.inputs, &settings.output) {
        Ok(opened) => opened,
        Err(failure) => {
            let _ = output.keep_partial();
            return Err(failure);
        }
    };
    let sorts = game_sorts(query);
    let total = settings.inputs.iter().filter_map(|input| std::fs::metadata(input).ok()).map(|m| m.len()).sum();
    let files = InputFiles::new(&settings.inputs[0].display().to_string());
    let mut writer =
        Writer::new(name, files, Some(total), &sorts, settings, output).with_extract_outputs(nonmatching, warnings);
    let mut merged = Merged { next_game: 1, games: 0, matched: 0, persistent: Vec::new(), bytes: 0 };
    let mut unfinished = None;
    for input in &settings.inputs {
        match merged.add(input, &mut writer) {
            Ok(Added::Whole) => {}
            // The writer stopped it: an error it reports, or -stopafter.
            Ok(Added::Stopped) => break,
            Err(why) => {
                unfinished = Some(why);
                break;
            }
        }
    }
    let signal = interrupt::received();
    if let Some((signal, _)) = signal {
        unfinished.get_or_insert(format!("interrupted by {signal}"));
    }
    writer.finish(unfinished).map_err(|message| match signal {
        Some((_, code)) => Failure::Interrupted { message, code },
        None => Failure::Io(message),
    })?;
    let counts = Counts { games: merged.games, matched: merged.matched };
    print_summary(settings, counts, started.elapsed().as_secs_f64(), merged.persistent);
    Ok(())
}

/// How far a shard result was merged.
enum Added {
    /// Whole.
    Whole,
    /// The writer stopped the merge.
    Stopped,
}

/// What the shard results merged so far add up to.
struct Merged {
    /// The number the next shard's first game must have.
    next_game: u64,
    games: u64,
    matched: u64,
    /// The persistent variables' lines of the last shard.
    persistent: Vec<String>,
    /// The bytes of shard results read.
    bytes: u64,
}

impl Merged {
    /// Shows the entries of the shard result `input` with `writer`, and
    /// adds its counts, unless the writer stops first; an error (saying
    /// why the merge stopped) if it is damaged or does not follow the
    /// shards before it.
    fn add(&mut self, input: &Path, writer: &mut Writer<'_>) -> Result<Added, String> {
        let name = input.display().to_string();
        let file = File::open(input).map_err(|error| format!("{name}: {error}"))?;
        let mut reader = ShardReader::new(&name, BufReader::new(file)).map_err(|error| error.to_string())?;
        let mut last = None;
        loop {
            if writer.should_stop() {
                return Ok(Added::Stopped);
            }
            match reader.next_item().map_err(|error| error.to_string())? {
                Some(ShardItem::Game(entry)) => {
                    if entry.number < self.next_game || last.is_some_and(|last| entry.number <= last) {
                        return Err(format!("{name}: game {} is out of order: the shards overlap", entry.number));
                    }
                    last = Some(entry.number);
                    self.matched += u64::from(entry.matched);
                    let number = entry.number;
                    writer.show(entry);
                    if writer.should_stop() {
                        // As one run stops (-stopafter): the games read are those up to this one.
                        let read = number + 1 - self.next_game;
                        (self.games, self.next_game) = (self.games + read, number + 1);
                        writer.count_games(read);
                        return Ok(Added::Stopped);
                    }
                }
                Some(ShardItem::End(end)) => {
                    if end.first_game != self.next_game || last.is_some_and(|last| last >= end.first_game + end.games) {
                        return Err(format!(
                            "{name}: its games are numbered from {}, but the shards before it end with game {}: \
                             the shards do not tile the input",
                            end.first_game,
                            self.next_game - 1
                        ));
                    }
                    self.next_game += end.games;
                    self.games += end.games;
                    writer.count_games(end.games);
                    self.persistent = end.persistent;
                    self.bytes += std::fs::metadata(input).map_or(0, |metadata| metadata.len());
                    writer.progress(self.bytes);
                    return Ok(Added::Whole);
                }
                None => return Err(format!("{name}: it was read past its end")),
            }
        }
    }
}
