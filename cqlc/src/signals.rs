//! The `cqlc` command's searcher process: `cqlc run` passes SIGINT and
//! SIGTERM on to the searcher it started, waits for it and ends as it did,
//! so that stopping cqlc stops the search (part of the command, not of the
//! library).

use std::{
    io,
    process::{Command, ExitStatus},
};

/// Runs `command` to its end; on Unix, SIGINT and SIGTERM that cqlc gets
/// meanwhile are sent on to it.
pub fn run_forwarding(command: &mut Command) -> io::Result<ExitStatus> {
    #[cfg(unix)]
    return unix::run_forwarding(command);
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
        io,
        process::{Command, ExitStatus},
        sync::atomic::{AtomicI32, Ordering},
    };

    /// The searcher's process id while it runs, else 0.
    static CHILD: AtomicI32 = AtomicI32::new(0);
    /// A signal that came before the searcher's id was known, else 0.
    static PENDING: AtomicI32 = AtomicI32::new(0);

    /// The signals passed on.
    const FORWARDED: [libc::c_int; 2] = [libc::SIGINT, libc::SIGTERM];

    /// Sends `signal` to the searcher (only async-signal-safe calls).
    extern "C" fn forward(signal: libc::c_int) {
        match CHILD.load(Ordering::SeqCst) {
            0 => PENDING.store(signal, Ordering::SeqCst),
            // SAFETY: kill is async-signal-safe; the id is that of our child, not yet waited for.
            child => unsafe {
                libc::kill(child, signal);
            },
        }
    }

    /// Sets what happens on each forwarded signal.
    fn set_handlers(handler: libc::sighandler_t) {
        for signal in FORWARDED {
            // SAFETY: a zeroed sigaction is valid; `handler` is SIG_DFL or `forward`,
            // which only touches atomics and calls kill.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }

    /// See [`super::run_forwarding`].
    pub fn run_forwarding(command: &mut Command) -> io::Result<ExitStatus> {
        set_handlers(forward as extern "C" fn(libc::c_int) as libc::sighandler_t);
        let status = command.spawn().and_then(|mut child| {
            CHILD.store(child.id() as i32, Ordering::SeqCst);
            let pending = PENDING.swap(0, Ordering::SeqCst);
            if pending != 0 {
                forward(pending);
            }
            let status = child.wait();
            CHILD.store(0, Ordering::SeqCst);
            status
        });
        set_handlers(libc::SIG_DFL);
        status
    }
}
