//! Where the pieces of the side to move can go, as sets of squares: the
//! legal or pseudo-legal moves of a position without a list of moves, for
//! counting them or collecting their squares (`move legal from ♘ count`).
//!
//! A piece's destinations are its attacks (its pushes, for a pawn) masked by
//! what the rules allow: not onto its own side's pieces; for legal moves,
//! only along the line to its own king when it shields the king from a
//! slider, only onto the checker or between it and the king in check,
//! nothing but king steps in double check, a king never onto an attacked
//! square. A pawn move that promotes is one destination, as CQL counts it
//! (the four promotions are one move). Castling is a move of its own, given
//! by shakmaty's castling rules (also Chess960's), as an en passant capture
//! is given by its own rules (a test of the king's safety after it, which
//! covers the pawn that shields its king along the rank with the pawn it
//! takes).
//!
//! The destinations are exactly the moves shakmaty's
//! [`legal_moves`](Position::legal_moves) or [`pseudolegal_moves`] list,
//! with the four promotions of a pawn move as one.
//!
//! [`pseudolegal_moves`]: super::pseudolegal_moves

use shakmaty::{Bitboard, Board, CastlingSide, Chess, Color, Position, Rank, Square, attacks};

/// Calls `visit` with each piece of the side to move on a square of `from`
/// and its legal destinations among `to`, if it has any; then with the king
/// (if on `from`) and the destination of each legal castling move to `to`.
/// Two calls never share a move (a Chess960 king may step and castle to the
/// same square: two moves, two calls).
pub fn legal_destinations(position: &Chess, from: Bitboard, to: Bitboard, mut visit: impl FnMut(Square, Bitboard)) {
    let board = position.board();
    let mover = position.turn();
    let Some(king) = board.king_of(mover) else { return };
    let ours = board.by_color(mover);
    let occupied = board.occupied();
    let checkers = position.checkers();
    // Where a piece other than the king may go: anywhere not ours, or to answer a single check.
    let answers = match checkers.single_square() {
        _ if checkers.is_empty() => !ours,
        Some(checker) => attacks::between(king, checker).with(checker),
        None => Bitboard::EMPTY,
    };
    let shields = shields(board, mover, king) & ours;
    let allowed = |square: Square, destinations: Bitboard| {
        let pin_line = if shields.contains(square) { attacks::ray(king, square) } else { Bitboard::FULL };
        destinations & answers & pin_line & to
    };

    for square in ours & from & !board.pawns() & !board.kings() {
        let Some(piece) = board.piece_at(square) else { continue };
        let destinations = allowed(square, attacks::attacks(square, piece, occupied));
        visit_any(&mut visit, square, destinations);
    }
    let ep_square = position.maybe_ep_square().filter(|&ep_square| to.contains(ep_square));
    for square in ours & from & board.pawns() {
        let mut destinations = allowed(square, pawn_destinations(board, mover, square));
        if let Some(ep_square) = ep_square
            && attacks::pawn_attacks(mover, square).contains(ep_square)
            && en_passant_is_safe(board, mover, king, square, ep_square)
        {
            destinations.add(ep_square);
        }
        visit_any(&mut visit, square, destinations);
    }
    if from.contains(king) {
        visit_any(&mut visit, king, king_steps(board, mover, king, checkers) & to);
        if checkers.is_empty() {
            castling_destinations(position, king, to, &mut visit);
        }
    }
}

/// Calls `visit` with each piece of the side to move on a square of `from`
/// and its pseudo-legal destinations among `to`, if it has any; then with
/// the king (if on `from`) and the destination of each castling move to
/// `to`.
pub fn pseudolegal_destinations(
    position: &Chess,
    from: Bitboard,
    to: Bitboard,
    mut visit: impl FnMut(Square, Bitboard),
) {
    let board = position.board();
    let mover = position.turn();
    let ours = board.by_color(mover);
    let occupied = board.occupied();

    for square in ours & from & !board.pawns() {
        let Some(piece) = board.piece_at(square) else { continue };
        visit_any(&mut visit, square, attacks::attacks(square, piece, occupied) & !ours & to);
    }
    let ep_square =
        position.maybe_ep_square().filter(|&ep_square| to.contains(ep_square) && !occupied.contains(ep_square));
    for square in ours & from & board.pawns() {
        let mut destinations = pawn_destinations(board, mover, square) & to;
        destinations.extend(ep_square.filter(|&ep_square| attacks::pawn_attacks(mover, square).contains(ep_square)));
        visit_any(&mut visit, square, destinations);
    }
    if let Some(king) = board.king_of(mover)
        && from.contains(king)
    {
        castling_destinations(position, king, to, &mut visit);
    }
}

/// Calls `visit` with `square` and `destinations` unless there are none.
fn visit_any(visit: &mut impl FnMut(Square, Bitboard), square: Square, destinations: Bitboard) {
    if destinations.any() {
        visit(square, destinations);
    }
}

/// The squares the pawn of `mover` on `square` can capture on (the en
/// passant square aside) or push to, one or two squares.
fn pawn_destinations(board: &Board, mover: Color, square: Square) -> Bitboard {
    let empty = !board.occupied();
    let captures = attacks::pawn_attacks(mover, square) & board.by_color(!mover);
    let forward = mover.fold_wb(8, -8);
    let Some(one) = square.offset(forward).filter(|&one| empty.contains(one)) else { return captures };
    let second_rank = Bitboard::from_rank(mover.relative_rank(Rank::Second));
    let two = one.offset(forward).filter(|&two| second_rank.contains(square) && empty.contains(two));
    captures.with(one) | Bitboard::from_iter(two)
}

/// The pieces (of either side) that alone stand between `mover`'s king and
/// an opposing slider that would attack it along their line.
fn shields(board: &Board, mover: Color, king: Square) -> Bitboard {
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut shields = Bitboard::EMPTY;
    for sniper in snipers & board.by_color(!mover) {
        let between = attacks::between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            shields |= between;
        }
    }
    shields
}

/// Whether `mover`'s king on `king` is safe after its pawn on `from` takes
/// en passant on `ep_square`.
fn en_passant_is_safe(board: &Board, mover: Color, king: Square, from: Square, ep_square: Square) -> bool {
    let taken = Square::from_coords(ep_square.file(), from.rank());
    let occupied = board.occupied().without(from).without(taken).with(ep_square);
    board.attacks_to(king, !mover, occupied).without(taken).is_empty()
}

/// The squares `mover`'s king on `king` can step to legally: not its own
/// side's, not attacked, not further along the line of a slider that checks
/// it.
fn king_steps(board: &Board, mover: Color, king: Square, checkers: Bitboard) -> Bitboard {
    let mut behind = Bitboard::EMPTY;
    for checker in checkers & board.sliders() {
        behind |= attacks::ray(checker, king).without(checker);
    }
    let candidates = attacks::king_attacks(king) & !board.by_color(mover) & !behind;
    let occupied = board.occupied();
    candidates.into_iter().filter(|&step| board.attacks_to(step, !mover, occupied).is_empty()).collect()
}

/// Calls `visit` with `king` and the king's destination of each castling
/// move it can make to a square of `to`.
fn castling_destinations(position: &Chess, king: Square, to: Bitboard, visit: &mut impl FnMut(Square, Bitboard)) {
    for side in CastlingSide::ALL {
        let king_to = side.king_to(position.turn());
        if to.contains(king_to) && position.castles().has(position.turn(), side) {
            for _castling in position.castling_moves(side) {
                visit(king, Bitboard::from_square(king_to));
            }
        }
    }
}
