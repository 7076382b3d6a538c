//! A parsed game: its tags, its tree of positions, and the annotations of the
//! PGN text (comments and NAGs) attached to the positions they belong to.
//!
//! Text from the input (tag values, comments) is kept as the raw bytes of the
//! file, so Latin-1 or other non-UTF-8 bytes pass through to the output
//! unchanged.

use std::ops::Range;

use shakmaty::Outcome;

use crate::{
    pgn::RawGame,
    tree::{GameTree, NodeId},
};

/// Where a comment stands relative to the move into its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Written before the move, as at the start of a variation: `( {here} 1.d4`.
    BeforeMove,
    /// Written after the move, describing the position it reaches: `1.e4 {here}`.
    /// At the root this is a comment before the first move of the game.
    AfterMove,
}

/// A comment or NAG of the PGN text, attached to a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Annotation {
    /// `{...}` (or `;...`): the raw bytes are in the game's text store.
    Comment {
        /// The node the comment belongs to.
        node: NodeId,
        /// Before or after the move into `node`.
        placement: Placement,
        /// The comment's bytes in the game's text store, without braces.
        text: Range<usize>,
    },
    /// A numeric annotation glyph (`$1`, `!`, ...) on the move into `node`.
    Nag {
        /// The node whose move carries the NAG.
        node: NodeId,
        /// The glyph's number.
        nag: u8,
    },
}

/// One game of the input.
#[derive(Clone, Debug, Default)]
pub struct Game {
    number: u64,
    line: u64,
    store: Vec<u8>,
    tags: Vec<(Range<usize>, Range<usize>)>,
    tree: GameTree,
    annotations: Vec<Annotation>,
    outcome: Option<Outcome>,
    has_cook: bool,
}

impl Game {
    /// Clears the game for reuse, keeping its memory, to be `raw` (whose
    /// number, line and text it takes).
    pub fn reset(&mut self, raw: &RawGame<'_>) {
        self.number = raw.number;
        self.line = raw.line;
        self.store.clear();
        self.tags.clear();
        self.annotations.clear();
        self.outcome = None;
        self.has_cook = memchr::memmem::find(raw.text, b"<cook").is_some();
    }

    /// The game's number in its input, counting from 1.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The input line on which the game starts, counting from 1.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Whether the game's text has `<cook` anywhere (tags, comments, ...),
    /// as the Harold van der Heijden database marks a cooked study.
    pub fn has_cook(&self) -> bool {
        self.has_cook
    }

    /// The tree of positions.
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The tree of positions, for building it.
    pub fn tree_mut(&mut self) -> &mut GameTree {
        &mut self.tree
    }

    /// Adds a tag pair; `value` is the raw text between the quotes (escapes kept).
    pub fn push_tag(&mut self, name: &[u8], value: &[u8]) {
        let name = self.store_bytes(name);
        let value = self.store_bytes(value);
        self.tags.push((name, value));
    }

    /// The tag pairs in input order, as raw bytes (values with their escapes).
    pub fn tags(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        self.tags.iter().map(|(name, value)| (&self.store[name.clone()], &self.store[value.clone()]))
    }

    /// The raw value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags().find(|(tag, _)| *tag == name.as_bytes()).map(|(_, value)| value)
    }

    /// Starts a comment at `node`; its text is added with [`Game::extend_comment`].
    pub fn begin_comment(&mut self, node: NodeId, placement: Placement) {
        let at = self.store.len();
        self.annotations.push(Annotation::Comment { node, placement, text: at..at });
    }

    /// Appends bytes to the comment begun last.
    pub fn extend_comment(&mut self, bytes: &[u8]) {
        self.store.extend_from_slice(bytes);
        let end = self.store.len();
        if let Some(Annotation::Comment { text, .. }) = self.annotations.last_mut() {
            text.end = end;
        }
    }

    /// Moves the comment at `index` of [`Game::annotations`] to `node`, with
    /// `placement` (a comment that opens a variation belongs before the
    /// variation's first move, which is read after it).
    pub fn move_comment(&mut self, index: usize, node: NodeId, placement: Placement) {
        if let Some(Annotation::Comment { node: at, placement: was, .. }) = self.annotations.get_mut(index) {
            *at = node;
            *was = placement;
        }
    }

    /// Adds a NAG to the move into `node`.
    pub fn push_nag(&mut self, node: NodeId, nag: u8) {
        self.annotations.push(Annotation::Nag { node, nag });
    }

    /// The comments and NAGs in PGN order.
    pub fn annotations(&self) -> &[Annotation] {
        &self.annotations
    }

    /// The bytes of a comment's text range.
    pub fn text(&self, range: &Range<usize>) -> &[u8] {
        &self.store[range.clone()]
    }

    /// Records the game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn set_outcome(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }

    /// The game termination marker of the movetext, if it had one.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// How the game ended, as CQL 6.2 reads it (the `result` filter and
    /// parameter, the marker written after the moves): the movetext's
    /// termination marker, not the `[Result]` tag (a game tagged `?` that
    /// ends `0-1` is Black's win, one tagged `1-0` that ends `*` nobody's);
    /// without a marker (a game CQL 6.2 cannot read) the tag's value if it
    /// is a result, else `*`.
    pub fn result(&self) -> Outcome {
        let tagged = || self.tag("Result").and_then(|value| Outcome::from_ascii(value).ok());
        self.outcome.or_else(tagged).unwrap_or(Outcome::Unknown)
    }

    fn store_bytes(&mut self, bytes: &[u8]) -> Range<usize> {
        let start = self.store.len();
        self.store.extend_from_slice(bytes);
        start..self.store.len()
    }
}
