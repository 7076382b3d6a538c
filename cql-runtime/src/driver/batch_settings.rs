//! The settings of a batch run ([`resolve`]): each query's own, as a run of
//! that query alone would have them, and what the queries must share
//! because they read one input once.
//!
//! Per query: its output, `matchcount`, `sort`, `variations`, `quiet`,
//! `silent`, `matchstring`, `result` and `gamenumber` (the input is read
//! with the union of the ranges; each query searches its own). Shared, or
//! refused with the names of the queries that differ: the input (`-i`, or
//! the same header `input` for all), `-variant`, `-index`, and the threads
//! (a query with persistent variables or files needs its games one at a
//! time, in order: then the whole batch runs on one thread).

use std::{
    collections::HashMap,
    fs,
    path::{Path, PathBuf},
};

use super::{Failure, RunSettings, last_game_number};
use crate::{command_line::Options, query::Query};

/// Each query's settings, in the queries' order.
pub(super) fn resolve(queries: &[(&str, &dyn Query)], options: &Options) -> Result<Vec<RunSettings>, Failure> {
    refuse_repeated_names(queries)?;
    let folder = output_folder(options)?;
    let mut all = Vec::with_capacity(queries.len());
    for &(name, query) in queries {
        let own =
            Options { output: folder.as_ref().map(|folder| folder.join(format!("{name}-out.pgn"))), ..options.clone() };
        let settings = RunSettings::resolve(name, &query.header(), &own)
            .map_err(|error| Failure::Usage(format!("{name}: {}", error.0)))?;
        all.push(settings);
    }
    refuse_different_inputs(queries, &all)?;
    refuse_shared_outputs(queries, &all)?;
    let one_thread = queries.iter().any(|(_, query)| !query.persistent().is_empty() || query.uses_files());
    for ((_, query), settings) in queries.iter().zip(&mut all) {
        if one_thread {
            settings.threads = 1;
        }
        if query.uses_last_game_number() {
            settings.eval = last_game_number::count(settings.eval.clone(), &settings.inputs, settings.gamenumber)?;
        }
    }
    Ok(all)
}

/// The folder `-o` names, created if need be: each query writes
/// `<folder>/<query>-out.pgn` there.
fn output_folder(options: &Options) -> Result<Option<PathBuf>, Failure> {
    let Some(folder) = &options.output else { return Ok(None) };
    if folder == Path::new("-") {
        let message = "-o -: the queries of a batch write their games to files of their own, not to standard \
                       output; give -o FOLDER";
        return Err(Failure::Usage(message.to_owned()));
    }
    if folder.exists() && !folder.is_dir() {
        let message = format!(
            "-o {}: a batch writes each query's games to FOLDER/<query>-out.pgn: -o names a folder",
            folder.display()
        );
        return Err(Failure::Usage(message));
    }
    fs::create_dir_all(folder).map_err(|error| Failure::Io(format!("{}: {error}", folder.display())))?;
    Ok(Some(folder.clone()))
}

/// Refuses two queries of one name: their outputs and lines would be one.
fn refuse_repeated_names(queries: &[(&str, &dyn Query)]) -> Result<(), Failure> {
    for (at, (name, _)) in queries.iter().enumerate() {
        if queries[..at].iter().any(|(other, _)| other == name) {
            return Err(Failure::Usage(format!("two queries of the batch are called '{name}'")));
        }
    }
    Ok(())
}

/// An error naming the queries unless all read one input.
fn refuse_different_inputs(queries: &[(&str, &dyn Query)], all: &[RunSettings]) -> Result<(), Failure> {
    if all.iter().all(|settings| settings.inputs == all[0].inputs) {
        return Ok(());
    }
    let inputs: Vec<String> = queries
        .iter()
        .zip(all)
        .map(|((name, _), settings)| format!("{name} {}", settings.inputs[0].display()))
        .collect();
    let message = format!(
        "the queries' headers name different inputs ({}): a batch reads one input; give -i FILE",
        inputs.join(", ")
    );
    Err(Failure::Usage(message))
}

/// An error naming the queries if two write one output, or one writes to
/// standard output (where the games of all would mix).
fn refuse_shared_outputs(queries: &[(&str, &dyn Query)], all: &[RunSettings]) -> Result<(), Failure> {
    let mut writers: HashMap<&Path, &str> = HashMap::new();
    for ((name, _), settings) in queries.iter().zip(all) {
        if settings.output == Path::new("-") {
            let message = format!("{name}: its header writes to standard output, which a batch cannot share");
            return Err(Failure::Usage(message));
        }
        if let Some(other) = writers.insert(&settings.output, name) {
            let message = format!(
                "the queries {other} and {name} would both write {}: give -o FOLDER",
                settings.output.display()
            );
            return Err(Failure::Usage(message));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{cursor::Cursor, query::Header};

    /// A query of this header that matches nowhere.
    struct Headed(Header);

    impl Query for Headed {
        fn header(&self) -> Header {
            self.0
        }

        fn matches(&self, _: &mut Cursor<'_>) -> bool {
            false
        }
    }

    fn options(arguments: &[&str]) -> Options {
        Options::parse(arguments.iter().copied()).unwrap()
    }

    fn refusal(queries: &[(&str, &dyn Query)], arguments: &[&str]) -> String {
        match resolve(queries, &options(arguments)) {
            Err(Failure::Usage(message)) => message,
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn each_query_keeps_its_own_header() {
        let sorts = Headed(Header { matchcount: Some((2, 100)), gamenumber: Some((3, 9)), ..Header::default() });
        let plain = Headed(Header::default());
        let settings = resolve(&[("a", &sorts), ("b", &plain)], &options(&["-i", "x.pgn"])).unwrap();
        assert_eq!(settings[0].eval.matchcount, (2, 100));
        assert_eq!(settings[0].gamenumber, Some((3, 9)));
        assert_eq!(settings[1].eval.matchcount, (1, u64::MAX));
        assert_eq!(settings[1].gamenumber, None);
        assert_eq!(settings[0].output, PathBuf::from("a-out.pgn"));
        assert_eq!(settings[1].output, PathBuf::from("b-out.pgn"));
    }

    #[test]
    fn queries_that_name_different_inputs_need_one_input_for_all() {
        let one = Headed(Header { input: Some("one.pgn"), ..Header::default() });
        let two = Headed(Header { input: Some("two.pgn"), ..Header::default() });
        let message = refusal(&[("a", &one), ("b", &two)], &[]);
        assert!(message.contains("a one.pgn, b two.pgn") && message.contains("-i"), "{message}");
        assert!(resolve(&[("a", &one), ("b", &two)], &options(&["-i", "x.pgn"])).is_ok());
    }

    #[test]
    fn two_queries_never_write_one_output() {
        let named = Headed(Header { output: Some("b-out.pgn"), ..Header::default() });
        let plain = Headed(Header::default());
        let message = refusal(&[("a", &named), ("b", &plain)], &["-i", "x.pgn"]);
        assert!(message.contains("a and b would both write b-out.pgn"), "{message}");
        let message = refusal(&[("a", &plain), ("a", &plain)], &["-i", "x.pgn"]);
        assert!(message.contains("two queries of the batch are called 'a'"), "{message}");
    }
}
