//! A move as the filters see it ([`MoveView`]): where it goes from and to,
//! what it captures and promotes to. The dash filter, the `move` filter, the
//! current-move filters, paths and the identities of pieces all read moves
//! through it.
//!
//! A move goes from a square to a square. Castling is a move of the king and
//! of the rook at once: `F――G` matches it if the king's move or the rook's
//! move goes from F to G (the king's squares are its from and to). A null move
//! is a move of the king of the side to move, from its square to the same
//! square. En passant captures the pawn beside the destination square, which
//! is empty before the move (so `×` matches it, `――△` does not).

use shakmaty::{Bitboard, CastlingSide, Color, Move, Position, Rank, Role, Square};

use cql_vocabulary::Roles;

use crate::tree::MoveIn;

/// What a filter can ask of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The square the (king's, for castling) move starts from.
    pub from: Square,
    /// The square it goes to.
    pub to: Square,
    /// For castling, the rook's from and to squares.
    pub rook: Option<(Square, Square)>,
    /// The square of the captured piece (for en passant, the pawn's square).
    pub captured: Option<Square>,
    /// The piece type a pawn promotes to.
    pub promotion: Option<Role>,
    /// Whether this is a null move.
    pub null: bool,
    /// For a drop (Crazyhouse), the piece type dropped; such a move has no
    /// from square (`from` is its to square, and `from` tests exclude it).
    pub dropped: Option<Role>,
}

impl MoveView {
    /// The view of `mv` played in `before`. `None` for the root, which no
    /// move leads to.
    #[inline]
    pub fn of(before: &impl Position, mv: MoveIn) -> Option<MoveView> {
        match mv {
            MoveIn::Root => None,
            MoveIn::Null => {
                let king = before.board().king_of(before.turn()).unwrap_or(Square::E1);
                Some(MoveView {
                    from: king,
                    to: king,
                    rook: None,
                    captured: None,
                    promotion: None,
                    null: true,
                    dropped: None,
                })
            }
            MoveIn::Move(mv) => Some(MoveView::of_move(mv)),
        }
    }

    /// The view of the (non-null) move `mv`: the move alone says it all
    /// (a king castles from its first rank, White's the first, Black's the
    /// eighth).
    #[inline]
    pub fn of_move(mv: Move) -> MoveView {
        let plain = |from, to, captured, promotion| MoveView {
            from,
            to,
            rook: None,
            captured,
            promotion,
            null: false,
            dropped: None,
        };
        match mv {
            Move::Castle { king, rook } => {
                let side = if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide };
                let color = Color::from_white(king.rank() == Rank::First);
                MoveView { rook: Some((rook, side.rook_to(color))), ..plain(king, side.king_to(color), None, None) }
            }
            Move::EnPassant { from, to } => plain(from, to, Some(Square::from_coords(to.file(), from.rank())), None),
            Move::Normal { from, capture, to, promotion, .. } => plain(from, to, capture.map(|_| to), promotion),
            Move::Put { role, to } => MoveView { dropped: Some(role), ..plain(to, to, None, None) },
        }
    }

    /// Whether the move (for castling: the king's or the rook's) goes from a
    /// square of `from` to a square of `to`. A drop comes from no square,
    /// which only the whole board includes (`――e4`, `.――e4`).
    pub fn goes(&self, from: Bitboard, to: Bitboard) -> bool {
        if self.dropped.is_some() {
            return from == Bitboard::FULL && to.contains(self.to);
        }
        (from.contains(self.from) && to.contains(self.to))
            || self.rook.is_some_and(|(rook_from, rook_to)| from.contains(rook_from) && to.contains(rook_to))
    }

    /// The squares a `from` side must meet for [`MoveView::goes`] to hold
    /// with any destination: the move's origin and, for castling, the
    /// rook's; none for a drop (which only the whole board lets through).
    pub fn origins(&self) -> Bitboard {
        match (self.dropped, self.rook) {
            (Some(_), _) => Bitboard::EMPTY,
            (None, Some((rook_from, _))) => Bitboard::from_square(self.from).with(rook_from),
            (None, None) => Bitboard::from_square(self.from),
        }
    }

    /// Whether the move starts from a square of `from` (a drop starts from
    /// none).
    pub fn starts_in(&self, from: Bitboard) -> bool {
        self.dropped.is_none() && from.contains(self.from)
    }

    /// Whether the move drops a piece of one of `roles`.
    pub fn drops(&self, roles: Roles) -> bool {
        self.dropped.is_some_and(|role| roles.contains_role(role as u8 - 1))
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// Whether the move promotes to one of `roles`.
    pub fn promotes_to(&self, roles: Roles) -> bool {
        self.promotion.is_some_and(|role| roles.contains_role(role as u8 - 1))
    }

    /// Whether the move is en passant.
    pub fn is_en_passant(&self) -> bool {
        self.captured.is_some_and(|captured| captured != self.to)
    }

    /// Whether the move castles on `side` (on either side if `None`).
    pub fn is_castling(&self, side: Option<CastlingSide>) -> bool {
        match (self.rook, side) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some((rook_from, _)), Some(side)) => (rook_from > self.from) == (side == CastlingSide::KingSide),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, fen::Fen, san::San};

    fn view(fen: &str, san: &str) -> MoveView {
        let position: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        let mv = san.parse::<San>().unwrap().to_move(&position).unwrap();
        MoveView::of(&position, MoveIn::Move(mv)).unwrap()
    }

    fn sq(name: &str) -> Bitboard {
        Bitboard::from_square(name.parse().unwrap())
    }

    #[test]
    fn castling_is_a_move_of_king_and_rook() {
        let castle = view("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O");
        assert_eq!((castle.from, castle.to), (Square::E1, Square::G1));
        assert!(castle.goes(sq("e1"), sq("g1")));
        assert!(castle.goes(sq("h1"), sq("f1")));
        assert!(!castle.goes(sq("h1"), sq("g1")));
        assert!(!castle.is_capture());
    }

    /// A castling move's colour, read from the king's rank, is the side to
    /// move's: both sides, both wings, standard chess and Chess960.
    #[test]
    fn castling_goes_to_the_squares_of_the_side_to_move() {
        let fens = [
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard),
            ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", CastlingMode::Standard),
            ("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1", CastlingMode::Chess960),
            ("1r4kr/8/8/8/8/8/8/1R4KR b KQkq - 0 1", CastlingMode::Chess960),
        ];
        let mut castles = 0;
        for (fen, mode) in fens {
            let position: Chess = fen.parse::<Fen>().unwrap().into_position(mode).unwrap();
            for mv in position.legal_moves() {
                let Move::Castle { king, rook } = mv else { continue };
                let side = if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide };
                let view = MoveView::of_move(mv);
                assert_eq!(view.to, side.king_to(position.turn()), "{fen} {mv:?}");
                assert_eq!(view.rook, Some((rook, side.rook_to(position.turn()))), "{fen} {mv:?}");
                castles += 1;
            }
        }
        assert_eq!(castles, 8);
    }

    #[test]
    fn en_passant_captures_the_pawn_beside_an_empty_square() {
        let ep = view("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6");
        assert!(ep.is_capture() && ep.is_en_passant());
        assert_eq!(ep.captured, Some(Square::D5));
        assert_eq!(ep.to, Square::D6);
    }

    #[test]
    fn promotions_name_their_piece_type() {
        let promotion = view("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=N");
        assert!(promotion.promotes_to(Roles::KNIGHT));
        assert!(!promotion.promotes_to(Roles::QUEEN));
    }

    #[test]
    fn a_null_move_is_the_kings_move_to_its_own_square() {
        let position = Chess::default();
        let null = MoveView::of(&position, MoveIn::Null).unwrap();
        assert_eq!((null.from, null.to), (Square::E1, Square::E1));
        assert!(null.null && null.goes(sq("e1"), Bitboard::FULL));
    }
}
