//! `pieceid`: the number that names a piece as it moves (CQL 6.2's
//! `PieceIdNode`). The numbers are the identities of [`crate::state::PieceIds`],
//! worked out once per game: at the game's first position the pieces are
//! numbered 0, 1, 2, ... in the order of their squares a1, b1, ..., h8; a
//! piece keeps its number as it moves, promotes or castles; a captured
//! piece's number is gone and is never given again.
//!
//! Where CQL 6.2 aborts the whole run (`pieceid X` of an unbound piece
//! variable), cqlc's `pieceid` has no value instead.

use shakmaty::Bitboard;

use crate::{
    cursor::Cursor,
    state::{Value, Var},
};

impl Cursor<'_> {
    /// `pieceid S`: the number of the piece on the one square of `squares`;
    /// none if `squares` is not one square or that square is empty (or holds
    /// a piece without a number: one dropped after 255 numbers were given).
    pub fn piece_id(&mut self, squares: Bitboard) -> Option<i64> {
        // In an imaginary position the square the piece came from is empty.
        let square = squares.single_square().filter(|&square| self.board().occupied().contains(square))?;
        self.piece_on(square).map(|id| i64::from(id.0))
    }

    /// `pieceid X` of a piece variable `X`: its piece's number, even once the
    /// piece is captured; none while `X` is unbound (CQL 6.2 aborts).
    pub fn piece_variable_id(&self, var: Var) -> Option<i64> {
        match self.value(var) {
            Value::Piece(id) => Some(i64::from(id.0)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Position, san::San};

    use super::*;
    use crate::{
        filters::squares,
        game::Game,
        move_view::MoveView,
        pgn::{GameParser, RawGame},
        settings::EvalSettings,
        state::GameState,
        tree::{MoveIn, NodeId},
    };

    /// The game of `pgn` (tags, then movetext).
    fn game(pgn: &str) -> Game {
        let mut game = Game::default();
        GameParser::default().parse(&RawGame::new(1, 1, pgn.as_bytes()), &mut game).expect("a game");
        game
    }

    /// A game that starts from `fen` (in `variant`, if any).
    fn from_fen(variant: Option<&str>, fen: &str, movetext: &str) -> Game {
        let variant = variant.map_or(String::new(), |variant| format!("[Variant \"{variant}\"]\n"));
        game(&format!("{variant}[FEN \"{fen}\"]\n\n{movetext}"))
    }

    /// `pieceid` of each of `names` at `node`, written as CQL writes them
    /// (`<false>` for none) and joined by spaces; `state` is reused.
    fn ids_with(state: &mut GameState, game: &Game, node: NodeId, names: &[&str]) -> String {
        let settings = EvalSettings::default();
        let mut at = Cursor::new(game, node, &settings, state);
        let ids: Vec<String> = names
            .iter()
            .map(|name| at.piece_id(squares(&[name])).map_or("<false>".into(), |id| id.to_string()))
            .collect();
        ids.join(" ")
    }

    /// [`ids_with`] at each position of the main line.
    fn along_mainline(game: &Game, names: &[&str]) -> Vec<String> {
        let mut state = GameState::default();
        game.tree().mainline().map(|node| ids_with(&mut state, game, node, names)).collect()
    }

    /// The node reached from the root by the moves `sans`, each among the
    /// children (variations included) of the node before.
    fn node_after(game: &Game, sans: &[&str]) -> NodeId {
        let tree = game.tree();
        sans.iter().fold(NodeId::ROOT, |node, san| {
            let wanted: San = san.parse().unwrap();
            tree.children(node)
                .find(|&child| {
                    let MoveIn::Move(mv) = tree.node(child).move_in() else { return false };
                    wanted.to_move(tree.position(node)) == Ok(mv)
                })
                .unwrap_or_else(|| panic!("no {san} after {node:?}"))
        })
    }

    /// Ra1 0, Ke1 1, Rh1 2, Pe2 3, pd4 4, Pb7 5, ra8 6, ke8 7.
    const SPECIAL: &str = "r3k3/1P6/8/8/3p4/8/4P3/R3K2R w KQ - 0 1";

    #[test]
    fn the_first_positions_pieces_are_numbered_by_square() {
        let standard = game("1.e4 *");
        let names = ["a1", "b1", "h1", "a2", "e1", "e2", "e7", "d8", "e8", "h8"];
        assert_eq!(along_mainline(&standard, &names)[0], "0 1 7 8 4 12 20 27 28 31");
        let names = ["a1", "e1", "h1", "e2", "d4", "b7", "a8", "e8"];
        assert_eq!(along_mainline(&from_fen(None, SPECIAL, "*"), &names), ["0 1 2 3 4 5 6 7"]);
    }

    #[test]
    fn a_piece_keeps_its_number_until_it_is_captured() {
        let game = game("1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 *");
        let found = along_mainline(&game, &["d5", "a5", "c3"]);
        let expected = [
            "<false> <false> <false>",
            "<false> <false> <false>",
            "19 <false> <false>",
            "12 <false> <false>",
            "27 <false> <false>",
            "27 <false> 1",
            "<false> 27 1",
        ];
        assert_eq!(found, expected);
    }

    #[test]
    fn en_passant_takes_the_number_of_the_pawn_beside() {
        let game = from_fen(None, SPECIAL, "1.e4 dxe3 *");
        assert_eq!(
            along_mainline(&game, &["d4", "e4", "e3"]),
            ["4 <false> <false>", "4 3 <false>", "<false> <false> 4"]
        );
    }

    #[test]
    fn castling_keeps_the_kings_and_the_rooks_numbers() {
        let game = from_fen(None, SPECIAL, "1.e4 dxe3 2.O-O (2.O-O-O Kf7) 2...Kd7 *");
        let names = ["a1", "c1", "d1", "e1", "f1", "g1", "h1"];
        let mut state = GameState::default();
        let at = |state: &mut GameState, sans: &[&str]| ids_with(state, &game, node_after(&game, sans), &names);
        let none = "<false>";
        assert_eq!(at(&mut state, &["e4", "dxe3"]), format!("0 {none} {none} 1 {none} {none} 2"));
        assert_eq!(at(&mut state, &["e4", "dxe3", "O-O"]), format!("0 {none} {none} {none} 2 1 {none}"));
        assert_eq!(at(&mut state, &["e4", "dxe3", "O-O-O"]), format!("{none} 1 0 {none} {none} {none} 2"));
        assert_eq!(at(&mut state, &["e4", "dxe3", "O-O-O", "Kf7"]), format!("{none} 1 0 {none} {none} {none} 2"));
        assert_eq!(at(&mut state, &["e4", "dxe3", "O-O", "Kd7"]), format!("0 {none} {none} {none} 2 1 {none}"));
    }

    #[test]
    fn chess960_castling_may_swap_the_king_and_the_rook() {
        // Kf1 0, Rg1 1, ke8 2: O-O puts the king on g1 and the rook on f1.
        let game = from_fen(Some("Chess960"), "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "1.O-O Kd7 *");
        assert_eq!(along_mainline(&game, &["f1", "g1", "d7"]), ["0 1 <false>", "1 0 <false>", "1 0 2"]);
        // Rc1 0, Kd1 1: O-O-O puts the king on c1 and the rook on d1.
        let game = from_fen(Some("Chess960"), "4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "1.O-O-O *");
        assert_eq!(along_mainline(&game, &["c1", "d1"]), ["0 1", "1 0"]);
    }

    #[test]
    fn a_promoted_piece_keeps_the_pawns_number() {
        let game = from_fen(None, SPECIAL, "1.bxa8=Q Kd7 *");
        assert_eq!(along_mainline(&game, &["b7", "a8"]), ["5 6", "<false> 5", "<false> 5"]);
    }

    #[test]
    fn a_null_move_changes_no_number() {
        let game = game("1.e4 -- 2.Nf3 *");
        let expected = ["4 28 <false>", "4 28 <false>", "4 28 <false>", "4 28 6"];
        assert_eq!(along_mainline(&game, &["e1", "e8", "f3"]), expected);
    }

    #[test]
    fn only_one_occupied_square_has_a_number() {
        let game = game("*");
        let settings = EvalSettings::default();
        let mut state = GameState::default();
        let mut at = Cursor::new(&game, NodeId::ROOT, &settings, &mut state);
        assert_eq!(at.piece_id(squares(&["e4"])), None);
        assert_eq!(at.piece_id(squares(&["e2", "e4"])), None, "two squares, one of them empty");
        assert_eq!(at.piece_id(Bitboard::EMPTY), None);
        assert_eq!(at.piece_id(squares(&["e2"])), Some(12));
    }

    #[test]
    fn dropped_pieces_get_numbers_never_given_before() {
        // 4.P@e6 drops the pawn taken on d5: the first new number, 32, which
        // 4...fxe6 takes; the variation's drop on e6 gets 33.
        let game = game("[Variant \"Crazyhouse\"]\n\n1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.P@e6 (4.P@f5) 4...fxe6 *");
        let mut state = GameState::default();
        let before = ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"];
        let after = |state: &mut GameState, last: &[&str], name| {
            ids_with(state, &game, node_after(&game, &[&before[..], last].concat()), &[name])
        };
        assert_eq!(after(&mut state, &["P@e6"], "e6"), "32");
        assert_eq!(after(&mut state, &["P@e6", "fxe6"], "e6"), "21");
        assert_eq!(after(&mut state, &["P@f5"], "f5"), "33");
    }

    #[test]
    fn a_piece_variable_keeps_its_number_after_the_capture() {
        const X: Var = Var(0);
        let game = from_fen(None, SPECIAL, "1.bxa8=Q *");
        let settings = EvalSettings::default();
        let mut state = GameState::default();
        let mut at = Cursor::new(&game, NodeId::ROOT, &settings, &mut state);
        assert_eq!(at.piece_variable_id(X), None, "unbound");
        assert!(at.assign_piece(X, squares(&["a8"])));
        let after = game.tree().mainline().nth(1).unwrap();
        let mut at = Cursor::new(&game, after, &settings, &mut state);
        assert_eq!(at.piece_variable_id(X), Some(6));
        assert_eq!(at.piece_id(squares(&["a8"])), Some(5));
        at.assign(X, Value::Set(squares(&["a8"])));
        assert_eq!(at.piece_variable_id(X), None, "a set variable is not a piece");
    }

    #[test]
    fn an_imagined_move_carries_the_number_along() {
        let game = game("*");
        let settings = EvalSettings::default();
        let mut state = GameState::default();
        let mut at = Cursor::new(&game, NodeId::ROOT, &settings, &mut state);
        let start = at.position().clone();
        let mv = "e4".parse::<San>().unwrap().to_move(&start).unwrap();
        let view = MoveView::of_move(mv);
        let (e2, e4) = at.imagine(start.clone().play(mv).unwrap(), view, |at| {
            (at.piece_id(squares(&["e2"])), at.piece_id(squares(&["e4"])))
        });
        assert_eq!((e2, e4), (None, Some(12)));
        assert_eq!(at.piece_id(squares(&["e2"])), Some(12), "back at the start");
    }

    #[test]
    fn the_numbers_are_worked_out_again_for_the_next_game() {
        let mut state = GameState::default();
        let first = game("1.e4 d5 2.exd5 *");
        let last = first.tree().mainline().last().unwrap();
        assert_eq!(ids_with(&mut state, &first, last, &["d5"]), "12");
        state.clear();
        let second = from_fen(None, SPECIAL, "1.e4 *");
        let last = second.tree().mainline().last().unwrap();
        assert_eq!(ids_with(&mut state, &second, last, &["e4", "d5"]), "3 <false>");
    }
}
