//! Comments: `comment`, `///` and `message`, the notes CQL writes itself, and
//! taking back what a failed filter wrote (`or`, `not`, `⬓`, ...).
//!
//! Everything is written tentatively to the game's comment log
//! ([`crate::notes`]); a filter that fails takes back what it wrote.

use crate::{cursor::Cursor, notes::Mark, tree::NodeId};

impl Cursor<'_> {
    /// `comment`: writes a comment piece at the current position (nowhere,
    /// in an imaginary position). A comment always matches: `true`.
    pub fn comment(&mut self, text: String) -> bool {
        if !self.is_imaginary() {
            let node = self.node();
            self.state.notes.add(node, text);
        }
        true
    }

    /// Writes an automatic note at `node` that names position `named`,
    /// unless the same note is already there (as CQL 6.2 writes its own
    /// notes): a position in a variation gets its own `id:N` note once, so
    /// that readers can find it.
    pub fn comment_naming(&mut self, node: NodeId, text: String, named: NodeId) {
        self.state.notes.add_once(node, text);
        if let Some(marker) = self.variation_marker(named) {
            self.state.notes.add_once(named, marker);
        }
    }

    /// `message`: a line for standard output, after the game number and the
    /// position (`game 12, move 5(btm): text`) unless `quiet`. The driver
    /// prints each game's lines in input order.
    pub fn message(&mut self, text: &str, quiet: bool) {
        let line = if quiet {
            text.to_owned()
        } else {
            format!("game {}, {}: {text}", self.game().number(), self.position_label(self.node()))
        };
        self.state.messages.push(line);
    }

    /// The current point of the comment log, see [`Cursor::rollback`].
    #[inline]
    pub fn mark(&self) -> Mark {
        self.state.notes.mark()
    }

    /// Takes back the comments written since `mark` (for a filter that failed).
    #[inline]
    pub fn rollback(&mut self, mark: Mark) {
        self.state.notes.rollback(mark);
    }

    /// Evaluates `f`; if it fails, takes back the comments it wrote (a
    /// filter whose failure another filter recovers from: `F or G`, `⬓`).
    pub fn attempt(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        self.attempt_value(|at| f(at).then_some(())).is_some()
    }

    /// Evaluates `f`; if it has no value, takes back the comments it wrote.
    pub fn attempt_value<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let mark = self.mark();
        let value = f(self);
        if value.is_none() {
            self.rollback(mark);
        }
        value
    }

    /// Evaluates `f` and takes back every comment it wrote (`not F`: what F
    /// writes never stands).
    pub fn without_comments<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let mark = self.mark();
        let value = f(self);
        self.rollback(mark);
        value
    }
}
