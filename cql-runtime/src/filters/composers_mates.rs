//! The composers' mates and stalemates: `puremate`, `modelmate`, `idealmate`,
//! `purestalemate`, `modelstalemate` and `idealstalemate`.
//!
//! CQL 6.2 defines them in CQL (the functions of its `matefunction.h`),
//! written for black to move and wrapped in `flipcolor`; here they are
//! computed for the side to move, whichever its colour. "The mated side" is
//! the side to move (CQL's `a`, its king `k`), "the mating side" the other
//! (`A`, `K`). Each is a set: the pieces that take part where the side to
//! move is so mated or stalemated, empty elsewhere.
//!
//! The words, as CQL's functions use them:
//!
//! - the **field** is the squares next to the mated king, whatever stands
//!   there;
//! - a mating piece **guards** a square of the field that it attacks, and, if
//!   it is a queen, rook or bishop attacking the king along a line, the
//!   square of the field behind the king on that line (an x-ray through the
//!   king);
//! - a piece is **pinned** if it is the only piece between an enemy queen,
//!   rook or bishop and its own king (pins of either side count);
//! - the **refuter squares** are the mating king's square, the checkers'
//!   and the squares between a checker and the mated king; the **possible
//!   refuters** the mated side's pieces with a pseudo-legal move to one.
//!
//! Attacks are the attack filters' ([`super::attacks`]): pins do not matter,
//! sliders stop at the first piece.

use shakmaty::{Bitboard, Board, Color, Square};
use smallvec::SmallVec;

use crate::{
    cursor::Cursor,
    filters::{
        attacks::{attacked_by, attacked_by_chain, attacking, attacking_chain},
        candidates::MoveSource,
        directions::between,
        rays::pins,
    },
    move_view::MoveView,
};

/// One of the composers' mates or stalemates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComposersMate {
    /// `puremate`: a mate where each square of the field that is empty or
    /// holds a mating piece is guarded exactly once, the mated side's pieces
    /// on it are unguarded (but for a pinned one whose pin stops a defence),
    /// and in a double check each checker is needed.
    PureMate,
    /// `modelmate`: a pure mate where every mating queen, rook, bishop and
    /// knight takes part.
    ModelMate,
    /// `idealmate`: a pure mate where every piece of both sides takes part.
    IdealMate,
    /// `purestalemate`: a stalemate where each square of the field that is
    /// empty or holds a mating piece is attacked exactly once, each pinned
    /// piece of the stalemated side on it once, each unpinned one never.
    PureStalemate,
    /// `modelstalemate`: a pure stalemate where every stalemating queen,
    /// rook, bishop and knight takes part.
    ModelStalemate,
    /// `idealstalemate`: a pure stalemate where every stalemating piece takes
    /// part.
    IdealStalemate,
}

impl Cursor<'_> {
    /// `puremate`, `modelmate`, ...: the pieces that take part where the side
    /// to move is mated or stalemated as `kind` asks, empty elsewhere. A
    /// mate's are both sides' taking part; a stalemate's the stalemating
    /// side's taking part and every piece of the stalemated side.
    pub fn composers_mate(&self, kind: ComposersMate) -> Bitboard {
        match kind {
            ComposersMate::PureMate | ComposersMate::ModelMate | ComposersMate::IdealMate => {
                if !self.is_mate() {
                    return Bitboard::EMPTY;
                }
                let mut moves = Vec::new();
                self.for_each_candidate(MoveSource::Pseudolegal, |candidate| moves.push(candidate.view));
                Mate::new(Field::new(self.board(), self.turn()), moves).value(kind)
            }
            ComposersMate::PureStalemate | ComposersMate::ModelStalemate | ComposersMate::IdealStalemate => {
                if !self.is_stalemate() {
                    return Bitboard::EMPTY;
                }
                Field::new(self.board(), self.turn()).stalemate_value(kind)
            }
        }
    }
}

/// The mated (or stalemated) king's surroundings: what both mates and
/// stalemates read.
struct Field<'a> {
    board: &'a Board,
    /// The mated king (`k`).
    king: Bitboard,
    /// The squares next to it (`a-h1-8<-k`).
    field: Bitboard,
    /// The mated side's pieces (`a`).
    mated: Bitboard,
    /// The mating side's pieces (`A`).
    mating: Bitboard,
    /// Every pinned piece, of either side, pinned to its own king (`pin`).
    pinned: Bitboard,
}

impl<'a> Field<'a> {
    /// The field of the king of `mated` on `board`.
    fn new(board: &'a Board, mated: Color) -> Field<'a> {
        let king = board.kings() & board.by_color(mated);
        Field {
            board,
            king,
            field: attacked_by(Bitboard::FULL, king, board),
            mated: board.by_color(mated),
            mating: board.by_color(!mated),
            pinned: pins(Bitboard::FULL, Bitboard::FULL, board.kings(), board).pinned,
        }
    }

    /// The mating side's queens, rooks, bishops and knights (`[RNBQ]`).
    fn officers(&self) -> Bitboard {
        self.mating & !self.board.pawns() & !self.board.kings()
    }

    /// The mating pieces that attack `square` (`A->square`).
    fn attackers(&self, square: Square) -> Bitboard {
        attacking(self.mating, Bitboard::from_square(square), self.board)
    }

    /// Whether a queen, rook or bishop of `pieces` looks along a line through
    /// the piece on `middle` (the first it meets) to a square of `last`
    /// (`pieces->middle->last`).
    fn in_line(&self, pieces: Bitboard, middle: Square, last: Bitboard) -> bool {
        attacking_chain(&[pieces, Bitboard::from_square(middle), last], self.board).any()
    }

    /// `cql_GuardedSquares(piece)`: the squares of the field that `piece`
    /// attacks, and the one behind the king on the line of a line piece
    /// checking it (`(F<-x) | (F<-k<-x)`).
    fn guarded_squares(&self, piece: Square) -> Bitboard {
        let piece = Bitboard::from_square(piece);
        attacked_by(self.field, piece, self.board) | attacked_by_chain(&[self.field, self.king, piece], self.board)
    }

    /// The value of a stalemate of `kind`, if the side to move, stalemated,
    /// is so (`cql_TruePureStalemate` ...).
    fn stalemate_value(&self, kind: ComposersMate) -> Bitboard {
        if !self.is_pure_stalemate() {
            return Bitboard::EMPTY;
        }
        let participants = self.stalemate_participants();
        let holds = match kind {
            ComposersMate::ModelStalemate => self.officers().is_subset(participants),
            ComposersMate::IdealStalemate => self.mating == participants,
            _ => true,
        };
        if holds { participants | self.mated } else { Bitboard::EMPTY }
    }

    /// `cql_PureStalemate` but for the stalemate itself: each empty or mating
    /// square of the field attacked once, each pinned piece of the mated side
    /// on it once, each unpinned one not at all.
    fn is_pure_stalemate(&self) -> bool {
        let attacked = |square, times| self.attackers(square).count() == times;
        let blockers = self.field & self.mated;
        (self.field & !self.mated).into_iter().all(|square| attacked(square, 1))
            && (blockers & self.pinned).into_iter().all(|square| attacked(square, 1))
            && (blockers & !self.pinned).into_iter().all(|square| attacked(square, 0))
    }

    /// `cql_StalemateWhiteParticipants`: the mating pieces that are pinned,
    /// that pin, or that attack a square of the field.
    fn stalemate_participants(&self) -> Bitboard {
        let pinners = pins(self.mating, Bitboard::FULL, self.board.kings(), self.board).pinners;
        (self.pinned & self.mating) | pinners | attacking(self.mating, self.field, self.board)
    }
}

/// A checkmate of the side to move: its field, checkers, refuter squares and
/// pseudo-legal moves, and what each mating piece guards.
struct Mate<'a> {
    at: Field<'a>,
    /// The mating pieces that give check (`cql_Checkers`).
    checkers: Bitboard,
    /// The mating king, the checkers and the squares between a checker and
    /// the mated king (`cql_RefuterSquares`).
    refuter_squares: Bitboard,
    /// The mated side's pseudo-legal moves.
    moves: Vec<MoveView>,
    /// The squares each mating piece guards (`cql_GuardedSquares`).
    guarded: SmallVec<[Bitboard; 16]>,
}

impl<'a> Mate<'a> {
    /// The mate around `at`, the mated side's pseudo-legal moves being `moves`.
    fn new(at: Field<'a>, moves: Vec<MoveView>) -> Mate<'a> {
        let checkers = attacking(at.mating, at.king, at.board);
        let mating_king = at.board.kings() & at.mating;
        let refuter_squares = mating_king | checkers | between(checkers, at.king);
        let guarded = at.mating.into_iter().map(|piece| at.guarded_squares(piece)).collect();
        Mate { at, checkers, refuter_squares, moves, guarded }
    }

    /// The value of a mate of `kind`, if the mate is so.
    fn value(&self, kind: ComposersMate) -> Bitboard {
        if !self.is_pure() {
            return Bitboard::EMPTY;
        }
        let mating = self.mating_participants();
        let mated = self.mated_participants();
        let holds = match kind {
            ComposersMate::ModelMate => self.at.officers().is_subset(mating),
            ComposersMate::IdealMate => self.at.mating == mating && self.at.mated == mated,
            _ => true,
        };
        if holds { mating | mated } else { Bitboard::EMPTY }
    }

    /// Whether the check is single (`cql_Checkers()==1`).
    fn single_check(&self) -> bool {
        self.checkers.count() == 1
    }

    /// How many mating pieces guard `square` (`cql_GuardingPieces`).
    fn guards(&self, square: Square) -> usize {
        self.guarded.iter().filter(|guarded| guarded.contains(square)).count()
    }

    /// `cql_PureMate` but for the mate itself.
    fn is_pure(&self) -> bool {
        self.flight_squares_guarded_once() && self.self_blockers_unguarded() && self.checkers_needed()
    }

    /// `cql_FlightSquaresGuardedOnce`: each square of the field that is
    /// empty or holds a mating piece is guarded exactly once.
    fn flight_squares_guarded_once(&self) -> bool {
        (self.at.field & !self.at.mated).into_iter().all(|square| self.guards(square) == 1)
    }

    /// `cql_SelfBlockersUnguarded`: each mated piece on the field is
    /// unguarded, or, in a single check, guarded once, pinned, and with a
    /// pseudo-legal move that would meet the check or take en passant.
    fn self_blockers_unguarded(&self) -> bool {
        (self.at.field & self.at.mated).into_iter().all(|blocker| match self.guards(blocker) {
            0 => true,
            1 => self.single_check() && self.at.pinned.contains(blocker) && self.pin_stops_defence(blocker),
            _ => false,
        })
    }

    /// Whether the piece on `blocker` has a pseudo-legal move to a checker or
    /// between a checker and the king, or an en passant capture.
    fn pin_stops_defence(&self, blocker: Square) -> bool {
        let defences = self.checkers | between(self.checkers, self.at.king);
        let from = Bitboard::from_square(blocker);
        self.can_move(blocker, defences) || self.moves.iter().any(|mv| mv.starts_in(from) && mv.is_en_passant())
    }

    /// Whether the piece on `from` has a pseudo-legal move to a square of
    /// `to` (`pseudolegal from--to`).
    fn can_move(&self, from: Square, to: Bitboard) -> bool {
        let from = Bitboard::from_square(from);
        self.moves.iter().any(|mv| mv.goes(from, to))
    }

    /// `cql_NecessaryDoubleCheck`: in a double check, each checker is needed.
    fn checkers_needed(&self) -> bool {
        self.single_check() || self.checkers.into_iter().all(|checker| self.needed(checker))
    }

    /// `cql_Necessary`: some unpinned mated piece other than the king attacks
    /// a square where the other checks could be met (a checker, or a square
    /// between one and the king).
    fn needed(&self, checker: Square) -> bool {
        let others = self.checkers.without(checker);
        let refutations = others | between(others, self.at.king);
        let defenders = self.at.mated & !self.at.pinned & !self.at.king;
        attacking(defenders, refutations, self.at.board).any()
    }

    /// `cql_PossibleRefuters`: the mated pieces with a pseudo-legal move to a
    /// refuter square.
    fn possible_refuters(&self) -> Bitboard {
        self.at.mated.into_iter().filter(|&piece| self.can_move(piece, self.refuter_squares)).collect()
    }

    /// `cql_WhiteParticipants`: the checkers, the mating pieces that attack
    /// the field or are pinned, and in a single check those that pin a
    /// possible refuter or stand in its line to a refuter square.
    fn mating_participants(&self) -> Bitboard {
        let at = &self.at;
        let mut participants = self.checkers | attacking(at.mating, at.field, at.board) | (at.pinned & at.mating);
        if self.single_check() {
            let refuters = self.possible_refuters();
            participants |= pins(at.mating, refuters, at.board.kings(), at.board).pinners;
            participants |= at
                .mating
                .into_iter()
                .filter(|&piece| at.in_line(refuters, piece, self.refuter_squares))
                .collect::<Bitboard>();
        }
        participants
    }

    /// `cql_BlackParticipants`: the mated king, the mated pieces on its field,
    /// those that shield the mating king from a mated line piece, and in a
    /// single check those in such a line to a refuter square.
    fn mated_participants(&self) -> Bitboard {
        let at = &self.at;
        let mating_king = at.board.kings() & at.mating;
        let shield = |piece| at.in_line(at.mated, piece, mating_king);
        let blocks = |piece| self.single_check() && at.in_line(at.mated, piece, self.refuter_squares);
        let in_line: Bitboard =
            (at.mated & !at.king & !at.field).into_iter().filter(|&piece| shield(piece) || blocks(piece)).collect();
        at.king | (at.field & at.mated) | in_line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        filters::squares,
        game::Game,
        pgn::{GameParser, RawGame},
        settings::EvalSettings,
        state::GameState,
        tree::NodeId,
    };

    use ComposersMate::*;

    /// The six, in the order of the tables below.
    const ALL: [ComposersMate; 6] = [PureMate, ModelMate, IdealMate, PureStalemate, ModelStalemate, IdealStalemate];

    /// The values of the six at the start of a game from `fen`.
    fn values(fen: &str) -> [Bitboard; 6] {
        let text = format!("[FEN \"{fen}\"]\n\n*\n");
        let mut game = Game::default();
        GameParser::default().parse(&RawGame::new(1, 1, text.as_bytes()), &mut game).expect("a game");
        let settings = EvalSettings::default();
        let mut state = GameState::default();
        let at = Cursor::new(&game, NodeId::ROOT, &settings, &mut state);
        ALL.map(|kind| at.composers_mate(kind))
    }

    /// Asserts CQL 6.2's values at `fen`, given as `[pure, model, ideal]`
    /// for `kinds` (the mates or the stalemates), the other three empty.
    fn check(fen: &str, kinds: &[ComposersMate], expected: [&[&str]; 3]) {
        let found = values(fen);
        for (kind, value) in ALL.into_iter().zip(found) {
            let wanted = kinds.iter().position(|&k| k == kind).map_or(Bitboard::EMPTY, |i| squares(expected[i]));
            assert_eq!(value, wanted, "{kind:?} at {fen}");
        }
    }

    const MATES: [ComposersMate; 3] = [PureMate, ModelMate, IdealMate];
    const STALEMATES: [ComposersMate; 3] = [PureStalemate, ModelStalemate, IdealStalemate];

    #[test]
    fn ideal_mates_and_white_mated() {
        let rook = ["h1", "f7", "h8"];
        check("7k/5K2/8/8/8/8/8/7R b - - 0 1", &MATES, [&rook, &rook, &rook]);
        let white = ["h1", "f2", "h8"];
        check("7r/8/8/8/8/8/5k2/7K w - - 0 1", &MATES, [&white, &white, &white]);
        let queen = ["f6", "g7", "h8"];
        check("7k/6Q1/5K2/8/8/8/8/8 b - - 0 1", &MATES, [&queen, &queen, &queen]);
    }

    #[test]
    fn model_mates_exempt_pawns_and_king_but_not_officers() {
        let rook = ["h1", "f7", "h8"];
        check("7k/5K2/8/8/8/8/8/N6R b - - 0 1", &MATES, [&rook, &[], &[]]);
        check("7k/5K2/8/8/8/8/P7/7R b - - 0 1", &MATES, [&rook, &rook, &[]]);
        // CQL 6.2's table has the idle black pawn on a8, a board shakmaty
        // refuses (a pawn on the back rank); on a7 it is as idle.
        check("7k/p4K2/8/8/8/8/8/7R b - - 0 1", &MATES, [&rook, &rook, &[]]);
    }

    #[test]
    fn flight_squares_are_guarded_once_counting_the_x_ray_through_the_king() {
        check("7k/5K2/8/8/8/3B4/8/7R b - - 0 1", &MATES, [&[], &[], &[]]);
        let back_rank = ["d7", "e7", "f7", "a8", "e8"];
        check("R3k3/3ppp2/8/8/8/8/8/K7 b - - 0 1", &MATES, [&back_rank, &back_rank, &[]]);
        check("R3k3/3ppp2/7B/8/8/8/8/K7 b - - 0 1", &MATES, [&[], &[], &[]]);
        check("7k/6Q1/5K2/5N2/8/8/8/8 b - - 0 1", &MATES, [&[], &[], &[]]);
    }

    #[test]
    fn self_blockers_are_unguarded_unless_pinned_from_a_defence() {
        let smothered = ["f7", "g7", "h7", "g8", "h8"];
        check("6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1", &MATES, [&smothered, &smothered, &[]]);
        check("6rk/5Npp/8/8/8/8/8/1B2K3 b - - 0 1", &MATES, [&[], &[], &[]]);
        let pinned = ["h1", "b2", "e7", "g7", "h8"];
        check("7k/4N1n1/8/8/8/8/1B6/K6R b - - 0 1", &MATES, [&pinned, &pinned, &[]]);
        check("7k/4N1p1/8/8/8/8/1B6/K6R b - - 0 1", &MATES, [&[], &[], &[]]);
    }

    #[test]
    fn each_checker_of_a_double_check_is_needed_by_attacks() {
        check("7k/4N3/8/8/8/8/1B6/3K3R b - - 0 1", &MATES, [&[], &[], &[]]);
        check("7k/4N3/8/8/4n3/8/1B6/3K3R b - - 0 1", &MATES, [&[], &[], &[]]);
        let double = ["h1", "b2", "e7", "h8"];
        check("7k/4N3/8/r7/4n3/8/1B6/3K3R b - - 0 1", &MATES, [&double, &double, &[]]);
        check("7k/4N3/6p1/8/4n3/8/1B6/3K3R b - - 0 1", &MATES, [&double, &double, &[]]);
        check("7k/4N3/4p3/8/5n2/8/1B6/3K3R b - - 0 1", &MATES, [&[], &[], &[]]);
    }

    #[test]
    fn white_participants_pinned_pinning_a_refuter_or_blocking_one() {
        let pinned = ["h1", "e6", "f7", "h8"];
        check("7k/5K2/4B3/8/8/1b6/8/7R b - - 0 1", &MATES, [&pinned, &pinned, &[]]);
        let rook = ["h1", "f7", "h8"];
        check("7k/5K2/4B3/8/8/8/8/7R b - - 0 1", &MATES, [&rook, &[], &[]]);
        let pinner = ["h1", "b2", "f7", "h8"];
        check("7k/5K2/5n2/8/8/8/1B6/7R b - - 0 1", &MATES, [&pinner, &pinner, &[]]);
        check("7k/5K2/5p2/8/8/8/1B6/7R b - - 0 1", &MATES, [&rook, &[], &[]]);
        let blocker = ["h1", "b2", "g5", "e6", "e7", "h8"];
        check("7k/4N3/4Nq2/6P1/8/8/KB6/7R b - - 0 1", &MATES, [&blocker, &blocker, &[]]);
        let idle = ["h1", "b2", "e6", "e7", "h8"];
        check("7k/4N3/4Nq2/8/6P1/8/KB6/7R b - - 0 1", &MATES, [&idle, &idle, &[]]);
    }

    #[test]
    fn black_participants_shield_the_white_king_or_block_a_refutation() {
        let shield = ["h1", "d5", "f7", "h8"];
        check("7k/5K2/8/3n4/8/1b6/8/7R b - - 0 1", &MATES, [&shield, &shield, &[]]);
        let blocker = ["d1", "h1", "f7", "h8"];
        check("7k/5K2/8/8/8/8/8/r2n3R b - - 0 1", &MATES, [&blocker, &blocker, &[]]);
    }

    #[test]
    fn pure_model_and_ideal_stalemates() {
        let queen = ["f7", "h8"];
        check("7k/5Q2/8/8/8/8/8/K7 b - - 0 1", &STALEMATES, [&queen, &queen, &[]]);
        let pawn = ["g6", "f7", "h8"];
        check("7k/5K2/6P1/8/8/8/8/8 b - - 0 1", &STALEMATES, [&pawn, &pawn, &pawn]);
        let white = ["h1", "f2", "g3"];
        check("8/8/8/8/8/6p1/5k2/7K w - - 0 1", &STALEMATES, [&white, &white, &white]);
        check("7k/5Q2/8/8/8/8/8/6RK b - - 0 1", &STALEMATES, [&[], &[], &[]]);
        check("7k/5Q2/8/8/8/8/P7/K7 b - - 0 1", &STALEMATES, [&queen, &queen, &[]]);
        check("7k/5Q2/8/8/8/8/8/KN6 b - - 0 1", &STALEMATES, [&queen, &[], &[]]);
    }

    #[test]
    fn stalemate_self_blockers_and_the_stalemated_sides_pieces() {
        let unpinned = ["h6", "e7", "h7", "h8"];
        check("7k/4N2p/7P/8/8/8/8/K7 b - - 0 1", &STALEMATES, [&unpinned, &unpinned, &[]]);
        check("7k/4N2p/7P/8/8/3B4/8/K7 b - - 0 1", &STALEMATES, [&[], &[], &[]]);
        let pinned = ["a1", "g6", "e7", "g7", "h8"];
        check("7k/4N1n1/6P1/8/8/8/8/B2K4 b - - 0 1", &STALEMATES, [&pinned, &pinned, &[]]);
        check("7k/4N1n1/4N1P1/8/8/8/8/B2K4 b - - 0 1", &STALEMATES, [&[], &[], &[]]);
        let every = ["a3", "f7", "h8"];
        check("7k/5Q2/8/8/8/p7/P7/K7 b - - 0 1", &STALEMATES, [&every, &every, &[]]);
    }

    #[test]
    fn none_in_the_start_position() {
        assert_eq!(values("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), [Bitboard::EMPTY; 6]);
    }
}
