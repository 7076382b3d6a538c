//! What a searcher leaves on disk when things go wrong: the output naming
//! the input, an interrupted search, a full device, a closed pipe, two
//! searchers writing one file, and compressed output.
//!
//! Each case runs a real searcher process: this test binary started again
//! with `CQLC_TEST_SEARCHER` set to `all`, which makes it a searcher for
//! `cql() wtm` (every game matches).

use std::{
    fs,
    io::{Read, Write},
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
    thread,
    time::Duration,
};

use cql::pgn::read_games;

use crate::support::processes::{self, SEARCHER};

/// The cases of this file, each with its name.
pub const CASES: &[processes::Case] = &[
    ("the output naming the input is refused", the_output_naming_the_input_is_refused),
    ("the default output naming the input is refused", the_default_output_naming_the_input_is_refused),
    ("an interrupted search keeps its whole games as partial", an_interrupted_search_keeps_its_whole_games_as_partial),
    ("a full device fails at the first game", a_full_device_fails_at_the_first_game),
    ("a closed pipe stops the search", a_closed_pipe_stops_the_search),
    ("two searchers writing one file leave one whole output", two_searchers_writing_one_file_leave_one_whole_output),
    ("an output named .gz or .zst is compressed", an_output_named_gz_or_zst_is_compressed),
    (
        "an existing output is replaced only when the search is complete",
        an_existing_output_is_replaced_only_when_complete,
    ),
    ("a query's header replaces no file that is not PGN", a_query_replaces_no_file_that_is_not_pgn),
    ("a query's header may create a PGN file or replace one", a_query_may_create_or_replace_a_pgn_file),
    ("abandoned temporary outputs are removed by a later run", abandoned_temporary_outputs_are_removed),
];

fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

/// An empty folder of its own for `case`.
fn folder(case: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("output_file").join(case);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The searcher, to be started in `dir` with `args`.
fn searcher(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.env(SEARCHER, "all").current_dir(dir).args(args).stdin(Stdio::null());
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    searcher(dir, args).output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The names of the files in `dir`, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// The games of a PGN file, each read without a problem.
fn whole_games(path: &Path) -> usize {
    let mut count = 0;
    for game in read_games(path).unwrap() {
        let (_, warnings) = game.unwrap().unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        count += 1;
    }
    count
}

fn the_output_naming_the_input_is_refused() {
    let dir = folder("same-file");
    let input = dir.join("games.pgn");
    fs::copy(shared("corpora/studies-sample.pgn"), &input).unwrap();
    let before = fs::read(&input).unwrap();
    std::os::unix::fs::symlink("games.pgn", dir.join("link.pgn")).unwrap();
    fs::hard_link(&input, dir.join("hard.pgn")).unwrap();
    for output in ["games.pgn", "./games.pgn", "link.pgn", "hard.pgn"] {
        let result = run(&dir, &["-i", "games.pgn", "-o", output]);
        assert_eq!(result.status.code(), Some(1), "{output}: {}", stderr(&result));
        assert!(stderr(&result).contains("is the input file games.pgn"), "{}", stderr(&result));
        assert_eq!(fs::read(&input).unwrap(), before, "{output}");
    }
    assert_eq!(files(&dir), ["games.pgn", "hard.pgn", "link.pgn"]);
}

fn the_default_output_naming_the_input_is_refused() {
    // Searching an earlier result again: its default output is the input.
    let dir = folder("default-output");
    let input = dir.join("all-out.pgn");
    fs::copy(shared("corpora/studies-sample.pgn"), &input).unwrap();
    let result = run(&dir, &["-i", "all-out.pgn"]);
    assert_eq!(result.status.code(), Some(1), "{}", stderr(&result));
    assert!(stderr(&result).contains("all-out.pgn: is the input file"), "{}", stderr(&result));
    assert_eq!(fs::read(&input).unwrap(), fs::read(shared("corpora/studies-sample.pgn")).unwrap());
}

fn an_interrupted_search_keeps_its_whole_games_as_partial() {
    let dir = folder("interrupted");
    let input = shared("corpora/master-games.pgn.zst");
    let mut child =
        searcher(&dir, &["-i", input.to_str().unwrap(), "-o", "hits.pgn"]).stderr(Stdio::piped()).spawn().unwrap();
    // Wait until the first games are on disk, then stop it as `kill` would.
    let started = files_with_games(&dir);
    assert!(started, "the searcher wrote nothing: {:?}", files(&dir));
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = child.wait().unwrap();
    let mut message = String::new();
    child.stderr.take().unwrap().read_to_string(&mut message).unwrap();
    assert_eq!(status.code(), Some(143), "{message}");
    assert!(message.contains("interrupted by SIGTERM; stopped after "), "{message}");
    assert!(message.contains("hits.partial.pgn"), "{message}");
    // Nothing under the final name; the partial file holds whole games only.
    assert_eq!(files(&dir), ["hits.partial.pgn"]);
    let games = whole_games(&dir.join("hits.partial.pgn"));
    assert!(games > 0 && games < 384_911, "{games} games");
    let reported: usize = message.split("stopped after ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(games <= reported, "{games} games written, {reported} searched");
}

/// Waits (up to a minute) until a file of `dir` has some bytes.
fn files_with_games(dir: &Path) -> bool {
    for _ in 0..600 {
        let written = fs::read_dir(dir).unwrap().any(|entry| entry.unwrap().metadata().unwrap().len() > 0);
        if written {
            return true;
        }
        thread::sleep(Duration::from_millis(100));
    }
    false
}

fn a_full_device_fails_at_the_first_game() {
    let dir = folder("full");
    let input = shared("corpora/studies-sample.pgn");
    let result = run(&dir, &["-i", input.to_str().unwrap(), "-o", "/dev/full"]);
    assert_eq!(result.status.code(), Some(1), "{}", stderr(&result));
    let message = stderr(&result);
    assert!(message.contains("/dev/full: No space left on device"), "{message}");
    assert!(message.contains("stopped after 1 game of"), "{message}");
}

fn a_closed_pipe_stops_the_search() {
    let dir = folder("pipe");
    let input = shared("corpora/master-games.pgn.zst");
    let mut child = searcher(&dir, &["-i", input.to_str().unwrap(), "-o", "-"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read the first game's first bytes, as `head` would, and close the pipe.
    let mut first = [0; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    assert!(first.starts_with(b"[Event "));
    let status = child.wait().unwrap();
    let mut message = String::new();
    child.stderr.take().unwrap().read_to_string(&mut message).unwrap();
    assert_eq!(status.code(), Some(1), "{message}");
    assert!(message.contains("-: Broken pipe"), "{message}");
    let searched: usize = message.split("stopped after ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(searched < 384_911, "{message}");
}

fn two_searchers_writing_one_file_leave_one_whole_output() {
    let dir = folder("two-writers");
    let input = shared("corpora/annotated-games.pgn");
    let input = input.to_str().unwrap();
    let alone = run(&dir, &["-i", input, "-o", "alone.pgn"]);
    assert!(alone.status.success(), "{}", stderr(&alone));
    let expected = fs::read(dir.join("alone.pgn")).unwrap();
    for _ in 0..3 {
        let children: Vec<_> = (0..2)
            .map(|_| searcher(&dir, &["-i", input, "-o", "both.pgn"]).stderr(Stdio::null()).spawn().unwrap())
            .collect();
        for mut child in children {
            assert!(child.wait().unwrap().success());
        }
        assert!(fs::read(dir.join("both.pgn")).unwrap() == expected, "the output is a mix");
        assert_eq!(files(&dir), ["alone.pgn", "both.pgn"]);
    }
}

fn an_output_named_gz_or_zst_is_compressed() {
    let dir = folder("compressed");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    for output in ["hits.pgn", "hits.pgn.gz", "hits.pgn.zst"] {
        let result = run(&dir, &["-i", input, "-o", output]);
        assert!(result.status.success(), "{}", stderr(&result));
    }
    let plain = fs::read(dir.join("hits.pgn")).unwrap();
    let mut gunzipped = Vec::new();
    flate2::read::GzDecoder::new(&fs::read(dir.join("hits.pgn.gz")).unwrap()[..]).read_to_end(&mut gunzipped).unwrap();
    assert!(gunzipped == plain);
    let unzstd = zstd::decode_all(&fs::read(dir.join("hits.pgn.zst")).unwrap()[..]).unwrap();
    assert!(unzstd == plain);
    assert_eq!(whole_games(&dir.join("hits.pgn.zst")), 253);
}

fn an_existing_output_is_replaced_only_when_complete() {
    let dir = folder("replace");
    let earlier = b"[Event \"earlier result\"]\n\n1. e4 *\n\n";
    fs::write(dir.join("hits.pgn"), earlier).unwrap();
    // A run that fails writes nothing over it...
    let missing = run(&dir, &["-i", "missing.pgn", "-o", "hits.pgn"]);
    assert_eq!(missing.status.code(), Some(1));
    let damaged = dir.join("damaged.pgn.zst");
    // Large enough for zstd to give whole blocks of games before the cut.
    let whole = zstd::encode_all(&fs::read(shared("corpora/annotated-games.pgn")).unwrap()[..], 3).unwrap();
    fs::File::create(&damaged).unwrap().write_all(&whole[..whole.len() / 2]).unwrap();
    let cut = run(&dir, &["-i", "damaged.pgn.zst", "-o", "hits.pgn"]);
    assert_eq!(cut.status.code(), Some(1), "{}", stderr(&cut));
    assert_eq!(fs::read(dir.join("hits.pgn")).unwrap(), earlier);
    // ... and what the damaged input gave is kept as partial.
    assert!(stderr(&cut).contains("hits.partial.pgn"), "{}", stderr(&cut));
    // A complete run replaces it.
    let complete = run(&dir, &["-i", shared("corpora/studies-sample.pgn").to_str().unwrap(), "-o", "hits.pgn"]);
    assert!(complete.status.success());
    assert_eq!(whole_games(&dir.join("hits.pgn")), 253);
}

/// The searcher whose query's header names `victim.pgn` as its output.
fn header_searcher(dir: &Path, args: &[&str]) -> Output {
    searcher(dir, args).env(SEARCHER, "all-header").output().unwrap()
}

fn a_query_replaces_no_file_that_is_not_pgn() {
    let dir = folder("query-output");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    let script = b"#!/bin/sh\necho pwned\n";
    for victim in ["victim.pgn", "script.sh"] {
        fs::write(dir.join(victim), script).unwrap();
    }
    std::os::unix::fs::symlink("script.sh", dir.join("link.pgn")).unwrap();
    let refused = header_searcher(&dir, &["-i", input]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    let message = stderr(&refused);
    assert!(
        message.contains("victim.pgn: the query's header names this output, which exists and is not a PGN file"),
        "{message}"
    );
    assert_eq!(fs::read(dir.join("victim.pgn")).unwrap(), script);
    // A link to a script is the script.
    fs::remove_file(dir.join("victim.pgn")).unwrap();
    fs::rename(dir.join("link.pgn"), dir.join("victim.pgn")).unwrap();
    let refused = header_searcher(&dir, &["-i", input]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert_eq!(fs::read(dir.join("script.sh")).unwrap(), script);
    assert_eq!(files(&dir), ["script.sh", "victim.pgn"]);
    // The user's own -o writes where it says.
    let chosen = header_searcher(&dir, &["-i", input, "-o", "script.sh"]);
    assert!(chosen.status.success(), "{}", stderr(&chosen));
    assert_eq!(whole_games(&dir.join("script.sh")), 253);
}

fn a_query_may_create_or_replace_a_pgn_file() {
    let dir = folder("query-output-pgn");
    let input = shared("corpora/studies-sample.pgn");
    let input = input.to_str().unwrap();
    let created = header_searcher(&dir, &["-i", input]);
    assert!(created.status.success(), "{}", stderr(&created));
    assert!(String::from_utf8_lossy(&created.stdout).contains(" to victim.pgn"));
    assert_eq!(whole_games(&dir.join("victim.pgn")), 253);
    for earlier in [&b""[..], b"\n[Event \"earlier\"]\n\n1. e4 *\n", b"1. d4 d5 *\n"] {
        fs::write(dir.join("victim.pgn"), earlier).unwrap();
        let replaced = header_searcher(&dir, &["-i", input]);
        assert!(replaced.status.success(), "{}", stderr(&replaced));
        assert_eq!(whole_games(&dir.join("victim.pgn")), 253);
    }
}

fn abandoned_temporary_outputs_are_removed() {
    use std::time::SystemTime;
    let dir = folder("abandoned");
    let input = shared("corpora/studies-sample.pgn");
    let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
    let leftover = |name: &str, old: bool| {
        let file = fs::File::create(dir.join(name)).unwrap();
        file.set_len(1000).unwrap();
        if old {
            file.set_modified(an_hour_ago).unwrap();
        }
        file
    };
    // A killed searcher's, one of another output in the same folder, one
    // that a running searcher holds, and one just made.
    drop(leftover(".hits.pgn.4000000-0.cqlc-tmp", true));
    drop(leftover(".other.pgn.4000001-0.cqlc-tmp", true));
    let held = leftover(".hits.pgn.4000002-0.cqlc-tmp", true);
    held.lock().unwrap();
    drop(leftover(".hits.pgn.4000003-0.cqlc-tmp", false));
    let result = run(&dir, &["-i", input.to_str().unwrap(), "-o", "hits.pgn"]);
    assert!(result.status.success(), "{}", stderr(&result));
    assert_eq!(files(&dir), [".hits.pgn.4000002-0.cqlc-tmp", ".hits.pgn.4000003-0.cqlc-tmp", "hits.pgn"]);
    drop(held);
}
