//! The buffers batches of text are read into, used again once their batch
//! has been searched: a buffer's memory is touched (and the system asked
//! for it) once, not once a batch, which a search of a large file that
//! finds little would otherwise spend a third of its time on.

use std::sync::{Arc, Mutex, PoisonError};

/// How many buffers are kept for use again: as many as batches can be in
/// flight, and a few more.
const KEPT: usize = 8;

/// Buffers larger than this (grown for a game of many megabytes) are not
/// kept; a buffer is at most twice a batch otherwise.
const LARGEST_KEPT: usize = 16 << 20;

/// Buffers given back, shared by a source and its batches.
#[derive(Clone, Default)]
pub(super) struct Buffers(Arc<Mutex<Vec<Vec<u8>>>>);

impl Buffers {
    /// A buffer to read into: one given back (its bytes are what they were:
    /// memory written once is not zeroed again), or a new, empty one.
    pub(super) fn take(&self) -> Vec<u8> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).pop().unwrap_or_default()
    }

    /// Keeps `buffer` for use again, if it is not too large and not too
    /// many are kept.
    pub(super) fn give_back(&self, buffer: Vec<u8>) {
        if buffer.capacity() > LARGEST_KEPT {
            return;
        }
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() < KEPT {
            kept.push(buffer);
        }
    }
}
