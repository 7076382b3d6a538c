//! The searcher's options for pgn-extract's habits and for scripts
//! ([`ExtractOptions`]): appending, a file for the games that did not
//! match, stopping after N matches, counting only, a log for the warnings,
//! and machine-readable output (`-format json|csv`).

use std::path::PathBuf;

use crate::command_line::OptionsError;

/// What the searcher writes for each matching game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The game, annotated as CQL 6.2 annotates it.
    #[default]
    Pgn,
    /// One JSON object per line for each matching game (JSON Lines).
    Json,
    /// One CSV row for each matching position, after a header row.
    Csv,
}

impl Format {
    /// The extension of a file of this format, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Json => "jsonl",
            Format::Csv => "csv",
        }
    }
}

/// The options of pgn-extract's habits, as given on the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtractOptions {
    /// `-append`: add the matching games to the end of an existing output.
    pub append: bool,
    /// `-nonmatching FILE`: where the games that did not match go.
    pub nonmatching: Option<PathBuf>,
    /// `-stopafter N` (or `-limit N`): stop after N matching games.
    pub stop_after: Option<u64>,
    /// `-count`: print the summary only, write no games.
    pub count_only: bool,
    /// `-log FILE`: the warnings about the input go to FILE.
    pub log: Option<PathBuf>,
    /// `-nowarnings`: no warnings about the input at all.
    pub no_warnings: bool,
    /// `-format pgn|json|csv`: what is written for each matching game.
    pub format: Format,
}

/// The names of the options [`ExtractOptions::set`] reads.
pub const EXTRACT_OPTIONS: [&str; 8] =
    ["append", "nonmatching", "stopafter", "limit", "count", "log", "nowarnings", "format"];

impl ExtractOptions {
    /// Sets the option `name` (one of [`EXTRACT_OPTIONS`]), taking its value,
    /// if it has one, from `value` (called with what the value should be).
    pub fn set(
        &mut self,
        name: &str,
        value: &mut dyn FnMut(&str) -> Result<String, OptionsError>,
    ) -> Result<(), OptionsError> {
        match name {
            "append" => self.append = true,
            "nonmatching" => self.nonmatching = Some(PathBuf::from(value("a file name")?)),
            "stopafter" | "limit" => {
                let text = value("a number of games")?;
                let count: u64 =
                    text.parse().ok().filter(|count| *count > 0).ok_or_else(|| {
                        OptionsError(format!("-{name}: '{text}' is not a number of games (1 or more)"))
                    })?;
                self.stop_after = Some(count);
            }
            "count" => self.count_only = true,
            "log" => self.log = Some(PathBuf::from(value("a file name")?)),
            "nowarnings" => self.no_warnings = true,
            "format" => {
                let text = value("pgn, json or csv")?;
                self.format = match text.to_ascii_lowercase().as_str() {
                    "pgn" => Format::Pgn,
                    "json" | "jsonl" => Format::Json,
                    "csv" => Format::Csv,
                    _ => return Err(OptionsError(format!("-format: '{text}' is none of pgn, json, csv"))),
                };
            }
            _ => unreachable!("-{name} is not an option of pgn-extract's habits"),
        }
        self.refuse_contradictions()
    }

    /// An error if two of the options given cannot be taken together.
    fn refuse_contradictions(&self) -> Result<(), OptionsError> {
        if self.log.is_some() && self.no_warnings {
            return Err(OptionsError("-log and -nowarnings contradict each other: give one".into()));
        }
        if self.count_only && (self.append || self.format != Format::Pgn) {
            return Err(OptionsError("-count writes no games: it takes no -append or -format".into()));
        }
        Ok(())
    }

    /// An error naming the first option given that a batch searcher (several
    /// queries in one reading) does not take.
    pub fn refuse_in_batch(&self) -> Result<(), OptionsError> {
        let given = [
            ("-append", self.append),
            ("-nonmatching", self.nonmatching.is_some()),
            ("-stopafter", self.stop_after.is_some()),
            ("-count", self.count_only),
            ("-log", self.log.is_some()),
            ("-nowarnings", self.no_warnings),
            ("-format", self.format != Format::Pgn),
        ];
        match given.iter().find(|(_, given)| *given) {
            Some((option, _)) => Err(OptionsError(format!(
                "{option} works with one query at a time: run each query of the batch on its own"
            ))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command_line::Options;

    #[test]
    fn reads_each_option_with_its_value() {
        let options = Options::parse([
            "-append",
            "-nonmatching",
            "rest.pgn",
            "--stopafter",
            "3",
            "-log",
            "w.log",
            "-format",
            "JSON",
        ])
        .unwrap();
        let extract = options.extract;
        assert!(extract.append && !extract.count_only && !extract.no_warnings);
        assert_eq!(extract.nonmatching, Some(PathBuf::from("rest.pgn")));
        assert_eq!(extract.stop_after, Some(3));
        assert_eq!(extract.log, Some(PathBuf::from("w.log")));
        assert_eq!(extract.format, Format::Json);
        assert_eq!(Options::parse(["--limit", "7"]).unwrap().extract.stop_after, Some(7));
    }

    #[test]
    fn refuses_wrong_values_and_contradictions_with_a_message() {
        let error = |args: &[&str]| Options::parse(args.iter().copied()).unwrap_err().0;
        assert_eq!(error(&["-stopafter", "0"]), "-stopafter: '0' is not a number of games (1 or more)");
        assert_eq!(error(&["-limit", "x"]), "-limit: 'x' is not a number of games (1 or more)");
        assert_eq!(error(&["-format", "xml"]), "-format: 'xml' is none of pgn, json, csv");
        assert_eq!(error(&["-nonmatching"]), "-nonmatching needs a file name");
        assert!(error(&["-log", "a.log", "-nowarnings"]).contains("contradict"));
        assert!(error(&["-count", "-format", "csv"]).starts_with("-count writes no games"));
    }

    #[test]
    fn a_batch_refuses_them_by_name() {
        let options = Options::parse(["-i", "a.pgn", "-stopafter", "2"]).unwrap();
        assert_eq!(
            options.extract.refuse_in_batch().unwrap_err().0,
            "-stopafter works with one query at a time: run each query of the batch on its own"
        );
        assert!(Options::parse(["-i", "a.pgn"]).unwrap().extract.refuse_in_batch().is_ok());
    }
}
