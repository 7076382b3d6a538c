//! A database searched on a Dask cluster (`python/cqlc_dask`) gives the
//! answer one run of the searcher gives: the same output file, byte for
//! byte, the same lines on standard output (the seconds aside) and the same
//! warnings. A local cluster of two workers searches corpora cut into many
//! shards (byte ranges of plain files, a folder with a gzip file), with a
//! query that sorts by a path, one that prints messages with game numbers,
//! one that matches nothing, and one with persistent variables (searched in
//! one run); one of its workers is killed mid-run; and shard boundaries fall
//! among games with no blank line between them.
//!
//! Dask is installed, pinned by `python/constraints.txt`, with the package
//! itself (`pip install ./python`), into a virtual environment in the
//! tests' temporary folder, made once.

use crate::support;

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
    sync::OnceLock,
};

/// The queries searched: `(name, CQL text)`.
fn queries() -> Vec<(&'static str, String)> {
    let example = |name: &str| fs::read_to_string(shared().join(format!("reference/examples/{name}.cql"))).unwrap();
    vec![
        // Sorts by the length of a path of checks.
        ("consecutive-checks", example("consecutive-checks")),
        ("mates", "cql() mate message (\"mate in game \" gamenumber)".to_owned()),
        ("nobody", "cql() player \"Nobody Zzyzx Qwerty\"".to_owned()),
        // Persistent variables: one run, on one worker.
        ("persistent", example("persistent")),
    ]
}

fn shared() -> PathBuf {
    fs::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared")).expect("the shared folder")
}

fn python_package() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../python")
}

/// The Python of the virtual environment with Dask and `cqlc_dask`
/// installed, made once.
fn python() -> PathBuf {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(install_python).clone()
}

/// Makes the virtual environment unless it is there with the pinned
/// packages. Test processes run side by side (`cargo nextest`) take turns
/// through a lock on a file beside it, so that one installs and the others
/// find it done.
fn install_python() -> PathBuf {
    let constraints = python_package().join("constraints.txt");
    let pins = fs::read(&constraints).unwrap();
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dask-venv");
    let lock = fs::File::create(venv.with_extension("lock")).expect("the lock file");
    lock.lock().expect("the lock on the virtual environment");
    let marker = venv.join(format!("installed-{:016x}", cql_vocabulary::fnv1a(&[&pins])));
    let python = venv.join("bin/python");
    if !marker.exists() {
        let _ = fs::remove_dir_all(&venv);
        succeeded(Command::new("python3").args(["-m", "venv"]).arg(&venv).output(), "python3 -m venv");
        let install = Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "-c"])
            .arg(&constraints)
            .arg(python_package())
            .output();
        succeeded(install, "pip install ./python");
        fs::write(&marker, "").unwrap();
    }
    python
}

fn succeeded(output: std::io::Result<Output>, what: &str) -> Output {
    let output = output.unwrap_or_else(|error| panic!("{what}: {error}"));
    assert!(
        output.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The searchers of [`queries`], built once: their folder.
fn searchers() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let package = support::package("dask-searchers");
            let mut batch = Vec::new();
            for (name, source) in queries() {
                let binary = format!("dask-{name}");
                let program = cqlc::searcher_source(&source, &binary, &format!("{name}.cql")).expect("it compiles");
                package.write_binary(&binary, &program).expect("the searcher is written");
                if name != "persistent" {
                    let file = format!("{name}.cql");
                    batch.push(cqlc::batch::BatchQuery { name: name.to_owned(), file, source });
                }
            }
            let batch = cqlc::batch::batch_program("dask-batch", &batch, &[]).expect("the batch compiles");
            package.write_binary("dask-batch", &batch.program).expect("the batch searcher is written");
            support::build(&package).unwrap_or_else(|stderr| panic!("the searchers do not build:\n{stderr}"));
            support::target_dir().join("release")
        })
        .clone()
}

/// The searcher of the query `name` (`batch`: of all but the persistent
/// one): named apart from the other tests' searchers, which are built in
/// the same target folder.
fn searcher(name: &str) -> PathBuf {
    searchers().join(format!("dask-{name}"))
}

/// A Python run of `arguments` with the checkout's `cqlc_dask`.
fn run_python(arguments: &[&Path]) -> Output {
    let output = Command::new(python()).args(arguments).env("PYTHONPATH", python_package()).output();
    succeeded(output, &format!("python {arguments:?}"))
}

/// The database: annotated games (cut into byte ranges), then a folder
/// with studies, a gzip file of lichess games, and the World Championship
/// matches (cut too): the paths as given to the cluster, and the files in
/// the order one run reads them.
fn database() -> (Vec<PathBuf>, Vec<PathBuf>) {
    static DATABASE: OnceLock<(Vec<PathBuf>, Vec<PathBuf>)> = OnceLock::new();
    DATABASE
        .get_or_init(|| {
            let folder = scratch!("database");
            let corpora = shared().join("corpora");
            fs::copy(corpora.join("studies-sample.pgn"), folder.join("1-studies.pgn")).unwrap();
            let gzip = "import gzip, sys\nwith open(sys.argv[1], 'rb') as i, gzip.open(sys.argv[2], 'wb') as o: o.write(i.read())";
            run_python(&[Path::new("-c"), Path::new(gzip), &corpora.join("lichess-sample.pgn"), &folder.join("2-lichess.pgn.gz")]);
            fs::copy(corpora.join("world-championship-matches.pgn"), folder.join("3-matches.pgn")).unwrap();
            let annotated = corpora.join("annotated-games.pgn");
            let files = vec![
                annotated.clone(),
                folder.join("1-studies.pgn"),
                folder.join("2-lichess.pgn.gz"),
                folder.join("3-matches.pgn"),
            ];
            (vec![annotated, folder], files)
        })
        .clone()
}

/// Standard output of a run that wrote to `output`, with the seconds of
/// the summary line and the output's name left out.
fn summary(stdout: &[u8], output: &Path) -> String {
    String::from_utf8_lossy(stdout)
        .replace(&output.display().to_string(), "OUTPUT")
        .lines()
        .map(|line| match (line.find(" games in "), line.find(" seconds using ")) {
            (Some(start), Some(end)) if start < end => format!("{} games in S{}\n", &line[..start], &line[end..]),
            _ => format!("{line}\n"),
        })
        .collect()
}

/// The searcher's warning lines in `stderr`.
fn warnings(name: &str, stderr: &[u8]) -> Vec<String> {
    let prefix = format!("{name}: warning:");
    String::from_utf8_lossy(stderr).lines().filter(|line| line.starts_with(&prefix)).map(str::to_owned).collect()
}

/// Asserts that the file `merged` is there if `one` is, and holds what it
/// holds, showing the first line where they differ if not.
fn assert_same_file(merged: &Path, one: &Path, what: &str) {
    let (merged, one) = (fs::read(merged).ok(), fs::read(one).ok());
    assert_eq!(merged.is_some(), one.is_some(), "{what}: the output is there in one run, not in the other");
    let (merged, one) = (merged.unwrap_or_default(), one.unwrap_or_default());
    if merged != one {
        let (merged, one) = (String::from_utf8_lossy(&merged), String::from_utf8_lossy(&one));
        let (at, (cluster_line, one_line)) =
            merged.lines().zip(one.lines()).enumerate().find(|(_, (a, b))| a != b).unwrap_or((0, ("", "")));
        panic!("{what}: the outputs differ at line {}: {cluster_line:?} (cluster), {one_line:?} (one run)", at + 1);
    }
}

/// One run of the searcher `name` over `files` into `output`, with the
/// searcher's `options`.
fn one_run(name: &str, files: &[PathBuf], output: &Path, options: &[&str]) -> Output {
    let mut command = Command::new(searcher(name));
    for file in files {
        command.arg("-i").arg(file);
    }
    succeeded(command.arg("-o").arg(output).args(options).output(), name)
}

/// A search with `python3 -m cqlc_dask` on a local cluster of two workers.
struct Cluster<'a> {
    /// The searcher (see [`searcher`]).
    searcher: &'a str,
    shard_size: &'a str,
    output: &'a Path,
    /// The query files named (their searcher is `searcher`).
    queries: &'a [&'a str],
    inputs: &'a [PathBuf],
    /// cqlc_dask's own further options.
    own: &'a [&'a str],
    /// The searcher's options, after `--`.
    options: &'a [&'a str],
}

impl Cluster<'_> {
    /// The run's output, whether it succeeded or not.
    fn output(&self) -> Output {
        Command::new(python())
            .args(["-m", "cqlc_dask", "--workers", "2", "--shard-size", self.shard_size])
            .args(self.own)
            .arg("--searcher")
            .arg(searcher(self.searcher))
            .arg("-o")
            .arg(self.output)
            .args(self.queries)
            .args(self.inputs)
            .arg("--")
            .args(self.options)
            .env("PYTHONPATH", python_package())
            .output()
            .expect("python runs")
    }

    /// The run's output; it must have succeeded.
    fn succeeded(&self) -> Output {
        succeeded(Ok(self.output()), &format!("cqlc_dask with {}", self.searcher))
    }
}

#[test]
fn a_cluster_of_two_workers_writes_what_one_run_writes() {
    let (given, files) = database();
    let folder = scratch!("answers");
    let mut matched_somewhere = false;
    // The query that sorts and the one with persistent variables, each with
    // a searcher of its own (each cluster costs seconds to start: the one
    // with messages is searched alone by the tests below, and it and the one
    // that matches nothing, with the one that sorts, by the batch test).
    for (name, _) in queries().into_iter().filter(|(name, _)| ["consecutive-checks", "persistent"].contains(name)) {
        let one = folder.join(format!("{name}-one.pgn"));
        let alone = one_run(name, &files, &one, &[]);
        let merged = folder.join(format!("{name}-cluster.pgn"));
        let cluster = Cluster {
            searcher: name,
            shard_size: "300K",
            output: &merged,
            queries: &["query.cql"],
            inputs: &given,
            own: &[],
            options: &[],
        }
        .succeeded();
        assert_same_file(&merged, &one, name);
        assert_eq!(summary(&cluster.stdout, &merged), summary(&alone.stdout, &one), "{name}: standard output");
        let binary = format!("dask-{name}");
        let (cluster_warnings, one_warnings) = (warnings(&binary, &cluster.stderr), warnings(&binary, &alone.stderr));
        assert_eq!(cluster_warnings, one_warnings, "{name}: the warnings");
        let progress = String::from_utf8_lossy(&cluster.stderr);
        let shards = progress.lines().filter(|line| line.contains(" searched (")).count();
        if name == "persistent" {
            assert!(progress.contains("persistent variables"), "{progress}");
        } else {
            assert!(shards >= 8, "{name}: {shards} shards:\n{progress}");
        }
        matched_somewhere |= fs::metadata(&one).is_ok_and(|metadata| metadata.len() > 0);
    }
    assert!(matched_somewhere, "no query matched: the comparison shows nothing");
}

#[test]
fn a_worker_killed_mid_run_leaves_the_answer_whole() {
    let (_, files) = database();
    let folder = scratch!("killed");
    let one = folder.join("one.pgn");
    one_run("mates", &files[..1], &one, &[]);
    let merged = folder.join("cluster.pgn");
    let script = python_package().join("tests/killed_worker.py");
    let searcher = searcher("mates");
    let killed = run_python(&[&script, &searcher, Path::new("200000"), &merged, &files[0]]);
    assert!(String::from_utf8_lossy(&killed.stderr).contains("killed worker"));
    assert_same_file(&merged, &one, "the output after a worker died");
}

/// A batch searcher (several queries in one reading) on the cluster writes
/// each query's output and lines as one run of it does.
#[test]
fn a_batch_of_queries_on_a_cluster_writes_what_one_run_of_it_writes() {
    let (given, files) = database();
    let folder = scratch!("batch");
    let (one, merged) = (folder.join("one"), folder.join("cluster"));
    fs::create_dir_all(&one).unwrap();
    let alone = one_run("batch", &files, &one, &[]);
    let cluster = Cluster {
        searcher: "batch",
        shard_size: "500K",
        output: &merged,
        queries: &["consecutive-checks.cql", "mates.cql", "nobody.cql"],
        inputs: &given,
        own: &[],
        options: &[],
    }
    .succeeded();
    for (name, _) in queries().iter().filter(|(name, _)| *name != "persistent") {
        let file = format!("{name}-out.pgn");
        assert_same_file(&merged.join(&file), &one.join(&file), name);
    }
    assert_eq!(summary(&cluster.stdout, &merged), summary(&alone.stdout, &one));
    assert_eq!(warnings("dask-batch", &cluster.stderr), warnings("dask-batch", &alone.stderr));
    assert!(!warnings("dask-batch", &alone.stderr).is_empty());
}

/// A shard whose search keeps failing (here, every shard's: the searcher
/// refuses `-threads 0`) stops the search, naming the shard and saying
/// why, and the output is not touched.
#[test]
fn a_shard_that_keeps_failing_stops_the_search_and_leaves_the_output_alone() {
    let (_, files) = database();
    let folder = scratch!("failing");
    let output = folder.join("hits.pgn");
    fs::write(&output, "[Event \"from before\"]\n\n*\n").unwrap();
    let failed = Cluster {
        searcher: "mates",
        shard_size: "1M",
        output: &output,
        queries: &["mates.cql"],
        inputs: &files[..1],
        own: &["--retries", "1"],
        options: &["-threads", "0"],
    }
    .output();
    let said = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(failed.status.code(), Some(1), "{said}");
    let named = format!("the search of {} (bytes ", files[0].display());
    assert!(said.contains(&named) && said.contains("-threads needs at least 1"), "{said}");
    assert_eq!(fs::read_to_string(&output).unwrap(), "[Event \"from before\"]\n\n*\n");
    assert_eq!(fs::read_dir(&folder).unwrap().count(), 1, "the search left files beside the output");
}

/// The merge takes shard results that tile the input, and no others: a
/// gap between two shards, or a shard given twice, is an error naming the
/// result, and the output is not written (what was merged before is kept
/// under the partial name, as a stopped search keeps it).
#[test]
fn the_merge_refuses_shards_that_do_not_tile_the_input() {
    let (_, files) = database();
    let folder = scratch!("tiles");
    let searcher = searcher("mates");
    let shard = |start: &str, end: &str, first: &str, result: &str| {
        let arguments = ["-byterange", start, end, "-firstgame", first, "-shardresult", result];
        succeeded(
            Command::new(&searcher).arg("-i").arg(&files[0]).args(arguments).current_dir(&folder).output(),
            "a shard",
        )
    };
    let count = |start: &str, end: &str| {
        let arguments = ["-countgames", "-byterange", start, end];
        let counted = Command::new(&searcher).arg("-i").arg(&files[0]).args(arguments).output();
        let line = String::from_utf8(succeeded(counted, "a count").stdout).unwrap();
        let games = line.split("\"games\":").nth(1).unwrap().split(',').next().unwrap().to_owned();
        games.parse::<u64>().unwrap()
    };
    shard("0", "1000000", "1", "a.bin");
    let after_a = (count("0", "1000000") + 1).to_string();
    let after_b = (count("0", "2000000") + 1).to_string();
    shard("2000000", "3000000", &after_b, "c.bin");
    shard("1000000", "2000000", &after_a, "b.bin");
    let merge = |results: &[&str]| {
        let mut command = Command::new(&searcher);
        command.arg("-mergeshards").current_dir(&folder);
        for result in results {
            command.args(["-i", result]);
        }
        command.args(["-o", "merged.pgn"]).output().unwrap()
    };
    assert!(merge(&["a.bin", "b.bin", "c.bin"]).status.success());
    fs::remove_file(folder.join("merged.pgn")).unwrap();
    for (results, why) in [(["a.bin", "c.bin"].as_slice(), "do not tile"), (&["a.bin", "a.bin"], "overlap")] {
        let merged = merge(results);
        let said = String::from_utf8_lossy(&merged.stderr);
        assert_eq!(merged.status.code(), Some(1), "{said}");
        assert!(said.contains(&format!("{}: ", results[1])) && said.contains(why), "{said}");
        // The games merged before are kept as the searcher keeps them: as partial.
        assert!(!folder.join("merged.pgn").exists(), "{said}");
        let _ = fs::remove_file(folder.join("merged.partial.pgn"));
    }
}

/// `-format csv|json` and `-nonmatching` through the cluster: the records
/// (one CSV header row), and the games that did not match as read, are
/// what one run writes.
#[test]
fn records_and_the_games_that_did_not_match_are_merged_as_one_run_writes_them() {
    let (_, files) = database();
    let folder = scratch!("formats");
    for format in ["csv", "json"] {
        let (one, one_rest) = (folder.join(format!("one.{format}")), folder.join(format!("one-{format}.pgn")));
        let one_rest_name = one_rest.display().to_string();
        one_run("mates", &files[..1], &one, &["-format", format, "-nonmatching", &one_rest_name]);
        let (merged, merged_rest) =
            (folder.join(format!("cluster.{format}")), folder.join(format!("cluster-{format}.pgn")));
        let rest = merged_rest.display().to_string();
        Cluster {
            searcher: "mates",
            shard_size: "1M",
            output: &merged,
            queries: &["mates.cql"],
            inputs: &files[..1],
            own: &[],
            options: &["-format", format, "-nonmatching", &rest],
        }
        .succeeded();
        assert_same_file(&merged, &one, format);
        assert_same_file(&merged_rest, &one_rest, "the games that did not match");
    }
}

/// `-stopafter N` on the cluster writes the first N matching games, and
/// the summary counts the games up to the last of them, as one run does.
#[test]
fn stopping_after_n_matches_counts_what_one_run_counts() {
    let (_, files) = database();
    let folder = scratch!("stopafter");
    let (one, merged) = (folder.join("one.pgn"), folder.join("cluster.pgn"));
    let alone = one_run("mates", &files[..1], &one, &["-stopafter", "40"]);
    let cluster = Cluster {
        searcher: "mates",
        shard_size: "500K",
        output: &merged,
        queries: &["mates.cql"],
        inputs: &files[..1],
        own: &[],
        options: &["-stopafter", "40"],
    }
    .succeeded();
    assert_same_file(&merged, &one, "-stopafter 40");
    let said = summary(&alone.stdout, &one);
    assert_eq!(summary(&cluster.stdout, &merged), said);
    assert!(said.contains("40 matches of "), "{said}");
}

/// Games with no blank line between them: a shard's searcher takes a tag
/// pair after a blank line for a game's start, so a shard that starts
/// among them begins later than the shard before it ends, and is counted
/// again from there.
#[test]
fn games_with_no_blank_line_between_them_are_each_searched_once() {
    let folder = scratch!("unspaced");
    let game = |n: usize| {
        let blank = if n % 10 == 9 { "\n" } else { "" };
        format!("[Event \"e{n}\"]\n[Result \"*\"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n{blank}")
    };
    let database = folder.join("unspaced.pgn");
    fs::write(&database, (0..200).map(game).collect::<String>()).unwrap();
    let one = folder.join("one.pgn");
    let alone = one_run("mates", std::slice::from_ref(&database), &one, &[]);
    let merged = folder.join("cluster.pgn");
    let cluster = Cluster {
        searcher: "mates",
        shard_size: "1000",
        output: &merged,
        queries: &["mates.cql"],
        inputs: std::slice::from_ref(&database),
        own: &[],
        options: &[],
    }
    .succeeded();
    assert_same_file(&merged, &one, "unspaced games");
    let progress = String::from_utf8_lossy(&cluster.stderr);
    assert!(progress.contains("were counted again from where the shard before them ends"), "{progress}");
    assert_eq!(summary(&cluster.stdout, &merged), summary(&alone.stdout, &one));
    let said = summary(&alone.stdout, &one);
    assert!(said.starts_with("game 1, move 4(btm): mate in game 1\ngame 2, move 4(btm): mate in game 2\n"), "{said}");
    assert!(said.contains("200 matches of 200 games"), "{said}");
}

/// The package's own unit tests (shards planned, tiled, numbered).
#[test]
fn the_python_packages_unit_tests_pass() {
    let tests = python_package().join("tests");
    run_python(&[Path::new("-m"), Path::new("unittest"), Path::new("discover"), Path::new("-s"), &tests]);
}
