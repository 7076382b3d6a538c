//! Stopping a search part way: once a stop is [requested](request) (the
//! searcher's signal handling does, on Ctrl-C or `kill`), the work in hand
//! ends at its next [`checkpoint`] instead of running on to the end of a
//! long game or a costly query. The checkpoints are where the evaluation
//! moves (to another position of the game, into an imagined one, to the
//! next square or piece of a loop), so a stop takes effect within
//! microseconds of work, however large the game or the query.
//!
//! A checkpoint that finds a stop requested unwinds with a [`Stopped`]
//! payload (without the panic message), which the search catches where it
//! hands out a batch of games: the batch is dropped, and the games found
//! before it are kept.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a stop has been requested.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The payload a [`checkpoint`] unwinds with once a stop is requested.
#[derive(Debug)]
pub struct Stopped;

/// Asks every search of the process to stop at its next checkpoint (only an
/// atomic store: callable from a signal handler).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Whether a stop has been requested.
#[inline]
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Ends the work in hand, by unwinding with [`Stopped`], if a stop has been
/// requested.
#[inline]
pub fn checkpoint() {
    if requested() {
        stop_here();
    }
}

#[cold]
#[inline(never)]
fn stop_here() -> ! {
    std::panic::resume_unwind(Box::new(Stopped))
}

/// Whether a caught unwinding is a checkpoint's stop rather than a panic.
pub fn is_stop(payload: &(dyn std::any::Any + Send)) -> bool {
    payload.is::<Stopped>()
}
