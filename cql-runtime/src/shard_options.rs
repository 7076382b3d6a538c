//! The searcher's options for searching a database in shards, on a cluster
//! ([`ShardOptions`]): which part of a file a run reads and how its games
//! are numbered, counting a part's games, writing a shard's outcomes, and
//! merging the shards' outcomes into the one answer.

use std::{ops::Range, path::PathBuf};

use crate::{command_line::OptionsError, pgn::InputPart};

/// The options of a search in shards, as given on the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardOptions {
    /// `-byterange START END`: only the games that begin in these bytes of
    /// the (one, plain) input file.
    pub byte_range: Option<Range<u64>>,
    /// `-exactstart`: a game begins at the byte range's start (as a count
    /// of the part before it found): the part starts there.
    pub exact_start: bool,
    /// `-firstgame N`: the number of the first game read (default 1).
    pub first_game: Option<u64>,
    /// `-firstline N`: the line of the file the first game read begins on
    /// (default 1).
    pub first_line: Option<u64>,
    /// `-countgames`: only count the games (of the byte range, if given),
    /// and print where they begin and end as one line of JSON.
    pub count_games: bool,
    /// `-shardresult FILE`: write what each game's search produced to FILE,
    /// for `-mergeshards`, instead of writing the output.
    pub result: Option<PathBuf>,
    /// `-mergeshards`: the inputs are shard results, in input order, merged
    /// into the output as one search of all their games writes it.
    pub merge: bool,
}

/// The names of the options [`ShardOptions::set`] reads.
pub const SHARD_OPTIONS: [&str; 7] =
    ["byterange", "exactstart", "firstgame", "firstline", "countgames", "shardresult", "mergeshards"];

impl ShardOptions {
    /// Sets the option `name` (one of [`SHARD_OPTIONS`]), taking its values
    /// from `value` (called with what the value should be).
    pub fn set(
        &mut self,
        name: &str,
        value: &mut dyn FnMut(&str) -> Result<String, OptionsError>,
    ) -> Result<(), OptionsError> {
        let mut number = |what: &str| -> Result<u64, OptionsError> {
            let text = value(what)?;
            text.parse().map_err(|_| OptionsError(format!("-{name}: '{text}' is not {what}")))
        };
        match name {
            "byterange" => {
                let start = number("a byte offset")?;
                let end = number("a byte offset")?;
                if end < start {
                    return Err(OptionsError(format!("-byterange {start} {end}: the range goes backwards")));
                }
                self.byte_range = Some(start..end);
            }
            "exactstart" => self.exact_start = true,
            "firstgame" => self.first_game = Some(number("a game number")?.max(1)),
            "firstline" => self.first_line = Some(number("a line number")?.max(1)),
            "countgames" => self.count_games = true,
            "shardresult" => self.result = Some(PathBuf::from(value("a file name")?)),
            "mergeshards" => self.merge = true,
            _ => unreachable!("-{name} is not an option of searching in shards"),
        }
        Ok(())
    }

    /// The part of the input a run reads, if the options name one.
    pub fn part(&self) -> Option<InputPart> {
        if self.byte_range.is_none() && self.first_game.is_none() && self.first_line.is_none() {
            return None;
        }
        let whole = InputPart::default();
        Some(InputPart {
            range: self.byte_range.clone(),
            exact_start: self.exact_start,
            first_game: self.first_game.unwrap_or(whole.first_game),
            first_line: self.first_line.unwrap_or(whole.first_line),
        })
    }

    /// An error if these options cannot be taken with `inputs` input files
    /// and `-index` (if `index`).
    pub fn check(&self, inputs: usize, index: bool) -> Result<(), OptionsError> {
        if index && (self.part().is_some() || self.merge) {
            return Err(OptionsError("-index reads whole input files: not with a part of one, nor a merge".into()));
        }
        if self.exact_start && self.byte_range.is_none() {
            return Err(OptionsError("-exactstart is said of the start of a -byterange: give one".into()));
        }
        if (self.part().is_some() || self.count_games) && inputs != 1 {
            return Err(OptionsError(
                "-byterange, -firstgame, -firstline and -countgames read (a part of) one input file: give one -i"
                    .into(),
            ));
        }
        if self.merge && (self.part().is_some() || self.result.is_some() || self.count_games) {
            return Err(OptionsError("-mergeshards merges shard results: it reads no part of a file".into()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::command_line::Options;

    #[test]
    fn a_byte_range_with_the_numbers_of_its_first_game() {
        let options = Options::parse([
            "-i",
            "db.pgn",
            "-ByteRange",
            "100",
            "2000",
            "-firstgame",
            "7",
            "-firstline",
            "90",
            "-shardresult",
            "s.bin",
        ])
        .unwrap();
        let part = options.shard.part().unwrap();
        assert_eq!((part.range, part.first_game, part.first_line), (Some(100..2000), 7, 90));
        assert_eq!(options.shard.result.as_deref(), Some(std::path::Path::new("s.bin")));
    }

    #[test]
    fn contradictions_are_refused_with_a_message() {
        let refused = |args: &[&str]| Options::parse(args.iter().copied()).unwrap_err().0;
        assert!(refused(&["-byterange", "9", "3"]).contains("goes backwards"));
        assert!(refused(&["-byterange", "x", "3"]).contains("not a byte offset"));
        assert!(refused(&["-i", "a", "-i", "b", "-firstgame", "3"]).contains("one input file"));
        assert!(refused(&["-countgames"]).contains("give one -i"));
        assert!(refused(&["-i", "a", "-exactstart"]).contains("give one"));
        assert!(refused(&["-i", "a", "-index", "-byterange", "0", "9"]).contains("-index reads whole input files"));
        assert!(refused(&["-i", "a", "-mergeshards", "-byterange", "0", "9"]).contains("reads no part"));
    }
}
