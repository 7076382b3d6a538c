//! Parsing one game's PGN text into a [`Game`] with `pgn-reader`.
//!
//! The text of one game (found by the splitter) is fed to a `pgn-reader`
//! [`Reader`] that is kept and reused for every game a worker parses.
//! `pgn-reader` ends a game's movetext at a blank line; the splitter already
//! decided where the game ends, so reading continues through such blank lines
//! into the same game.

use std::{
    cell::RefCell,
    io::{self, Read},
    rc::Rc,
};

use pgn_reader::Reader;

use super::{
    irregular::{Irregularity, line_of_san},
    split::RawGame,
    tree_builder::{Located, TreeBuilder, Warnings},
};
use crate::game::Game;

/// Parses games; keeps its buffers from one game to the next.
pub struct GameParser {
    reader: Reader<Feed>,
    feed: Rc<RefCell<FeedState>>,
}

impl Default for GameParser {
    fn default() -> Self {
        let feed = Rc::new(RefCell::new(FeedState::default()));
        GameParser { reader: Reader::new(Feed(Rc::clone(&feed))), feed }
    }
}

impl GameParser {
    /// Parses `raw` into `game`. `Err` means the game cannot be searched (an
    /// illegal move, an unusable start position); `Ok` carries the problems that
    /// did not stop it from being read (a missing result, an unclosed comment).
    pub fn parse(&mut self, raw: &RawGame<'_>, game: &mut Game) -> Result<Warnings, Irregularity> {
        {
            let mut feed = self.feed.borrow_mut();
            feed.bytes.clear();
            feed.bytes.extend_from_slice(raw.text);
            capitalize_castling(&mut feed.bytes);
            feed.at = 0;
        }
        game.reset(raw.number, raw.line);
        let mut builder = TreeBuilder::new(game);
        loop {
            match self.reader.read_game(&mut builder) {
                Ok(Some(())) => continue,
                Ok(None) => break,
                Err(error) => builder.io_error(&error),
            }
        }
        builder.finish().map_err(|problem| self.locate(raw, problem))
    }

    fn locate(&self, raw: &RawGame<'_>, problem: Located) -> Irregularity {
        let line = match problem.san_index {
            Some(index) => raw.line + line_of_san(raw.text, index),
            None => raw.line,
        };
        Irregularity { game: raw.number, line, problem: problem.problem }
    }
}

#[derive(Default)]
struct FeedState {
    bytes: Vec<u8>,
    at: usize,
}

/// The reader's input: whatever game text the parser put in the shared state.
struct Feed(Rc<RefCell<FeedState>>);

impl Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut state = self.0.borrow_mut();
        let at = state.at;
        let n = out.len().min(state.bytes.len() - at);
        out[..n].copy_from_slice(&state.bytes[at..at + n]);
        state.at += n;
        Ok(n)
    }
}

/// Writes castling spelt in lower case (`o-o`, `o-o-o`, as CQL's own
/// documents do) as the PGN reader expects it (`O-O`), in the movetext only:
/// not in comments nor in tag values.
fn capitalize_castling(text: &mut [u8]) {
    if memchr::memmem::find(text, b"o-o").is_none() {
        return;
    }
    #[derive(PartialEq)]
    enum Inside {
        Movetext,
        Comment,
        LineComment,
        Tag,
        TagValue,
    }
    let mut inside = Inside::Movetext;
    let mut i = 0;
    while i < text.len() {
        match (&inside, text[i]) {
            (Inside::Movetext, b'{') => inside = Inside::Comment,
            (Inside::Movetext, b';') => inside = Inside::LineComment,
            (Inside::Movetext, b'[') => inside = Inside::Tag,
            (Inside::Comment, b'}') | (Inside::LineComment, b'\n') | (Inside::Tag, b']') => inside = Inside::Movetext,
            (Inside::Tag, b'"') => inside = Inside::TagValue,
            (Inside::TagValue, b'\\') => i += 1,
            (Inside::TagValue, b'"') => inside = Inside::Tag,
            (Inside::Movetext, b'o') => {
                let starts_token = i == 0 || !text[i - 1].is_ascii_alphanumeric();
                let castling = text[i..].starts_with(b"o-o-o") || text[i..].starts_with(b"o-o");
                let length = if text[i..].starts_with(b"o-o-o") { 5 } else { 3 };
                let ends_token = text.get(i + length).is_none_or(|b| !b.is_ascii_alphanumeric() && *b != b'-');
                if starts_token && castling && ends_token {
                    text[i..i + length].make_ascii_uppercase();
                }
            }
            _ => {}
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        game::{Annotation, Placement},
        pgn::irregular::Problem,
        tree::{MoveIn, NodeId},
    };
    use shakmaty::{Color, Position};

    fn parse(text: &str) -> Result<(Game, Warnings), Irregularity> {
        let mut game = Game::default();
        let raw = RawGame { number: 7, line: 100, text: text.as_bytes() };
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
        GameParser::default().parse(&RawGame { number: 1, line: 1, text }, &mut game).unwrap();
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

    #[test]
    fn an_illegal_move_is_reported_with_its_line() {
        let error = parse("[Event \"x\"]\n\n1.e4 e5\n2.Nf3 Nc6\n3.Bb7 *").unwrap_err();
        assert_eq!(error.game, 7);
        assert_eq!(error.line, 104);
        assert_eq!(error.problem, Problem::IllegalMove("3. Bb7".into()));
        assert!(error.problem.is_fatal());
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
}
