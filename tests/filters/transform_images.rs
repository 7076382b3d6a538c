//! The transforms' maps, against the board itself: a position matches a
//! query exactly when the position's image matches the query's image. For
//! each map (files reflected, the colours swapped with the ranks, a quarter
//! turn, a move one file right), the positions of the main lines of
//! `studies-sample.pgn` are mapped square by square by shakmaty's boards
//! (not by cqlc's maps), and each query and its image (written by hand, as
//! CQL 6.2's `currenttransform` names the map) must find the same
//! positions. The queries are those the map leaves meaningful: a quarter
//! turn or a move changes where pawns go and castling, so its queries are
//! about pieces, lines and directions.

use std::path::Path;

use cql::{
    Query,
    pgn::read_games,
    shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, Position, fen::Fen},
};

use super::evaluate::matching_games;

/// The board and side to move of every other main-line position of
/// `studies-sample.pgn`.
fn corpus_positions() -> Vec<(Board, Color)> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/studies-sample.pgn");
    let mut positions = Vec::new();
    for read in read_games(&corpus).expect("the corpus") {
        let Ok(Ok((game, _))) = read else { continue };
        let tree = game.tree();
        for node in tree.mainline().step_by(2) {
            let position = tree.position(node);
            positions.push((position.board().clone(), position.turn()));
        }
    }
    positions
}

/// `board` changed by `change`.
fn mapped(board: &Board, change: fn(&mut Board)) -> Board {
    let mut image = board.clone();
    change(&mut image);
    image
}

/// A game of one position, with no moves; none if shakmaty refuses it.
fn game(board: &Board, turn: Color) -> Option<String> {
    let side = if turn.is_white() { "w" } else { "b" };
    let fen = format!("{board} {side} - - 0 1");
    let position: Option<Chess> = fen.parse::<Fen>().ok()?.into_position(CastlingMode::Standard).ok();
    position.map(|_| format!("[Event \"p\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n\n"))
}

/// The games of the corpus's positions and of their images under `map`,
/// where both are positions shakmaty takes.
fn games(map: impl Fn(&Board, Color) -> Option<(Board, Color)>) -> (String, String) {
    let (mut originals, mut images) = (String::new(), String::new());
    for (board, turn) in corpus_positions() {
        let Some((image, image_turn)) = map(&board, turn) else { continue };
        if let (Some(original), Some(image)) = (game(&board, turn), game(&image, image_turn)) {
            originals.push_str(&original);
            images.push_str(&image);
        }
    }
    (originals, images)
}

/// Each query finds the same positions as its image finds among the images.
fn same_positions(map_name: &str, (originals, images): &(String, String), pairs: &[(&dyn Query, &dyn Query)]) {
    for (index, (query, image)) in pairs.iter().enumerate() {
        let found = matching_games(*query, originals);
        assert!(
            found.iter().any(|&m| m) && found.iter().any(|&m| !m),
            "{map_name} query {index}: tells positions apart"
        );
        assert_eq!(found, matching_games(*image, images), "{map_name} query {index}");
    }
}

#[test]
fn reflecting_the_files_is_flipvertical() {
    let games = games(|board, turn| Some((mapped(board, Board::flip_horizontal), turn)));
    same_positions(
        "files reflected",
        &games,
        &[
            (&cql::cql!("cql() right 1 7 ♖ & ♛"), &cql::cql!("cql() left 1 7 ♖ & ♛")),
            (&cql::cql!("cql() ♔a-d1-8"), &cql::cql!("cql() ♔e-h1-8")),
            (&cql::cql!("cql() pin through ♘a-d1-8"), &cql::cql!("cql() pin through ♘e-h1-8")),
            (&cql::cql!("cql() ray northeast (▲ △)"), &cql::cql!("cql() ray northwest (▲ △)")),
            (&cql::cql!("cql() check ♙c-e2-5"), &cql::cql!("cql() check ♙d-f2-5")),
            (&cql::cql!("cql() light ♗"), &cql::cql!("cql() dark ♗")),
        ],
    );
}

#[test]
fn swapping_the_colours_and_the_ranks_is_flipcolor() {
    let games = games(|board, turn| Some((mapped(board, Board::mirror), !turn)));
    same_positions(
        "colours swapped",
        &games,
        &[
            (&cql::cql!("cql() btm ♕ attacks ▲"), &cql::cql!("cql() wtm ♛ attacks △")),
            (&cql::cql!("cql() check up 1 ♙ & ♟"), &cql::cql!("cql() check down 1 ♟ & ♙")),
            (&cql::cql!("cql() ♔a-h1-2"), &cql::cql!("cql() ♚a-h7-8")),
            (&cql::cql!("cql() pin through △"), &cql::cql!("cql() pin through ▲")),
            (&cql::cql!("cql() #(△ attackedby ▲) > 2"), &cql::cql!("cql() #(▲ attackedby △) > 2")),
        ],
    );
}

#[test]
fn a_quarter_turn_is_one_image_of_rotate90() {
    // Clockwise: a1 goes to a8 (CQL 6.2's clockwise90), up becomes right.
    let games = games(|board, turn| Some((mapped(board, Board::rotate_90), turn)));
    same_positions(
        "quarter turn",
        &games,
        &[
            (&cql::cql!("cql() up 1 3 ♖ & ▲"), &cql::cql!("cql() right 1 3 ♖ & ▲")),
            (&cql::cql!("cql() ♕a-d1-8"), &cql::cql!("cql() ♕a-h5-8")),
            (&cql::cql!("cql() ray diagonal (♗ ▲)"), &cql::cql!("cql() ray diagonal (♗ ▲)")),
            (&cql::cql!("cql() ray up (♖ ▲)"), &cql::cql!("cql() ray right (♖ ▲)")),
            (&cql::cql!("cql() ♘ attacks ▲"), &cql::cql!("cql() ♘ attacks ▲")),
        ],
    );
}

#[test]
fn a_move_one_file_right_is_one_image_of_shifthorizontal() {
    // Only positions with nothing on the h-file, which a move right keeps whole.
    let h_file = Bitboard::from_file(cql::shakmaty::File::H);
    let games = games(|board, turn| {
        if board.occupied().intersects(h_file) {
            return None;
        }
        let mut moved = Board::empty();
        for (square, piece) in board.clone() {
            moved.set_piece_at(square.offset(1)?, piece);
        }
        Some((moved, turn))
    });
    same_positions(
        "one file right",
        &games,
        &[
            (&cql::cql!("cql() ♔a-d1-8"), &cql::cql!("cql() ♔b-e1-8")),
            (&cql::cql!("cql() ♕ & right 2 ▲"), &cql::cql!("cql() ♕ & right 2 ▲")),
            (&cql::cql!("cql() ♖ attacks ♚"), &cql::cql!("cql() ♖ attacks ♚")),
            (&cql::cql!("cql() pin through ♙a-d1-8"), &cql::cql!("cql() pin through ♙b-e1-8")),
        ],
    );
}
