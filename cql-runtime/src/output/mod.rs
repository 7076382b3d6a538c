//! Writing a matching game as PGN, the way CQL 6.2 writes it, so that the
//! outputs of the two can be compared with `diff`.
//!
//! The tags come first (see `tags.rs`), then a blank line, then the movetext
//! (see `movetext.rs`), then two blank lines.

mod comment_limits;
mod movetext;
mod san;
mod short_text;
mod tags;
mod wrap;

use std::cell::RefCell;

pub use movetext::SearchAdditions;
pub use tags::Header;

use crate::game::Game;

thread_local! {
    /// The buffers each thread writes games with, kept from game to game.
    static SCRATCH: RefCell<movetext::Scratch> = RefCell::default();
}

/// The bytes reserved for a game's text besides its moves: its tags, its
/// first comment, its result.
const RESERVED: usize = 1024;

/// The bytes reserved for each position: a move, its number (one move in
/// two), a short comment.
const RESERVED_PER_POSITION: usize = 12;

/// Appends `game`, whose tags read `header`, to `out` with the comment
/// `pieces` the search wrote (and the `first_comment_tail` pieces, such as
/// sort labels, at the end of its first comment).
pub fn write_game(
    game: &Game,
    header: &Header,
    added: &SearchAdditions<'_>,
    set_tags: &[(String, String)],
    out: &mut Vec<u8>,
) {
    // Room for most games at once, rather than growing by doubling.
    out.reserve(RESERVED + RESERVED_PER_POSITION * game.tree().len());
    tags::write_tags(game, header, set_tags, out);
    out.push(b'\n');
    SCRATCH.with_borrow_mut(|scratch| movetext::write_movetext(game, added, scratch, out));
    out.extend_from_slice(b"\n\n\n");
}
