//! The cursor: where a query is being evaluated, and what it may do there.
//!
//! Generated code receives a `&mut Cursor` for the position it evaluates. It
//! reads the position, moves the cursor through the game tree (to the position
//! after a move, for a dash filter's target or a path), and writes comments.
//! It can also stand in an imaginary position, one that is not in the game:
//! reached by a move the game does not play (`legal ――(target)`), or one a
//! reverse move was played from (`move legal reverse`). There nothing of the
//! game follows, and comments go nowhere.
//!
//! This file is what the cursor is: where it stands and how it moves. The
//! filters are `Cursor` methods too, one family to a file in `filters/`.

use shakmaty::{Board, Position};

use crate::{
    game::Game,
    move_view::MoveView,
    position::GamePosition,
    settings::EvalSettings,
    state::{GameState, Imaginary, Imagined},
    stop,
    tree::{GameTree, NodeId},
};

/// The evaluation context of a query at one position of one game.
pub struct Cursor<'a> {
    game: &'a Game,
    node: NodeId,
    /// The game's positions, by node index (read at nearly every step of
    /// a query's evaluation, so kept at hand).
    positions: &'a [GamePosition],
    settings: &'a EvalSettings,
    pub(crate) state: &'a mut GameState,
}

impl<'a> Cursor<'a> {
    /// A cursor at `node` of `game`, writing to `state`.
    #[inline]
    pub fn new(game: &'a Game, node: NodeId, settings: &'a EvalSettings, state: &'a mut GameState) -> Self {
        Cursor { game, node, positions: game.tree().positions(), settings, state }
    }

    /// The game being searched.
    #[inline]
    pub fn game(&self) -> &'a Game {
        self.game
    }

    /// The game's tree of positions.
    #[inline]
    pub fn tree(&self) -> &'a GameTree {
        self.game.tree()
    }

    /// The node the cursor is at (for an imaginary position: the game's
    /// position it was imagined from).
    #[inline]
    pub fn node(&self) -> NodeId {
        self.node
    }

    /// Whether the cursor stands in an imaginary position.
    #[inline]
    pub fn is_imaginary(&self) -> bool {
        !self.state.imaginary.is_empty()
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &GamePosition {
        match self.state.imaginary.last() {
            Some(imaginary) => &imaginary.position,
            None => &self.positions[self.node.index()],
        }
    }

    /// The board of the current position.
    #[inline]
    pub fn board(&self) -> &Board {
        self.position().board()
    }

    /// Whether moves that start variations count (the `variations` setting):
    /// with it, every move of the game from a position is a move from it;
    /// without, only the primary one.
    #[inline]
    pub fn variations(&self) -> bool {
        self.settings.variations
    }

    /// Whether automatically generated comments are suppressed (`quiet`).
    #[inline]
    pub fn quiet(&self) -> bool {
        self.settings.quiet
    }

    /// `lastgamenumber`: the number of games of the input as CQL 6.2
    /// estimates it, or the last game number searched if smaller (see
    /// [`EvalSettings::with_last_game_number`](crate::EvalSettings::with_last_game_number)).
    pub fn last_game_number(&self) -> Option<i64> {
        self.settings.last_game_number
    }

    /// The moves of the game from the current position, as the nodes they
    /// lead to: the primary move, and with `variations` the others too. None
    /// from an imaginary position.
    #[inline]
    pub fn next_nodes(&self) -> impl Iterator<Item = NodeId> + use<'a> {
        let limit = match (self.is_imaginary(), self.variations()) {
            (true, _) => 0,
            (false, true) => usize::MAX,
            (false, false) => 1,
        };
        self.tree().children(self.node).take(limit)
    }

    /// The move into `node` (a child of some position), as the filters see it.
    #[inline]
    pub fn move_view(&self, node: NodeId) -> Option<MoveView> {
        self.tree().move_view(node)
    }

    /// The move that led to the current position (for an imaginary position,
    /// the imagined move), if any.
    pub fn current_move(&self) -> Option<MoveView> {
        match self.state.imaginary.last() {
            Some(Imaginary { step: Imagined::After(mv), .. }) => Some(*mv),
            // In the target of a speculative reverse move filter, its move.
            Some(Imaginary { step: Imagined::Before(mv), speculative: true, .. }) => Some(*mv),
            // The move that led to a position a reverse move was played from is not known.
            Some(Imaginary { step: Imagined::Before(_) | Imagined::Changed, .. }) => None,
            None => self.move_view(self.node),
        }
    }

    /// How CQL names position `node` in a comment: `move 13(btm)`, with the
    /// position's id in brackets if it is inside a variation (`move 3(wtm)[16]`).
    pub fn position_label(&self, node: NodeId) -> String {
        let tree = self.tree();
        let (number, turn) = tree.move_number(node);
        let side = if turn.is_white() { "wtm" } else { "btm" };
        if tree.is_mainline(node) {
            format!("move {number}({side})")
        } else {
            format!("move {number}({side})[{}]", tree.position_id(node))
        }
    }

    /// The note `id:N` CQL writes at a position inside a variation that a
    /// comment names, so that readers can find it (none on the main line).
    pub fn variation_marker(&self, node: NodeId) -> Option<String> {
        let tree = self.tree();
        (!tree.is_mainline(node)).then(|| format!("id:{}", tree.position_id(node)))
    }

    /// Evaluates `f` with the cursor at `node`, then returns to where it was.
    #[inline]
    pub fn visit<R>(&mut self, node: NodeId, f: impl FnOnce(&mut Self) -> R) -> R {
        stop::checkpoint();
        let home = std::mem::replace(&mut self.node, node);
        let result = f(self);
        self.node = home;
        result
    }

    /// Evaluates `f` in the imaginary position `position`, reached by `mv`
    /// from the current one, then returns.
    pub fn imagine<R>(&mut self, position: GamePosition, mv: MoveView, f: impl FnOnce(&mut Self) -> R) -> R {
        stop::checkpoint();
        self.state.imaginary.push(Imaginary { position, step: Imagined::After(mv), speculative: false });
        let result = f(self);
        self.state.imaginary.pop();
        result
    }

    /// Evaluates `f` in the imaginary position `position`, from which `mv`
    /// leads to the current one (a reverse move), then returns.
    pub fn imagine_before<R>(&mut self, position: GamePosition, mv: MoveView, f: impl FnOnce(&mut Self) -> R) -> R {
        self.imagine_retraction(position, mv, false, f)
    }

    /// Evaluates `f` in the imaginary position `position`, from which `mv`
    /// leads to the current one, as the target of a speculative reverse move
    /// filter (`speculative`: there `move previous` is `mv`), then returns.
    pub fn imagine_retraction<R>(
        &mut self,
        position: GamePosition,
        mv: MoveView,
        speculative: bool,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        stop::checkpoint();
        self.state.imaginary.push(Imaginary { position, step: Imagined::Before(mv), speculative });
        let result = f(self);
        self.state.imaginary.pop();
        result
    }
}
