//! The searcher's command line as a CQL 6.2 user types it, against CQL
//! 6.2's recorded answers (`tests/command_line/README.md` has the commands
//! that made them): options in any case, `-noheader`, `-nosettag`,
//! `-noremovecomment`, `-lineincrement`, `-vi`, `-parse`, the options a
//! searcher answers with what to use instead, and a closed standard output.
//!
//! Each case runs a real searcher process: this test binary started again
//! with `CQLC_TEST_SEARCHER` naming its query.

use crate::support::processes;

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
};

use processes::{SEARCHER, folder, shared};

/// The cases of this file, each with its name.
pub const CASES: &[processes::Case] = &[
    ("options are read in any case, -noheader", options_in_any_case_and_noheader),
    ("-nosettag: settag changes no tag", nosettag),
    ("-noremovecomment: removecomment removes no comment", noremovecomment),
    ("-lineincrement prints CQL 6.2's progress", lineincrement),
    ("a batch prints the progress once and takes -nosettag", batch),
    ("-vi reads hhdbvi.pgn", vi_reads_hhdbvi),
    ("several inputs are searched as one", several_inputs_are_one_database),
    ("warnings name each input's own file and line", warnings_name_each_file),
    ("-parse says the query parses and searches nothing", parse),
    ("options a searcher does not take say what to use instead", options_answered_with_what_to_use),
    ("a closed standard output ends the searcher quietly", closed_standard_output),
];

/// A recorded answer of CQL 6.2.
fn recorded(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/command_line").join(name);
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn studies() -> PathBuf {
    shared("corpora/studies-sample.pgn")
}

/// Runs the searcher of `query` in `dir` with `args`; it must succeed.
fn search(query: &str, dir: &Path, args: &[&str]) -> Output {
    let output = searcher(query, dir, args).output().unwrap();
    assert!(output.status.success(), "{query} {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    output
}

fn searcher(query: &str, dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.env(SEARCHER, query).current_dir(dir).args(args).stdin(Stdio::null());
    command
}

/// The games the searcher of `query` writes for games 12 to 24 of the
/// studies with `options`.
fn games_12_to_24(case: &str, query: &str, options: &[&str]) -> String {
    let dir = folder("command_line", case);
    let input = studies();
    let mut args = vec!["-g", "12", "24", "-i", input.to_str().unwrap(), "-o", "out.pgn"];
    args.extend(options);
    search(query, &dir, &args);
    fs::read_to_string(dir.join("out.pgn")).unwrap()
}

fn options_in_any_case_and_noheader() {
    let dir = folder("command_line", "any-case");
    let input = studies();
    search("check", &dir, &["-S", "-G", "12", "24", "-NOHEADER", "-I", input.to_str().unwrap(), "--Output", "x.pgn"]);
    assert_eq!(fs::read_to_string(dir.join("x.pgn")).unwrap(), recorded("noheader.pgn"));
    assert_eq!(games_12_to_24("header", "check", &["-Threads", "2"]), recorded("check.pgn"));
}

fn nosettag() {
    assert_eq!(games_12_to_24("settag", "settag", &[]), recorded("settag.pgn"));
    assert_eq!(games_12_to_24("nosettag", "settag", &["-nosettag"]), recorded("check.pgn"));
}

fn noremovecomment() {
    // Without the option the comments go (CQL 6.2 leaves a space where the
    // game's first comment was, `{ Game number 12 CQL}`, which cqlc does not).
    let removed = games_12_to_24("removecomment", "removecomment", &[]);
    assert_eq!(removed.matches('{').count(), recorded("removecomment.pgn").matches('{').count());
    assert_ne!(removed, recorded("noremovecomment.pgn"));
    assert_eq!(
        games_12_to_24("noremovecomment", "removecomment", &["-noremovecomment"]),
        recorded("noremovecomment.pgn")
    );
}

/// The dots and `[k]` lines, on every thread count and with a range of
/// games: what CQL 6.2 prints between its banner and its summary line.
fn lineincrement() {
    let input = studies();
    let input = input.to_str().unwrap();
    for (fixture, options) in [
        ("lineincrement-20.stdout", &["-lineincrement", "20"][..]),
        ("lineincrement-5-g12-24.stdout", &["-lineincrement", "5", "-g", "12", "24"]),
    ] {
        let expected = recorded(fixture);
        let lines: Vec<&str> = expected.lines().collect();
        let progress = &lines[1..lines.len() - 1];
        for threads in ["1", "2"] {
            let dir = folder("command_line", &format!("lineincrement-{threads}"));
            let mut args = vec!["-threads", threads, "-i", input, "-o", "out.pgn"];
            args.extend(options);
            let stdout = String::from_utf8(search("check", &dir, &args).stdout).unwrap();
            let printed: Vec<&str> = stdout.lines().collect();
            assert_eq!(&printed[..printed.len() - 1], progress, "{fixture}: {stdout}");
            assert!(printed[printed.len() - 1].contains(" games in "), "{stdout}");
        }
    }
}

/// A batch of two queries prints CQL 6.2's progress lines once, before the
/// queries' summaries, and applies `-nosettag` to each query.
fn batch() {
    let expected = recorded("lineincrement-20.stdout");
    let lines: Vec<&str> = expected.lines().collect();
    let dir = folder("command_line", "batch");
    let input = studies();
    let args = ["-lineincrement", "20", "-nosettag", "-i", input.to_str().unwrap(), "-o", "found"];
    let stdout = String::from_utf8(search("batch", &dir, &args).stdout).unwrap();
    let printed: Vec<&str> = stdout.lines().collect();
    assert_eq!(printed.len(), lines.len() - 2 + 2, "{stdout}");
    assert_eq!(&printed[..lines.len() - 2], &lines[1..lines.len() - 1], "{stdout}");
    let ranged = ["-g", "12", "24", "-nosettag", "-i", input.to_str().unwrap(), "-o", "ranged"];
    search("batch", &dir, &ranged);
    for query in ["check", "settag"] {
        let found = fs::read_to_string(dir.join(format!("ranged/{query}-out.pgn"))).unwrap();
        assert_eq!(found, recorded("check.pgn"), "{query}");
    }
}

fn vi_reads_hhdbvi() {
    let dir = folder("command_line", "vi");
    std::os::unix::fs::symlink(studies(), dir.join("hhdbvi.pgn")).unwrap();
    search("check", &dir, &["-vi", "-s", "-g", "12", "24", "-o", "out.pgn"]);
    assert_eq!(fs::read_to_string(dir.join("out.pgn")).unwrap(), recorded("check.pgn"));
}

/// `-i a.pgn -i b.pgn` searches what `cat a.pgn b.pgn` holds, game numbers
/// going on from file to file, the summary counting all (CQL 6.2 refuses
/// two inputs).
fn several_inputs_are_one_database() {
    let dir = folder("command_line", "several");
    let (studies, games) = (studies(), Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/games.pgn"));
    let mut joined = fs::read(&studies).unwrap();
    joined.extend(b"\n");
    joined.extend(fs::read(&games).unwrap());
    fs::write(dir.join("joined.pgn"), joined).unwrap();
    let both = search(
        "check",
        &dir,
        &["-i", studies.to_str().unwrap(), "-INPUT", games.to_str().unwrap(), "-o", "both.pgn", "-s"],
    );
    let one = search("check", &dir, &["-i", "joined.pgn", "-o", "one.pgn", "-s"]);
    assert!(fs::read(dir.join("both.pgn")).unwrap() == fs::read(dir.join("one.pgn")).unwrap());
    let summary = |output: &Output| {
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let (counts, _) = text.split_once(" in ").unwrap();
        counts.to_owned()
    };
    assert_eq!(summary(&both), summary(&one));
    assert!(summary(&both).ends_with(" of 257 games"), "{}", summary(&both));
}

/// Warnings about the games of a second input name its file and its own
/// lines, the games numbered on from the first input's.
fn warnings_name_each_file() {
    let dir = folder("command_line", "warnings");
    let (games, irregular) =
        (Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/games.pgn"), shared("corpora/irregular-games.pgn"));
    let (games, irregular) = (games.to_str().unwrap(), irregular.to_str().unwrap());
    let alone = searcher("check", &dir, &["-i", irregular, "-o", "alone.pgn"]).output().unwrap();
    let after = searcher("check", &dir, &["-i", games, "-i", irregular, "-o", "after.pgn"]).output().unwrap();
    // `NAME: warning: FILE: game N (line L): ...`
    let renumbered: Vec<String> = String::from_utf8_lossy(&alone.stderr)
        .lines()
        .map(|line| {
            let (before, rest) = line.split_once(": game ").unwrap();
            let (number, rest) = rest.split_once(' ').unwrap();
            format!("{before}: game {} {rest}", number.parse::<u64>().unwrap() + 4)
        })
        .collect();
    assert!(renumbered.len() > 10, "{renumbered:?}");
    let printed: Vec<String> = String::from_utf8_lossy(&after.stderr).lines().map(str::to_owned).collect();
    assert_eq!(printed, renumbered);
}

fn parse() {
    let dir = folder("command_line", "parse");
    let output = search("check", &dir, &["-parse", "-i", studies().to_str().unwrap()]);
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "check: the query parses (it was compiled into this searcher)\n"
    );
    assert!(processes::files(&dir).is_empty());
}

/// Each is refused with exit code 2 and one line that names a way to do
/// what the option does.
fn options_answered_with_what_to_use() {
    let dir = folder("command_line", "answered");
    for (args, advice) in [
        (&["-html", "q.cql"][..], "cqlc emit"),
        (&["-Flip"], "cqlc run QUERY.cql -Flip"),
        (&["-player", "Tal"], "cqlc run QUERY.cql -player"),
        (&["-assign", "x", "3"], "cqlc run QUERY.cql -assign X V"),
        (&["-u", "q.cql"], "needs no conversion"),
        (&["-similarposition", "s.pgn"], "write the positions as filters"),
        (&["-alwayscomment"], "comments as CQL 6.2 does by default"),
        (&["-gui"], "-lineincrement N"),
    ] {
        let output = searcher("check", &dir, args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("check: ") && stderr.contains(advice), "{args:?}: {stderr}");
    }
}

/// `searcher -help | head -1`, `searcher ... -o - | head`: a standard
/// output closed before anything is written ends the searcher without a
/// panic.
fn closed_standard_output() {
    let dir = folder("command_line", "closed");
    let input = studies();
    for args in [&["-help"][..], &["-version"], &["-parse"], &["-i", input.to_str().unwrap(), "-o", "-"]] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = searcher("check", &dir, args).stdout(writer).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(output.status.code().is_some(), "{args:?}: ended by a signal");
    }
}
