//! Ctrl-C and `kill`: the first SIGINT or SIGTERM asks the search to stop
//! after the batch in hand, so that what was found is kept; a second one
//! ends the process at once.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal that asked the search to stop, 0 while none has.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Catches SIGINT and SIGTERM for the rest of the process.
#[cfg(unix)]
pub(super) fn catch_signals() {
    extern "C" fn on_signal(signal: libc::c_int) {
        if RECEIVED.swap(signal, Ordering::SeqCst) != 0 {
            // SAFETY: `_exit` is async-signal-safe; the user asked twice.
            unsafe { libc::_exit(128 + signal) };
        }
    }
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only touches an atomic and calls `_exit`, both
        // async-signal-safe.
        unsafe { libc::signal(signal, on_signal as *const () as libc::sighandler_t) };
    }
}

/// Elsewhere the default handling stays.
#[cfg(not(unix))]
pub(super) fn catch_signals() {}

/// The signal received, if any: its name and the exit code a shell expects
/// (128 + its number).
pub(super) fn received() -> Option<(&'static str, u8)> {
    let signal = RECEIVED.load(Ordering::SeqCst);
    let name = match signal {
        0 => return None,
        2 => "SIGINT",
        15 => "SIGTERM",
        _ => "a signal",
    };
    Some((name, 128u8.saturating_add(u8::try_from(signal).unwrap_or(0))))
}
