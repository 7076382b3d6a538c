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
//! Filters about moves, the current move and variables are `Cursor` methods
//! too, in `filters/`.

use shakmaty::{Board, Chess, Color, Position};

use crate::{
    eval::{EvalSettings, GameState, Imaginary, Imagined},
    filters::moves::MoveView,
    game::Game,
    notes::Mark,
    tree::{GameTree, NodeId},
};

/// The evaluation context of a query at one position of one game.
pub struct Cursor<'a> {
    game: &'a Game,
    node: NodeId,
    settings: &'a EvalSettings,
    pub(crate) state: &'a mut GameState,
}

impl<'a> Cursor<'a> {
    /// A cursor at `node` of `game`, writing to `state`.
    pub fn new(game: &'a Game, node: NodeId, settings: &'a EvalSettings, state: &'a mut GameState) -> Self {
        Cursor { game, node, settings, state }
    }

    /// The game being searched.
    pub fn game(&self) -> &'a Game {
        self.game
    }

    /// The game's tree of positions.
    pub fn tree(&self) -> &'a GameTree {
        self.game.tree()
    }

    /// The node the cursor is at (for an imaginary position: the game's
    /// position it was imagined from).
    pub fn node(&self) -> NodeId {
        self.node
    }

    /// Whether the cursor stands in an imaginary position.
    pub fn is_imaginary(&self) -> bool {
        !self.state.imaginary.is_empty()
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        match self.state.imaginary.last() {
            Some(imaginary) => &imaginary.position,
            None => self.game.tree().position(self.node),
        }
    }

    /// The board of the current position.
    pub fn board(&self) -> &Board {
        self.position().board()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Whether the side to move is checkmated.
    pub fn is_mate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// The year of the game's `[Date]` tag (`year`), if it has one.
    pub fn year(&self) -> Option<i64> {
        let date = self.game.tag("Date")?;
        let digits = date.get(..4)?;
        std::str::from_utf8(digits).ok()?.parse().ok()
    }

    /// `result R`: whether the game's `[Result]` tag is `result`.
    pub fn result_is(&self, result: &str) -> bool {
        self.game.tag("Result") == Some(result.as_bytes())
    }

    /// `initial`: whether the current position is the one the game starts
    /// from (an imaginary position is not).
    pub fn is_initial(&self) -> bool {
        !self.is_imaginary() && self.node == NodeId::ROOT
    }

    /// `mainline`: whether the current position is on the game's main line
    /// (an imaginary position is not).
    pub fn is_mainline(&self) -> bool {
        !self.is_imaginary() && self.tree().is_mainline(self.node)
    }

    /// Whether moves that start variations count (the `variations` setting):
    /// with it, every move of the game from a position is a move from it;
    /// without, only the primary one.
    pub fn variations(&self) -> bool {
        self.settings.variations
    }

    /// Whether automatically generated comments are suppressed (`quiet`).
    pub fn quiet(&self) -> bool {
        self.settings.quiet
    }

    /// The moves of the game from the current position, as the nodes they
    /// lead to: the primary move, and with `variations` the others too. None
    /// from an imaginary position.
    pub fn next_nodes(&self) -> impl Iterator<Item = NodeId> + 'a {
        let limit = match (self.is_imaginary(), self.settings.variations) {
            (true, _) => 0,
            (false, true) => usize::MAX,
            (false, false) => 1,
        };
        self.tree().children(self.node).take(limit)
    }

    /// The move into `node` (a child of some position), as the dash filter sees it.
    pub fn move_view(&self, node: NodeId) -> Option<MoveView> {
        let tree = self.tree();
        let parent = tree.node(node).parent()?;
        MoveView::of(tree.position(parent), tree.node(node).move_in())
    }

    /// The move that led to the current position (for an imaginary position,
    /// the imagined move), if any.
    pub fn current_move(&self) -> Option<MoveView> {
        match self.state.imaginary.last() {
            Some(Imaginary { step: Imagined::After(mv), .. }) => Some(*mv),
            // The move that led to a position a reverse move was played from is not known.
            Some(Imaginary { step: Imagined::Before(_), .. }) => None,
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

    /// Evaluates `f` with the cursor at `node`, then returns to where it was.
    pub fn visit<R>(&mut self, node: NodeId, f: impl FnOnce(&mut Self) -> R) -> R {
        let home = std::mem::replace(&mut self.node, node);
        let result = f(self);
        self.node = home;
        result
    }

    /// Evaluates `f` in the imaginary position `position`, reached by `mv`
    /// from the current one, then returns.
    pub fn imagine<R>(&mut self, position: Chess, mv: MoveView, f: impl FnOnce(&mut Self) -> R) -> R {
        self.state.imaginary.push(Imaginary { position, step: Imagined::After(mv) });
        let result = f(self);
        self.state.imaginary.pop();
        result
    }

    /// Evaluates `f` in the imaginary position `position`, from which `mv`
    /// leads to the current one (a reverse move), then returns.
    pub fn imagine_before<R>(&mut self, position: Chess, mv: MoveView, f: impl FnOnce(&mut Self) -> R) -> R {
        self.state.imaginary.push(Imaginary { position, step: Imagined::Before(mv) });
        let result = f(self);
        self.state.imaginary.pop();
        result
    }

    // ---------------------------------------------------------------- comments

    /// Writes a comment piece at the current position (nowhere, in an
    /// imaginary position).
    pub fn comment(&mut self, text: String) {
        if !self.is_imaginary() {
            self.state.notes.add(self.node, text);
        }
    }

    /// Writes an automatic note at `node` that names position `named`,
    /// unless the same note is already there (as CQL 6.2 writes its own
    /// notes): a position in a variation gets its own `id:N` note once, so
    /// that readers can find it.
    pub fn comment_naming(&mut self, node: NodeId, text: String, named: NodeId) {
        self.state.notes.add_once(node, text);
        if !self.tree().is_mainline(named) {
            let marker = format!("id:{}", self.tree().position_id(named));
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
            format!("game {}, {}: {text}", self.game.number(), self.position_label(self.node))
        };
        self.state.messages.push(line);
    }

    /// The current point of the comment log, see [`Cursor::rollback`].
    pub fn mark(&self) -> Mark {
        self.state.notes.mark()
    }

    /// Takes back the comments written since `mark` (for a filter that failed).
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

    /// Evaluates the body of sort filter number `sort` (query order): the
    /// value is recorded for the game's sort key, and the comments the body
    /// writes are kept only if this is the game's best value.
    pub fn sort(&mut self, sort: usize, body: impl FnOnce(&mut Self) -> Option<i64>) -> Option<i64> {
        let begun = self.state.notes.begin_sort();
        let value = body(self);
        self.state.notes.end_sort(begun, sort, value);
        value
    }
}
