//! The processes `cqlc run` starts, and how they stop with it (part of the
//! command, not of the library).
//!
//! - The build (cargo and the compilers it starts) runs in a process group
//!   of its own: SIGINT, SIGTERM or SIGHUP sent to cqlc go to that whole
//!   group, so stopping cqlc stops the build, and no compiler is left
//!   running; on Linux cargo also gets SIGTERM if cqlc is killed.
//! - The searcher stays in cqlc's process group (a terminal's Ctrl-C and a
//!   signal to the group reach it directly, and it may read the terminal).
//!   cqlc relays the signals it receives through a pipe instead of sending
//!   them again, so a signal both received is one request, not two (which
//!   the searcher would take for "stop at once, whatever is lost"). When
//!   cqlc ends without closing the search (killed), the pipe closes, and
//!   the searcher stops too, keeping what it found.

use std::{
    io,
    process::{Command, ExitStatus},
};

/// Runs the build `command` to its end; a signal that asks cqlc to stop
/// meanwhile stops the build: then the signal's number.
pub fn run_build(command: &mut Command) -> io::Result<Result<ExitStatus, i32>> {
    #[cfg(unix)]
    return unix::run_build(command);
    #[cfg(not(unix))]
    return command.status().map(Ok);
}

/// Runs the searcher `command` to its end, relaying to it the signals that
/// ask cqlc to stop.
pub fn run_searcher(command: &mut Command) -> io::Result<ExitStatus> {
    #[cfg(unix)]
    return unix::run_searcher(command);
    #[cfg(not(unix))]
    return command.status();
}

/// The exit code that says how `status` ended: its own code, or 128 and the
/// signal that ended it, as shells report it.
pub fn exit_code(status: ExitStatus) -> u8 {
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return (128 + signal).clamp(0, 255) as u8;
    }
    status.code().unwrap_or(1).clamp(0, 255) as u8
}

#[cfg(unix)]
mod unix {
    use std::{
        io::{self, PipeWriter},
        os::{fd::AsRawFd, unix::process::CommandExt},
        process::{Command, ExitStatus},
        sync::atomic::{AtomicI32, Ordering},
    };

    use cql_vocabulary::RUN_PIPE_VARIABLE;

    /// The build's process group while it runs, else 0.
    static BUILD_GROUP: AtomicI32 = AtomicI32::new(0);
    /// The writing end of the searcher's pipe while it runs, else -1.
    static SEARCHER_PIPE: AtomicI32 = AtomicI32::new(-1);
    /// The first signal that asked cqlc to stop, else 0.
    static RECEIVED: AtomicI32 = AtomicI32::new(0);

    /// The signals that ask cqlc to stop.
    const STOPPING: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

    /// Passes `signal` on to what runs now (only async-signal-safe calls).
    extern "C" fn pass_on(signal: libc::c_int) {
        let _ = RECEIVED.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
        let group = BUILD_GROUP.load(Ordering::SeqCst);
        if group > 0 {
            // SAFETY: kill is async-signal-safe; the group is the build's.
            unsafe { libc::kill(-group, signal) };
        }
        let pipe = SEARCHER_PIPE.load(Ordering::SeqCst);
        if pipe >= 0 {
            let byte = u8::try_from(signal).unwrap_or(u8::MAX);
            // SAFETY: write is async-signal-safe; the descriptor is open
            // while it is stored.
            unsafe { libc::write(pipe, (&raw const byte).cast(), 1) };
        }
    }

    /// From now on, the signals that ask cqlc to stop are passed on.
    fn catch_signals() {
        for signal in STOPPING {
            // SAFETY: a zeroed sigaction is valid; `pass_on` only touches
            // atomics and calls kill and write.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = pass_on as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }

    /// See [`super::run_build`].
    pub fn run_build(command: &mut Command) -> io::Result<Result<ExitStatus, i32>> {
        catch_signals();
        command.process_group(0);
        #[cfg(target_os = "linux")]
        {
            let cqlc = std::process::id();
            // SAFETY: prctl, getppid and raise are async-signal-safe.
            unsafe {
                command.pre_exec(move || {
                    // cargo stops if cqlc is killed; cqlc may be gone already.
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                    if u32::try_from(libc::getppid()).ok() != Some(cqlc) {
                        libc::raise(libc::SIGTERM);
                    }
                    Ok(())
                })
            };
        }
        let mut child = command.spawn()?;
        let group = child.id() as i32;
        BUILD_GROUP.store(group, Ordering::SeqCst);
        let received = RECEIVED.load(Ordering::SeqCst);
        if received != 0 {
            // SAFETY: the group of the child just started.
            unsafe { libc::kill(-group, received) };
        }
        let status = child.wait();
        BUILD_GROUP.store(0, Ordering::SeqCst);
        let status = status?;
        Ok(match RECEIVED.load(Ordering::SeqCst) {
            0 => Ok(status),
            signal => Err(signal),
        })
    }

    /// See [`super::run_searcher`].
    pub fn run_searcher(command: &mut Command) -> io::Result<ExitStatus> {
        catch_signals();
        let (reader, writer): (_, PipeWriter) = io::pipe()?;
        let fd = reader.as_raw_fd();
        command.env(RUN_PIPE_VARIABLE, fd.to_string());
        // SAFETY: fcntl is async-signal-safe.
        unsafe {
            command.pre_exec(move || {
                // The reading end stays open in the searcher; the writing
                // end closes there (close-on-exec), so it is cqlc's alone.
                let flags = libc::fcntl(fd, libc::F_GETFD);
                if flags < 0 || libc::fcntl(fd, libc::F_SETFD, flags & !libc::FD_CLOEXEC) < 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            })
        };
        SEARCHER_PIPE.store(writer.as_raw_fd(), Ordering::SeqCst);
        // A signal received before (during the build, say) is passed on.
        let received = RECEIVED.load(Ordering::SeqCst);
        if received != 0 {
            pass_on(received);
        }
        let status = command.spawn().and_then(|mut child| {
            drop(reader);
            child.wait()
        });
        SEARCHER_PIPE.store(-1, Ordering::SeqCst);
        drop(writer);
        status
    }
}
