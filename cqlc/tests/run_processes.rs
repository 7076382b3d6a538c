//! The processes `cqlc run` starts, and how they end with it: the build
//! stops when cqlc is asked to stop, leaving no compiler running; a signal
//! to cqlc's process group reaches its searcher once, not a second time
//! from cqlc, which relays it through a pipe instead; a searcher never
//! outlives cqlc, even killed.
//!
//! cqlc is run with a `cargo` of the test's making, which "builds" a
//! searcher that logs every request to stop it receives (a signal, from
//! whom; a byte relayed by cqlc; the end of cqlc's pipe) and then ends as a
//! searcher does. The real searcher's side of the pipe is tested with the
//! runtime (`tests/stopping.rs`).
#![cfg(unix)]

use std::{
    fs,
    os::unix::{fs::PermissionsExt, process::CommandExt},
    path::{Path, PathBuf},
    process::{Child, Command, ExitStatus},
    thread,
    time::{Duration, Instant},
};

/// A searcher that logs, to `requests`, each request to stop that reaches
/// it within a second of the first, then ends with the first one's code.
const LOGGING_SEARCHER: &str = r#"#!/usr/bin/env python3
import os, select, signal, sys, time
stops = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
signal.pthread_sigmask(signal.SIG_BLOCK, stops)
pipe = int(os.environ["CQLC_RUN_PIPE_FD"])
log = open("requests", "a")
open("searcher.pid", "w").write(f"{os.getpid()}\n")
code, deadline, pipe_open = None, None, True
while deadline is None or time.time() < deadline:
    info = signal.sigtimedwait(stops, 0.02)
    if info:
        log.write(f"signal {info.si_signo} from {info.si_pid}\n")
        code = code or 128 + info.si_signo
    if pipe_open and select.select([pipe], [], [], 0)[0]:
        byte = os.read(pipe, 1)
        pipe_open = bool(byte)
        log.write(f"relayed {byte[0]}\n" if byte else "ended\n")
        code = code or 128 + (byte[0] if byte else 1)
    if code and deadline is None:
        deadline = time.time() + 1
log.close()
sys.exit(code)
"#;

/// A cargo that "builds" the searcher `searcher` (a script).
fn cargo_building(dir: &Path, searcher: &str) -> PathBuf {
    let script = dir.join("searcher-script");
    fs::write(&script, searcher).unwrap();
    let cargo = dir.join("cargo");
    let text = format!(
        "#!/bin/sh\nwhile [ \"$1\" != --bin ]; do shift; done\nmkdir -p \"$CARGO_TARGET_DIR/release\"\n\
         cp {} \"$CARGO_TARGET_DIR/release/$2\"\nchmod +x \"$CARGO_TARGET_DIR/release/$2\"\n",
        script.display()
    );
    fs::write(&cargo, text).unwrap();
    fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).unwrap();
    cargo
}

/// `cqlc run` in `dir` with `cargo`, in a process group of its own (a
/// terminal's job).
fn cqlc_run(dir: &Path, cargo: &Path) -> Child {
    fs::write(dir.join("q.cql"), "cql() check").unwrap();
    Command::new(env!("CARGO_BIN_EXE_cqlc"))
        .args(["run", "q.cql", "-i", "games.pgn"])
        .current_dir(dir)
        .env("CARGO", cargo)
        .env("CQLC_CACHE", dir.join("cache"))
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .process_group(0)
        .spawn()
        .expect("cqlc runs")
}

/// The process id written in `file` (waits for it, up to a minute).
fn pid_in(file: &Path) -> i32 {
    for _ in 0..6000 {
        if let Some(pid) = fs::read_to_string(file).ok().filter(|pid| pid.ends_with('\n')) {
            return pid.trim().parse().unwrap();
        }
        thread::sleep(Duration::from_millis(10));
    }
    panic!("{} never came", file.display());
}

/// Whether process `pid` is running (a zombie is not).
fn running(pid: i32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| stat.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z')))
}

/// Waits up to `limit` for `pid` to end.
fn ends_within(pid: i32, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if !running(pid) {
            return true;
        }
        thread::sleep(Duration::from_millis(20));
    }
    false
}

fn kill(pid: i32, signal: libc::c_int) {
    // SAFETY: kill has no memory effects.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// Waits for `child` up to a minute.
fn wait(mut child: Child) -> ExitStatus {
    for _ in 0..3000 {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    panic!("cqlc did not end");
}

#[test]
fn a_signal_to_cqlc_run_reaches_its_searcher_once() {
    for (signal, name) in [(libc::SIGTERM, "TERM"), (libc::SIGINT, "INT"), (libc::SIGHUP, "HUP")] {
        for to_group in [false, true] {
            let dir = scratch!(&format!("signal-{name}-{}", if to_group { "group" } else { "cqlc" }));
            let cqlc = cqlc_run(&dir, &cargo_building(&dir, LOGGING_SEARCHER));
            let searcher = pid_in(&dir.join("searcher.pid"));
            let cqlc_pid = cqlc.id() as i32;
            // To the group: as Ctrl-C, `kill -- -PGID` or a closed terminal.
            kill(if to_group { -cqlc_pid } else { cqlc_pid }, signal);
            let status = wait(cqlc);
            assert!(ends_within(searcher, Duration::from_secs(5)), "SIG{name}: the searcher was left running");
            assert_eq!(status.code(), Some(128 + signal), "SIG{name}: cqlc ends as its searcher did");
            let requests = fs::read_to_string(dir.join("requests")).unwrap();
            let mut expected = String::new();
            if to_group {
                expected.push_str(&format!("signal {signal} from {}\n", std::process::id()));
            }
            expected.push_str(&format!("relayed {signal}\n"));
            // The order of the two is the system's; each comes once.
            let mut lines: Vec<&str> = requests.lines().collect();
            lines.sort();
            let mut wanted: Vec<&str> = expected.lines().collect();
            wanted.sort();
            assert_eq!(lines, wanted, "SIG{name} to the {}", if to_group { "group" } else { "cqlc" });
        }
    }
}

#[test]
fn a_killed_cqlc_run_leaves_no_searcher() {
    let dir = scratch!("killed");
    let cqlc = cqlc_run(&dir, &cargo_building(&dir, LOGGING_SEARCHER));
    let searcher = pid_in(&dir.join("searcher.pid"));
    kill(cqlc.id() as i32, libc::SIGKILL);
    wait(cqlc);
    assert!(ends_within(searcher, Duration::from_secs(5)), "the searcher outlived cqlc");
    assert_eq!(fs::read_to_string(dir.join("requests")).unwrap(), "ended\n");
}

#[test]
fn stopping_cqlc_run_during_the_build_stops_the_build() {
    let dir = scratch!("build");
    // A cargo that runs a long compiler, as cargo runs rustc.
    let cargo = dir.join("cargo");
    // (cargo runs in the package's folder: the files are named in full.)
    let (compiler_pid, cargo_pid) = (dir.join("compiler.pid"), dir.join("cargo.pid"));
    let script = format!(
        "#!/bin/sh\nsleep 600 &\necho $! > {}\necho $$ > {}\nwait\n",
        compiler_pid.display(),
        cargo_pid.display()
    );
    fs::write(&cargo, script).unwrap();
    fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).unwrap();
    let cqlc = cqlc_run(&dir, &cargo);
    let (cargo, compiler) = (pid_in(&cargo_pid), pid_in(&compiler_pid));
    kill(cqlc.id() as i32, libc::SIGTERM);
    let status = wait(cqlc);
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    assert!(ends_within(cargo, Duration::from_secs(5)), "cargo was left running");
    assert!(ends_within(compiler, Duration::from_secs(5)), "the compiler was left running");
}
