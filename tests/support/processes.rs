//! Real searcher processes for the tests about what happens to a running
//! search (signals, damaged and changing files, bombs): the test binary
//! itself, started again with [`SEARCHER`] set to the query it is to search
//! with. Signals must reach a process of their own, so these tests have
//! their own `main` ([`run_cases`]) instead of the test harness.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Child, Command, ExitCode, ExitStatus, Stdio},
    thread,
    time::{Duration, Instant},
};

/// The environment variable that makes the test binary a searcher, and
/// names its query.
pub const SEARCHER: &str = "CQLC_TEST_SEARCHER";

/// If this process was started as a searcher, runs it with its command
/// line: `Some` with its exit code.
pub fn searcher_main() -> Option<ExitCode> {
    use cql::{cql, driver::main_with_arguments as search};
    let query = std::env::var(SEARCHER).ok()?;
    let arguments = std::env::args().skip(1);
    Some(match query.as_str() {
        // Every position matches: every game is written.
        "every" => search("every", &cql!("cql() wtm"), arguments),
        // The same query under the name `all` (its default output is
        // `all-out.pgn`), and with a header naming its output.
        "all" => search("all", &cql!("cql() wtm"), arguments),
        "all-header" => search("all", &cql!("cql(output victim.pgn) wtm"), arguments),
        // Every position looks at every later one: some work in each game.
        "checks-ahead" => search("checks-ahead", &cql!("cql() find all check"), arguments),
        // Every position looks at every later one, and each of those at
        // every later one again: slow on long games.
        "slow" => search("slow", &cql!("cql() find all find all check"), arguments),
        // The header names the output.
        "header" => search("header", &cql!("cql(output victim.pgn) wtm"), arguments),
        "check" => search("check", &cql!("cql() check"), arguments),
        "mate" => search("mate", &cql!("cql() mate"), arguments),
        "checks" => search("checks", &cql!("cql(variations) check"), arguments),
        "settag" => search("settag", &cql!("cql() check settag (\"Annotator\" \"cqlc\")"), arguments),
        "removecomment" => search("removecomment", &cql!("cql() removecomment"), arguments),
        // Two queries in one reading.
        "batch" => {
            let check = cql!("cql() check");
            let settag = cql!("cql() check settag (\"Annotator\" \"cqlc\")");
            cql::driver::main_many("batch", &[("check", &check), ("settag", &settag)])
        }
        other => panic!("no searcher {other}"),
    })
}

/// A test case with its name.
pub type Case = (&'static str, fn());

/// Runs the cases of each named group (a file of these tests), catching
/// each one's panic, and says how they went. An argument that is not an
/// option (as `cargo test NAME` passes on) runs only the cases whose
/// `group: name` contains it.
pub fn run_cases(groups: &[(&str, &[Case])]) -> ExitCode {
    let filters: Vec<String> = std::env::args().skip(1).filter(|argument| !argument.starts_with('-')).collect();
    let (mut passed, mut failed) = (0, 0);
    for (group, cases) in groups {
        for (name, case) in *cases {
            let full_name = format!("{group}: {name}");
            if !filters.is_empty() && !filters.iter().any(|filter| full_name.contains(filter.as_str())) {
                continue;
            }
            match std::panic::catch_unwind(case) {
                Ok(()) => {
                    println!("test {full_name} ... ok");
                    passed += 1;
                }
                Err(_) => {
                    println!("test {full_name} ... FAILED");
                    failed += 1;
                }
            }
        }
    }
    println!("test result: {passed} passed; {failed} failed");
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// A file of the shared corpora.
pub fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path)
}

/// An empty folder of its own for `case` of the test `test`.
pub fn folder(test: &str, case: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(test).join(case);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The searcher `query`, to be started in `dir` with `args`, in a process
/// group of its own (as a terminal's job is).
pub fn searcher(query: &str, dir: &Path, args: &[&str]) -> Command {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.env(SEARCHER, query).current_dir(dir).args(args).stdin(Stdio::null()).process_group(0);
    command
}

/// Sends `signal` to the process `pid` (negative: to the process group).
pub fn kill(pid: i32, signal: libc::c_int) {
    // SAFETY: kill has no memory effects.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0, "kill {pid}");
}

/// The names of the files in `dir`, sorted.
pub fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// Waits (up to a minute) until a file of `dir` other than `except` has
/// some bytes.
pub fn wait_for_output(dir: &Path, except: &[&str]) {
    for _ in 0..600 {
        let written = fs::read_dir(dir).unwrap().flatten().any(|entry| {
            !except.iter().any(|name| entry.file_name() == *name)
                && entry.metadata().is_ok_and(|m| m.is_file() && m.len() > 0)
        });
        if written {
            return;
        }
        thread::sleep(Duration::from_millis(100));
    }
    panic!("the searcher wrote nothing: {:?}", files(dir));
}

/// What became of a finished searcher: how it ended, what it said on
/// standard error, how long it took from `since`, and its peak memory.
pub struct Ended {
    /// How it ended.
    pub status: ExitStatus,
    /// Its standard error.
    pub stderr: String,
    /// From `since` to its end.
    pub took: Duration,
    /// Its largest resident set, in bytes, as last seen before it ended.
    pub peak_bytes: u64,
}

/// Waits for `child` (its standard error piped), killing it after `limit`.
pub fn wait(mut child: Child, since: Instant, limit: Duration) -> Ended {
    use std::io::Read;
    let mut stderr = child.stderr.take().expect("standard error piped");
    let reader = thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    // Watches the child's memory (its own high-water mark: the resource
    // usage of a child counts its parent's memory at the fork) until it
    // ends, and kills it after `limit`.
    let pid = child.id();
    let watcher = thread::spawn(move || {
        let deadline = Instant::now() + limit;
        let mut peak_bytes = 0;
        while let Ok(status) = fs::read_to_string(format!("/proc/{pid}/status")) {
            let high_water = status.lines().find_map(|line| line.strip_prefix("VmHWM:"));
            let kilobytes = high_water.and_then(|kb| kb.trim().trim_end_matches(" kB").parse::<u64>().ok());
            peak_bytes = peak_bytes.max(kilobytes.unwrap_or(0) * 1024);
            if Instant::now() > deadline {
                // SAFETY: the child is not yet waited for: its id is its own.
                unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            }
            thread::sleep(Duration::from_millis(20));
        }
        peak_bytes
    });
    let status = child.wait().unwrap();
    let took = since.elapsed();
    let peak_bytes = watcher.join().unwrap();
    let stderr = reader.join().unwrap();
    Ended { status, stderr, took, peak_bytes }
}
