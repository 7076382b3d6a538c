//! Parsing one game's PGN text (as found by the splitter) into a [`Game`]:
//! the lexer cuts it into tokens, the tree builder plays them.

use super::{
    irregular::{Irregularity, Problem, line_at},
    lexer::{Lexer, Token},
    split::{MAX_GAME_BYTES, RawGame},
    tree_builder::{Located, TreeBuilder, Warnings},
};
use crate::{game::Game, rules::Rules};

/// Parses games.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameParser {
    /// The rules of games without a `[Variant]` tag (the searcher's
    /// `--variant`); standard chess by default.
    pub untagged: Rules,
}

impl GameParser {
    /// A parser that plays games without a `[Variant]` tag by `untagged`.
    pub fn new(untagged: Rules) -> GameParser {
        GameParser { untagged }
    }

    /// Reads only the tags of `raw` into `game`, whose tree is then the
    /// start position they give: enough for filters that read tags alone.
    /// Whether that went well (if not, only reading the whole game tells
    /// what is wrong).
    pub fn parse_tags(&mut self, raw: &RawGame<'_>, game: &mut Game) -> bool {
        game.reset(raw);
        if raw.too_large {
            return false;
        }
        let mut builder = TreeBuilder::new(game, self.untagged);
        for (token, offset) in Lexer::new(raw.text) {
            if !matches!(token, Token::Tag { .. }) {
                break;
            }
            let _ = builder.token(token, offset);
        }
        builder.finish().is_ok()
    }

    /// Parses `raw` into `game`. `Err` means the game cannot be searched (an
    /// unusable start position, a variant not played); `Ok` carries the
    /// problems that did not stop it from being searched (a move that cannot
    /// be played, where reading stopped; a missing result; an unclosed
    /// comment).
    pub fn parse(&mut self, raw: &RawGame<'_>, game: &mut Game) -> Result<Warnings, Irregularity> {
        game.reset(raw);
        if raw.too_large {
            let problem = Problem::TooLarge(MAX_GAME_BYTES);
            return Err(Irregularity { game: raw.number, line: raw.line, problem });
        }
        let mut builder = TreeBuilder::new(game, self.untagged);
        let mut lexer = Lexer::new(raw.text);
        loop {
            // Most tokens of the movetext are moves: those go straight to the
            // reader of moves, the general lexer takes the rest.
            let flow = match builder.takes_plain_words().then(|| lexer.next_plain_word()).flatten() {
                Some((word, offset)) => builder.word(word, offset),
                None => match lexer.next() {
                    Some((token, offset)) => builder.token(token, offset),
                    None => break,
                },
            };
            if flow.is_break() {
                break;
            }
        }
        let locate = |found: Located| {
            let line = raw.line + found.offset.map_or(0, |offset| line_at(raw.text, offset));
            Irregularity { game: raw.number, line, problem: found.problem }
        };
        match builder.finish() {
            Ok(warnings) => Ok(warnings.into_iter().map(locate).collect()),
            Err(fatal) => Err(locate(fatal)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        game::{Annotation, Placement},
        tree::{MoveIn, NodeId},
    };
    use shakmaty::{Color, Position};

    fn parse(text: &str) -> Result<(Game, Warnings), Irregularity> {
        let mut game = Game::default();
        let raw = RawGame::new(7, 100, text.as_bytes());
        GameParser::default().parse(&raw, &mut game).map(|warnings| (game, warnings))
    }

    fn comments(game: &Game) -> Vec<(usize, Placement, String)> {
        game.annotations()
            .iter()
            .filter_map(|a| match a {
                Annotation::Comment { node, placement, text } => {
                    Some((node.index(), *placement, String::from_utf8_lossy(game.text(text)).into_owned()))
                }
                Annotation::Nag { .. } => None,
            })
            .collect()
    }

    #[test]
    fn builds_variations_nested_to_any_depth() {
        let (game, warnings) = parse("1.e4 e5 (1...c5 2.Nf3 (2.c3 d5) 2...d6) 2.Nf3 *").unwrap();
        assert!(warnings.is_empty());
        let tree = game.tree();
        assert_eq!(tree.len(), 9);
        let after_e4 = tree.children(NodeId::ROOT).next().unwrap();
        assert_eq!(tree.children(after_e4).count(), 2, "e5 and the variation c5");
        assert_eq!(tree.mainline().count(), 4);
    }

    #[test]
    fn keeps_comments_before_and_after_moves_and_several_in_a_row() {
        let (game, _) = parse("{start} 1.e4 {a} {b} (1.d4 {c}) ({before} 1.c4) 1...e5 *").unwrap();
        let found = comments(&game);
        assert_eq!(found[0], (0, Placement::AfterMove, "start".into()));
        assert_eq!(found[1], (1, Placement::AfterMove, "a".into()));
        assert_eq!(found[2], (1, Placement::AfterMove, "b".into()));
        assert_eq!(found[3].2, "c");
        assert_eq!((found[4].1, found[4].2.as_str()), (Placement::BeforeMove, "before"));
    }

    #[test]
    fn reads_null_moves_written_either_way() {
        let (game, _) = parse("1.e4 -- 2.d4 Z0 3.c4 *").unwrap();
        let tree = game.tree();
        let line: Vec<NodeId> = tree.mainline().collect();
        assert_eq!(line.len(), 6);
        assert_eq!(tree.node(line[2]).move_in(), MoveIn::Null);
        assert_eq!(tree.node(line[4]).move_in(), MoveIn::Null);
        assert_eq!(tree.position(line[5]).turn(), Color::Black);
    }

    #[test]
    fn starts_from_the_fen_tag_and_keeps_nags() {
        let text = "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/1k6/p7/2K1N3 w - - 0 1\"]\n\n1.Nc2 $1 a1=Q+ 2.Nxa1+ ?? 1/2-1/2";
        let (game, warnings) = parse(text).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(game.tree().len(), 4);
        let nags: Vec<u8> = game
            .annotations()
            .iter()
            .filter_map(|a| match a {
                Annotation::Nag { nag, .. } => Some(*nag),
                _ => None,
            })
            .collect();
        assert_eq!(nags, vec![1, 4]);
    }

    #[test]
    fn latin1_bytes_pass_through() {
        let text = b"[Event \"Le Probl\xe8me\"]\n\n{Gen\xe8ve} 1.e4 *";
        let mut game = Game::default();
        GameParser::default().parse(&RawGame::new(1, 1, text), &mut game).unwrap();
        assert_eq!(game.tag("Event"), Some(&b"Le Probl\xe8me"[..]));
        let Annotation::Comment { text, .. } = &game.annotations()[0] else { panic!("a comment") };
        assert_eq!(game.text(text), b"Gen\xe8ve");
    }

    #[test]
    fn reads_castling_in_lower_case_as_cqls_documents_write_it() {
        // The game of seed document 001.
        let text = "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 (3. a3 h6)\n(3. Bc4 Bc5\n(3...Be7 4 o-o)\n4 d4) {o-o stays} *";
        let (game, _) = parse(text).unwrap();
        assert_eq!(game.tree().len(), 13);
        let Annotation::Comment { text, .. } = game.annotations().last().unwrap() else { panic!("a comment") };
        assert_eq!(game.text(text), b"o-o stays");
        // Tag values keep their spelling, even with a brace or a quote in them.
        let tagged = "[Event \"o-o {test\"]\n[Site \"see \\\"o-o\\\".com\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.o-o *";
        let (game, _) = parse(tagged).unwrap();
        assert_eq!(game.tag("Event"), Some(&b"o-o {test"[..]));
        assert_eq!(game.tree().mainline().count(), 8);
    }

    #[test]
    fn continues_through_blank_lines_inside_the_movetext() {
        let (game, _) = parse("[Event \"x\"]\n\n1.e4 e5\n\n2.Nf3 Nc6 1-0").unwrap();
        assert_eq!(game.tree().mainline().count(), 5);
        assert_eq!(game.tag("Event"), Some(&b"x"[..]));
    }

    /// The comments of `game` at each node, in order.
    fn comments_at(game: &Game, node: usize) -> Vec<String> {
        comments(game).into_iter().filter(|(at, _, _)| *at == node).map(|(_, _, text)| text).collect()
    }

    #[test]
    fn a_move_that_cannot_be_played_stops_reading_there_and_is_reported_with_its_line() {
        let (game, warnings) = parse("[Event \"x\"]\n\n1.e4 e5\n2.Nf3 Nc6\n3.Bb7 a6 4.Bc4 *").unwrap();
        assert_eq!(game.tree().mainline().count(), 5);
        let stop = &warnings[0];
        assert_eq!((stop.game, stop.line), (7, 104));
        assert_eq!(stop.problem, Problem::IllegalMove("3. Bb7".into()));
        assert!(stop.problem.stops_reading() && !stop.problem.is_fatal());
        assert_eq!(comments_at(&game, 4), vec!["Error reading move: Bb7"]);
    }

    /// As CQL 6.2 reads `../shared/cql62/cql -i stop.pgn -o out.pgn initial.cql`
    /// of this game: `1.Kg2 {c1} 1...Kd8 {c6} ( 1...Ke7 {v3} ) ( {c5} ) *`
    /// (it keeps the last of several comments; cqlc keeps them all).
    #[test]
    fn after_a_stop_no_move_is_read_in_any_line_but_every_comment_is_kept() {
        let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R4RK1 w - - 0 1\"]\n\n\
                    1. Kg2 {c1} Kd8 {c2} (1... Ke7 {v1} 2. Rd1 {v2} Kd6 {v3}) 2. Ra2 {c3} Ke8 {c4} \
                    (2... Kc8 {c5}) 3. Rf2 {c6} *";
        let (game, warnings) = parse(text).unwrap();
        assert_eq!(warnings[0].problem, Problem::AmbiguousMove("2. Rd1".into()));
        assert_eq!(game.tree().len(), 4, "the start, Kg2, Kd8 and Ke7");
        let ke7 = 3;
        assert_eq!(comments_at(&game, ke7), vec!["v1", "Error reading move: Rd1", "v2", "v3"]);
        assert_eq!(comments_at(&game, 2), vec!["c2", "c3", "c4", "c5", "c6"], "c5: a variation without a move");
        assert_eq!(comments_at(&game, 1), vec!["c1"]);
    }

    #[test]
    fn a_word_meant_as_a_move_but_unreadable_stops_reading() {
        let (game, warnings) = parse("1.e4 e5 2.Nf3 Nb8x 3.Bc4 TN e.p. *").unwrap();
        assert_eq!(warnings[0].problem, Problem::UnreadableMove("2... Nb8x".into()));
        assert_eq!(game.tree().mainline().count(), 4);
        let (game, warnings) = parse("1.e4 TN e5 += 2.Nf3 *").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(game.tree().mainline().count(), 4);
    }

    /// A deliberate difference: CQL 6.2 keeps such a square and plays the
    /// capture (`cql -i epi.pgn -o out.pgn initial.cql` writes `1.dxe6 Kd8`).
    #[test]
    fn an_en_passant_square_no_double_push_could_have_made_counts_for_nothing() {
        // Black's e-pawn cannot have come from e7: a pawn stands there.
        let impossible = "[FEN \"4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1\"]\n\n1. dxe6 Kd8 *";
        let (game, warnings) = parse(impossible).unwrap();
        assert_eq!(game.tree().len(), 1);
        assert_eq!(warnings[0].problem, Problem::IllegalMove("1. dxe6".into()));
        assert_eq!(comments_at(&game, 0), vec!["Error reading move: de6"]);
        let possible = "[FEN \"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1\"]\n\n1. dxe6 Kd8 *";
        assert_eq!(parse(possible).unwrap().0.tree().len(), 3);
    }

    #[test]
    fn a_fen_with_fullmove_zero_is_read_as_move_one() {
        let (game, warnings) = parse("[FEN \"7k/P7/8/8/8/8/8/K7 w - - 1 0\"]\n\n1. a8=Q Kg7 *").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(game.tree().mainline().count(), 3);
        assert_eq!(game.tree().position(NodeId::ROOT).fullmoves().get(), 1);
    }

    #[test]
    fn lesser_problems_are_warnings_and_the_game_is_read() {
        let (game, warnings) = parse("1.e4 (1.d4 e5 {never closed").unwrap();
        let problems: Vec<Problem> = warnings.into_iter().map(|w| w.problem).collect();
        assert!(problems.contains(&Problem::UnterminatedComment), "{problems:?}");
        assert!(problems.contains(&Problem::UnclosedVariation), "{problems:?}");
        assert!(problems.contains(&Problem::NoResult), "{problems:?}");
        assert_eq!(game.tree().len(), 4);
    }

    #[test]
    fn games_without_a_variant_tag_follow_the_parsers_rules() {
        let text = "[Event \"zh\"]\n\n1.e4 d5 2.exd5 Qxd5 3.P@e6 *\n";
        let raw = RawGame::new(1, 1, text.as_bytes());
        let mut game = Game::default();
        let warnings = GameParser::default().parse(&raw, &mut game).unwrap();
        assert_eq!(game.tree().mainline().count(), 5, "standard chess stops before the drop");
        assert!(matches!(warnings[0].problem, Problem::UnreadableMove(_) | Problem::IllegalMove(_)));
        let crazyhouse = Rules::named(b"crazyhouse").unwrap();
        let warnings = GameParser::new(crazyhouse).parse(&raw, &mut game).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(game.tree().mainline().count(), 6, "the drop is played");
        let tagged = "[Event \"zh\"]\n[Variant \"Standard\"]\n\n1.e4 d5 2.exd5 Qxd5 3.P@e6 *\n";
        let raw = RawGame::new(1, 1, tagged.as_bytes());
        GameParser::new(crazyhouse).parse(&raw, &mut game).unwrap();
        assert_eq!(game.tree().mainline().count(), 5, "a game's own tag wins");
    }
}
