//! Variables: assigning and reading them, the pieces piece variables
//! follow, and the iterations over squares and pieces (`x∊S`, `∀x∊S`,
//! `◭x∊S`, `∀◭x∊S`). A variable keeps its value from one position of a game
//! to the next; every game starts with all variables unbound.

use shakmaty::{Bitboard, Square};

use crate::{
    cursor::Cursor,
    filters::{
        numbers::{Arithmetic, arithmetic},
        sets::format_set,
    },
    state::{Imagined, PieceId, Value, Var},
    stop,
    tree::NodeId,
};

impl Cursor<'_> {
    /// `x = value`.
    #[inline]
    pub fn assign(&mut self, var: Var, value: Value) {
        self.state.set_var(var, value);
    }

    /// The value of `var`.
    #[inline]
    pub fn value(&self, var: Var) -> &Value {
        self.state.var(var)
    }

    /// `x = n` for a numeric variable: assigns and matches if `value` has a
    /// value, else leaves the variable as it was and fails.
    #[inline]
    pub fn assign_number(&mut self, var: Var, value: Option<i64>) -> Option<i64> {
        let n = value?;
        self.assign(var, Value::Number(n));
        Some(n)
    }

    /// The values of the `atomic` variables `vars` (none if none), for
    /// [`Cursor::restore_atomic_values`].
    /// (A path asks at each move it tries; most queries have none, and
    /// then nothing is collected.)
    #[inline]
    pub(crate) fn atomic_values(&self, vars: &[Var]) -> Vec<Value> {
        if vars.is_empty() {
            return Vec::new();
        }
        vars.iter().map(|&var| self.value(var).clone()).collect()
    }

    /// Gives the `atomic` variables `vars` back the `values` they had.
    #[inline]
    pub(crate) fn restore_atomic_values(&mut self, vars: &[Var], values: Vec<Value>) {
        if values.capacity() == 0 {
            // Nothing was collected: there is nothing to free, and dropping
            // the empty vector would be a call at every move a path tries.
            std::mem::forget(values);
            return;
        }
        for (&var, value) in vars.iter().zip(values) {
            self.assign(var, value);
        }
    }

    /// `x += n` and the like for a numeric variable: assigns `x op n` and
    /// matches if that has a value (else leaves the variable as it was).
    pub fn update_number(&mut self, var: Var, op: Arithmetic, value: Option<i64>) -> bool {
        let value = arithmetic(self.number_of(var), op, value);
        self.assign_number(var, value).is_some()
    }

    /// `◭x = S`: binds `var` to the piece on the one occupied square of `S`;
    /// fails (leaving `var` as it was) unless there is exactly one.
    #[inline]
    pub fn assign_piece(&mut self, var: Var, squares: Bitboard) -> bool {
        let Some(square) = (squares & self.board().occupied()).single_square() else {
            return false;
        };
        let Some(id) = self.piece_on(square) else { return false };
        // A loop over pieces sets the same variable again and again: only
        // its piece changes (copying a whole value, built on the stack, was
        // a fifth of such a loop).
        match self.state.var_mut(var) {
            Value::Piece(piece) => *piece = id,
            other => *other = Value::Piece(id),
        }
        true
    }

    /// A variable read as a set: a set variable's squares, a piece
    /// variable's square now (empty once the piece is captured), else empty.
    #[inline]
    pub fn set_of(&self, var: Var) -> Bitboard {
        match self.value(var) {
            Value::Set(squares) => *squares,
            Value::Piece(id) => self.square_of(*id),
            _ => Bitboard::EMPTY,
        }
    }

    /// A set variable's squares (empty while it has no value). What
    /// [`Cursor::set_of`] reads of a variable that holds no piece, without
    /// the look-up of a piece's square inlined where it is read.
    #[inline]
    pub fn squares_of(&self, var: Var) -> Bitboard {
        match self.value(var) {
            Value::Set(squares) => *squares,
            _ => Bitboard::EMPTY,
        }
    }

    /// `x = P` for a position variable: assigns and matches if there is a
    /// position, else leaves the variable as it was and fails.
    #[inline]
    pub fn assign_position(&mut self, var: Var, position: Option<NodeId>) -> Option<NodeId> {
        let node = position?;
        self.assign(var, Value::Position(node));
        Some(node)
    }

    /// A position variable's value.
    #[inline]
    pub fn position_of(&self, var: Var) -> Option<NodeId> {
        match self.value(var) {
            Value::Position(node) => Some(*node),
            _ => None,
        }
    }

    /// A numeric variable's value.
    #[inline]
    pub fn number_of(&self, var: Var) -> Option<i64> {
        match self.value(var) {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// How a comment prints a piece variable: the piece's letter (upper case
    /// for white) and square, `Rd8`; just the square if it was captured.
    pub fn format_piece(&self, var: Var) -> String {
        let squares = self.set_of(var);
        match squares.single_square().and_then(|square| self.board().piece_at(square).map(|p| (square, p))) {
            Some((square, piece)) => format!("{}{square}", piece.char()),
            None => format_set(squares),
        }
    }

    /// `x∊S body`: assigns each square of `squares` in turn (in square
    /// order) to the set variable `var` and evaluates `body`; the squares
    /// where it held. A body that may comment takes back its own comments
    /// where it fails (the code generator wraps it in [`Cursor::attempt`]).
    #[inline]
    pub fn squares_where(&mut self, var: Var, squares: Bitboard, mut body: impl FnMut(&mut Self) -> bool) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for square in squares {
            stop::checkpoint();
            self.assign(var, Value::Set(Bitboard::from_square(square)));
            if body(self) {
                found.add(square);
            }
        }
        found
    }

    /// `∀x∊S body`: assigns each square of `squares` in turn to the set
    /// variable `var` and evaluates `body`, stopping at the first square
    /// where it fails; whether it held on all.
    #[inline]
    pub fn every_square(&mut self, var: Var, squares: Bitboard, mut body: impl FnMut(&mut Self) -> bool) -> bool {
        squares.into_iter().all(|square| {
            stop::checkpoint();
            self.assign(var, Value::Set(Bitboard::from_square(square)));
            body(self)
        })
    }

    /// `◭x∊S body`: binds the piece variable `var` to the piece on each
    /// occupied square of `squares` in turn and evaluates `body`; the squares
    /// where it held. A body that may comment takes back its own comments
    /// where it fails, as for [`Cursor::squares_where`].
    #[inline]
    pub fn pieces_where(&mut self, var: Var, squares: Bitboard, mut body: impl FnMut(&mut Self) -> bool) -> Bitboard {
        let squares = squares & self.board().occupied();
        let mut found = Bitboard::EMPTY;
        for square in squares {
            stop::checkpoint();
            if self.assign_piece(var, Bitboard::from_square(square)) && body(self) {
                found.add(square);
            }
        }
        found
    }

    /// [`Cursor::pieces_where`] for a body that begins by asking for a move
    /// of the game from the piece's square (`◭T∊♕♖♗ {T―― ...}`): the body
    /// is tried only for the pieces on [`Cursor::game_move_origins`], since
    /// for the others it fails at once and writes nothing. The variable is
    /// left bound to the last piece of `squares`, as the whole loop leaves it.
    pub fn moving_pieces_where(
        &mut self,
        var: Var,
        squares: Bitboard,
        body: impl FnMut(&mut Self) -> bool,
    ) -> Bitboard {
        let squares = squares & self.board().occupied();
        let moving = squares & self.game_move_origins();
        let found = self.pieces_where(var, moving, body);
        if let Some(last) = squares.last().filter(|&last| !moving.contains(last)) {
            self.assign_piece(var, Bitboard::from_square(last));
        }
        found
    }

    /// [`Cursor::squares_where`] for a body that begins by asking for a move
    /// of the game from the square (`x∊▦ {x―― ...}`): see
    /// [`Cursor::moving_pieces_where`].
    pub fn moving_squares_where(
        &mut self,
        var: Var,
        squares: Bitboard,
        body: impl FnMut(&mut Self) -> bool,
    ) -> Bitboard {
        let moving = squares & self.game_move_origins();
        let found = self.squares_where(var, moving, body);
        if let Some(last) = squares.last().filter(|&last| !moving.contains(last)) {
            self.assign(var, Value::Set(Bitboard::from_square(last)));
        }
        found
    }

    /// `∀◭x∊S body`: binds the piece variable `var` to the piece on each
    /// occupied square of `squares` in turn and evaluates `body`, stopping at
    /// the first piece where it fails; whether it held for all.
    #[inline]
    pub fn every_piece(&mut self, var: Var, squares: Bitboard, mut body: impl FnMut(&mut Self) -> bool) -> bool {
        let squares = squares & self.board().occupied();
        squares.into_iter().all(|square| {
            stop::checkpoint();
            self.assign_piece(var, Bitboard::from_square(square)) && body(self)
        })
    }

    /// The identity of the piece on `square` now.
    #[inline]
    pub(crate) fn piece_on(&mut self, square: Square) -> Option<PieceId> {
        self.state.piece_ids.ensure(self.game().tree());
        let at = if self.state.imaginary.is_empty() { square } else { self.square_before_imagined(square)? };
        self.state.piece_ids.at(self.node(), at)
    }

    /// The square at the game's position of the piece on `square` in the
    /// imagined position, following the imagined moves back; none if an
    /// imagined retraction put it there from nowhere (it was captured).
    fn square_before_imagined(&self, square: Square) -> Option<Square> {
        let mut at = square;
        for imaginary in self.state.imaginary.iter().rev() {
            match imaginary.step {
                Imagined::After(mv) => {
                    if mv.to == at {
                        at = mv.from;
                    } else if let Some((rook_from, _)) = mv.rook.filter(|(_, rook_to)| *rook_to == at) {
                        at = rook_from;
                    }
                }
                Imagined::Before(mv) => {
                    if mv.from == at {
                        at = mv.to;
                    } else if let Some((_, rook_to)) = mv.rook.filter(|(rook_from, _)| *rook_from == at) {
                        at = rook_to;
                    } else if mv.captured == Some(at) {
                        // The piece the move took is gone in the outer position.
                        return None;
                    }
                }
                // Pieces keep their identities where `imagine` changes squares.
                Imagined::Changed => {}
            }
        }
        Some(at)
    }

    /// The square of piece `id` now (empty if it is gone).
    #[inline]
    fn square_of(&self, id: PieceId) -> Bitboard {
        let squares = self.state.piece_ids.square_of(self.node(), id);
        if self.state.imaginary.is_empty() { squares } else { self.square_in_imagined(squares) }
    }

    /// Where the piece on `squares` (one square, or none) at the game's
    /// position is in the imagined one, following the imagined moves.
    fn square_in_imagined(&self, mut squares: Bitboard) -> Bitboard {
        for imaginary in &self.state.imaginary {
            let Some(square) = squares.single_square() else { break };
            match imaginary.step {
                Imagined::After(mv) => {
                    if mv.captured == Some(square) && mv.from != square {
                        squares = Bitboard::EMPTY;
                    } else if mv.from == square {
                        squares = Bitboard::from_square(mv.to);
                    } else if let Some((_, rook_to)) = mv.rook.filter(|(rook_from, _)| *rook_from == square) {
                        squares = Bitboard::from_square(rook_to);
                    }
                }
                Imagined::Before(mv) => {
                    if mv.to == square {
                        squares = Bitboard::from_square(mv.from);
                    } else if let Some((rook_from, _)) = mv.rook.filter(|(_, rook_to)| *rook_to == square) {
                        squares = Bitboard::from_square(rook_from);
                    }
                }
                Imagined::Changed => {}
            }
        }
        squares
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Rank, Square};

    use super::*;
    use crate::{
        filters::candidates::MoveSource,
        filters::squares,
        game::Game,
        pgn::{GameParser, RawGame},
        settings::EvalSettings,
        state::GameState,
    };

    const X: Var = Var(0);

    /// The game of `movetext`.
    fn game(movetext: &str) -> Game {
        let mut game = Game::default();
        let raw = RawGame::new(1, 1, movetext.as_bytes());
        GameParser::default().parse(&raw, &mut game).expect("a game");
        game
    }

    /// Runs `f` with a cursor at the start of `game`; returns its result and
    /// the texts of the comments that stay.
    fn at_start<R>(game: &Game, f: impl FnOnce(&mut Cursor<'_>) -> R) -> (R, Vec<String>) {
        let settings = EvalSettings::default();
        let mut state = GameState::default();
        let result = f(&mut Cursor::new(game, NodeId::ROOT, &settings, &mut state));
        let comments = state.notes().resolve(&[], "").pieces.into_iter().map(|(_, text)| text.to_owned()).collect();
        (result, comments)
    }

    /// A body that comments the square of `X` and holds where it is occupied.
    fn occupied_with_comment(at: &mut Cursor<'_>) -> bool {
        let square = at.set_of(X);
        at.comment(format_set(square));
        at.board().occupied().intersects(square)
    }

    #[test]
    fn squares_where_keeps_the_squares_and_comments_where_the_body_held() {
        let game = game("1.e4 *");
        let (found, comments) = at_start(&game, |at| {
            at.squares_where(X, squares(&["a1", "e4", "e1"]), |at| at.attempt(occupied_with_comment))
        });
        assert_eq!(found, squares(&["a1", "e1"]));
        assert_eq!(comments, ["a1", "e1"], "e4's comment is taken back");
        assert_eq!(at_start(&game, |at| at.squares_where(X, Bitboard::EMPTY, |_| true)).0, Bitboard::EMPTY);
    }

    #[test]
    fn every_square_stops_at_the_first_failure_and_keeps_its_comments() {
        let game = game("1.e4 *");
        let (all, comments) =
            at_start(&game, |at| at.every_square(X, squares(&["a1", "e4", "h4"]), occupied_with_comment));
        assert!(!all);
        assert_eq!(comments, ["a1", "e4"], "in square order; no h4: it stopped at e4");
        let (all, _) = at_start(&game, |at| at.every_square(X, squares(&["a1", "e1"]), occupied_with_comment));
        assert!(all);
        assert!(at_start(&game, |at| at.every_square(X, Bitboard::EMPTY, |_| false)).0);
    }

    /// A body that first asks for a move of the game from `X`'s square
    /// (`X――`), then comments it and holds on the first four ranks.
    fn moving_from_x(at: &mut Cursor<'_>) -> bool {
        let from = at.set_of(X);
        at.has_move(MoveSource::Game, |candidate| candidate.view.goes(from, Bitboard::FULL)) && {
            at.comment(format_set(at.set_of(X)));
            from.intersects(Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth))
        }
    }

    #[test]
    fn a_loop_over_the_moving_pieces_finds_and_leaves_what_the_whole_loop_does() {
        // Castling (the rook's square too), captures, a promotion, an en
        // passant capture, in the main line and in variations.
        let game = game(
            "1.e4 d5 2.exd5 c5 3.dxc6 Nf6 (3...Qxd5 4.Nc3) 4.cxb7 Bg4 5.bxa8=Q Nc6 6.Nf3 e6 7.Be2 Bb4 8.O-O O-O *",
        );
        let settings = EvalSettings { variations: true, ..EvalSettings::default() };
        let mut castled = false;
        for node in game.tree().ids() {
            let run = |moving: bool| {
                let mut state = GameState::default();
                let mut at = Cursor::new(&game, node, &settings, &mut state);
                let found = if moving {
                    at.moving_pieces_where(X, Bitboard::FULL, moving_from_x)
                } else {
                    at.pieces_where(X, Bitboard::FULL, moving_from_x)
                };
                let (left, origins) = (at.set_of(X), at.game_move_origins());
                let comments: Vec<String> =
                    state.notes().resolve(&[], "").pieces.into_iter().map(|(_, text)| text.to_owned()).collect();
                (found, left, comments, origins)
            };
            let (whole, narrowed) = (run(false), run(true));
            assert_eq!(whole.0, narrowed.0, "found at node {node:?}");
            assert_eq!(whole.1, narrowed.1, "X is left on the last piece at node {node:?}");
            assert_eq!(whole.2, narrowed.2, "comments at node {node:?}");
            castled |= whole.3.count() == 2 && whole.3.contains(Square::H1);
            let squares = |at: &mut Cursor<'_>| {
                let found = at.moving_squares_where(X, Bitboard::FULL, moving_from_x);
                (found, at.set_of(X))
            };
            let whole_squares = |at: &mut Cursor<'_>| {
                let found = at.squares_where(X, Bitboard::FULL, moving_from_x);
                (found, at.set_of(X))
            };
            let mut state = GameState::default();
            let narrowed = squares(&mut Cursor::new(&game, node, &settings, &mut state));
            let mut state = GameState::default();
            assert_eq!(whole_squares(&mut Cursor::new(&game, node, &settings, &mut state)), narrowed);
        }
        assert!(castled, "before 8.O-O the moves leave e1 and h1");
    }

    #[test]
    fn pieces_where_binds_the_pieces_on_occupied_squares_only() {
        let game = game("1.e4 *");
        let mut visited = Vec::new();
        let (found, comments) = at_start(&game, |at| {
            at.pieces_where(X, squares(&["e1", "e4", "d8"]), |at| {
                at.attempt(|at| {
                    let square = at.set_of(X);
                    visited.push(format_set(square));
                    at.comment(at.format_piece(X));
                    square.intersects(Bitboard::from_rank(Rank::First))
                })
            })
        });
        assert_eq!(visited, ["e1", "d8"], "e4 is empty at the start");
        assert_eq!(found, squares(&["e1"]));
        assert_eq!(comments, ["Ke1"], "the body, in an attempt, takes back d8's comment");
    }

    #[test]
    fn every_piece_stops_at_the_first_piece_the_body_fails_for() {
        let game = game("1.e4 *");
        let mut visited = 0;
        let (all, _) = at_start(&game, |at| {
            at.every_piece(X, squares(&["a2", "b7", "c7"]), |at| {
                visited += 1;
                at.set_of(X).intersects(Bitboard::from_rank(Rank::Second))
            })
        });
        assert!(!all);
        assert_eq!(visited, 2, "a2 holds, b7 fails, c7 is not tried");
        let (all, _) = at_start(&game, |at| at.every_piece(X, squares(&["a2", "c2", "e4"]), |at| at.set_of(X).any()));
        assert!(all, "e4 is empty and so not a piece");
    }

    /// The four helpers give what generated code computed inline before
    /// them (`cqlc`'s `for_each`), values and comments, at every position.
    #[test]
    fn the_helpers_do_what_generated_code_did_inline() {
        let game = game("1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.Nf3 Nf6 5.Bc4 e6 6.O-O *");
        let body = |at: &mut Cursor<'_>| {
            at.comment(at.format_piece(X));
            at.set_of(X).intersects(at.board().by_color(shakmaty::Color::White) | squares(&["d5"]))
        };
        let over = squares(&["a1", "c3", "d5", "d8", "e1", "e4", "f6", "g1", "h8"]);
        let settings = EvalSettings::default();
        for node in game.tree().mainline() {
            let run = |f: &dyn Fn(&mut Cursor<'_>) -> (Bitboard, bool)| {
                let mut state = GameState::default();
                let value = f(&mut Cursor::new(&game, node, &settings, &mut state));
                (
                    value,
                    state
                        .notes()
                        .resolve(&[], "")
                        .pieces
                        .into_iter()
                        .map(|(node, text)| (node, text.to_owned()))
                        .collect::<Vec<_>>(),
                )
            };
            let helpers = run(&|at| (at.squares_where(X, over, body), at.every_square(X, over, body)));
            let inline = run(&|at| {
                let mut found = Bitboard::EMPTY;
                for square in over {
                    let bound = {
                        at.assign(X, Value::Set(Bitboard::from_square(square)));
                        true
                    };
                    if bound && body(at) {
                        found.add(square);
                    }
                }
                let all = over.into_iter().all(|square| {
                    let bound = {
                        at.assign(X, Value::Set(Bitboard::from_square(square)));
                        true
                    };
                    bound && body(at)
                });
                (found, all)
            });
            assert_eq!(helpers, inline, "squares at {node:?}");
            let helpers = run(&|at| (at.pieces_where(X, over, body), at.every_piece(X, over, body)));
            let inline = run(&|at| {
                let squares = over & at.board().occupied();
                let mut found = Bitboard::EMPTY;
                for square in squares {
                    if at.assign_piece(X, Bitboard::from_square(square)) && body(at) {
                        found.add(square);
                    }
                }
                let squares = over & at.board().occupied();
                let all =
                    squares.into_iter().all(|square| at.assign_piece(X, Bitboard::from_square(square)) && body(at));
                (found, all)
            });
            assert_eq!(helpers, inline, "pieces at {node:?}");
        }
    }
}
