//! Reverse move generation: finding every way the side that just moved (the
//! *mover*) could have arrived where it stands, on bitboards. The rules are
//! on [`reverse_moves`]; [`super::previous_position`] and [`super::uncaptures`] turn
//! each retraction found here into its previous position.

use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square, attacks,
};

use super::{
    material::{Material, Recapturable},
    previous_position::{BoardBefore, add_reverse_moves, en_passant_is_legal},
    pseudolegal::forward,
    reverse_move::{Legality, ReverseMove},
    uncaptures::Retraction,
};

/// Every move that could have led to `position`, each with the position it
/// was played from (CQLi's `move legal reverse` and `move pseudolegal
/// reverse`, as `legality` says).
///
/// The mover is the side *not* to move in `position`. Every way one of its
/// men could have arrived where it stands is retracted:
///
/// - un-moves of each piece (king included) from every square it could have
///   come from, which must be empty now;
/// - each of those with an un-capture: a man of the side to move put back on
///   the arrival square, of every type it could have lost: never a king, a
///   pawn only off the first and last ranks, and only while its material
///   stays possible (no more of a type than the initial men plus what
///   promotions of its missing pawns allow, bishops counted by square colour;
///   so at most 16 men);
/// - pawn pushes, double pushes and captures (a pawn's capture always
///   un-captures); un-promotions (a knight, bishop, rook or queen on the
///   mover's last rank was a pawn on its seventh, pushed or capturing, if the
///   mover's material allows that pawn); un-en-passant;
/// - un-castling: king and rook back on their squares, the castling right
///   restored. In Chess960 the squares they started from are not known, so
///   every pair that fits the board is tried.
///
/// A man that cannot have moved is not retracted: a pawn on its second rank,
/// a rook that still has a castling right, a king whose side can castle.
///
/// An en passant square in `position` ([`Position::maybe_ep_square`]: set
/// after every double push, and by a game's `[FEN]`) says that the last move
/// was the double push over it, and then that is the only reverse move.
/// Without one, a double push is a reverse move only if it would not have
/// left a legal en passant capture (which would make a different position).
///
/// Each reverse move leads from its previous position to exactly `position`
/// (board, side to move, the en passant square a legal capture could use,
/// castling rights). A move appears once per previous position, so more than
/// once only where the previous position may or may not have had an en
/// passant square (see [`ReverseMove::previous`]). Null moves are not reverse
/// moves.
pub fn reverse_moves(position: &Chess, legality: Legality) -> Vec<ReverseMove> {
    let mut found = Vec::with_capacity(256);
    if let Some(retractor) = Retractor::new(position, legality) {
        retractor.retract_all(&mut found);
    }
    found
}

/// Whether a retracted move took something on its arrival square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Captures {
    /// A pawn push: it never captures.
    Never,
    /// A piece move: with or without a capture.
    Optional,
    /// A pawn's diagonal move: always a capture.
    Required,
}

/// What every retraction from one position needs.
struct Retractor<'p> {
    position: &'p Chess,
    board: &'p Board,
    legality: Legality,
    /// The side that just moved.
    mover: Color,
    /// The side to move now.
    to_move: Color,
    /// The king of the side to move now.
    king_to_move: Square,
    empty: Bitboard,
    /// The position's castling rights, as rook squares.
    castling_rights: Bitboard,
    /// What the side to move could have lost on the last move.
    recapturable: Recapturable,
}

impl<'p> Retractor<'p> {
    /// `None` when nothing can be retracted: a king is missing, or (for
    /// [`Legality::Legal`]) the mover's king is in check.
    fn new(position: &'p Chess, legality: Legality) -> Option<Retractor<'p>> {
        let board = position.board();
        let to_move = position.turn();
        let mover = !to_move;
        let king_to_move = board.king_of(to_move)?;
        let mover_king = board.king_of(mover)?;
        if legality == Legality::Legal && board.attacks_to(mover_king, to_move, board.occupied()).any() {
            return None;
        }
        Some(Retractor {
            position,
            board,
            legality,
            mover,
            to_move,
            king_to_move,
            empty: !board.occupied(),
            castling_rights: position.castles().castling_rights(),
            recapturable: Recapturable::for_side(board, to_move),
        })
    }

    fn retract_all(&self, found: &mut Vec<ReverseMove>) {
        if let Some(ep_square) = self.position.maybe_ep_square() {
            self.retract_double_push_over(ep_square, found);
            return;
        }
        for to in self.board.by_color(self.mover) {
            match self.board.role_at(to) {
                Some(Role::Pawn) => self.retract_pawn(to, found),
                Some(Role::King) => {
                    self.retract_piece(Role::King, to, found);
                    self.retract_castling(to, found);
                }
                Some(role) => {
                    self.retract_piece(role, to, found);
                    if self.mover.relative_rank(to.rank()) == Rank::Eighth {
                        self.retract_promotion(role, to, found);
                    }
                }
                None => {}
            }
        }
    }

    /// The one reverse move of a position with an en passant square.
    fn retract_double_push_over(&self, ep_square: Square, found: &mut Vec<ReverseMove>) {
        let forward = forward(self.mover);
        let (Some(to), Some(from)) = (ep_square.offset(forward), ep_square.offset(-forward)) else { return };
        let pawn_arrived = (self.board.pawns() & self.board.by_color(self.mover)).contains(to);
        if self.mover.relative_rank(ep_square.rank()) == Rank::Third
            && pawn_arrived
            && self.empty.contains(ep_square)
            && self.empty.contains(from)
        {
            self.retract(Role::Pawn, from, to, None, Captures::Never, found);
        }
    }

    /// Un-moves of a knight, bishop, rook, queen or king (not castling).
    fn retract_piece(&self, role: Role, to: Square, found: &mut Vec<ReverseMove>) {
        let never_moved = match role {
            Role::King => self.position.castles().has_color(self.mover),
            Role::Rook => self.castling_rights.contains(to),
            _ => false,
        };
        if never_moved {
            return;
        }
        let froms = attacks::attacks(to, role.of(self.mover), self.board.occupied()) & self.empty;
        for from in froms {
            self.retract(role, from, to, None, Captures::Optional, found);
        }
    }

    /// Un-moves of a pawn: pushes, double pushes, captures, en passant.
    fn retract_pawn(&self, to: Square, found: &mut Vec<ReverseMove>) {
        let rank = self.mover.relative_rank(to.rank());
        if rank < Rank::Third {
            return;
        }
        let back = -forward(self.mover);
        if let Some(from) = to.offset(back).filter(|&from| self.empty.contains(from)) {
            self.retract(Role::Pawn, from, to, None, Captures::Never, found);
            if rank == Rank::Fourth
                && let Some(start) = from.offset(back).filter(|&start| self.empty.contains(start))
                && !en_passant_is_legal(self.board, self.to_move, from)
            {
                self.retract(Role::Pawn, start, to, None, Captures::Never, found);
            }
        }
        for from in attacks::pawn_attacks(self.to_move, to) & self.empty {
            self.retract(Role::Pawn, from, to, None, Captures::Required, found);
        }
        if rank == Rank::Sixth {
            self.retract_en_passant(to, found);
        }
    }

    /// Un-en-passant: the mover's pawn on `to` (its sixth rank) took a pawn
    /// that had just passed it.
    fn retract_en_passant(&self, to: Square, found: &mut Vec<ReverseMove>) {
        let forward = forward(self.mover);
        let (Some(captured_on), Some(pushed_from)) = (to.offset(-forward), to.offset(forward)) else { return };
        if !self.empty.contains(captured_on)
            || !self.empty.contains(pushed_from)
            || !self.recapturable.on(captured_on).any(|role| role == Role::Pawn)
        {
            return;
        }
        for from in attacks::pawn_attacks(self.to_move, to) & self.empty {
            let mut board = self.board.clone();
            board.discard_piece_at(to);
            board.set_piece_at(from, self.mover.pawn());
            board.set_piece_at(captured_on, self.to_move.pawn());
            self.consider(Move::EnPassant { from, to }, board, self.castling_rights, Some(to), found);
        }
    }

    /// Un-promotions of the piece on `to`, on the mover's last rank.
    fn retract_promotion(&self, promoted: Role, to: Square, found: &mut Vec<ReverseMove>) {
        let back = -forward(self.mover);
        let Some(pushed_from) = to.offset(back) else { return };
        let material = Material::of(self.board, self.mover).without(promoted, to).with(Role::Pawn, pushed_from);
        if !material.is_possible() {
            return;
        }
        if self.empty.contains(pushed_from) {
            self.retract(Role::Pawn, pushed_from, to, Some(promoted), Captures::Never, found);
        }
        for from in attacks::pawn_attacks(self.to_move, to) & self.empty {
            self.retract(Role::Pawn, from, to, Some(promoted), Captures::Required, found);
        }
    }

    /// Un-castling of the mover's king on `king_to`, with the rook beside it.
    fn retract_castling(&self, king_to: Square, found: &mut Vec<ReverseMove>) {
        if self.position.castles().has_color(self.mover) {
            return;
        }
        let backrank = Bitboard::from_rank(self.mover.backrank());
        let mover_rooks = self.board.rooks() & self.board.by_color(self.mover);
        for side in CastlingSide::ALL {
            let rook_to = side.rook_to(self.mover);
            if king_to != side.king_to(self.mover) || !mover_rooks.contains(rook_to) {
                continue;
            }
            let free = backrank & !(self.board.occupied() ^ king_to ^ rook_to);
            let (king_froms, rook_froms) = match self.position.castles().mode() {
                CastlingMode::Standard => {
                    let rook_file = if side.is_king_side() { File::H } else { File::A };
                    (free & Bitboard::from_file(File::E), free & Bitboard::from_file(rook_file))
                }
                CastlingMode::Chess960 => (free, free),
            };
            for king_from in king_froms {
                let on_its_side = |rook: &Square| (rook.file() > king_from.file()) == side.is_king_side();
                for rook_from in rook_froms.into_iter().filter(|rook| *rook != king_from).filter(on_its_side) {
                    self.retract_castling_from(king_from, rook_from, king_to, rook_to, found);
                }
            }
        }
    }

    /// One un-castling: the king back from `king_to` to `king_from`, the rook
    /// from `rook_to` to `rook_from`, if castling was legal there.
    fn retract_castling_from(
        &self,
        king_from: Square,
        rook_from: Square,
        king_to: Square,
        rook_to: Square,
        found: &mut Vec<ReverseMove>,
    ) {
        let mut board = self.board.clone();
        board.discard_piece_at(king_to);
        board.discard_piece_at(rook_to);
        board.set_piece_at(king_from, self.mover.king());
        board.set_piece_at(rook_from, self.mover.rook());
        let occupied = board.occupied();
        let path = (attacks::between(rook_from, rook_to).with(rook_to)
            | attacks::between(king_from, king_to).with(king_to))
        .without(king_from)
        .without(rook_from);
        if path.intersects(occupied) {
            return;
        }
        let attacked = |square: Square, occupied: Bitboard| board.attacks_to(square, self.to_move, occupied).any();
        let king_path = attacks::between(king_from, king_to).with(king_from);
        if king_path.into_iter().any(|square| attacked(square, occupied ^ king_from))
            || attacked(king_to, occupied ^ king_from ^ rook_from ^ rook_to)
        {
            return;
        }
        let rights = self.castling_rights.with(rook_from);
        self.consider(Move::Castle { king: king_from, rook: rook_from }, board, rights, None, found);
    }

    /// Retracts the move of the mover's `role` (a pawn for a promotion) from
    /// `from` to `to`, with or without the capture of each possible piece.
    fn retract(
        &self,
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        captures: Captures,
        found: &mut Vec<ReverseMove>,
    ) {
        let mut board = self.board.clone();
        board.discard_piece_at(to);
        board.set_piece_at(from, role.of(self.mover));
        if captures == Captures::Never || self.recapturable.on(to).next().is_none() {
            if captures != Captures::Required {
                let mv = Move::Normal { role, from, capture: None, to, promotion };
                self.consider(mv, board, self.castling_rights, None, found);
            }
            return;
        }
        let mut retraction = Retraction::new(self.position, board, to, self.castling_rights);
        let board = retraction.board();
        let in_check_if = |occupied: Bitboard| board.attacks_to(self.king_to_move, self.mover, occupied).any();
        let (in_check_if_empty, in_check_if_taken) =
            (in_check_if(board.occupied()), in_check_if(board.occupied().with(to)));
        if captures == Captures::Optional && self.allows(in_check_if_empty) {
            let mv = Move::Normal { role, from, capture: None, to, promotion };
            retraction.add(mv, None, in_check_if_empty, found);
        }
        if self.allows(in_check_if_taken) {
            for captured in self.recapturable.on(to) {
                let mv = Move::Normal { role, from, capture: Some(captured), to, promotion };
                retraction.add(mv, Some(captured), in_check_if_taken, found);
            }
        }
    }

    /// Whether the legality keeps a previous position in which the side to
    /// move now is (`true`) or is not in check.
    fn allows(&self, to_move_in_check: bool) -> bool {
        !to_move_in_check || self.legality == Legality::Pseudolegal
    }

    /// Keeps a retraction whose previous position the legality allows.
    fn consider(
        &self,
        mv: Move,
        board: Board,
        castling_rights: Bitboard,
        ep_square: Option<Square>,
        found: &mut Vec<ReverseMove>,
    ) {
        let to_move_in_check = board.attacks_to(self.king_to_move, self.mover, board.occupied()).any();
        if !self.allows(to_move_in_check) {
            return;
        }
        add_reverse_moves(
            self.position,
            BoardBefore { mv, board, castling_rights, ep_square },
            to_move_in_check,
            found,
        );
    }
}
