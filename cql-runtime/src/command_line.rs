//! The searcher's command line, as CQL 6.2 spells it: options start with one
//! or two dashes (`-input` and `--input` are the same), in any case
//! (`-Input`), some have a short form (`-i`), and `-gamenumber` takes one or
//! two numbers. CQL 6.2's options that a searcher does not take are answered
//! with what to use instead.

use std::{fmt, path::PathBuf};

use crate::{
    extract_options::{EXTRACT_OPTIONS, ExtractOptions},
    rules::Rules,
    shard_options::{SHARD_OPTIONS, ShardOptions},
};

/// The options given on a searcher's command line. `None`/`false` means
/// "not given": the query's header (or the default) decides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `-i`/`-input FILE`, once or more: the PGN files to search, in order,
    /// as one database (`-` for standard input); `-vi` is `-i hhdbvi.pgn`.
    pub inputs: Vec<PathBuf>,
    /// `-o`/`-output FILE`: where matching games go (`-` for standard output).
    pub output: Option<PathBuf>,
    /// `-gamenumber N [M]` (or `-g`): only games N to M.
    pub gamenumber: Option<(u64, u64)>,
    /// `-matchcount N [M]`: a game matches when N to M of its positions do
    /// (N alone: exactly N, as in CQL 6.2).
    pub matchcount: Option<(u64, u64)>,
    /// `-threads N`: worker threads (default: all cores).
    pub threads: Option<usize>,
    /// `-s`/`-singlethreaded`: one thread.
    pub single_threaded: bool,
    /// `-matchstring S`: the comment at each matching position.
    pub matchstring: Option<String>,
    /// `-silent`: write no comments from the search.
    pub silent: bool,
    /// `-quiet`: write no automatically generated comments.
    pub quiet: bool,
    /// `-variations`: search inside variations too.
    pub variations: bool,
    /// `-mainline`: search the main line only, whatever the header says.
    pub mainline: bool,
    /// `-showmatches`: print the number of each matching game.
    pub showmatches: bool,
    /// `-version`: print the version and exit.
    pub version: bool,
    /// `-help`: print the usage and exit.
    pub help: bool,
    /// `-variant NAME`: the rules of games without a `[Variant]` tag.
    pub variant: Option<Rules>,
    /// `-index`: read the input's games from its move index, building it
    /// first if need be.
    pub index: bool,
    /// pgn-extract's habits and machine-readable output (`-append`,
    /// `-nonmatching`, `-stopafter`, `-count`, `-log`, `-nowarnings`,
    /// `-format`).
    pub extract: ExtractOptions,
    /// `-lineincrement N`: CQL 6.2's progress on standard output, a dot
    /// every N/10 games and `[k]` every N.
    pub lineincrement: Option<u64>,
    /// `-noheader`: no `Game number N` in a game's first comment.
    pub noheader: bool,
    /// `-nosettag`: `settag` filters change no tag.
    pub nosettag: bool,
    /// `-noremovecomment`: `removecomment` filters remove no comment.
    pub noremovecomment: bool,
    /// `-parse`: only say that the query parses (it is compiled in).
    pub parse: bool,
    /// Searching in shards (`-byterange`, `-firstgame`, `-countgames`,
    /// `-shardresult`, `-mergeshards`).
    pub shard: ShardOptions,
}

/// A command line that cannot be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError(pub String);

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionsError {}

/// The usage text of a searcher called `name`.
pub fn usage(name: &str) -> String {
    format!(
        "\
usage: {name} [options]

Searches PGN games with the compiled CQL query '{name}' and writes the
matching games, annotated as CQL 6.2 annotates them.

options (one or two leading dashes, in any case):
  -i, -input FILE        PGN to search, plain, gzip or zstd (told by its first
                         bytes), or - for stdin
                         (default: the query's header 'input')
  -vi                    -i hhdbvi.pgn
  -o, -output FILE       where to write matching games, - for stdout; a name
                         ending .gz or .zst is compressed; a search stopped
                         early keeps its games as FILE.partial.pgn
                         (default: the header's 'output', else {name}-out.pgn)
  -g, -gamenumber N [M]  search only game N, or games N to M
  -matchcount N [M]      a game matches when N (to M) of its positions do
  -threads N             use N threads (default: all cores)
  -s, -singlethreaded    use one thread
  -matchstring S         comment for each matching position (default: CQL)
  -silent                write no comments from the search at all
  -quiet                 write no automatically generated comments
  -variations            search positions in variations too
  -mainline              search the main line only
  -showmatches           print the number of each matching game
  -lineincrement N       CQL 6.2's progress on stdout: a dot every N/10 games,
                         [k] at every N-th
  -noheader              no 'Game number N' comment in the games written
  -nosettag              settag filters change no tag
  -noremovecomment       removecomment filters remove no comment
  -parse                 only say that the query parses (it is compiled in)
  -variant NAME          play games without a [Variant] tag by these rules:
                         Standard, Chess960, Crazyhouse, Atomic, Antichess,
                         Horde, King of the Hill, Racing Kings, Three-check
                         (a game's own [Variant] tag always wins). Reverse
                         moves ('move legal reverse') and reachableposition
                         assume standard chess in every variant
  -index                 keep the input's games, once read, in an index in
                         the cache folder ($CQLC_CACHE, else
                         $XDG_CACHE_HOME/cqlc, else ~/.cache/cqlc) and take
                         them from there in later searches of the same file:
                         the first search builds it (reading every game), a
                         changed file has it built again. Games of other
                         variants than standard chess and Chess960 are read
                         from their text each time; not with -variant, nor
                         for standard input
  -append                add the matching games to the end of the output
                         (the output is rewritten whole: see README)
  -nonmatching FILE      write the games that did not match to FILE, as read
  -stopafter N, -limit N stop after the first N matching games
  -count                 print the summary only, write no games
  -log FILE              write the warnings about the input to FILE
  -nowarnings            print no warnings about the input
  -format pgn|json|csv   what to write for each matching game: the PGN, one
                         JSON object per game (JSON Lines), or one CSV row
                         per matching position (default output:
                         {name}-out.jsonl or {name}-out.csv)

searching in shards (python/cqlc_dask drives these on a cluster):
  -byterange START END   search only the games that begin in these bytes of
                         the one plain input file (from the first tag pair
                         after a blank line at or after START)
  -exactstart            a game begins at START (a count's end): start there
  -firstgame N           number the first game read N (default 1)
  -firstline N           the first game read begins on line N (default 1)
  -countgames            only count the games read; print one JSON line:
                         where they begin and end, how many, their lines
  -shardresult FILE      write each game's outcome to FILE for -mergeshards
                         instead of writing the output
  -mergeshards           the inputs are shard results, in order: write the
                         output and summary one search of them all would

  -version               print the version
  -help                  print this help

CQL 6.2's options that change the query (-cql, -player, -white, -black,
-event, -site, -year, -result, -fen, -hhdb, -assign, -flip, -flipcolor,
-shift, -reversecolor, ...) are compiled in by `cqlc run QUERY.cql OPTION`;
given here, each says what to use instead, as do -a, -u, -html, -gui,
-similarposition and -alwayscomment."
    )
}

impl Options {
    /// Parses the arguments after the program name.
    pub fn parse<I, S>(args: I) -> Result<Options, OptionsError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let args: Vec<String> = args.into_iter().map(Into::into).collect();
        let mut options = Options::default();
        let mut at = 0;
        while at < args.len() {
            let arg = &args[at];
            let name = arg
                .strip_prefix("--")
                .or_else(|| arg.strip_prefix('-'))
                .filter(|name| !name.is_empty())
                .ok_or_else(|| unexpected_argument(arg))?
                .to_ascii_lowercase();
            at += 1;
            let mut value = |what: &str| -> Result<String, OptionsError> {
                let value = args.get(at).cloned().ok_or_else(|| OptionsError(format!("-{name} needs {what}")))?;
                at += 1;
                Ok(value)
            };
            match name.as_str() {
                "i" | "input" => options.inputs.push(PathBuf::from(value("a file name")?)),
                "vi" => options.inputs.push(PathBuf::from("hhdbvi.pgn")),
                "vii" => options.inputs.push(PathBuf::from("hhdbvii.pgn")),
                "o" | "output" => options.output = Some(PathBuf::from(value("a file name")?)),
                "threads" => options.threads = Some(parse_number(&name, &value("a number")?)?),
                "s" | "singlethreaded" => options.single_threaded = true,
                "m" | "multithreaded" => (options.single_threaded, options.threads) = (false, None),
                "lineincrement" => {
                    let every: u64 = parse_number(&name, &value("a number")?)?;
                    if every == 0 {
                        return Err(OptionsError("-lineincrement needs a number from 1".into()));
                    }
                    options.lineincrement = Some(every);
                }
                "noheader" | "noheaders" => options.noheader = true,
                "nosettag" => options.nosettag = true,
                "noremovecomment" => options.noremovecomment = true,
                "parse" => options.parse = true,
                "matchstring" => options.matchstring = Some(value("a string")?),
                "silent" => options.silent = true,
                "quiet" => options.quiet = true,
                "variations" => options.variations = true,
                "mainline" => options.mainline = true,
                "showmatches" => options.showmatches = true,
                "index" => options.index = true,
                "version" => options.version = true,
                "h" | "help" => options.help = true,
                _ if EXTRACT_OPTIONS.contains(&name.as_str()) => options.extract.set(&name, &mut value)?,
                _ if SHARD_OPTIONS.contains(&name.as_str()) => options.shard.set(&name, &mut value)?,
                "variant" => {
                    let name = value("a variant name")?;
                    let rules = Rules::named(name.as_bytes())
                        .ok_or_else(|| OptionsError(format!("-variant: unknown variant '{name}' (see -help)")))?;
                    options.variant = Some(rules);
                }
                "matchcount" => {
                    let first: u64 = parse_number(&name, &value("a number")?)?;
                    let last = second_number(&args, &mut at).unwrap_or(first);
                    if last < first {
                        return Err(OptionsError(format!("-matchcount {first} {last}: the range goes backwards")));
                    }
                    options.matchcount = Some((first, last));
                }
                "g" | "gamenumber" => {
                    let first: u64 = parse_number(&name, &value("a game number")?)?;
                    let last = second_number(&args, &mut at).unwrap_or(first);
                    if first == 0 || last < first {
                        return Err(OptionsError(format!(
                            "-gamenumber {first} {last}: not a range of games (they count from 1)"
                        )));
                    }
                    options.gamenumber = Some((first, last));
                }
                _ if let Some(instead) = cql_vocabulary::instead_of_option(arg) => return Err(OptionsError(instead)),
                _ if let Some(keyword) = cql_vocabulary::transform_option(arg) => {
                    return Err(OptionsError(format!(
                        "{arg} transforms the query, which this searcher has compiled in: run `cqlc run QUERY.cql \
                         {arg} ...`, or write '{keyword}' in front of the query's filters"
                    )));
                }
                _ if cql_vocabulary::is_filter_option(arg) => {
                    return Err(OptionsError(format!(
                        "{arg} adds a filter to the query, which this searcher has compiled in: run `cqlc run \
                         QUERY.cql {arg} ...`, or write the filter in the query"
                    )));
                }
                _ => return Err(OptionsError(format!("unknown option '{arg}' (see -help)"))),
            }
        }
        if options.threads == Some(0) {
            return Err(OptionsError("-threads needs at least 1".into()));
        }
        options.shard.check(options.inputs.len(), options.index)?;
        Ok(options)
    }
}

/// The error for an argument that is no option: a query file (as `cql
/// options q.cql` takes one) is compiled into the searcher already.
fn unexpected_argument(arg: &str) -> OptionsError {
    if arg.to_ascii_lowercase().ends_with(".cql") {
        return OptionsError(format!(
            "{arg}: this searcher's query is compiled into it, so it takes no query file (`cqlc run {arg} ...` \
             compiles and runs another)"
        ));
    }
    OptionsError(format!("unexpected argument '{arg}' (options start with '-'; see -help)"))
}

fn parse_number<T: std::str::FromStr>(option: &str, text: &str) -> Result<T, OptionsError> {
    text.parse().map_err(|_| OptionsError(format!("-{option}: '{text}' is not a number")))
}

/// The number `args[at]` is, if it is one (the end of a range `N M`): read,
/// `at` past it.
fn second_number(args: &[String], at: &mut usize) -> Option<u64> {
    let number = args.get(*at)?.parse().ok()?;
    *at += 1;
    Some(number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cql_style_options_with_one_or_two_dashes() {
        let options = Options::parse(["-i", "a.pgn", "--output", "b.pgn", "-gamenumber", "3", "7", "-silent"]).unwrap();
        assert_eq!(options.inputs, [PathBuf::from("a.pgn")]);
        assert_eq!(options.output, Some(PathBuf::from("b.pgn")));
        assert_eq!(options.gamenumber, Some((3, 7)));
        assert!(options.silent && !options.quiet);
    }

    /// CQL 6.2 reads `-I`, `-Threads`, `--NoHeader` as `-i`, `-threads`,
    /// `-noheader` (`matchoption` compares names in lower case).
    #[test]
    fn options_are_read_in_any_case() {
        let options =
            Options::parse(["-I", "a.pgn", "-INPUT", "b.pgn", "-Threads", "3", "--NoHeader", "-LineIncrement", "5"])
                .unwrap();
        assert_eq!(options.inputs, [PathBuf::from("a.pgn"), PathBuf::from("b.pgn")]);
        assert_eq!((options.threads, options.noheader, options.lineincrement), (Some(3), true, Some(5)));
        assert!(Options::parse(["-FLIP"]).unwrap_err().0.starts_with("-FLIP transforms the query"));
        assert!(Options::parse(["-Html", "q.cql"]).unwrap_err().0.starts_with("-Html renders a query"));
    }

    #[test]
    fn a_single_game_number_is_a_range_of_one() {
        let options = Options::parse(["-gamenumber", "12", "-s"]).unwrap();
        assert_eq!(options.gamenumber, Some((12, 12)));
        assert!(options.single_threaded && !options.index);
        assert!(Options::parse(["--index"]).unwrap().index);
    }

    #[test]
    fn rejects_unknown_options_and_missing_values_with_a_message() {
        assert_eq!(Options::parse(["-frobnicate"]).unwrap_err().0, "unknown option '-frobnicate' (see -help)");
        assert!(Options::parse(["-i", "x.pgn", "q.cql"]).unwrap_err().0.starts_with("q.cql: this searcher's query"));
        assert!(Options::parse(["-flip"]).unwrap_err().0.starts_with("-flip transforms the query"));
        assert!(Options::parse(["-hhdb", "TT"]).unwrap_err().0.starts_with("-hhdb adds a filter to the query"));
        assert_eq!(Options::parse(["-i"]).unwrap_err().0, "-i needs a file name");
        assert!(Options::parse(["-threads", "x"]).unwrap_err().0.contains("not a number"));
        assert!(Options::parse(["-gamenumber", "5", "2"]).is_err());
        assert_eq!(
            Options::parse(["-variant", "Chaturanga"]).unwrap_err().0,
            "-variant: unknown variant 'Chaturanga' (see -help)"
        );
    }

    /// `cqlc run` passes options on by the table of how many values each
    /// takes: each takes that many here, and what follows is read anew.
    #[test]
    fn each_option_takes_as_many_values_as_the_shared_table_says() {
        for (name, values) in cql_vocabulary::VALUE_OPTIONS {
            let value = match name {
                "variant" => "chess960",
                "format" => "json",
                _ => "7",
            };
            let mut args = vec![format!("-{name}")];
            args.extend(std::iter::repeat_n(value.to_owned(), values));
            args.push("stray".into());
            let error = Options::parse(args).unwrap_err().0;
            assert!(error.starts_with("unexpected argument 'stray'"), "-{name}: {error}");
        }
    }

    #[test]
    fn a_variant_is_named_as_in_a_variant_tag() {
        let options = Options::parse(["--variant", "crazyhouse"]).unwrap();
        assert_eq!(options.variant.map(|rules| rules.variant), Some(shakmaty::variant::Variant::Crazyhouse));
    }
}
