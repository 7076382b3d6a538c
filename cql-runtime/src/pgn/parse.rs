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
    ops::ControlFlow,
    rc::Rc,
};

use pgn_reader::{Nag, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, Outcome, Position, PositionError,
    fen::Fen,
    san::{San, SanError},
};

use super::{
    irregular::{Irregularity, Problem},
    split::RawGame,
};
use crate::{
    game::{Game, Placement},
    tree::{MoveIn, NodeId},
};

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

/// What parsing found wrong with a game that could still be read.
pub type Warnings = Vec<Irregularity>;

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
            Some(index) => raw.line + super::irregular::line_of_san(raw.text, index),
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

/// A fatal problem and, for a bad move, which SAN token of the game it was.
struct Located {
    problem: Problem,
    san_index: Option<usize>,
}

/// The `pgn-reader` visitor that builds the tree.
struct TreeBuilder<'g> {
    game: &'g mut Game,
    /// Whether the tags are over and the root position is set.
    in_movetext: bool,
    current: NodeId,
    /// Where each open variation returns to.
    variations: Vec<NodeId>,
    /// Comments read since a variation opened and before its first move:
    /// indices into the game's annotations, to be moved onto that move.
    leading_comments: Vec<usize>,
    at_variation_start: bool,
    comment_open: bool,
    sans_seen: usize,
    fatal: Option<Located>,
    warnings: Vec<Problem>,
}

impl<'g> TreeBuilder<'g> {
    fn new(game: &'g mut Game) -> Self {
        TreeBuilder {
            game,
            in_movetext: false,
            current: NodeId::ROOT,
            variations: Vec::new(),
            leading_comments: Vec::new(),
            at_variation_start: false,
            comment_open: false,
            sans_seen: 0,
            fatal: None,
            warnings: Vec::new(),
        }
    }

    fn fail(&mut self, problem: Problem, san_index: Option<usize>) -> ControlFlow<()> {
        self.fatal.get_or_insert(Located { problem, san_index });
        ControlFlow::Break(())
    }

    fn io_error(&mut self, error: &io::Error) {
        if self.fatal.is_some() {
            return;
        }
        if error.to_string().contains("comment") {
            // The comment runs to the end of the game; what came before stands.
            self.warnings.push(Problem::UnterminatedComment);
        } else {
            self.warnings.push(Problem::Malformed(error.to_string()));
        }
    }

    fn finish(mut self) -> Result<Warnings, Located> {
        if let Some(fatal) = self.fatal {
            return Err(fatal);
        }
        if !self.in_movetext {
            // A game of tags only: its tree is just the start position.
            if let Err(problem) = self.start_position() {
                return Err(Located { problem, san_index: None });
            }
        }
        if !self.variations.is_empty() {
            self.warnings.push(Problem::UnclosedVariation);
        }
        if self.game.outcome().is_none() {
            self.warnings.push(Problem::NoResult);
        }
        let (game, line) = (self.game.number(), self.game.line());
        Ok(self.warnings.into_iter().map(|problem| Irregularity { game, line, problem }).collect())
    }

    /// Sets the tree's root from the `[FEN]` tag (or the standard start).
    fn start_position(&mut self) -> Result<(), Problem> {
        self.in_movetext = true;
        let start = match self.game.tag("FEN") {
            Some(fen) => start_from_fen(fen, self.is_chess960())?,
            None => Chess::default(),
        };
        if let Some(variant) = self.game.tag("Variant")
            && !is_standard_or_960(variant)
        {
            return Err(Problem::UnsupportedVariant(String::from_utf8_lossy(variant).into_owned()));
        }
        self.game.tree_mut().reset(start);
        self.current = NodeId::ROOT;
        Ok(())
    }

    fn is_chess960(&self) -> bool {
        self.game.tag("Variant").is_some_and(|variant| {
            let variant = variant.to_ascii_lowercase();
            variant.windows(3).any(|w| w == b"960") || variant.starts_with(b"fischer")
        })
    }

    fn play(&mut self, san: San) -> Result<(), Problem> {
        let position = self.game.tree().position(self.current);
        let (mv, next) = match san {
            San::Null => (MoveIn::Null, play_null(position).ok_or(Problem::NullMoveInCheck)?),
            san => {
                let mv = san.to_move(position).map_err(|error| {
                    let (number, turn) = (position.fullmoves().get(), position.turn());
                    let text = format!("{number}{} {san}", if turn.is_white() { "." } else { "..." });
                    match error {
                        SanError::IllegalSan => Problem::IllegalMove(text),
                        SanError::AmbiguousSan => Problem::AmbiguousMove(text),
                    }
                })?;
                let mut next = position.clone();
                next.play_unchecked(mv);
                (MoveIn::Move(mv), next)
            }
        };
        let child = self.game.tree_mut().add_child(self.current, mv, next);
        for index in self.leading_comments.drain(..) {
            self.game.move_comment(index, child);
        }
        self.current = child;
        self.at_variation_start = false;
        Ok(())
    }

    fn push_comment_bytes(&mut self, bytes: &[u8]) {
        if !self.comment_open {
            let placement = if self.at_variation_start {
                self.leading_comments.push(self.game.annotations().len());
                Placement::BeforeMove
            } else {
                Placement::AfterMove
            };
            self.game.begin_comment(self.current, placement);
            self.comment_open = true;
        }
        self.game.extend_comment(bytes);
    }
}

impl Visitor for TreeBuilder<'_> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if !self.in_movetext {
            self.game.push_tag(name, value.as_bytes());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        if self.fatal.is_some() {
            return ControlFlow::Break(());
        }
        if !self.in_movetext
            && let Err(problem) = self.start_position()
        {
            return self.fail(problem, None);
        }
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), san_plus: SanPlus) -> ControlFlow<()> {
        let index = self.sans_seen;
        self.sans_seen += 1;
        match self.play(san_plus.san) {
            Ok(()) => ControlFlow::Continue(()),
            Err(problem) => self.fail(problem, Some(index)),
        }
    }

    fn nag(&mut self, _: &mut (), nag: Nag) -> ControlFlow<()> {
        self.game.push_nag(self.current, nag.0);
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        self.push_comment_bytes(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        self.push_comment_bytes(comment.as_bytes());
        self.comment_open = false;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        match self.game.tree().node(self.current).parent() {
            Some(parent) => {
                self.variations.push(self.current);
                self.current = parent;
                self.at_variation_start = true;
                ControlFlow::Continue(Skip(false))
            }
            None => {
                // A variation before the first move replaces nothing.
                self.warnings.push(Problem::VariationBeforeFirstMove);
                ControlFlow::Continue(Skip(true))
            }
        }
    }

    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        match self.variations.pop() {
            Some(resume) => {
                // Comments of a variation that had no move stay at its start.
                self.leading_comments.clear();
                self.current = resume;
                self.at_variation_start = false;
            }
            None => self.warnings.push(Problem::UnmatchedParenthesis),
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> ControlFlow<()> {
        self.game.set_outcome(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
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

/// The position of a `[FEN]` tag. Castling rights that do not fit the pieces,
/// an en passant square without a pawn that could have just moved, impossible
/// checks and surplus material are dropped or tolerated, as composed studies
/// need; a position without kings, say, is refused.
fn start_from_fen(fen: &[u8], chess960: bool) -> Result<Chess, Problem> {
    let text = String::from_utf8_lossy(fen).trim().to_owned();
    let parsed = Fen::from_ascii(text.as_bytes()).map_err(|_| Problem::InvalidFen(text.clone()))?;
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::detect(parsed.as_setup()) };
    parsed
        .into_position::<Chess>(mode)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .map_err(|_| Problem::InvalidFen(text))
}

fn is_standard_or_960(variant: &[u8]) -> bool {
    let variant = variant.to_ascii_lowercase();
    let variant = variant.trim_ascii();
    variant.is_empty()
        || matches!(variant, b"standard" | b"chess" | b"normal" | b"from position")
        || variant.windows(3).any(|w| w == b"960")
        || variant.starts_with(b"fischer")
}

/// The position after the side to move passes, or `None` if it is in check
/// (passing would leave its king capturable).
fn play_null(position: &Chess) -> Option<Chess> {
    let mode = position.castles().mode();
    let mut setup = position.to_setup(EnPassantMode::Legal);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    Chess::from_setup(setup, mode).or_else(PositionError::ignore_impossible_check).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Annotation;

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
