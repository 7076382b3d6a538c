//! The `cqlc` command: compile CQL queries into native searchers.

use std::{
    path::{Path, PathBuf},
    process::{Command, ExitCode},
};

mod cache_command;
mod run_options;
mod signals;

use clap::{Parser, Subcommand};
use cqlc::{
    Diagnostic,
    cache::{self, Cache},
    package::{self, Package, Runtime},
    report::Colour,
};
use run_options::RunOptions;

/// Compile CQL (Chess Query Language) queries into native searchers.
///
/// `cqlc a.cql b.cql` writes a Cargo package into the current directory with
/// one searcher per query (src/bin/a.rs, src/bin/b.rs); `cargo build
/// --release` then builds target/release/a and target/release/b, which take
/// CQL's command line (-i games.pgn -o hits.pgn ...). With `--batch NAME`,
/// the package gets one searcher, src/bin/NAME.rs, that reads the input once
/// for all the queries: each writes <query>-out.pgn (FOLDER/<query>-out.pgn
/// with -o FOLDER) and prints its lines as its own searcher would.
#[derive(Parser)]
#[command(name = "cqlc", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Action>,
    /// The queries to compile into the package.
    queries: Vec<PathBuf>,
    /// Write the package into this directory instead of the current one.
    #[arg(long, value_name = "DIR", default_value = ".")]
    dir: PathBuf,
    /// The cql-runtime crate the package depends on (default: a copy of the
    /// one cqlc carries, written into the package as `cql-runtime`).
    #[arg(long, value_name = "PATH")]
    runtime: Option<PathBuf>,
    /// Write one searcher called NAME that runs all the queries in one
    /// reading of the input, instead of one searcher per query.
    #[arg(long, value_name = "NAME")]
    batch: Option<String>,
}

#[derive(Subcommand)]
enum Action {
    /// Print the Rust code generated for a query.
    Emit {
        /// The query.
        query: PathBuf,
    },
    /// Only check queries: report every error of each, if any.
    Check {
        /// The queries.
        #[arg(required = true)]
        queries: Vec<PathBuf>,
    },
    /// Compile a query (cached), build it and search with it, with CQL
    /// 6.2's command line: the query file anywhere among the options (`cqlc
    /// run -i games.pgn q`, `.cql` added to a name without an extension);
    /// the options go to the searcher (-i games.pgn -o hits.pgn ...), but
    /// CQL 6.2's transform options (-flip, -flipcolor, -rotate90, -shift,
    /// -reversecolor, ...), which put the query under the transform, its
    /// filter options (-cql F, -player X, -white X, -black X, -event X,
    /// -site X, -year A [B], -result R, -fen B, -hhdb KEY ..., -assign X
    /// V), which add filters first in its body (-hhdb help lists the keys of
    /// hhdb), and -parse, which only checks the query.
    /// Several queries (`cqlc run a.cql b.cql -i games.pgn`) are searched in
    /// one reading of the input, each under those options, each writing
    /// <query>-out.pgn (FOLDER/<query>-out.pgn with -o FOLDER) and printing
    /// its own lines, one query after the other.
    Run {
        /// The queries (`q.cql`, or `q`), then or among them the searcher's
        /// options, the transform and filter options, and `-parse` (only
        /// check the queries).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
        arguments: Vec<String>,
        /// The cql-runtime crate to build with (default: the one cqlc
        /// carries).
        #[arg(long, value_name = "PATH")]
        runtime: Option<PathBuf>,
    },
    /// Compile a query (cached) and build its searcher as `cqlc run` does,
    /// with the options that change the query (-flip, -player X, ...), and
    /// print the searcher's path instead of running it: for scripts and
    /// cluster drivers (python/cqlc_dask), which run it with the searcher's
    /// own options.
    Searcher {
        /// The query (`q.cql`, or `q`) and the options that change it.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
        arguments: Vec<String>,
        /// The cql-runtime crate to build with (default: the one cqlc
        /// carries).
        #[arg(long, value_name = "PATH")]
        runtime: Option<PathBuf>,
    },
    /// Show where the cache of `cqlc run` is and the size of its parts
    /// (runtime builds, searchers, move indexes); `cqlc cache clear
    /// [runtime|searchers|index|all]` removes a part (runtime: the runtime
    /// builds and the searchers built on them).
    Cache {
        #[command(subcommand)]
        action: Option<CacheAction>,
    },
}

#[derive(Subcommand)]
enum CacheAction {
    /// Remove a part of the cache (all of it by default).
    Clear {
        /// The part: runtime, searchers, index or all.
        #[arg(default_value = "all", value_parser = cache_command::PART_NAMES)]
        part: String,
    },
}

/// A failure of the command, and its exit code.
enum Failure {
    /// A query or input file is wrong (exit code 2).
    Input(String),
    /// Building or running failed (exit code 1).
    Build(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Action::Emit { query }) => emit(&query),
        Some(Action::Check { queries }) => check(&queries),
        Some(Action::Run { arguments, runtime }) => run(&arguments, runtime.as_deref(), Built::Run),
        Some(Action::Searcher { arguments, runtime }) => run(&arguments, runtime.as_deref(), Built::ShowPath),
        Some(Action::Cache { action: None }) => cache_command::show(&Cache::user()),
        Some(Action::Cache { action: Some(CacheAction::Clear { part }) }) => {
            cache_command::clear(&Cache::user(), &part)
        }
        None if cli.queries.is_empty() => Err(Failure::Input("no query given (see cqlc --help)".into())),
        None => write_package(&cli.queries, &cli.dir, &runtime_of(cli.runtime), cli.batch.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Input(message)) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
        Err(Failure::Build(message)) => {
            eprintln!("cqlc: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Every error of `diagnostic` about `file` (whose text is `source`) as
/// standard error shows it: in colour on a terminal, a blank line after each.
fn shown_error(diagnostic: &Diagnostic, file: &str, source: &str) -> String {
    format!("{}\n", diagnostic.render_in(file, source, Colour::for_stderr()))
}

/// The runtime named by `--runtime`, else the one cqlc carries.
fn runtime_of(path: Option<PathBuf>) -> Runtime {
    path.map_or(Runtime::Embedded, Runtime::At)
}

/// A query file's text and its display name.
struct QueryFile {
    path: PathBuf,
    label: String,
    source: String,
}

impl QueryFile {
    fn read(path: &Path) -> Result<QueryFile, Failure> {
        let label = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|error| Failure::Input(format!("cqlc: {label}: {error}")))?;
        let source = cqlc::syntax::decode(bytes)
            .map_err(|(error, shown)| Failure::Input(shown_error(&error, &label, &shown)))?;
        Ok(QueryFile { path: path.to_path_buf(), label, source })
    }

    fn explain(&self, diagnostic: &Diagnostic) -> Failure {
        Failure::Input(shown_error(diagnostic, &self.label, &self.source))
    }

    /// Prints `warnings` about this query on standard error.
    fn warn(&self, warnings: &[cqlc::Warning]) {
        for warning in warnings {
            eprintln!("{}\n", warning.render_in(&self.label, &self.source, Colour::for_stderr()));
        }
    }

    fn program(&self, name: &str) -> Result<String, Failure> {
        self.program_transformed(name, &[])
    }

    /// [`QueryFile::program`] with the query's filters under `transforms`.
    fn program_transformed(&self, name: &str, transforms: &[cqlc::Transform]) -> Result<String, Failure> {
        let file = self.path.file_name().map_or(self.label.clone(), |f| f.to_string_lossy().into_owned());
        let compiled =
            cqlc::searcher_transformed(&self.source, name, &file, transforms).map_err(|d| self.explain(&d))?;
        self.warn(&compiled.warnings);
        Ok(compiled.output)
    }
}

fn emit(query: &Path) -> Result<ExitCode, Failure> {
    let file = QueryFile::read(query)?;
    print_quietly(&file.program(&package::target_name(query))?);
    Ok(ExitCode::SUCCESS)
}

/// Checks each query as far as writing its searcher's code (which may be
/// too large to build), without writing anything.
fn check(queries: &[PathBuf]) -> Result<ExitCode, Failure> {
    let mut failed = false;
    for query in queries {
        let file = QueryFile::read(query)?;
        match cqlc::searcher(&file.source, &package::target_name(query), &file.label) {
            Ok(compiled) => {
                file.warn(&compiled.warnings);
                print_quietly(&format!("{}: ok\n", file.label));
            }
            Err(diagnostic) => {
                eprintln!("{}", shown_error(&diagnostic, &file.label, &file.source));
                failed = true;
            }
        }
    }
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}

fn write_package(queries: &[PathBuf], dir: &Path, runtime: &Runtime, batch: Option<&str>) -> Result<ExitCode, Failure> {
    let mut programs = Vec::new();
    match batch {
        Some(name) => {
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                let error =
                    format!("cqlc: --batch {name:?}: a searcher's name has only ASCII letters, digits, '-' and '_'");
                return Err(Failure::Input(error));
            }
            let files = queries.iter().map(|query| QueryFile::read(query)).collect::<Result<Vec<_>, _>>()?;
            programs.push((name.to_owned(), batch_program(name, &files, &[])?));
        }
        None => {
            for query in queries {
                let file = QueryFile::read(query)?;
                let name = package::target_name(query);
                refuse_repeated_name(programs.iter().map(|(other, _)| other), &name)?;
                programs.push((name.clone(), file.program(&name)?));
            }
        }
    }
    let failure = |e: std::io::Error| Failure::Build(format!("{}: {e}", dir.display()));
    let package = Package::create(dir, runtime).map_err(failure)?;
    for (name, program) in &programs {
        let path = package.write_binary(name, program).map_err(failure)?;
        print_quietly(&format!("wrote {}\n", path.display()));
    }
    print_quietly(&format!("build with: cargo build --release (in {})\n", package.dir().display()));
    Ok(ExitCode::SUCCESS)
}

/// Refuses a query named `name` beside queries named `names`: their
/// searchers (or a batch's modules and outputs) would have one name.
fn refuse_repeated_name<'a>(mut names: impl Iterator<Item = &'a String>, name: &str) -> Result<(), Failure> {
    if names.any(|other| other == name) {
        return Err(Failure::Input(format!("cqlc: two queries would both be called '{name}'")));
    }
    Ok(())
}

/// The program of the batch searcher `name` for the queries `files` (each
/// named after its file, as its own searcher would be), under `transforms`.
fn batch_program(name: &str, files: &[QueryFile], transforms: &[cqlc::Transform]) -> Result<String, Failure> {
    let mut queries: Vec<cqlc::batch::BatchQuery> = Vec::with_capacity(files.len());
    for file in files {
        let query_name = package::target_name(&file.path);
        refuse_repeated_name(queries.iter().map(|other| &other.name), &query_name)?;
        let file_name = file.path.file_name().map_or(file.label.clone(), |f| f.to_string_lossy().into_owned());
        queries.push(cqlc::batch::BatchQuery { name: query_name, file: file_name, source: file.source.clone() });
    }
    let batch =
        cqlc::batch::batch_program(name, &queries, transforms).map_err(|(at, error)| files[at].explain(&error))?;
    for (file, warnings) in files.iter().zip(&batch.warnings) {
        file.warn(warnings);
    }
    Ok(batch.program)
}

/// What `cqlc run` does with the searcher it built.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Built {
    /// Runs it with the searcher's options.
    Run,
    /// Prints its path (`cqlc searcher`).
    ShowPath,
}

/// Compiles the queries among `arguments` into the cache package, builds
/// the searcher, runs it (or prints its path, as `then` says). CQL 6.2's options that transform the query
/// (`-flip`, `-shift`, ...) are compiled in, the first outermost, and so are
/// those that add filters (`-player`, `-cql`, `-assign`, ...), first in its
/// body; the others go to the searcher. Several queries (`cqlc run a.cql
/// b.cql -i x.pgn`) are compiled into one batch searcher, which reads the
/// input once for all. With `-parse`, the queries are only checked.
fn run(arguments: &[String], runtime: Option<&Path>, then: Built) -> Result<ExitCode, Failure> {
    let RunOptions { queries, transforms, filters, searcher: options, parse, runtime: given, help } =
        RunOptions::split(arguments).map_err(Failure::Input)?;
    if then == Built::ShowPath
        && let Some(option) = options.first()
    {
        return Err(Failure::Input(format!(
            "cqlc searcher: {option} is the searcher's own option: give it to the searcher when it runs"
        )));
    }
    let runtime = runtime_of(runtime.map(Path::to_path_buf).or(given));
    if let Some(help) = help {
        print_quietly(&help);
        return Ok(ExitCode::SUCCESS);
    }
    let Some(query) = queries.first() else {
        return Err(Failure::Input("cqlc run: no query file given (cqlc run q.cql -i games.pgn)".into()));
    };
    let mut files = Vec::new();
    for query in &queries {
        files.push(QueryFile::read(query)?);
    }
    for file in &mut files {
        file.source = cqlc::with_filters_first(&file.source, &filters).map_err(|d| file.explain(&d))?;
    }
    let (prefix, program) = match &files[..] {
        [file] => ("q", file.program_transformed(&package::target_name(query), &transforms)?),
        _ => ("b", batch_program("batch", &files, &transforms)?),
    };
    if parse {
        for file in &files {
            print_quietly(&format!("{}: ok\n", file.label));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let binary = format!("{prefix}{:016x}", cql_vocabulary::fnv1a(&[program.as_bytes()]));
    let labels: Vec<&str> = files.iter().map(|file| file.label.as_str()).collect();
    build_and_run(&binary, &program, &runtime, &labels.join(", "), &options, then)
}

/// Prints `text` on standard output; a closed pipe (`cqlc emit q.cql |
/// head`) ends the printing quietly.
fn print_quietly(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush());
}

/// Writes `program` as the binary `binary` of the cache's package on
/// `runtime`, builds it and runs it with `options` (or prints its path, as
/// `then` says); `label` names its
/// queries in errors. Other searchers not used for [`cache::UNUSED_FOR`]
/// are removed from the cache.
fn build_and_run(
    binary: &str,
    program: &str,
    runtime: &Runtime,
    label: &str,
    options: &[&String],
    then: Built,
) -> Result<ExitCode, Failure> {
    let cache = Cache::user();
    let cache_failure = |e: std::io::Error| Failure::Build(format!("the cache folder {}: {e}", cache.root().display()));
    cache.create().map_err(cache_failure)?;
    let package = Package::cache(&cache.package_dir(runtime), runtime).map_err(cache_failure)?;
    package.write_binary(binary, program).map_err(cache_failure)?;
    cache.touch(package.dir(), binary).map_err(cache_failure)?;
    cache.prune_unused(cache::UNUSED_FOR).map_err(cache_failure)?;
    let absolute = |path: &Path| std::path::absolute(path).map_err(cache_failure);
    let dir = absolute(package.dir())?;
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(target) => absolute(Path::new(&target))?,
        None => dir.join("target"),
    };
    let mut build = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    // From the package's folder cargo reads the package's configuration
    // (not that of the folder cqlc was started in), the target folder
    // staying where it was named.
    build.current_dir(&dir).env("CARGO_TARGET_DIR", &target);
    build.args(["build", "--release", "--bin", binary]);
    if package.locked() {
        build.arg("--locked");
    }
    if runtime_built(&target) {
        build.arg("--quiet");
    } else {
        eprintln!(
            "cqlc: building the runtime in {} (the first time takes a minute or two; then a new query takes seconds)",
            target.display()
        );
    }
    let built = signals::run_build(build.arg("--manifest-path").arg(dir.join("Cargo.toml")))
        .map_err(|e| Failure::Build(format!("cannot run cargo: {e}")))?;
    let status = match built {
        Ok(status) => status,
        Err(signal) => {
            eprintln!("cqlc: the build of the searcher for {label} was stopped by a signal");
            return Ok(ExitCode::from((128 + signal).clamp(0, 255) as u8));
        }
    };
    if !status.success() {
        return Err(Failure::Build(format!("building the searcher for {label} failed")));
    }
    let searcher = target.join("release").join(binary);
    if then == Built::ShowPath {
        print_quietly(&format!("{}\n", searcher.display()));
        return Ok(ExitCode::SUCCESS);
    }
    let status = signals::run_searcher(Command::new(searcher).args(options))
        .map_err(|e| Failure::Build(format!("cannot run the searcher: {e}")))?;
    Ok(ExitCode::from(signals::exit_code(status)))
}

/// Whether the target folder `target` holds a build of the runtime.
fn runtime_built(target: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(target.join("release/deps")) else { return false };
    entries.filter_map(Result::ok).any(|entry| entry.file_name().to_string_lossy().starts_with("libcql_runtime-"))
}
