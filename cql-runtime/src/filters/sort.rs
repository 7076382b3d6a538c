//! The `sort` filter: its value becomes one of the game's sort keys, and
//! only its best evaluation in a game keeps its comments.

use crate::{cursor::Cursor, sort_keys::SortValue};

impl Cursor<'_> {
    /// Evaluates the body of sort filter number `sort` (query order), a
    /// number or a string: the value is recorded for the game's sort key,
    /// and the comments the body writes are kept only if this is the game's
    /// best value.
    pub fn sort<V: Clone + Into<SortValue>>(
        &mut self,
        sort: usize,
        body: impl FnOnce(&mut Self) -> Option<V>,
    ) -> Option<V> {
        let begun = self.state.notes.begin_sort();
        let value = body(self);
        self.state.notes.end_sort(begun, sort, value.clone().map(Into::into));
        value
    }

    /// [`Cursor::sort`] for a body that writes nothing (no comment, no
    /// variable, no other sort): the evaluation is recorded once its value
    /// is known, and only if it has one, which leaves what recording it
    /// around the body leaves, at no cost where the body has no value.
    pub fn sort_writing_nothing<V: Clone + Into<SortValue>>(
        &mut self,
        sort: usize,
        body: impl FnOnce(&mut Self) -> Option<V>,
    ) -> Option<V> {
        let Some(value) = body(self) else {
            self.state.notes.sort_without_value();
            return None;
        };
        let begun = self.state.notes.begin_sort();
        self.state.notes.end_sort(begun, sort, Some(value.clone().into()));
        Some(value)
    }
}
