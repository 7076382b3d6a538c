//! The pre-filter never turns away a game that has the move it looks for.
//!
//! For every move the reader reads in the corpora (variations included:
//! long algebraic, figurines, missing capture signs, castling written every
//! way, Chess960, Crazyhouse drops, irregular games up to where reading
//! stops), the text check for that very move (its destination square, the
//! role of the piece that moves, its promotion) must let the game's text
//! through. And every game with a position holding more pieces of a kind
//! than the start (two white queens) passes the pre-filter `cqlc` derives
//! for a query asking for them. The checks that also turn games away are tested where they are
//! written (`cql-runtime/src/pgn/prefilter.rs`); the searchers that use
//! them give CQL 6.2's output (`conformance.rs`).

use std::{collections::HashMap, path::Path};

use cql::{
    Game, MoveIn,
    move_view::MoveView,
    pgn::{GameParser, RawGame, Source, TextCheck},
    prelude::{Prefilter, Roles, WrittenMove},
    shakmaty::{Color, Move, Piece, Position, Role, Square},
};

/// How many games of the master database are read (of 385,000).
const MASTER_GAMES: usize = 40_000;

/// The text checks for each (destination, mover, promotion), made once.
#[derive(Default)]
struct Checks(HashMap<(Square, Roles, Option<Roles>), TextCheck>);

impl Checks {
    fn admits(&mut self, to: Square, mover: Roles, promotion: Option<Roles>, text: &[u8]) -> bool {
        self.0
            .entry((to, mover, promotion))
            .or_insert_with(|| {
                TextCheck::new(&Prefilter::Move(WrittenMove { to: 1 << u32::from(to), movers: mover, promotion }))
            })
            .admits(text)
    }

    /// Checks each move of `game` (variations included) against `text`, the
    /// game's text: how many moves there are, or the first one the
    /// pre-filter does not find (a castling's rook move counts too).
    fn game_moves(&mut self, game: &Game, text: &[u8]) -> Result<usize, Move> {
        let tree = game.tree();
        let mut moves = 0;
        for node in tree.preorder() {
            let (Some(parent), MoveIn::Move(mv)) = (tree.node(node).parent(), tree.node(node).move_in()) else {
                continue;
            };
            let before = tree.position(parent);
            let view = MoveView::of_move(mv);
            let mover = view.dropped.or_else(|| before.board().role_at(view.from)).expect("a piece moves");
            let mut found = self.admits(view.to, roles(mover), view.promotion.map(roles), text);
            if let Some((_, rook_to)) = view.rook {
                found &= self.admits(rook_to, Roles::ROOK, None, text);
            }
            if !found {
                return Err(mv);
            }
            moves += 1;
        }
        Ok(moves)
    }
}

fn roles(role: Role) -> Roles {
    Roles(1 << (role as u8 - 1))
}

/// Hands each game of `corpus` that can be searched (at most `limit` games)
/// to `f`, read, with its text.
fn for_each_game(corpus: &str, limit: usize, mut f: impl FnMut(&RawGame<'_>, &Game)) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora").join(corpus);
    let mut source = Source::open(&path).expect("the corpus opens");
    let (mut parser, mut game, mut games) = (GameParser::default(), Game::default(), 0);
    while let Some(batch) = source.next_batch().expect("the corpus reads") {
        for index in 0..batch.len() {
            if games == limit {
                return;
            }
            games += 1;
            let raw = batch.game(index);
            if parser.parse(&raw, &mut game).is_ok() {
                f(&raw, &game);
            }
        }
    }
}

/// Checks every move of every game of `corpus` (at most `limit` games),
/// returning how many moves were checked.
fn check_corpus(corpus: &str, limit: usize, checks: &mut Checks) -> usize {
    let mut moves = 0;
    for_each_game(corpus, limit, |raw, game| match checks.game_moves(game, raw.text) {
        Ok(checked) => moves += checked,
        Err(mv) => panic!(
            "{corpus}, game {} (line {}): the move {mv:?} is not found in its text by the pre-filter",
            raw.number, raw.line
        ),
    });
    moves
}

#[test]
fn every_move_read_is_found_in_the_text_by_the_prefilter() {
    let mut checks = Checks::default();
    let corpora = [
        "annotated-games.pgn",
        "chess960-games.pgn",
        "irregular-games.pgn",
        "lichess-sample.pgn",
        "lichess-studies-and-problems.pgn",
        "studies-sample.pgn",
        "twic-sample.pgn",
        "world-championship-matches.pgn",
    ];
    for corpus in corpora {
        assert!(check_corpus(corpus, usize::MAX, &mut checks) > 0, "{corpus} has moves");
    }
    assert!(check_corpus("master-games.pgn.zst", MASTER_GAMES, &mut checks) > 1_000_000);
}

/// `♕ > 1` and the like, for each piece kind but pawns and kings: the
/// queries, their text checks, and the count they exceed.
fn extra_piece_queries() -> Vec<(Piece, TextCheck)> {
    let mut queries = Vec::new();
    for color in [Color::White, Color::Black] {
        for (role, at_start) in [(Role::Knight, 2), (Role::Bishop, 2), (Role::Rook, 2), (Role::Queen, 1)] {
            let piece = Piece { color, role };
            let query = format!("cql() {} > {at_start}", piece.char());
            let prefilter = cqlc::compile(&query).expect("the query compiles").output.prefilter();
            assert_ne!(prefilter, Prefilter::Always, "{query}");
            queries.push((piece, TextCheck::new(&prefilter)));
        }
    }
    queries
}

#[test]
fn every_game_with_more_pieces_than_at_the_start_passes() {
    let queries = extra_piece_queries();
    let mut found = 0;
    for corpus in
        ["annotated-games.pgn", "lichess-studies-and-problems.pgn", "studies-sample.pgn", "master-games.pgn.zst"]
    {
        for_each_game(corpus, MASTER_GAMES, |raw, game| {
            let tree = game.tree();
            for (piece, check) in &queries {
                let limit = if piece.role == Role::Queen { 1 } else { 2 };
                let more = tree
                    .preorder()
                    .into_iter()
                    .any(|node| tree.position(node).board().by_piece(*piece).count() > limit);
                if more {
                    found += 1;
                    assert!(check.admits(raw.text), "{corpus}, game {}: more than {limit} {piece:?}", raw.number);
                }
            }
        });
    }
    assert!(found > 20, "only {found} games with extra pieces");
}

/// Moves written every way the reader reads them, in one game each.
#[test]
fn every_way_of_writing_a_move_is_found() {
    let texts = [
        "1. e2-e4 e7e5 2. Ng1-f3 Nb8xc6? 3. Bf1b5 a7a6 4. ♗b5:c6 d7:c6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nd4-e6 *",
        "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. d4 Nf6 5. Bf4 Bf5 6. Qd2 e6 7. 0-0-0 Be7 8. f3 o-o 9. g4 *",
        "[FEN \"8/P6k/8/8/8/8/6Kp/8 w - - 0 1\"]\n\n1. a8/N h1=♛+ 2. Kxh1 Kg6 3. Nb6 *",
        "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6e.p. Kd7 2. Kd2 Kxd6 3. Kc3 Kd5 *",
        "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 @e4 5. Nxe4 Qb4 6. P@c3 *",
    ];
    let mut checks = Checks::default();
    for text in texts {
        let raw = RawGame::new(1, 1, text.as_bytes());
        let (mut parser, mut game) = (GameParser::default(), Game::default());
        let warnings = parser.parse(&raw, &mut game).expect("the game reads");
        assert!(warnings.is_empty(), "{text}: {warnings:?}");
        assert!(game.tree().len() > 5, "{text}: every move is read");
        if let Err(mv) = checks.game_moves(&game, raw.text) {
            panic!("{text}: {mv:?} is not found");
        }
    }
}
