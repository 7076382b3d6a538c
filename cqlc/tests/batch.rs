//! A batch searcher (`cqlc --batch`, `cqlc run a.cql b.cql`) writes for each
//! of its queries what that query's own searcher writes: the same output
//! file, byte for byte, and the same lines on standard output (the
//! seconds aside), one query after the other; on every corpus but the
//! large master database, with queries that sort, run paths, echo, print
//! messages, match twice or more, test tags, or match nothing.

use crate::support;

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
    sync::OnceLock,
};

use cqlc::batch::{BatchQuery, batch_program};

/// The queries of the batch, in its order: `(name, CQL text)`.
fn queries() -> Vec<(String, String)> {
    let example = |name: &str| fs::read_to_string(examples().join(format!("{name}.cql"))).expect("an official example");
    vec![
        // Sorts by the length of a path of checks.
        ("consecutive-checks".to_owned(), example("consecutive-checks")),
        // Echo, in variations.
        ("castleecho".to_owned(), example("castleecho")),
        ("mates".to_owned(), "cql() mate message (\"mate in game \" gamenumber)".to_owned()),
        ("checks".to_owned(), "cql(sort matchcount 3 1000 quiet) check".to_owned()),
        ("nobody".to_owned(), "cql() player \"Nobody Zzyzx Qwerty\"".to_owned()),
    ]
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/examples")
}

fn corpora() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora");
    let mut corpora: Vec<PathBuf> = fs::read_dir(&folder)
        .expect("the corpora")
        .map(|entry| entry.expect("a corpus").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "pgn"))
        .collect();
    corpora.sort();
    corpora
}

/// The package with the batch searcher `batch` and `batch-alone`, which
/// runs each query as a searcher of its own does (the program of
/// [`cqlc::searchers_program`]: each query's module as cqlc writes it for
/// its own searcher, chosen by the first argument; one link, where a
/// searcher per query would link each), built once for the tests of this
/// file (which run at once); the folder of its binaries.
fn built_searchers() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(build_searchers).clone()
}

fn build_searchers() -> PathBuf {
    let package = support::package("batch-searchers");
    let alone = cqlc::searchers_program(&queries()).unwrap_or_else(|(name, error)| panic!("{name}: {error:?}"));
    package.write_binary("batch-alone", &alone).expect("the searchers are written");
    let batch: Vec<BatchQuery> =
        queries().into_iter().map(|(name, source)| BatchQuery { file: format!("{name}.cql"), name, source }).collect();
    let batch = batch_program("batch", &batch, &[]).unwrap_or_else(|(at, error)| panic!("query {at}: {error:?}"));
    package.write_binary("batch", &batch.program).expect("the batch searcher is written");
    support::build(&package).unwrap_or_else(|stderr| panic!("{stderr}"));
    support::target_dir().join("release")
}

fn run(binary: &Path, arguments: &[&str]) -> Output {
    Command::new(binary).args(arguments).output().expect("the searcher runs")
}

/// Standard output with the seconds of each summary line left out.
fn without_seconds(stdout: &[u8]) -> String {
    let text = String::from_utf8(stdout.to_vec()).expect("UTF-8 output");
    text.lines()
        .map(|line| match (line.find(" games in "), line.find(" seconds using ")) {
            (Some(start), Some(end)) if start < end => format!("{} games in S{}\n", &line[..start], &line[end..]),
            _ => format!("{line}\n"),
        })
        .collect()
}

#[test]
fn each_query_of_a_batch_writes_what_it_writes_alone() {
    let binaries = built_searchers();
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("batch-runs");
    let mut matched_somewhere = vec![false; queries().len()];
    let mut messages = 0;
    for corpus in corpora().iter().filter(|corpus| !corpus.to_string_lossy().contains("master-games")) {
        let stem = corpus.file_stem().unwrap().to_string_lossy().into_owned();
        // Each run writes into `out`, as named on its command line; the
        // batch's files are then moved to `batch`.
        let (out, batch_files) = (scratch.join(&stem).join("out"), scratch.join(&stem).join("batch"));
        let _ = fs::remove_dir_all(scratch.join(&stem));
        let input = corpus.to_str().unwrap();
        let batch = run(&binaries.join("batch"), &["-i", input, "-o", out.to_str().unwrap(), "-threads", "2"]);
        assert!(batch.status.success(), "{stem}: {}", String::from_utf8_lossy(&batch.stderr));
        fs::rename(&out, &batch_files).unwrap();
        fs::create_dir_all(&out).unwrap();
        let mut expected_stdout = String::new();
        for (position, (name, _)) in queries().iter().enumerate() {
            let output_name = format!("{name}-out.pgn");
            let output = out.join(&output_name);
            let alone = ["-i", input, "-o", output.to_str().unwrap(), "-threads", "2"];
            let own = run(&binaries.join("batch-alone"), &[&[name.as_str()][..], &alone].concat());
            assert!(own.status.success(), "{stem} {name}: {}", String::from_utf8_lossy(&own.stderr));
            expected_stdout.push_str(&without_seconds(&own.stdout));
            let written_alone = fs::read(&output).unwrap();
            let written_in_batch = fs::read(batch_files.join(&output_name)).unwrap();
            assert!(written_in_batch == written_alone, "{stem} {name}: the batch's output differs");
            matched_somewhere[position] |= !written_alone.is_empty();
            messages += String::from_utf8_lossy(&own.stdout).matches("mate in game").count();
        }
        assert_eq!(without_seconds(&batch.stdout), expected_stdout, "{stem}: standard output");
    }
    // The comparison means something: every query but the one of nobody
    // found games somewhere, and messages were printed.
    let expected: Vec<bool> = queries().iter().map(|(name, _)| name != "nobody").collect();
    assert_eq!(matched_somewhere, expected);
    assert!(messages > 0);
}

#[test]
fn a_batch_writes_to_a_folder_of_files_only() {
    let binaries = built_searchers();
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("batch-refusals");
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(&scratch).unwrap();
    let file = scratch.join("hits.pgn");
    fs::write(&file, "").unwrap();
    let input = corpora()[0].to_str().unwrap().to_owned();
    for output in [file.to_str().unwrap(), "-"] {
        let refused = run(&binaries.join("batch"), &["-i", &input, "-o", output]);
        assert_eq!(refused.status.code(), Some(2), "-o {output}");
        let message = String::from_utf8_lossy(&refused.stderr);
        assert!(message.starts_with(&format!("batch: -o {output}:")) && message.contains("FOLDER"), "{message}");
    }
    assert_eq!(fs::read_dir(&scratch).unwrap().count(), 1, "nothing but the file is written");
}
