//! Stopping a running search, with real processes and real signals: a
//! request that arrives twice (a signal to the process group that `cqlc
//! run` also relays), SIGHUP, the end of the `cqlc run` that started the
//! search, a stop in the middle of a long game, and while the input is a
//! named pipe no one writes. Each keeps the games found so far, as
//! `NAME.partial.pgn`, and leaves no temporary file.

use crate::support::processes;

use std::{
    fs,
    io::Write,
    os::{fd::AsRawFd, unix::process::CommandExt},
    path::Path,
    process::Stdio,
    thread,
    time::{Duration, Instant},
};

use cql::pgn::read_games;
use processes::{files, folder, kill, searcher, shared, wait, wait_for_output};

/// The cases of this file, each with its name.
pub const CASES: &[processes::Case] = &[
    ("a request that arrives twice at once is one request", a_request_that_arrives_twice_is_one_request),
    ("SIGHUP stops a search as SIGTERM does", sighup_stops_a_search_as_sigterm_does),
    ("a request relayed by cqlc run and received too is one request", a_relayed_request_also_received_is_one_request),
    ("the end of the cqlc run that started it stops the searcher", the_end_of_cqlc_run_stops_the_searcher),
    ("a stop takes effect in the middle of a long game", a_stop_takes_effect_in_a_long_game),
    ("a stop takes effect while a named pipe waits for a writer", a_stop_takes_effect_while_a_fifo_waits),
];

/// The folder of `case`.
fn dir(case: &str) -> std::path::PathBuf {
    folder("stopping", case)
}

/// Checks what a search of the master database, stopped by `signal`
/// (`code`: the exit code a shell expects), left in `dir`: a message, whole
/// games kept as partial, no temporary file.
fn assert_stopped_and_kept(dir: &Path, ended: &processes::Ended, signal: &str, code: i32) {
    let message = &ended.stderr;
    assert_eq!(ended.status.code(), Some(code), "{message}");
    assert!(message.contains(&format!("interrupted by {signal}; stopped after ")), "{message}");
    assert!(message.contains("hits.partial.pgn"), "{message}");
    assert_eq!(files(dir), ["hits.partial.pgn"]);
    let mut games = 0;
    for game in read_games(dir.join("hits.partial.pgn")).unwrap() {
        let (_, warnings) = game.unwrap().unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        games += 1;
    }
    assert!(games > 0 && games < 384_911, "{games} games");
}

/// A search of the master database with every game written, in `dir`.
fn search_master(dir: &Path) -> std::process::Child {
    let input = shared("corpora/master-games.pgn.zst");
    searcher("every", dir, &["-i", input.to_str().unwrap(), "-o", "hits.pgn"]).stderr(Stdio::piped()).spawn().unwrap()
}

fn a_request_that_arrives_twice_is_one_request() {
    // A signal to the process group reaches the searcher, and cqlc run
    // relays it too: one request, however it arrives twice.
    let dir = dir("twice");
    let child = search_master(&dir);
    wait_for_output(&dir, &[]);
    let pid = child.id() as i32;
    let since = Instant::now();
    kill(pid, libc::SIGTERM);
    // The relayed one comes once cqlc has handled its own.
    thread::sleep(Duration::from_millis(50));
    kill(pid, libc::SIGTERM);
    let ended = wait(child, since, Duration::from_secs(60));
    assert_stopped_and_kept(&dir, &ended, "SIGTERM", 143);
}

fn sighup_stops_a_search_as_sigterm_does() {
    // A closed terminal: SIGHUP to the foreground group, then again from
    // the shell to its jobs.
    let dir = dir("sighup");
    let child = search_master(&dir);
    wait_for_output(&dir, &[]);
    let since = Instant::now();
    kill(-(child.id() as i32), libc::SIGHUP);
    thread::sleep(Duration::from_millis(20));
    kill(-(child.id() as i32), libc::SIGHUP);
    let ended = wait(child, since, Duration::from_secs(60));
    assert_stopped_and_kept(&dir, &ended, "SIGHUP", 129);
}

/// A pipe as `cqlc run` makes it for its searcher: the reading end left
/// open in the searcher (its number in `CQLC_RUN_PIPE_FD`), the writing end
/// the test's.
fn with_run_pipe(command: &mut std::process::Command) -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().unwrap();
    let fd = reader.as_raw_fd();
    command.env(cql_vocabulary::RUN_PIPE_VARIABLE, fd.to_string());
    // SAFETY: fcntl is async-signal-safe; `reader` outlives the spawn.
    unsafe {
        command.pre_exec(move || {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            libc::fcntl(fd, libc::F_SETFD, flags & !libc::FD_CLOEXEC);
            Ok(())
        })
    };
    // The reader is closed here once the child has it: leak it until then.
    std::mem::forget(reader);
    writer
}

fn a_relayed_request_also_received_is_one_request() {
    let dir = dir("relayed");
    let input = shared("corpora/master-games.pgn.zst");
    let mut command = searcher("every", &dir, &["-i", input.to_str().unwrap(), "-o", "hits.pgn"]);
    let mut pipe = with_run_pipe(command.stderr(Stdio::piped()));
    let child = command.spawn().unwrap();
    wait_for_output(&dir, &[]);
    let since = Instant::now();
    kill(child.id() as i32, libc::SIGINT);
    // cqlc relays the same Ctrl-C a moment later, and again after more
    // than a second: still the one request of each path.
    pipe.write_all(&[libc::SIGINT as u8]).unwrap();
    let ended = wait(child, since, Duration::from_secs(60));
    drop(pipe);
    assert_stopped_and_kept(&dir, &ended, "SIGINT", 130);
}

fn the_end_of_cqlc_run_stops_the_searcher() {
    let dir = dir("parent-ended");
    let input = shared("corpora/master-games.pgn.zst");
    let mut command = searcher("every", &dir, &["-i", input.to_str().unwrap(), "-o", "hits.pgn"]);
    let pipe = with_run_pipe(command.stderr(Stdio::piped()));
    let child = command.spawn().unwrap();
    wait_for_output(&dir, &[]);
    let since = Instant::now();
    // As if cqlc were killed: its end of the pipe closes.
    drop(pipe);
    let ended = wait(child, since, Duration::from_secs(60));
    assert_stopped_and_kept(&dir, &ended, "the end of the cqlc run that started it", 129);
}

/// A game of `plies` plies, knights going back and forth.
fn long_game(plies: usize) -> String {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Event \"long\"]\n[Result \"*\"]\n\n");
    for ply in 0..plies {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(moves[ply % 4]);
        text.push(if ply % 16 == 15 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    text
}

fn a_stop_takes_effect_in_a_long_game() {
    // `find all find all check` on 8,000 plies: hours of work in one game.
    let dir = dir("long-game");
    fs::write(dir.join("long.pgn"), long_game(8_000)).unwrap();
    let child = searcher("slow", &dir, &["-i", "long.pgn", "-o", "hits.pgn"]).stderr(Stdio::piped()).spawn().unwrap();
    thread::sleep(Duration::from_millis(500));
    let since = Instant::now();
    kill(child.id() as i32, libc::SIGTERM);
    let ended = wait(child, since, Duration::from_secs(60));
    assert_eq!(ended.status.code(), Some(143), "{}", ended.stderr);
    assert!(ended.stderr.contains("interrupted by SIGTERM; stopped after 0 games"), "{}", ended.stderr);
    // Far beyond the second a stop takes, and far below the game's hours.
    assert!(ended.took < Duration::from_secs(20), "stopped after {:?}", ended.took);
    assert_eq!(files(&dir), ["long.pgn"]);
}

fn a_stop_takes_effect_while_a_fifo_waits() {
    let dir = dir("fifo");
    let fifo = std::ffi::CString::new(dir.join("games.pgn").as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    let child = searcher("every", &dir, &["-i", "games.pgn", "-o", "hits.pgn"]).stderr(Stdio::piped()).spawn().unwrap();
    thread::sleep(Duration::from_millis(300));
    let since = Instant::now();
    kill(child.id() as i32, libc::SIGTERM);
    let ended = wait(child, since, Duration::from_secs(30));
    assert_eq!(ended.status.code(), Some(143), "{}", ended.stderr);
    assert!(ended.stderr.contains("interrupted by SIGTERM while opening games.pgn"), "{}", ended.stderr);
    assert_eq!(files(&dir), ["games.pgn"]);
}
