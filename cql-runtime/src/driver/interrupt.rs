//! Ctrl-C, `kill` and a closed terminal: the first request to stop (SIGINT,
//! SIGTERM or SIGHUP) asks the search to [stop](crate::stop) where it is,
//! keeping what was found; a second request ends the process at once.
//!
//! One request often arrives more than once, and is still one request:
//! - A signal sent to a process group reaches the searcher directly and, if
//!   `cqlc run` started it, cqlc too, which relays it through a pipe, not as
//!   a signal ([`listen_to_parent`]). Requests are counted on each channel
//!   apart: the user asked as many times as the channel that saw more says.
//! - A closed terminal sends SIGHUP to the foreground group, and the shell
//!   sends it again to its jobs: on one channel, a request that comes within
//!   [`SAME_REQUEST_NANOS`] of the last one counted is the same request.
//!
//! When `cqlc run` ends without saying so (killed), its pipe closes: that
//! too asks the search to stop, so a searcher never outlives the command
//! that started it.

use std::sync::atomic::{AtomicI32, AtomicU32, AtomicU64, Ordering};

use crate::stop;

/// Requests that come within this many nanoseconds of the last one counted
/// on their channel are the same request.
const SAME_REQUEST_NANOS: u64 = 1_000_000_000;

/// The signals that ask a search to stop, by their numbers on Linux and the
/// BSDs.
const SIGHUP: i32 = 1;
const SIGINT: i32 = 2;
const SIGTERM: i32 = 15;

/// The cause of a stop asked by the end of the `cqlc run` that started the
/// searcher.
const PARENT_ENDED: i32 = -1;

/// The requests to stop that arrived on one channel.
struct Channel {
    /// How many distinct requests.
    count: AtomicU32,
    /// When the last of them arrived (monotonic nanoseconds, at least 1),
    /// or 0 before the first.
    counted_at: AtomicU64,
}

impl Channel {
    const fn new() -> Self {
        Channel { count: AtomicU32::new(0), counted_at: AtomicU64::new(0) }
    }

    /// Counts a request that arrived at `now`, unless it is the last one
    /// again; the number of distinct requests so far. Two signals handled
    /// at once on two threads are told apart by who moves `counted_at`.
    fn count(&self, now: u64) -> u32 {
        let mut last = self.counted_at.load(Ordering::SeqCst);
        loop {
            if last != 0 && now.saturating_sub(last) < SAME_REQUEST_NANOS {
                return self.count.load(Ordering::SeqCst);
            }
            match self.counted_at.compare_exchange(last, now.max(1), Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => return self.count.fetch_add(1, Ordering::SeqCst) + 1,
                Err(moved) => last = moved,
            }
        }
    }
}

/// Signals received by the searcher itself.
static DIRECT: Channel = Channel::new();
/// Requests relayed by the `cqlc run` that started the searcher.
static RELAYED: Channel = Channel::new();

/// What asked the search to stop: a signal's number, [`PARENT_ENDED`], or 0
/// while nothing has.
static CAUSE: AtomicI32 = AtomicI32::new(0);

/// Takes a request to stop that arrived on `channel` for `cause` (a signal's
/// number or [`PARENT_ENDED`]). Only async-signal-safe calls: it runs in a
/// signal handler.
fn request(channel: &Channel, cause: i32) {
    let counted = channel.count(platform::monotonic_nanos());
    let requests = counted.max(DIRECT.count.load(Ordering::SeqCst)).max(RELAYED.count.load(Ordering::SeqCst));
    if requests >= 2 {
        platform::end_at_once(if cause > 0 { cause } else { SIGHUP });
    }
    let _ = CAUSE.compare_exchange(0, cause, Ordering::SeqCst, Ordering::SeqCst);
    stop::request();
}

/// What asked the search to stop, if anything has: its name and the exit
/// code a shell expects (128 + the signal's number).
pub(super) fn received() -> Option<(&'static str, u8)> {
    let cause = CAUSE.load(Ordering::SeqCst);
    let name = match cause {
        0 => return None,
        PARENT_ENDED => "the end of the cqlc run that started it",
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "a signal",
    };
    let signal = if cause > 0 { cause } else { SIGHUP };
    Some((name, 128u8.saturating_add(u8::try_from(signal).unwrap_or(0))))
}

pub(super) use platform::{catch_signals, forget, listen_to_parent, remove_at_once};

#[cfg(unix)]
mod platform {
    use std::{
        ffi::{CStr, CString},
        path::Path,
        sync::atomic::{AtomicPtr, Ordering},
    };

    use cql_vocabulary::RUN_PIPE_VARIABLE;

    use super::{DIRECT, PARENT_ENDED, RELAYED, request};

    /// Files to remove if the process ends at once (its temporary output):
    /// leaked C strings, or null.
    static REMOVE_AT_ONCE: [AtomicPtr<libc::c_char>; 2] =
        [AtomicPtr::new(std::ptr::null_mut()), AtomicPtr::new(std::ptr::null_mut())];

    /// Catches SIGINT, SIGTERM and SIGHUP for the rest of the process.
    pub(in super::super) fn catch_signals() {
        extern "C" fn on_signal(signal: libc::c_int) {
            request(&DIRECT, signal);
        }
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: a zeroed sigaction is valid; the handler makes only
            // async-signal-safe calls.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }

    /// If `cqlc run` started this searcher, listens to its pipe: each byte
    /// is a signal cqlc received; the pipe's end is cqlc's.
    pub(in super::super) fn listen_to_parent() {
        let Some(fd) = std::env::var(RUN_PIPE_VARIABLE).ok().and_then(|fd| fd.parse::<libc::c_int>().ok()) else {
            return;
        };
        // SAFETY: fstat writes only `status`. A descriptor that is no pipe
        // (the variable inherited by mistake) is left alone.
        let is_pipe = unsafe {
            let mut status: libc::stat = std::mem::zeroed();
            libc::fstat(fd, &mut status) == 0 && status.st_mode & libc::S_IFMT == libc::S_IFIFO
        };
        if !is_pipe {
            return;
        }
        let listener = move || {
            let mut byte = 0u8;
            loop {
                // SAFETY: reads at most one byte, into `byte`.
                match unsafe { libc::read(fd, (&raw mut byte).cast(), 1) } {
                    1 => request(&RELAYED, libc::c_int::from(byte)),
                    -1 if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
                    _ => return request(&RELAYED, PARENT_ENDED),
                }
            }
        };
        let _ = std::thread::Builder::new().name("cqlc run".into()).spawn(listener);
    }

    /// Ends the process now with the code of `signal`, removing its
    /// temporary output (the user asked twice): only async-signal-safe
    /// calls.
    pub(super) fn end_at_once(signal: i32) -> ! {
        for file in &REMOVE_AT_ONCE {
            let path = file.load(Ordering::SeqCst);
            if !path.is_null() {
                // SAFETY: a valid C string, never freed.
                unsafe { libc::unlink(path) };
            }
        }
        // SAFETY: `_exit` is async-signal-safe.
        unsafe { libc::_exit(128 + signal) }
    }

    /// The time on the monotonic clock, in nanoseconds (async-signal-safe).
    pub(super) fn monotonic_nanos() -> u64 {
        let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime is async-signal-safe and writes only `time`.
        unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut time) };
        u64::try_from(time.tv_sec).unwrap_or(0).saturating_mul(1_000_000_000) + u64::try_from(time.tv_nsec).unwrap_or(0)
    }

    /// Has `path` removed if the process is ended at once (a second request
    /// to stop); [`forget`] undoes it.
    pub(in super::super) fn remove_at_once(path: &Path) {
        let Ok(path) = CString::new(path.as_os_str().as_encoded_bytes()) else { return };
        let leaked = path.into_raw();
        let stored = REMOVE_AT_ONCE.iter().any(|slot| {
            slot.compare_exchange(std::ptr::null_mut(), leaked, Ordering::SeqCst, Ordering::SeqCst).is_ok()
        });
        if !stored {
            // SAFETY: made by `into_raw` above, stored nowhere.
            drop(unsafe { CString::from_raw(leaked) });
        }
    }

    /// No longer removes `path` if the process ends at once (it is gone or
    /// renamed). Its string stays leaked: a signal handler may be reading it.
    pub(in super::super) fn forget(path: &Path) {
        for slot in &REMOVE_AT_ONCE {
            let held = slot.load(Ordering::SeqCst);
            // SAFETY: a non-null slot holds a valid C string, never freed.
            if !held.is_null() && unsafe { CStr::from_ptr(held) }.to_bytes() == path.as_os_str().as_encoded_bytes() {
                slot.store(std::ptr::null_mut(), Ordering::SeqCst);
            }
        }
    }
}

#[cfg(not(unix))]
mod platform {
    use std::path::Path;

    /// Elsewhere the default handling stays.
    pub(in super::super) fn catch_signals() {}

    /// Only `cqlc run` on Unix relays requests.
    pub(in super::super) fn listen_to_parent() {}

    pub(super) fn end_at_once(signal: i32) -> ! {
        std::process::exit(128 + signal)
    }

    pub(super) fn monotonic_nanos() -> u64 {
        0
    }

    /// Nothing to do where no signal is caught.
    pub(in super::super) fn remove_at_once(_: &Path) {}

    /// Nothing to do where no signal is caught.
    pub(in super::super) fn forget(_: &Path) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_within_a_second_of_the_last_is_the_same_one() {
        let channel = Channel::new();
        assert_eq!(channel.count(5_000_000_000), 1);
        assert_eq!(channel.count(5_000_000_001), 1);
        assert_eq!(channel.count(5_999_999_999), 1);
        assert_eq!(channel.count(6_000_000_000), 2);
        assert_eq!(channel.count(6_500_000_000), 2);
    }
}
