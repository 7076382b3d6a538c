//! Real searcher processes for the tests about what happens to a running
//! search (signals, damaged and changing files, bombs): the test binary
//! itself, started again with [`SEARCHER`] set to the query it is to search
//! with. Signals must reach a process of their own, so these tests have
//! their own `main` ([`run_cases`]) instead of the test harness. Each
//! test binary uses some of what is here.
#![allow(dead_code)]

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
    let query = std::env::var(SEARCHER).ok()?;
    let arguments = std::env::args().skip(1);
    Some(match query.as_str() {
        // Every position matches: every game is written.
        "every" => cql::driver::main_with_arguments("every", &cql::cql!("cql() wtm"), arguments),
        // Every position looks at every later one: some work in each game.
        "checks-ahead" => {
            cql::driver::main_with_arguments("checks-ahead", &cql::cql!("cql() find all check"), arguments)
        }
        // Every position looks at every later one, and each of those at
        // every later one again: slow on long games.
        "slow" => cql::driver::main_with_arguments("slow", &cql::cql!("cql() find all find all check"), arguments),
        // The header names the output.
        "header" => cql::driver::main_with_arguments("header", &cql::cql!("cql(output victim.pgn) wtm"), arguments),
        other => panic!("no searcher {other}"),
    })
}

/// Runs each named case, catching its panic, and says how they went.
pub fn run_cases(cases: &[(&str, fn())]) -> ExitCode {
    let mut failed = 0;
    for (name, case) in cases {
        match std::panic::catch_unwind(case) {
            Ok(()) => println!("test {name} ... ok"),
            Err(_) => {
                println!("test {name} ... FAILED");
                failed += 1;
            }
        }
    }
    println!("test result: {} passed; {failed} failed", cases.len() - failed);
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
