//! Reverse (retro) move generation, `cql_runtime::generation::reverse_moves`, and its
//! companion `cql_runtime::generation::pseudolegal_moves`, checked against the games of
//! `../shared/corpora` and against hand-made positions.
//!
//! The games are the independent truth: every move played in them must be
//! found again from the position it reached (with the position it was played
//! from), and every reverse move generated for their positions must be one
//! shakmaty agrees is legal and leads back to the position.

use std::{
    collections::{BTreeSet, HashSet},
    fs,
    path::{Path, PathBuf},
    sync::{
        Mutex,
        atomic::{AtomicU64, Ordering},
    },
    thread,
    time::Instant,
};

use cql_runtime::{
    Game,
    generation::{Legality, ReverseMove, pseudolegal_moves, reverse_moves},
    pgn::{GameParser, Source, read_games},
    tree::MoveIn,
};
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, PositionError, PositionErrorKinds,
    Role, Square, fen::Fen, san::San, uci::UciMove,
};

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora").join(name)
}

/// The PGN files of the corpora, `.pgn` and `.pgn.zst`, by name.
fn corpora(with_master_games: bool) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = fs::read_dir(corpus(""))
        .expect("the shared corpora")
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.ends_with(".pgn") || (with_master_games && name.ends_with(".pgn.zst"))
        })
        .collect();
    paths.sort();
    assert!(paths.len() >= 8, "corpora found: {paths:?}");
    paths
}

/// Runs `check` on every `every`-th game of `path` that the reader can read
/// (irregular games it reports are skipped), on all cores. Returns the
/// number of games checked.
fn for_each_game(path: &Path, every: u64, check: impl Fn(&Game) + Sync) -> u64 {
    let source = Mutex::new(Source::open(path).expect("the corpus opens"));
    let games = AtomicU64::new(0);
    let threads = thread::available_parallelism().map_or(2, |n| n.get());
    thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let (mut parser, mut game) = (GameParser::default(), Game::default());
                loop {
                    let batch = source.lock().unwrap().next_batch().expect("the corpus reads");
                    let Some(batch) = batch else { break };
                    for i in 0..batch.len() {
                        let raw = batch.game(i);
                        if raw.number % every == 0 && parser.parse(&raw, &mut game).is_ok() {
                            check(&game);
                            games.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    games.into_inner()
}

/// Every move of `game` (variations included) that is a normal move of
/// standard chess, i.e. not the root and not a null move: the position
/// before, the move, the position after.
fn played_moves(game: &Game) -> Vec<(&Chess, Move, &Chess)> {
    let tree = game.tree();
    tree.preorder()
        .into_iter()
        .filter_map(|id| {
            let node = tree.node(id);
            match (node.move_in(), node.parent()) {
                (MoveIn::Move(mv), Some(parent)) => {
                    Some((tree.position(parent).as_standard()?, mv, tree.position(id).as_standard()?))
                }
                _ => None,
            }
        })
        .collect()
}

/// The same position for reverse generation: board, side to move and en
/// passant square (the one a legal capture could use; castling rights may
/// differ).
fn same_position(a: &Chess, b: &Chess) -> bool {
    a.board() == b.board() && a.turn() == b.turn() && a.legal_ep_square() == b.legal_ep_square()
}

fn fen(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

fn uci(position: &Chess, mv: Move) -> String {
    UciMove::from_move(mv, position.castles().mode()).to_string()
}

/// Problems found by a corpus test: how many, and the first few described.
#[derive(Default)]
struct Problems {
    count: AtomicU64,
    first: Mutex<Vec<String>>,
}

impl Problems {
    fn report(&self, describe: impl FnOnce() -> String) {
        if self.count.fetch_add(1, Ordering::Relaxed) < 20 {
            self.first.lock().unwrap().push(describe());
        }
    }

    fn assert_none(&self, what: &str) {
        let count = self.count.load(Ordering::Relaxed);
        assert!(count == 0, "{count} {what}, the first:\n{}", self.first.lock().unwrap().join("\n"));
    }
}

// ---------------------------------------------------------------------------
// Pseudo-legal moves

/// Whether `mover`'s king is attacked in `position`.
fn king_attacked(position: &Chess, mover: Color) -> bool {
    let board = position.board();
    board.king_of(mover).is_none_or(|king| board.attacks_to(king, !mover, board.occupied()).any())
}

fn check_pseudolegal_moves(path: &Path) -> u64 {
    let mut positions = 0;
    for read in read_games(path).expect("the corpus opens") {
        let Ok((game, _)) = read.expect("the corpus reads") else { continue };
        let tree = game.tree();
        for id in tree.preorder() {
            let Some(position) = tree.position(id).as_standard() else { continue };
            let pseudolegal = pseudolegal_moves(position);
            let legal = position.legal_moves();
            let context = || format!("game {} at {}", game.number(), fen(position));
            for mv in &legal {
                assert!(pseudolegal.contains(mv), "legal {} is not pseudo-legal in {}", uci(position, *mv), context());
            }
            for &mv in pseudolegal.iter().filter(|mv| !legal.contains(mv)) {
                let mut after = position.clone();
                after.play_unchecked(mv);
                assert!(
                    !mv.is_castle() && king_attacked(&after, position.turn()),
                    "{} is pseudo-legal, not legal, yet leaves the king safe in {}",
                    uci(position, mv),
                    context()
                );
            }
            let distinct: BTreeSet<String> = pseudolegal.iter().map(|&mv| uci(position, mv)).collect();
            assert_eq!(distinct.len(), pseudolegal.len(), "a move twice in {}", context());
            positions += 1;
        }
    }
    positions
}

#[test]
fn pseudolegal_moves_are_the_legal_ones_plus_those_that_leave_the_king_attacked() {
    for name in ["studies-sample.pgn", "twic-sample.pgn", "chess960-games.pgn"] {
        let positions = check_pseudolegal_moves(&corpus(name));
        assert!(positions > 1000, "{name}: {positions} positions");
    }
}

/// The position of the `move` filter's worked example (000): after
/// 1.e4 e6 2.d4 d5 3.Nc3 Bb4 4.a3 Bxc3+, White to move.
fn after_bxc3_check() -> Chess {
    let mut position = Chess::default();
    for san in ["e4", "e6", "d4", "d5", "Nc3", "Bb4", "a3", "Bxc3+"] {
        let mv = san.parse::<San>().unwrap().to_move(&position).unwrap();
        position = position.play(mv).unwrap();
    }
    position
}

#[test]
fn the_worked_example_has_4_legal_and_35_pseudolegal_moves() {
    let position = after_bxc3_check();
    assert_eq!(position.legal_moves().len(), 4);
    assert_eq!(pseudolegal_moves(&position).len(), 35);
}

// ---------------------------------------------------------------------------
// Reverse moves: the corpora

#[test]
fn every_move_played_in_the_corpora_is_found_again_from_the_position_it_reached() {
    let started = Instant::now();
    let (positions, problems) = (AtomicU64::new(0), Problems::default());
    let mut games = 0;
    for path in corpora(true) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // The master database (385k games) is sampled: every 32nd game, 12k
        // of them from every part of it, keeps this test to a twentieth of
        // its time.
        let every = if name.ends_with(".pgn.zst") { 32 } else { 1 };
        games += for_each_game(&path, every, |game| {
            for (previous, mv, position) in played_moves(game) {
                positions.fetch_add(1, Ordering::Relaxed);
                let found = reverse_moves(position, Legality::Legal);
                if !found.iter().any(|reverse| reverse.mv == mv && same_position(&reverse.previous, previous)) {
                    problems.report(|| {
                        format!(
                            "{name} game {}: {} from {} not found among {} reverse moves",
                            game.number(),
                            uci(previous, mv),
                            fen(previous),
                            found.len()
                        )
                    });
                }
            }
        });
    }
    let positions = positions.into_inner();
    eprintln!("round trip: {positions} positions of {games} games in {:.1?}", started.elapsed());
    assert!(positions > 1_000_000, "{positions} positions");
    problems.assert_none("played moves not found");
}

#[test]
fn every_move_from_the_composed_positions_is_found_again() {
    // Not only the moves played: every pseudo-legal move from every position
    // of the studies and problems (of every other game: each move costs two
    // reverse generations). A legal one is a reverse move of both kinds; one
    // that leaves the mover's king in check only a pseudo-legal one (and the
    // position it reaches has no legal reverse moves).
    let (moves, problems) = (AtomicU64::new(0), Problems::default());
    for name in ["studies-sample.pgn", "chess960-games.pgn", "lichess-studies-and-problems.pgn"] {
        for_each_game(&corpus(name), 2, |game| {
            let tree = game.tree();
            for id in tree.preorder() {
                let Some(before) = tree.position(id).as_standard() else { continue };
                let legal = before.legal_moves();
                for mv in pseudolegal_moves(before) {
                    moves.fetch_add(1, Ordering::Relaxed);
                    let mut after = before.clone();
                    after.play_unchecked(mv);
                    let found = |legality| {
                        reverse_moves(&after, legality)
                            .iter()
                            .any(|reverse| reverse.mv == mv && same_position(&reverse.previous, before))
                    };
                    let expected = legal.contains(&mv);
                    if found(Legality::Legal) != expected || !found(Legality::Pseudolegal) {
                        problems.report(|| {
                            let legality = if expected { "legal" } else { "pseudo-legal" };
                            format!(
                                "{name} game {}: {legality} {} from {}",
                                game.number(),
                                uci(before, mv),
                                fen(before)
                            )
                        });
                    }
                }
            }
        });
    }
    let moves = moves.into_inner();
    assert!(moves > 400_000, "{moves} moves");
    problems.assert_none("moves not found again as they should");
}

/// Checks every reverse move of `position` under `legality`: its previous
/// position leads back to `position` by its move, which is legal there
/// (pseudo-legal for [`Legality::Pseudolegal`]); the previous position is
/// legal (for `Pseudolegal`, but for the side to move now being in check); an
/// en passant square it has is one a legal capture could use; and no reverse
/// move comes twice.
fn check_reverse_moves(position: &Chess, legality: Legality) -> Result<Vec<ReverseMove>, String> {
    let found = reverse_moves(position, legality);
    let mut distinct = HashSet::new();
    for ReverseMove { mv, previous } in &found {
        let describe = |problem: &str| format!("{} from {}: {problem}", uci(previous, *mv), fen(previous));
        let mut after = previous.clone();
        after.play_unchecked(*mv);
        if after != *position {
            return Err(describe(&format!("leads to {}", fen(&after))));
        }
        if previous.turn() == position.turn() {
            return Err(describe("the same side moved twice"));
        }
        let usable_ep_square = match legality {
            Legality::Legal => previous.legal_ep_square(),
            Legality::Pseudolegal => previous.pseudo_legal_ep_square(),
        };
        if previous.maybe_ep_square().is_some() && usable_ep_square != previous.maybe_ep_square() {
            return Err(describe("an en passant square no capture can use"));
        }
        if !distinct.insert((*mv, previous.board().clone(), previous.maybe_ep_square())) {
            return Err(describe("found twice"));
        }
        let legal_previous = Chess::from_setup(previous.to_setup(EnPassantMode::Always), previous.castles().mode())
            .or_else(PositionError::ignore_too_much_material);
        let legal_move = match legality {
            Legality::Legal => previous.is_legal(*mv),
            Legality::Pseudolegal => pseudolegal_moves(previous).contains(mv),
        };
        if !legal_move {
            return Err(describe(&format!("not a {legality:?} move")));
        }
        match (legality, legal_previous) {
            (_, Ok(_)) => {}
            (Legality::Pseudolegal, Err(error)) if error.kinds() == PositionErrorKinds::OPPOSITE_CHECK => {}
            (_, Err(error)) => return Err(describe(&format!("illegal previous position: {error}"))),
        }
    }
    Ok(found)
}

#[test]
fn every_reverse_move_in_the_smaller_corpora_is_legal_and_leads_back() {
    let started = Instant::now();
    let (positions, reverse, problems) = (AtomicU64::new(0), AtomicU64::new(0), Problems::default());
    for path in corpora(false) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Every other game: each reverse move (130 a position) is checked
        // with shakmaty from scratch, and half the corpora's positions,
        // 33 million reverse moves, keep this test to half a minute.
        for_each_game(&path, 2, |game| {
            let tree = game.tree();
            for id in tree.preorder() {
                let Some(position) = tree.position(id).as_standard() else { continue };
                positions.fetch_add(1, Ordering::Relaxed);
                match check_reverse_moves(position, Legality::Legal) {
                    Ok(found) => _ = reverse.fetch_add(found.len() as u64, Ordering::Relaxed),
                    Err(problem) => {
                        problems.report(|| format!("{name} game {} at {}: {problem}", game.number(), fen(position)))
                    }
                }
            }
        });
    }
    let (positions, reverse) = (positions.into_inner(), reverse.into_inner());
    eprintln!("soundness: {reverse} legal reverse moves of {positions} positions in {:.1?}", started.elapsed());
    assert!(positions > 200_000, "{positions} positions");
    problems.assert_none("unsound reverse moves");
}

#[test]
fn pseudolegal_reverse_moves_are_the_legal_ones_and_some_from_positions_with_a_check_to_ignore() {
    let problems = Problems::default();
    for name in ["studies-sample.pgn", "chess960-games.pgn", "lichess-studies-and-problems.pgn"] {
        for_each_game(&corpus(name), 1, |game| {
            let tree = game.tree();
            for id in tree.preorder() {
                let Some(position) = tree.position(id).as_standard() else { continue };
                let checked = check_reverse_moves(position, Legality::Pseudolegal).and_then(|pseudolegal| {
                    let legal = reverse_moves(position, Legality::Legal);
                    let is_pseudolegal =
                        |l: &ReverseMove| pseudolegal.iter().any(|p| p.mv == l.mv && p.previous == l.previous);
                    if let Some(missing) = legal.iter().find(|l| !is_pseudolegal(l)) {
                        return Err(format!("legal {} is not pseudo-legal", uci(&missing.previous, missing.mv)));
                    }
                    let in_check = |p: &ReverseMove| king_attacked(&p.previous, position.turn());
                    match pseudolegal.len() - legal.len() == pseudolegal.iter().filter(|p| in_check(p)).count() {
                        true => Ok(()),
                        false => Err("a pseudo-legal reverse move beyond the legal ones without a check".into()),
                    }
                });
                if let Err(problem) = checked {
                    problems.report(|| format!("{name} game {} at {}: {problem}", game.number(), fen(position)));
                }
            }
        });
    }
    problems.assert_none("unsound pseudo-legal reverse moves");
}

// ---------------------------------------------------------------------------
// Reverse moves: the worked example and hand-made positions

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

/// The reverse moves of `position`, checked as the corpus test checks them.
fn legal_reverse_moves(position: &Chess) -> Vec<ReverseMove> {
    check_reverse_moves(position, Legality::Legal).unwrap()
}

#[test]
fn the_worked_example_has_two_legal_reverse_moves_both_taking_the_knight() {
    let position = after_bxc3_check();
    let found = legal_reverse_moves(&position);
    assert_eq!(found.len(), 2, "{:?}", found.iter().map(|r| r.mv).collect::<Vec<_>>());
    let froms: BTreeSet<Square> = found.iter().filter_map(|r| r.mv.from()).collect();
    assert_eq!(froms, BTreeSet::from([square("b4"), square("a5")]));
    for reverse in &found {
        assert_eq!(reverse.mv.role(), Role::Bishop);
        assert_eq!(reverse.mv.to(), square("c3"));
        assert_eq!(reverse.mv.capture(), Some(Role::Knight), "a knight is all White is missing");
    }
}

#[test]
fn pseudolegal_reverse_moves_also_come_from_positions_with_the_side_to_move_in_check() {
    let position = after_bxc3_check();
    let found = check_reverse_moves(&position, Legality::Pseudolegal).unwrap();
    let quiet_bishop =
        Move::Normal { role: Role::Bishop, from: square("b4"), capture: None, to: square("c3"), promotion: None };
    assert!(found.iter().any(|r| r.mv == quiet_bishop), "Bb4-c3 without a capture left White in check before");
    let knight_back = found.iter().find(|r| r.mv.role() == Role::Knight).expect("a black knight move");
    assert!(
        knight_back
            .previous
            .board()
            .attacks_to(square("e1"), Color::Black, knight_back.previous.board().occupied())
            .any()
    );
    assert!(found.len() > 2);
}

#[test]
fn un_promotion_by_a_push_or_a_capture_if_the_pawns_allow_it() {
    let promoted = position("4k2Q/8/8/8/8/8/8/4K3 b - - 0 1");
    let found = legal_reverse_moves(&promoted);
    let promotions: Vec<&ReverseMove> = found.iter().filter(|r| r.mv.is_promotion()).collect();
    let push = Move::Normal {
        role: Role::Pawn,
        from: square("h7"),
        capture: None,
        to: square("h8"),
        promotion: Some(Role::Queen),
    };
    assert!(promotions.iter().any(|r| r.mv == push));
    let rook_taken = promotions.iter().find(|r| r.mv.capture() == Some(Role::Rook)).expect("gxh8=Q taking a rook");
    assert_eq!(rook_taken.mv.from(), Some(square("g7")));
    assert_eq!(rook_taken.previous.board().piece_at(square("h8")), Some(Color::Black.rook()));
    assert!(promotions.iter().all(|r| r.mv.capture() != Some(Role::Pawn)), "no pawn on the 8th rank");
    assert_eq!(promotions.len(), 1 + 4, "the push, and captures of N, B, R, Q from g7");

    // With all eight pawns on the board, the queen cannot have been one.
    let eight_pawns = position("4k2Q/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1");
    assert!(legal_reverse_moves(&eight_pawns).iter().all(|r| !r.mv.is_promotion()));
}

#[test]
fn un_en_passant_restores_the_taken_pawn_and_the_en_passant_square() {
    let after = position("4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    let found = legal_reverse_moves(&after);
    let en_passant: Vec<&ReverseMove> = found.iter().filter(|r| r.mv.is_en_passant()).collect();
    let froms: BTreeSet<Square> = en_passant.iter().filter_map(|r| r.mv.from()).collect();
    assert_eq!(froms, BTreeSet::from([square("c5"), square("e5")]));
    for reverse in en_passant {
        assert_eq!(reverse.previous.legal_ep_square(), Some(square("d6")));
        assert_eq!(reverse.previous.board().piece_at(square("d5")), Some(Color::Black.pawn()));
    }
}

#[test]
fn un_castling_on_both_sides_restores_the_right() {
    let white_castled = position("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let castle = legal_reverse_moves(&white_castled).into_iter().find(|r| r.mv.is_castle()).expect("O-O");
    assert_eq!(castle.mv, Move::Castle { king: square("e1"), rook: square("h1") });
    assert!(castle.previous.castles().castling_rights().contains(square("h1")));

    let black_castled = position("2kr4/8/8/8/8/8/8/4K3 w - - 1 2");
    let castle = legal_reverse_moves(&black_castled).into_iter().find(|r| r.mv.is_castle()).expect("O-O-O");
    assert_eq!(castle.mv, Move::Castle { king: square("e8"), rook: square("a8") });
    assert_eq!(castle.previous.fullmoves().get(), 1, "Black moved: one move back");

    // Castling through check is no reverse move: the rook on f1 would have
    // seen f8, the square Black's king passed.
    let through_check = position("5rk1/8/8/8/8/8/8/4KR2 w - - 1 2");
    assert!(legal_reverse_moves(&through_check).iter().all(|r| !r.mv.is_castle()));
}

#[test]
fn chess960_un_castling_tries_every_pair_of_squares_that_fits() {
    // White has castled short: king g1, rook f1; where they came from is open.
    let fen_text = "4k3/8/8/8/8/8/8/1N3RK1 b - - 1 12";
    let castled: Chess = fen_text.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap();
    let found: BTreeSet<(Square, Square)> = check_reverse_moves(&castled, Legality::Legal)
        .unwrap()
        .into_iter()
        .filter_map(|r| match r.mv {
            Move::Castle { king, rook } => Some((king, rook)),
            _ => None,
        })
        .collect();
    // The truth, independently: every king and rook square on the first rank
    // from which shakmaty castles short into exactly this position.
    let mut expected = BTreeSet::new();
    for king in Bitboard::from_rank(shakmaty::Rank::First) {
        for rook in Bitboard::from_rank(shakmaty::Rank::First) {
            let mut setup = castled.to_setup(EnPassantMode::Always);
            setup.board.discard_piece_at(square("g1"));
            setup.board.discard_piece_at(square("f1"));
            if king == rook || setup.board.occupied().contains(king) || setup.board.occupied().contains(rook) {
                continue;
            }
            setup.board.set_piece_at(king, Color::White.king());
            setup.board.set_piece_at(rook, Color::White.rook());
            setup.turn = Color::White;
            setup.castling_rights = Bitboard::from_square(rook);
            let Ok(before) = Chess::from_setup(setup, CastlingMode::Chess960) else { continue };
            let castle = Move::Castle { king, rook };
            if before.is_legal(castle)
                && before.clone().play(castle).is_ok_and(|after| after.board() == castled.board())
            {
                expected.insert((king, rook));
            }
        }
    }
    assert!(expected.len() > 3, "{expected:?}");
    assert!(expected.contains(&(square("e1"), square("h1"))));
    assert_eq!(found, expected);
}

#[test]
fn an_en_passant_square_leaves_only_the_double_push() {
    let after_e4 = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let found = legal_reverse_moves(&after_e4);
    assert_eq!(found.len(), 1);
    let e4 = Move::Normal { role: Role::Pawn, from: square("e2"), capture: None, to: square("e4"), promotion: None };
    assert_eq!(found[0].mv, e4);
    assert_eq!(found[0].previous, Chess::default());
}

#[test]
fn a_double_check_comes_only_from_a_discovering_move_that_also_checks() {
    // The knight on d6 and the rook on e1 both check: only the knight, moving
    // off the e-file, gives both. It may have taken anything of Black's but a
    // king: a pawn, knight, bishop, rook or queen (Black has only its king).
    let double_check = position("4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1");
    assert_eq!(double_check.checkers().count(), 2);
    let found = legal_reverse_moves(&double_check);
    assert!(found.iter().all(|r| r.mv.role() == Role::Knight && r.mv.from() == Some(square("e4"))), "{found:?}");
    assert_eq!(found.len(), 6);
}

#[test]
fn a_previous_position_may_have_had_an_en_passant_capture_that_was_declined() {
    // White's pawn on e5, Black's on d5 after ...d7-d5: White could take
    // en passant but played Nf3 instead. Both previous positions (with and
    // without the en passant square) are found for Ng1-f3.
    let after_nf3 = position("4k3/8/8/3pP3/8/5N2/8/4K3 b - - 1 2");
    let from_g1: Vec<ReverseMove> = legal_reverse_moves(&after_nf3)
        .into_iter()
        .filter(|r| r.mv.from() == Some(square("g1")) && r.mv.capture().is_none())
        .collect();
    let squares: BTreeSet<Option<Square>> = from_g1.iter().map(|r| r.previous.legal_ep_square()).collect();
    assert_eq!(squares, BTreeSet::from([None, Some(square("d6"))]));
}

#[test]
fn a_move_that_left_the_movers_king_in_check_is_only_a_pseudolegal_reverse_move() {
    // White's bishop on e2, pinned by the rook on e8, moves anyway.
    let before = position("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    let pinned =
        Move::Normal { role: Role::Bishop, from: square("e2"), capture: None, to: square("d3"), promotion: None };
    assert!(pseudolegal_moves(&before).contains(&pinned) && !before.is_legal(pinned));
    let mut after = before.clone();
    after.play_unchecked(pinned);
    assert!(reverse_moves(&after, Legality::Legal).is_empty(), "the mover's king is in check");
    let found = check_reverse_moves(&after, Legality::Pseudolegal).unwrap();
    assert!(found.iter().any(|r| r.mv == pinned && same_position(&r.previous, &before)));
}
