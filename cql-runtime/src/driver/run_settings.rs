//! What a searcher run does, decided from the command line over the query's
//! header over the defaults: where the games come from and go, which games,
//! how many threads, and how each game is searched ([`EvalSettings::resolve`]).

use std::path::PathBuf;

use crate::{
    command_line::{Options, OptionsError},
    extract_options::{ExtractOptions, Format},
    query::Header,
    settings::EvalSettings,
};

/// Everything a searcher run needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSettings {
    /// The PGN input: one file or more, searched in order as one (never
    /// none).
    pub inputs: Vec<PathBuf>,
    /// Whether the input is the one the query's header names (no `-i`).
    pub input_from_header: bool,
    /// Where matching games go (`-` for standard output).
    pub output: PathBuf,
    /// Who named the output.
    pub output_origin: OutputOrigin,
    /// Only games in this range (inclusive), if given.
    pub gamenumber: Option<(u64, u64)>,
    /// Only games with this result (the header's `result`), if given.
    pub result: Option<String>,
    /// Worker threads.
    pub threads: usize,
    /// Print the number of each matching game.
    pub showmatches: bool,
    /// Use (or build) the input's move index.
    pub index: bool,
    /// Print CQL 6.2's progress every this many games (`-lineincrement`).
    pub lineincrement: Option<u64>,
    /// How games are searched.
    pub eval: EvalSettings,
    /// pgn-extract's habits and the output's format.
    pub extract: ExtractOptions,
}

/// Who named a run's output file, which decides what it may replace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputOrigin {
    /// The user, with `-o`: it may replace any file.
    CommandLine,
    /// The query's header (`cql(output F)`), which the user may not have
    /// read: it may be created, or replace a PGN file, nothing else.
    Query,
    /// The searcher's default, `<query>-out.pgn`.
    Default,
}

impl RunSettings {
    /// Why the input cannot be opened (`error`), saying where its name
    /// came from when the query's header gave it.
    pub fn input_failure(&self, error: &impl std::fmt::Display) -> String {
        if self.input_from_header {
            let input = self.inputs[0].display();
            format!("{error} (the input named in the query's header, cql(input {input}); give -i FILE for another)")
        } else {
            error.to_string()
        }
    }

    /// Resolves `options` over `header` for the query called `name`; a
    /// query that needs variations ([`Header::needs_variations`]) and is
    /// not searching them is an error with its message.
    pub fn resolve(name: &str, header: &Header, options: &Options) -> Result<RunSettings, OptionsError> {
        let inputs = match (&options.inputs[..], header.input) {
            ([], Some(input)) => vec![PathBuf::from(input)],
            ([], None) => return Err(OptionsError("no input: give -i FILE (the query's header names none)".into())),
            (inputs, _) => inputs.to_vec(),
        };
        let (output, output_origin) = match (&options.output, header.output) {
            (Some(output), _) => (output.clone(), OutputOrigin::CommandLine),
            (None, Some(output)) => (PathBuf::from(output), OutputOrigin::Query),
            (None, None) => (PathBuf::from(format!("{name}-out.pgn")), OutputOrigin::Default),
        };
        let (output, output_origin) = match options.extract.format {
            // The header names a PGN file: records go to the default
            // output of their format instead.
            Format::Json | Format::Csv if output_origin != OutputOrigin::CommandLine => {
                let extension = options.extract.format.extension();
                (PathBuf::from(format!("{name}-out.{extension}")), OutputOrigin::Default)
            }
            _ => (output, output_origin),
        };
        let eval = EvalSettings::resolve(header, options);
        if let Some(message) = header.needs_variations.filter(|_| !eval.variations) {
            return Err(OptionsError(message.to_owned()));
        }
        let threads = if options.single_threaded {
            1
        } else {
            options.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        };
        Ok(RunSettings {
            inputs,
            input_from_header: options.inputs.is_empty(),
            output,
            output_origin,
            gamenumber: options.gamenumber.or(header.gamenumber),
            result: header.result.map(str::to_owned),
            threads,
            showmatches: options.showmatches,
            index: options.index,
            lineincrement: options.lineincrement,
            eval,
            extract: options.extract.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_overrides_the_header() {
        let header = Header { input: Some("hhdbvi.pgn"), variations: true, matchstring: Some(""), ..Header::default() };
        let options = Options::parse(["-i", "games.pgn", "-mainline", "-matchstring", "HIT"]).unwrap();
        let settings = RunSettings::resolve("greekgift", &header, &options).unwrap();
        assert_eq!(settings.inputs, [PathBuf::from("games.pgn")]);
        assert_eq!(settings.output, PathBuf::from("greekgift-out.pgn"));
        assert!(!settings.eval.variations);
        assert_eq!(settings.eval.matchstring, "HIT");
    }

    #[test]
    fn the_header_applies_when_no_option_overrides_it() {
        let header = Header { input: Some("hhdbvi.pgn"), output: Some("x.pgn"), variations: true, ..Header::default() };
        let settings = RunSettings::resolve("q", &header, &Options::default()).unwrap();
        assert_eq!(settings.inputs, [PathBuf::from("hhdbvi.pgn")]);
        assert_eq!(settings.output, PathBuf::from("x.pgn"));
        assert!(settings.eval.variations);
        assert_eq!(settings.eval.matchstring, "CQL");
    }

    /// `hhdb mainline` stops CQL 6.2 before it reads a game unless the
    /// header or `-variations` has it search variations (and `-mainline`
    /// does not take them away): `cql -i studies.pgn q.cql` with `q.cql`
    /// `cql() hhdb mainline` prints the message and exits.
    #[test]
    fn a_query_that_needs_variations_refuses_a_search_without_them() {
        let message = "'hhdb mainline' can only be used when 'variations' is set";
        let header = Header { input: Some("studies.pgn"), needs_variations: Some(message), ..Header::default() };
        let refused = RunSettings::resolve("q", &header, &Options::default()).unwrap_err();
        assert_eq!(refused.0, message);
        assert!(RunSettings::resolve("q", &header, &Options::parse(["-variations"]).unwrap()).is_ok());
        let with_header = Header { variations: true, ..header };
        assert!(RunSettings::resolve("q", &with_header, &Options::default()).is_ok());
        assert!(RunSettings::resolve("q", &with_header, &Options::parse(["-mainline"]).unwrap()).is_err());
    }

    #[test]
    fn no_input_anywhere_is_an_error() {
        assert!(RunSettings::resolve("q", &Header::default(), &Options::default()).is_err());
    }
}
