//! The position of a game ([`GamePosition`]): standard chess (and Chess960)
//! inline, any other variant behind a box, so that standard games pay
//! nothing for variants but one predictable branch.
//!
//! It is a shakmaty [`Position`], so filters read boards, moves and checks
//! the same way in every variant. What only works on standard chess (reverse
//! moves, pseudo-legal moves, retro-analysis) asks for the position as
//! standard chess ([`GamePosition::as_standard`], [`GamePosition::to_standard`]).

use std::{borrow::Cow, num::NonZeroU32};

use shakmaty::{
    Bitboard, Board, ByColor, ByRole, Castles, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, MoveList,
    Outcome, Position, PositionError, RemainingChecks, Role, Setup, Square, attacks,
    variant::{Variant, VariantPosition},
};

/// A position of a game, in the rules of the game's variant.
#[derive(Clone, Debug)]
pub enum GamePosition {
    /// Standard chess or Chess960.
    Standard(Chess),
    /// A position of another variant (Crazyhouse, Atomic, ...).
    Variant(Box<OtherVariant>),
}

/// A position of a variant other than standard chess, with a copy of its
/// board: reading the board of any position is then a load, never a call
/// into the variant's rules, so the compiler can keep a board read once
/// where a filter reads it again (in a transform's loop over its images,
/// say).
#[derive(Clone, Debug)]
pub struct OtherVariant {
    position: VariantPosition,
    board: Board,
}

impl OtherVariant {
    fn new(position: VariantPosition) -> OtherVariant {
        let board = position.board().clone();
        OtherVariant { position, board }
    }
}

impl Default for GamePosition {
    fn default() -> Self {
        GamePosition::Standard(Chess::default())
    }
}

impl From<Chess> for GamePosition {
    fn from(position: Chess) -> Self {
        GamePosition::Standard(position)
    }
}

impl From<VariantPosition> for GamePosition {
    fn from(position: VariantPosition) -> Self {
        match position {
            VariantPosition::Chess(chess) => GamePosition::Standard(chess),
            other => GamePosition::Variant(Box::new(OtherVariant::new(other))),
        }
    }
}

impl GamePosition {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> GamePosition {
        VariantPosition::new(variant).into()
    }

    /// The variant whose rules the position follows.
    pub fn variant(&self) -> Variant {
        match self {
            GamePosition::Standard(_) => Variant::Chess,
            GamePosition::Variant(variant) => variant.position.variant(),
        }
    }

    /// The position, if it is one of standard chess.
    #[inline]
    pub fn as_standard(&self) -> Option<&Chess> {
        match self {
            GamePosition::Standard(chess) => Some(chess),
            GamePosition::Variant(_) => None,
        }
    }

    /// The position read by the rules of standard chess, for what only
    /// knows those (reverse moves): the same board, side to move, castling
    /// rights and en passant square, without pockets or check counts. None
    /// if standard chess has no such position (no king, as in Horde).
    pub fn to_standard(&self) -> Option<Cow<'_, Chess>> {
        match self {
            GamePosition::Standard(chess) => Some(Cow::Borrowed(chess)),
            GamePosition::Variant(variant) => {
                let position = &variant.position;
                let mut setup = position.to_setup(EnPassantMode::Legal);
                setup.pockets = None;
                setup.remaining_checks = None;
                setup.promoted = Bitboard::EMPTY;
                let mode = position.castles().mode();
                Chess::from_setup(setup, mode)
                    .or_else(PositionError::ignore_invalid_castling_rights)
                    .or_else(PositionError::ignore_invalid_ep_square)
                    .or_else(PositionError::ignore_too_much_material)
                    .or_else(PositionError::ignore_impossible_check)
                    .ok()
                    .map(Cow::Owned)
            }
        }
    }
}

/// Calls `$body` with `$position` bound to the position inside `$self`,
/// whichever it is.
macro_rules! inside {
    ($self:expr, $position:ident => $body:expr) => {
        match $self {
            GamePosition::Standard($position) => $body,
            GamePosition::Variant(variant) => {
                let $position = &variant.position;
                $body
            }
        }
    };
}

impl Position for GamePosition {
    #[inline]
    fn board(&self) -> &Board {
        match self {
            GamePosition::Standard(chess) => chess.board(),
            GamePosition::Variant(variant) => &variant.board,
        }
    }

    fn promoted(&self) -> Bitboard {
        inside!(self, p => p.promoted())
    }

    fn pockets(&self) -> Option<&ByColor<ByRole<u8>>> {
        inside!(self, p => p.pockets())
    }

    #[inline]
    fn turn(&self) -> Color {
        inside!(self, p => p.turn())
    }

    #[inline]
    fn castles(&self) -> &Castles {
        inside!(self, p => p.castles())
    }

    #[inline]
    fn maybe_ep_square(&self) -> Option<Square> {
        inside!(self, p => p.maybe_ep_square())
    }

    fn remaining_checks(&self) -> Option<&ByColor<RemainingChecks>> {
        inside!(self, p => p.remaining_checks())
    }

    fn halfmoves(&self) -> u32 {
        inside!(self, p => p.halfmoves())
    }

    fn fullmoves(&self) -> NonZeroU32 {
        inside!(self, p => p.fullmoves())
    }

    fn to_setup(&self, mode: EnPassantMode) -> Setup {
        inside!(self, p => p.to_setup(mode))
    }

    #[inline]
    fn legal_moves(&self) -> MoveList {
        inside!(self, p => p.legal_moves())
    }

    #[inline]
    fn san_candidates(&self, role: Role, to: Square) -> MoveList {
        inside!(self, p => p.san_candidates(role, to))
    }

    fn castling_moves(&self, side: CastlingSide) -> MoveList {
        inside!(self, p => p.castling_moves(side))
    }

    fn en_passant_moves(&self) -> MoveList {
        inside!(self, p => p.en_passant_moves())
    }

    fn capture_moves(&self) -> MoveList {
        inside!(self, p => p.capture_moves())
    }

    fn promotion_moves(&self) -> MoveList {
        inside!(self, p => p.promotion_moves())
    }

    fn is_irreversible(&self, m: Move) -> bool {
        inside!(self, p => p.is_irreversible(m))
    }

    #[inline]
    fn king_attackers(&self, square: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        inside!(self, p => p.king_attackers(square, attacker, occupied))
    }

    fn is_variant_end(&self) -> bool {
        inside!(self, p => p.is_variant_end())
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        inside!(self, p => p.has_insufficient_material(color))
    }

    fn variant_outcome(&self) -> Outcome {
        inside!(self, p => p.variant_outcome())
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        match self {
            GamePosition::Standard(chess) => chess.play_unchecked(m),
            GamePosition::Variant(variant) => {
                variant.position.play_unchecked(m);
                variant.board = variant.position.board().clone();
            }
        }
    }

    /// In standard chess, worked out here with the board's inlined
    /// `attacks_to` (shakmaty's own check is a call that cannot be).
    #[inline]
    fn is_check(&self) -> bool {
        match self {
            GamePosition::Standard(chess) => in_check(chess),
            GamePosition::Variant(variant) => variant.position.is_check(),
        }
    }
}

/// Whether the side to move in `chess` is in check: an enemy piece attacks
/// its king (a position without one is not in check, as shakmaty has it).
#[inline]
fn in_check(chess: &Chess) -> bool {
    let (board, us) = (chess.board(), chess.turn());
    board.king_of(us).is_some_and(|king| board.attacks_to(king, !us, board.occupied()).any())
}

/// The pieces on `board`, of either side, that would attack the king of
/// `us` on `king` if the board were empty: any piece that attacks it on
/// the board is among them, so where none is an enemy, no enemy does.
pub(crate) fn attackers_on_empty_board(board: &Board, us: Color, king: Square) -> Bitboard {
    (lines(king) & board.rooks_and_queens())
        | (diagonals(king) & board.bishops_and_queens())
        | (attacks::knight_attacks(king) & board.knights())
        | (attacks::pawn_attacks(us, king) & board.pawns())
        | (attacks::king_attacks(king) & board.kings())
}

/// The rank and file of `square` (the lines of a rook on an empty board).
pub(crate) fn lines(square: Square) -> Bitboard {
    Bitboard::from_rank(square.rank()) | Bitboard::from_file(square.file())
}

/// The diagonals through `square` (those of a bishop on an empty board).
pub(crate) fn diagonals(square: Square) -> Bitboard {
    attacks::bishop_attacks(square, Bitboard::EMPTY)
}

/// The position of `fen` (standard chess) and every position its legal
/// moves reach in up to `plies` plies: positions of every kind for tests
/// that hold a fast answer against shakmaty's.
#[cfg(test)]
pub(crate) fn positions_within(fen: &str, plies: usize) -> Vec<Chess> {
    let start: Chess =
        fen.parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap();
    let mut positions = vec![start];
    for _ in 0..plies {
        let next: Vec<Chess> = positions
            .iter()
            .flat_map(|position| position.legal_moves().into_iter().map(|mv| position.clone().play(mv).unwrap()))
            .collect();
        positions.extend(next);
    }
    positions
}

#[cfg(test)]
mod tests {
    use shakmaty::{san::San, variant::Variant};

    use super::*;

    /// The check worked out here is shakmaty's, in positions with every
    /// kind of check and none, and without a king.
    #[test]
    fn in_check_is_shakmatys_check() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/1b6/8/3N4/4P3/4K3 w - - 0 1",
            "4k3/8/5n2/8/8/8/3r4/R3K2R w - - 0 1",
            "4k3/4r3/8/8/1b6/8/3P1N2/4K3 w - - 0 1",
            "4k3/8/8/8/8/3p4/4K3/2B5 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        let mut checks = 0;
        for fen in fens {
            for position in &positions_within(fen, 2) {
                assert_eq!(
                    in_check(position),
                    position.is_check(),
                    "{}",
                    shakmaty::fen::Fen::from_position(position, EnPassantMode::Legal)
                );
                checks += usize::from(position.is_check());
            }
        }
        assert!(checks > 40, "{checks} positions in check");
    }

    /// The board kept beside a variant's position is the position's own
    /// after every move, explosions (Atomic) and drops (Crazyhouse)
    /// included.
    #[test]
    fn a_variant_positions_board_follows_its_moves() {
        let games: [(Variant, &[&str]); 2] = [
            (Variant::Atomic, &["e4", "d5", "exd5", "Nf6", "Nf3", "e6"]),
            (Variant::Crazyhouse, &["e4", "d5", "exd5", "Qxd5", "Nc3", "Qd8", "P@e6", "fxe6"]),
        ];
        for (variant, moves) in games {
            let mut position = GamePosition::start(variant);
            for san in moves {
                let mv = san.parse::<San>().unwrap().to_move(&position).unwrap();
                position.play_unchecked(mv);
                let GamePosition::Variant(other) = &position else { panic!("{variant:?} is not standard chess") };
                assert_eq!(position.board(), other.position.board(), "{variant:?} after {san}");
            }
        }
    }
}
