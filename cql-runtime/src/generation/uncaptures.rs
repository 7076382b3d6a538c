//! The previous positions of one retracted move, taking nothing or each piece
//! type on its arrival square, made from one validated position.
//!
//! A position becomes a `Chess` only through `Chess::from_setup`, which
//! validates it; that costs more than all the rest of reverse generation, and
//! a typical position has over a hundred reverse moves, most of them the same
//! move with a different piece taken. Their previous positions differ only on
//! the arrival square, so they are made from one *template*: the board before
//! the move with a stand-in man of the side to move now on the arrival square
//! and that side to move, set up and validated once. From it shakmaty plays,
//! unchecked, one "move" per previous position that leaves the board as the
//! previous position has it and passes the turn:
//!
//! - for an un-capture of `role`, the stand-in "moves" to its own square,
//!   promoting to `role`: `role` stands there instead;
//! - for no capture, the stand-in "moves" onto its own king's square,
//!   promoting to king: the stand-in is gone, the king stays.
//!
//! The stand-in is a knight or a bishop, which change no castling right and
//! set no en passant square; the "move" is marked as a capture where the
//! previous position's halfmove clock must be 0, else the template's clock is
//! one less than it must be; the template's fullmove number is the previous
//! position's, less one if the side to move now is Black. What
//! `Chess::from_setup` would check and the template did not (the template had
//! the other side to move) is checked here: the checks on the mover's king
//! must be possible ([`checks_possible`]); that the side to move now is
//! not in check the caller knows. Where no template can be made (the mover is
//! in check before its move, or its fullmove number would drop below 1) each
//! previous position is set up on its own.

use std::num::NonZeroU32;

use shakmaty::{Bitboard, Board, Chess, Color, FromSetup, Move, Position, PositionError, Role, Setup, Square, attacks};

use super::{
    counters::fullmoves_before,
    material::CAPTURABLE_ROLES,
    previous_position::{BoardBefore, add_declined_en_passant, add_reverse_moves},
    reverse_move::ReverseMove,
};

/// The previous positions of one move from a square to `to`, with the board
/// before it (nothing on `to`).
pub(super) struct Retraction<'p> {
    position: &'p Chess,
    board: Board,
    to: Square,
    castling_rights: Bitboard,
    /// `None` until needed; then the template, if there is one.
    template: Option<Option<Template>>,
}

/// The validated position all previous positions of a [`Retraction`] are made
/// from, what its stand-in is, and what decides whether the checks on the
/// mover's king are possible.
struct Template {
    position: Chess,
    stand_in: Role,
    /// The mover's king.
    king: Square,
    /// The checkers of the mover's king with nothing on `to`.
    checkers_if_empty: Bitboard,
    /// The checkers of the mover's king other than a man on `to`, with `to`
    /// occupied.
    checkers_if_taken: Bitboard,
    /// Whether a man of the side to move on `to` would check the mover's
    /// king, for each piece type (in [`CAPTURABLE_ROLES`] order).
    taken_checks: [bool; 5],
    /// The pawns, knights and kings on the board before the move.
    steppers: Bitboard,
}

impl<'p> Retraction<'p> {
    /// The retraction to `to` from `position`, `board` being the board
    /// before the move without anything on `to`.
    pub(super) fn new(position: &'p Chess, board: Board, to: Square, castling_rights: Bitboard) -> Retraction<'p> {
        Retraction { position, board, to, castling_rights, template: None }
    }

    /// The board before the move, without anything on `to`.
    pub(super) fn board(&self) -> &Board {
        &self.board
    }

    /// Adds the reverse move `mv`, which took `captured` (if anything) on
    /// `to`. `to_move_in_check` says whether the side to move now is in check
    /// in its previous position.
    pub(super) fn add(
        &mut self,
        mv: Move,
        captured: Option<Role>,
        to_move_in_check: bool,
        found: &mut Vec<ReverseMove>,
    ) {
        if !to_move_in_check {
            if self.template.is_none() {
                self.template = Some(self.make_template());
            }
            if let Some(Some(template)) = &self.template {
                if template.add_previous(self.position, self.to, mv, captured, found) {
                    add_declined_en_passant(found);
                }
                return;
            }
        }
        let mut board = self.board.clone();
        if let Some(role) = captured {
            board.set_piece_at(self.to, role.of(self.position.turn()));
        }
        let before = BoardBefore { mv, board, castling_rights: self.castling_rights, ep_square: None };
        add_reverse_moves(self.position, before, to_move_in_check, found);
    }

    fn make_template(&self) -> Option<Template> {
        let to_move = self.position.turn();
        let king = self.board.king_of(!to_move)?;
        let stand_in = if attacks::knight_attacks(self.to).contains(king) { Role::Bishop } else { Role::Knight };
        let mut board = self.board.clone();
        board.set_piece_at(self.to, stand_in.of(to_move));
        let previous_fullmoves = fullmoves_before(self.position.fullmoves(), !to_move);
        let fullmoves = match to_move {
            Color::White => previous_fullmoves,
            Color::Black => NonZeroU32::new(previous_fullmoves.get() - 1)?,
        };
        let setup = Setup {
            board,
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: to_move,
            castling_rights: self.castling_rights,
            ep_square: None,
            remaining_checks: None,
            halfmoves: self.position.halfmoves().saturating_sub(2),
            fullmoves,
        };
        let position = Chess::from_setup(setup, self.position.castles().mode())
            .or_else(PositionError::ignore_too_much_material)
            .or_else(PositionError::ignore_impossible_check)
            .ok()?;
        let occupied = self.board.occupied().with(self.to);
        let taken_checks =
            CAPTURABLE_ROLES.map(|role| attacks::attacks(self.to, role.of(to_move), occupied).contains(king));
        Some(Template {
            position,
            stand_in,
            king,
            taken_checks,
            checkers_if_empty: self.board.attacks_to(king, to_move, self.board.occupied()),
            checkers_if_taken: self.board.attacks_to(king, to_move, occupied),
            steppers: self.board.pawns() | self.board.knights() | self.board.kings(),
        })
    }
}

impl Template {
    /// Adds the reverse move `mv` (which took `captured` on `to`, if
    /// anything) with its previous position made from the template, unless
    /// its checks are impossible. Whether it was added.
    fn add_previous(
        &self,
        position: &Chess,
        to: Square,
        mv: Move,
        captured: Option<Role>,
        found: &mut Vec<ReverseMove>,
    ) -> bool {
        let swap = match captured {
            Some(role) => {
                let (mut checkers, mut steppers) = (self.checkers_if_taken, self.steppers);
                if CAPTURABLE_ROLES.iter().zip(self.taken_checks).any(|(&checker, checks)| checker == role && checks) {
                    checkers.add(to);
                }
                if matches!(role, Role::Pawn | Role::Knight) {
                    steppers.add(to);
                }
                if !checks_possible(checkers, self.king, steppers) {
                    return false;
                }
                Move::Normal { role: self.stand_in, from: to, capture: Some(Role::Knight), to, promotion: Some(role) }
            }
            None => {
                let Some(king_to_move) = position.board().king_of(position.turn()) else { return false };
                if !checks_possible(self.checkers_if_empty, self.king, self.steppers) {
                    return false;
                }
                let halfmoves = if mv.is_zeroing() { 0 } else { position.halfmoves().saturating_sub(1) };
                Move::Normal {
                    role: self.stand_in,
                    from: to,
                    capture: (halfmoves == 0).then_some(Role::Knight),
                    to: king_to_move,
                    promotion: Some(Role::King),
                }
            }
        };
        // Made in place: the position is large, and there are many.
        found.push(ReverseMove { mv, previous: self.position.clone() });
        if let Some(last) = found.last_mut() {
            last.previous.play_unchecked(swap);
        }
        true
    }
}

/// Whether the checks on `side`'s king on `board` can have been given by one
/// move (without en passant), see [`checks_possible`].
#[cfg(test)]
fn checks_are_possible(board: &Board, side: Color) -> bool {
    let Some(king) = board.king_of(side) else { return false };
    let checkers = board.attacks_to(king, !side, board.occupied());
    checks_possible(checkers, king, board.pawns() | board.knights() | board.kings())
}

/// Whether `checkers` (the men checking the king on `king`) can have given
/// check with one move (without en passant): at most two checkers, not both
/// stepping pieces (`steppers`: pawns, knights, kings), not on one line
/// through the king.
fn checks_possible(checkers: Bitboard, king: Square, steppers: Bitboard) -> bool {
    let (Some(first), Some(last)) = (checkers.first(), checkers.last()) else { return true };
    first == last
        || (checkers.count() == 2 && !attacks::aligned(first, king, last) && !(checkers & steppers).more_than_one())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, EnPassantMode, fen::Fen};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    /// The previous positions a retraction makes from its template, next to
    /// the same positions set up directly.
    #[test]
    fn template_positions_are_exactly_the_positions_set_up_directly() {
        // A rook went from its corner to a5, perhaps taking something there:
        // White's (quiet halfmove clock 5 - 1), then Black's (clock 1 - 1).
        let cases = [
            ("4k3/8/8/R7/8/8/8/4K3 b - - 5 30", Square::A1, 4, 30),
            ("4k3/8/8/r7/8/8/8/4K3 w - - 1 30", Square::A8, 0, 29),
        ];
        for (fen, from, quiet_halfmoves, fullmoves) in cases {
            let after = position(fen);
            let (mover, to) = (!after.turn(), Square::A5);
            let mut board = after.board().clone();
            board.discard_piece_at(to);
            board.set_piece_at(from, mover.rook());
            let mut retraction = Retraction::new(&after, board.clone(), to, Bitboard::EMPTY);
            let mut found = Vec::new();
            let takes = [None, Some(Role::Pawn), Some(Role::Queen)];
            for captured in takes {
                let mv = Move::Normal { role: Role::Rook, from, capture: captured, to, promotion: None };
                retraction.add(mv, captured, false, &mut found);
            }
            assert_eq!(found.len(), 3);
            for (reverse, captured) in found.iter().zip(takes) {
                let mut expected = board.clone();
                if let Some(role) = captured {
                    expected.set_piece_at(to, role.of(after.turn()));
                }
                let setup = reverse.previous.to_setup(EnPassantMode::Always);
                assert_eq!(setup.board, expected);
                assert_eq!(setup.turn, mover);
                assert_eq!(setup.castling_rights, Bitboard::EMPTY);
                assert_eq!(setup.ep_square, None);
                assert_eq!(setup.halfmoves, if captured.is_some() { 0 } else { quiet_halfmoves }, "{fen}");
                assert_eq!(setup.fullmoves.get(), fullmoves, "{fen}");
                assert!(Chess::from_setup(setup, CastlingMode::Standard).is_ok());
            }
        }
    }

    #[test]
    fn impossible_checks_are_told_apart() {
        let board = |fen: &str| fen.parse::<Fen>().unwrap().as_setup().board.clone();
        assert!(checks_are_possible(&board("4k3/8/3N4/8/8/8/8/4RK2"), Color::Black), "knight and rook");
        assert!(!checks_are_possible(&board("4k3/2N5/3N4/8/8/8/8/5K2"), Color::Black), "two knights");
        assert!(!checks_are_possible(&board("R3k2R/8/8/8/8/8/8/5K2"), Color::Black), "two rooks on one line");
        assert!(!checks_are_possible(&board("4k3/3P4/3N4/8/8/8/8/4RK2"), Color::Black), "three checkers");
        assert!(checks_are_possible(&board("4k3/8/8/8/8/8/8/5K2"), Color::Black), "no check");
    }
}
