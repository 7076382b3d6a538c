//! Evaluating a query on one game: at every position searched, keeping the
//! comments of the positions that match.

mod pieces;
mod state;
mod value;

pub use pieces::{PieceId, PieceIds};
pub use state::GameState;
pub(crate) use state::{Imaginary, Imagined};
pub use value::{Value, Var};

use crate::{
    cursor::Cursor,
    game::Game,
    query::{Header, Query},
    tree::NodeId,
};

/// How the positions of a game are searched and annotated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalSettings {
    /// Search positions in variations too.
    pub variations: bool,
    /// A game matches when this many of its positions match (at least the
    /// first, at most the second).
    pub matchcount: (u64, u64),
    /// The comment at each matching position; empty for none.
    pub matchstring: String,
    /// No automatically generated comments (match string, path notes).
    pub quiet: bool,
    /// No comments from the search at all.
    pub silent: bool,
}

impl Default for EvalSettings {
    fn default() -> Self {
        EvalSettings::from_header(&Header::default())
    }
}

impl EvalSettings {
    /// The settings a query's header asks for.
    pub fn from_header(header: &Header) -> Self {
        EvalSettings {
            variations: header.variations,
            matchcount: header.matchcount.unwrap_or((1, u64::MAX)),
            matchstring: header.matchstring.unwrap_or("CQL").to_owned(),
            quiet: header.quiet,
            silent: header.silent,
        }
    }
}

/// Evaluates `query` at each position of `game` (the main line, or every
/// position with `variations`), depth first, and records in `state` the
/// matching positions and the comments written there. Returns whether the
/// game matches: whether the number of matching positions is in the
/// `matchcount` range.
pub fn evaluate_game<Q: Query + ?Sized>(
    query: &Q,
    game: &Game,
    settings: &EvalSettings,
    state: &mut GameState,
) -> bool {
    state.clear();
    let tree = game.tree();
    let positions: Box<dyn Iterator<Item = NodeId>> =
        if settings.variations { Box::new(tree.preorder().into_iter()) } else { Box::new(tree.mainline()) };
    for node in positions {
        let mark = state.notes.mark();
        let matched = query.matches(&mut Cursor::new(game, node, settings, state));
        let notes = &mut state.notes;
        if matched {
            notes.record_match(node, !settings.quiet && !settings.matchstring.is_empty());
        } else {
            notes.rollback(mark);
        }
    }
    let (least, most) = settings.matchcount;
    let found = state.notes.matches().len() as u64;
    found >= least && found <= most
}
