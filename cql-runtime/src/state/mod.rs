//! Everything the evaluation of a query writes or works out for one game
//! ([`GameState`]): the comment log, the variables and their values, the
//! identities of the pieces, the imaginary positions the cursor stands in,
//! and what the path filter keeps.

mod imaginary;
mod path;
mod pieces;
mod value;

pub(crate) use imaginary::{Imaginary, Imagined};
pub use path::PathProgress;
pub(crate) use path::{Continuation, PathMemo, PathScratch, Reached};
pub use pieces::{PieceId, PieceIds};
pub use value::{Value, Var};

use std::{cell::OnceCell, collections::HashSet};

use shakmaty::Bitboard;

use crate::{game::Game, notes::Notes, output::Header, persistent::PersistentValues, tree::NodeId};

/// The state of a query's evaluation over one game: the comment log, the
/// variables, the identities of the pieces, and the moves being tried. Kept
/// and cleared between games, so its memory is reused.
#[derive(Debug, Default)]
pub struct GameState {
    pub(crate) notes: Notes,
    pub(crate) vars: Vec<Value>,
    pub(crate) piece_ids: PieceIds,
    /// Positions after moves that are not in the game (`legal ――(...)`),
    /// innermost last.
    pub(crate) imaginary: Vec<Imaginary>,
    /// The sides of the dash filters whose targets are being evaluated,
    /// innermost last, with the node and imaginary depth of the target's
    /// position (`from` and `to` respect them there).
    pub(crate) dash_sides: Vec<(NodeId, usize, Bitboard, Bitboard)>,
    /// The groups of the last regular expression match (`\1`): where each
    /// starts and its text, none for a group that took no part.
    pub(crate) regex_groups: Vec<Option<(usize, String)>>,
    /// The values of the query's persistent variables, from game to game
    /// (kept by [`GameState::clear`]); none before the first game.
    pub(crate) persistent: Option<PersistentValues>,
    /// The game's tags as CQL 6.2 reads them, read the first time a filter
    /// or the output needs them.
    header: OnceCell<Header>,
    /// The castling rights CQL 6.2 reads into each position's FEN, by node
    /// index (`filters/castling_kept.rs`), worked out when first asked for.
    pub(crate) castling_kept: OnceCell<Vec<u8>>,
    /// The tags `settag` set, in the order first set (the last value of
    /// each); not taken back where the position does not match, as in CQL 6.2.
    pub(crate) set_tags: Vec<(String, String)>,
    /// The positions where `removecomment` ran: their own comments are left
    /// out of the output game (not taken back where the position does not
    /// match, as in CQL 6.2).
    pub(crate) removed_comments: Vec<NodeId>,
    /// The lines `message` printed, in order.
    pub(crate) messages: Vec<String>,
    /// How far the path being matched has come or, outside a path, how far
    /// the last path that matched went.
    pub(crate) path_progress: PathProgress,
    /// The first and last positions of the path being matched (so far) or,
    /// outside a path, of the last path that matched.
    pub(crate) path_ends: Option<(NodeId, NodeId)>,
    /// For `nestban`: the positions strictly inside a path each path
    /// filter matched, as (path filter, position); a path filter is its
    /// place in [`GameState::path_filters`].
    pub(crate) path_cover: HashSet<(usize, NodeId)>,
    /// The `nestban` path filters met so far (kept from game to game): the
    /// query's path filter index and the constants of its image, as the
    /// images of a transform are filters of their own.
    pub(crate) path_filters: Vec<(usize, Vec<[u64; 2]>)>,
    /// Memory for path searches, one per path being matched at once.
    pub(crate) path_scratch: Vec<PathScratch>,
    /// The best continuations of the paths that depend only on the position.
    pub(crate) path_memos: Vec<PathMemo>,
}

impl GameState {
    /// Clears everything for the next game.
    pub fn clear(&mut self) {
        self.notes.clear();
        self.vars.clear();
        self.piece_ids.clear();
        self.imaginary.clear();
        self.dash_sides.clear();
        self.messages.clear();
        self.regex_groups.clear();
        self.header.take();
        self.castling_kept.take();
        self.set_tags.clear();
        self.removed_comments.clear();
        self.path_progress = PathProgress::default();
        self.path_ends = None;
        self.path_cover.clear();
        self.path_memos.iter_mut().for_each(PathMemo::forget);
    }

    /// The tags of `game`, the game this state is about, as CQL 6.2 reads
    /// them (what its tag filters see and what it writes).
    pub fn tag_header(&self, game: &Game) -> &Header {
        self.header.get_or_init(|| Header::of(game))
    }

    /// Sets variable `var` (the persistent variables, before a game).
    #[inline]
    pub fn set_var(&mut self, var: Var, value: Value) {
        *self.var_mut(var) = value;
    }

    /// Variable `var`, to change.
    #[inline]
    pub(crate) fn var_mut(&mut self, var: Var) -> &mut Value {
        let index = var.0 as usize;
        if self.vars.len() <= index {
            self.grow_vars(index + 1);
        }
        &mut self.vars[index]
    }

    /// Makes room for `count` variables (the first time each is set).
    #[cold]
    fn grow_vars(&mut self, count: usize) {
        self.vars.resize(count, Value::Unbound);
    }

    /// The value of variable `var`.
    #[inline]
    pub fn var(&self, var: Var) -> &Value {
        self.vars.get(var.0 as usize).unwrap_or(&Value::Unbound)
    }

    /// The comment log of the game.
    pub fn notes(&self) -> &Notes {
        &self.notes
    }

    /// The lines the game's `message` filters printed, in order.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }

    /// Takes the game's message lines, leaving none.
    pub fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }
}
