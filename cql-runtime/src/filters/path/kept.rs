//! The comments a path whose constituents write keeps, as CQL 6.2 keeps
//! them (its `PathNode` comment stack): the log as it stood when the best
//! path so far was found. Comments stay in the log while the search goes
//! on; those a move taken back takes out are dropped, unless they were in
//! the log when the best path was found, which are saved to be written back
//! at the end. With `keepallbest`, a path as good as the best keeps what
//! was saved so far and adds the log as it stands.

use crate::{cursor::Cursor, notes::Mark, notes::Written};

/// What a path keeps of the comments written since it started.
pub(super) struct Kept {
    /// The end of the part of the log that is kept: the log when the best
    /// path was found (the path's start before one is found).
    top: Mark,
    /// What was kept and taken out of the log since, in the order taken out
    /// (each part earlier in the log than the one before).
    saved: Vec<Written>,
}

impl Kept {
    /// Nothing kept yet: the path starts at the log's current point.
    pub(super) fn new(at: &Cursor<'_>) -> Kept {
        Kept { top: at.mark(), saved: Vec::new() }
    }

    /// Takes the log back to `mark` (a move taken back), saving what of it
    /// is kept.
    pub(super) fn rollback(&mut self, at: &mut Cursor<'_>, mark: Mark) {
        if mark >= self.top {
            at.rollback(mark);
            return;
        }
        at.rollback(self.top);
        self.saved.push(at.state.notes.take_since(mark));
        self.top = mark;
    }

    /// A best path was found: the log as it stands is kept, with what was
    /// saved before if `add` (a path as good as the best, with
    /// `keepallbest`), or instead of it.
    pub(super) fn keep(&mut self, at: &Cursor<'_>, add: bool) {
        if !add {
            self.saved.clear();
        }
        self.top = at.mark();
    }

    /// The search is over: the log becomes what is kept (nothing if no path
    /// was found), in the order it was written.
    pub(super) fn finish(self, at: &mut Cursor<'_>) {
        at.rollback(self.top);
        for written in self.saved.into_iter().rev() {
            at.state.notes.restore(written);
        }
    }
}
