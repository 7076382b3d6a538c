//! Variables: assigning and reading them, and the pieces piece variables
//! follow. A variable keeps its value from one position of a game to the
//! next; every game starts with all variables unbound.

use shakmaty::{Bitboard, Square};

use crate::{
    cursor::Cursor,
    filters::sets::format_set,
    state::{Imagined, PieceId, Value, Var},
    tree::NodeId,
};

impl Cursor<'_> {
    /// `x = value`.
    pub fn assign(&mut self, var: Var, value: Value) {
        let index = var.0 as usize;
        if self.state.vars.len() <= index {
            self.state.vars.resize(index + 1, Value::Unbound);
        }
        self.state.vars[index] = value;
    }

    /// The value of `var`.
    pub fn value(&self, var: Var) -> &Value {
        self.state.vars.get(var.0 as usize).unwrap_or(&Value::Unbound)
    }

    /// `x = n` for a numeric variable: assigns and matches if `value` has a
    /// value, else leaves the variable as it was and fails.
    pub fn assign_number(&mut self, var: Var, value: Option<i64>) -> Option<i64> {
        let n = value?;
        self.assign(var, Value::Number(n));
        Some(n)
    }

    /// `◭x = S`: binds `var` to the piece on the one occupied square of `S`;
    /// fails (leaving `var` as it was) unless there is exactly one.
    pub fn assign_piece(&mut self, var: Var, squares: Bitboard) -> bool {
        let Some(square) = (squares & self.board().occupied()).single_square() else {
            return false;
        };
        match self.piece_on(square) {
            Some(id) => {
                self.assign(var, Value::Piece(id));
                true
            }
            None => false,
        }
    }

    /// A variable read as a set: a set variable's squares, a piece
    /// variable's square now (empty once the piece is captured), else empty.
    pub fn set_of(&self, var: Var) -> Bitboard {
        match self.value(var) {
            Value::Set(squares) => *squares,
            Value::Piece(id) => self.square_of(*id),
            _ => Bitboard::EMPTY,
        }
    }

    /// `x = P` for a position variable: assigns and matches if there is a
    /// position, else leaves the variable as it was and fails.
    pub fn assign_position(&mut self, var: Var, position: Option<NodeId>) -> Option<NodeId> {
        let node = position?;
        self.assign(var, Value::Position(node));
        Some(node)
    }

    /// A position variable's value.
    pub fn position_of(&self, var: Var) -> Option<NodeId> {
        match self.value(var) {
            Value::Position(node) => Some(*node),
            _ => None,
        }
    }

    /// A numeric variable's value.
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

    /// The identity of the piece on `square` now.
    pub(crate) fn piece_on(&mut self, square: Square) -> Option<PieceId> {
        self.state.piece_ids.ensure(self.game().tree());
        // Follow the imagined moves back: which square held the piece at the node?
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
            }
        }
        self.state.piece_ids.at(self.node(), at)
    }

    /// The square of piece `id` now (empty if it is gone).
    fn square_of(&self, id: PieceId) -> Bitboard {
        let mut squares = self.state.piece_ids.square_of(self.node(), id);
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
            }
        }
        squares
    }
}
