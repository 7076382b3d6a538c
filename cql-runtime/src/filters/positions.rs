//! Positions as values: `parent`, `currentposition` (`∙`),
//! `initialposition`, `pathstart`, `pathlastposition`, and `P:F`, which
//! evaluates F at position P.
//!
//! A position value is a position of the game tree. Imaginary positions
//! (after a move the game does not play, or before a reverse move) are not:
//! `∙` has no value there, and `parent` of a position imagined one move
//! after a game position is that game position.

use shakmaty::{Bitboard, Board, Position, Role};

use crate::{cursor::Cursor, state::Imagined, tree::NodeId};

impl Cursor<'_> {
    /// `currentposition` / `∙`: the current position, if it is in the game.
    #[inline]
    pub fn current_position(&self) -> Option<NodeId> {
        (!self.is_imaginary()).then_some(self.node())
    }

    /// `initialposition`: the position the game starts from.
    #[inline]
    pub fn initial_position(&self) -> Option<NodeId> {
        Some(NodeId::ROOT)
    }

    /// `parent`: the position before the current move (none at the start).
    #[inline]
    pub fn parent_position(&self) -> Option<NodeId> {
        match self.state.imaginary.as_slice() {
            [] => self.tree().node(self.node()).parent(),
            [only] if matches!(only.step, Imagined::After(_)) => Some(self.node()),
            _ => None,
        }
    }

    /// `pathstart`: where the path being matched starts or, outside a path,
    /// where the last path that matched started.
    pub fn path_start(&self) -> Option<NodeId> {
        self.state.path_ends.map(|(start, _)| start)
    }

    /// `pathlastposition`: the position after the last move of the path
    /// being matched so far or, outside a path, of the last path that matched.
    pub fn path_last_position(&self) -> Option<NodeId> {
        self.state.path_ends.map(|(_, last)| last)
    }
}

// The functions below take a position value first and the cursor last, so
// that generated code can compute the value with the cursor (a path with
// `lastposition` moves it) before lending the cursor again.

/// `P:F`: evaluates `f` with the cursor at game position `node`, then
/// returns it to where it was; where there is no such position, F does
/// not match.
#[inline]
pub fn at_position<'a, R: NoMatch>(
    node: Option<NodeId>,
    at: &mut Cursor<'a>,
    f: impl FnOnce(&mut Cursor<'a>) -> R,
) -> R {
    let Some(node) = node else { return R::NO_MATCH };
    // At a game position (nearly always) there is no imagined one to set
    // aside.
    if at.state.imaginary.is_empty() {
        return at.visit(node, f);
    }
    at_position_from_imagined(node, at, f)
}

/// [`at_position`] from an imagined position, which is set aside meanwhile.
#[cold]
#[inline(never)]
fn at_position_from_imagined<'a, R>(node: NodeId, at: &mut Cursor<'a>, f: impl FnOnce(&mut Cursor<'a>) -> R) -> R {
    let imaginary = std::mem::take(&mut at.state.imaginary);
    let result = at.visit(node, f);
    at.state.imaginary = imaginary;
    result
}

/// The value of a filter that does not match, in the Rust type of its CQL
/// type: false, the empty set, or none.
pub trait NoMatch {
    /// That value.
    const NO_MATCH: Self;
}

impl NoMatch for bool {
    const NO_MATCH: bool = false;
}

impl NoMatch for Bitboard {
    const NO_MATCH: Bitboard = Bitboard::EMPTY;
}

impl<T> NoMatch for Option<T> {
    const NO_MATCH: Option<T> = None;
}

/// A position as a number for comparing positions: CQL's position id (the
/// order of the positions in the game, the main continuation's whole
/// subtree first).
#[inline]
pub fn position_number(node: Option<NodeId>, at: &Cursor<'_>) -> Option<i64> {
    node.map(|node| at.tree().position_id(node) as i64)
}

/// How a comment prints a position: as CQL names positions in its own
/// comments (`move 13(btm)`, `move 3(wtm)[16]` in a variation, where the
/// position itself then gets the note `id:16`, once, so that readers can
/// find it); nothing if there is no position.
pub fn format_position(node: Option<NodeId>, at: &mut Cursor<'_>) -> String {
    let Some(node) = node else { return String::new() };
    if !at.is_imaginary()
        && let Some(marker) = at.variation_marker(node)
    {
        at.state.notes.add_once(node, marker);
    }
    at.position_label(node)
}

/// `P ∩ Q` of two positions: the squares on which both have the same piece
/// or are both empty (none if either position is missing).
pub fn common_squares(left: Option<NodeId>, right: Option<NodeId>, at: &Cursor<'_>) -> Bitboard {
    let (Some(left), Some(right)) = (left, right) else { return Bitboard::EMPTY };
    let (left, right) = (at.tree().position(left).board(), at.tree().position(right).board());
    same_squares(left, right)
}

/// The squares on which two boards have the same piece, or are both empty.
pub fn same_squares(left: &Board, right: &Board) -> Bitboard {
    let empty = !(left.occupied() | right.occupied());
    let same_color = (left.white() & right.white()) | (left.black() & right.black());
    let same_role =
        Role::ALL.into_iter().fold(Bitboard::EMPTY, |same, role| same | (left.by_role(role) & right.by_role(role)));
    empty | (same_color & same_role)
}
