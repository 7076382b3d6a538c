//! Building a game's tree from its tokens ([`TreeBuilder`]): the tags, the
//! start position (`[FEN]`, `[Variant]`), the moves and variations, comments
//! and NAGs, and what is wrong with the game.

use std::ops::ControlFlow;

use shakmaty::{CastlingMode, Color, EnPassantMode, Move, Position, PositionError, fen::Fen, variant::VariantPosition};

use super::{
    irregular::{Irregularity, Problem},
    lexer::Token,
    move_word::{Described, MoveWord, Unplayable},
};
use crate::{
    game::{Game, Placement},
    position::GamePosition,
    rules::Rules,
    tree::{MoveIn, NodeId},
};

/// How deeply variations may nest. Deeper games are skipped as irregular:
/// no real game or study comes near (a few dozen levels at most), and
/// whatever walks a game's tree, now or later, gets a bound on its work per
/// level of nesting.
pub const MAX_VARIATION_DEPTH: usize = 1_000;

/// How many plies a line of a game may have. Longer games are skipped as
/// irregular: the longest legal game is under 9,000 moves, and the path
/// filter's search goes one call deeper per ply on a worker stack sized
/// for this many.
pub const MAX_GAME_PLIES: u32 = 200_000;

/// What parsing found wrong with a game that could still be read.
pub type Warnings = Vec<Irregularity>;

/// A problem and, for one found in the movetext, the byte offset of the
/// token it is about.
pub(super) struct Located {
    pub(super) problem: Problem,
    pub(super) offset: Option<usize>,
}

/// Why a move word was not played.
enum PlayError {
    Unplayable(Unplayable),
    NullInCheck,
}

/// Builds a game's tree from the tokens of its text.
pub(super) struct TreeBuilder<'g> {
    game: &'g mut Game,
    /// The rules of a game without a `[Variant]` tag.
    untagged: Rules,
    /// Whether the tags are over and the root position is set.
    in_movetext: bool,
    current: NodeId,
    /// Where each open variation returns to.
    variations: Vec<NodeId>,
    /// How many variations before the first move are open: their tokens are
    /// passed over.
    skipped_variations: usize,
    /// Comments read since a variation opened and before its first move:
    /// indices into the game's annotations, to be moved onto that move.
    leading_comments: Vec<usize>,
    at_variation_start: bool,
    /// The move at which reading moves stopped, if it did.
    stopped_at: Option<Located>,
    fatal: Option<Located>,
    warnings: Vec<Problem>,
}

impl<'g> TreeBuilder<'g> {
    pub(super) fn new(game: &'g mut Game, untagged: Rules) -> Self {
        TreeBuilder {
            game,
            untagged,
            in_movetext: false,
            current: NodeId::ROOT,
            variations: Vec::new(),
            skipped_variations: 0,
            leading_comments: Vec::new(),
            at_variation_start: false,
            stopped_at: None,
            fatal: None,
            warnings: Vec::new(),
        }
    }

    fn fail(&mut self, problem: Problem, offset: Option<usize>) -> ControlFlow<()> {
        self.fatal.get_or_insert(Located { problem, offset });
        ControlFlow::Break(())
    }

    /// The game's problems: `Err` if it cannot be searched, else the
    /// warnings, the move at which reading stopped first.
    pub(super) fn finish(mut self) -> Result<Vec<Located>, Located> {
        if let Some(fatal) = self.fatal {
            return Err(fatal);
        }
        if !self.in_movetext {
            // A game of tags only: its tree is just the start position.
            if let Err(problem) = self.start_position() {
                return Err(Located { problem, offset: None });
            }
        }
        if !self.variations.is_empty() || self.skipped_variations > 0 {
            self.warnings.push(Problem::UnclosedVariation);
        }
        if self.game.outcome().is_none() {
            self.warnings.push(Problem::NoResult);
        }
        let rest = self.warnings.into_iter().map(|problem| Located { problem, offset: None });
        Ok(self.stopped_at.into_iter().chain(rest).collect())
    }

    /// Sets the tree's root from the `[FEN]` tag (or the start position of
    /// the game's variant: its `[Variant]` tag, else `untagged`).
    fn start_position(&mut self) -> Result<(), Problem> {
        self.in_movetext = true;
        let start = start_position(self.game, self.untagged)?;
        self.game.tree_mut().reset(start);
        self.current = NodeId::ROOT;
        Ok(())
    }

    fn play(&mut self, read: MoveWord) -> Result<(), PlayError> {
        let position = self.game.tree().position(self.current);
        let child = match read {
            MoveWord::Null => {
                let next = play_null(position).ok_or(PlayError::NullInCheck)?;
                self.game.tree_mut().add_child(self.current, MoveIn::Null, next)
            }
            read => {
                let mv = read.resolve_in(position).map_err(PlayError::Unplayable)?;
                self.game.tree_mut().add_move(self.current, mv)
            }
        };
        self.moved_to(child);
        Ok(())
    }

    /// The move of a common word (`e4`, `Nxf3+`) of standard chess, if it
    /// is one and legal, found without the general reading and resolution
    /// (which read it the same way: tested against them). `None` leaves
    /// the word to them.
    fn common_move(&self, word: &[u8]) -> Option<Move> {
        let described = Described::parse_common(word)?;
        let chess = self.game.tree().position(self.current).as_standard()?;
        described.quick_resolve(chess)
    }

    /// Goes on from `child`, just added: the comments read before its move
    /// go onto it.
    fn moved_to(&mut self, child: NodeId) {
        if !self.leading_comments.is_empty() {
            for index in self.leading_comments.drain(..) {
                self.game.move_comment(index, child, Placement::BeforeMove);
            }
        }
        self.current = child;
        self.at_variation_start = false;
    }

    fn push_comment(&mut self, bytes: &[u8]) {
        let placement = if self.at_variation_start {
            self.leading_comments.push(self.game.annotations().len());
            Placement::BeforeMove
        } else {
            Placement::AfterMove
        };
        self.game.begin_comment(self.current, placement);
        self.game.extend_comment(bytes);
    }

    /// Reads one token of the game's text, at byte `offset`.
    pub(super) fn token(&mut self, token: Token<'_>, offset: usize) -> ControlFlow<()> {
        if self.skipped_variations > 0 {
            match token {
                Token::OpenVariation => self.skipped_variations += 1,
                Token::CloseVariation => self.skipped_variations -= 1,
                _ => {}
            }
            return ControlFlow::Continue(());
        }
        if let Token::Tag { name, value } = token {
            if !self.in_movetext {
                self.game.push_tag(name, value);
            }
            return ControlFlow::Continue(());
        }
        self.movetext()?;
        match token {
            Token::Tag { .. } => {}
            Token::Comment { text, closed } => {
                self.push_comment(text);
                if !closed {
                    self.warnings.push(Problem::UnterminatedComment);
                }
            }
            Token::Nag(nag) => {
                if !self.stopped() {
                    self.game.push_nag(self.current, nag);
                }
            }
            Token::OpenVariation => return self.open_variation(offset),
            Token::CloseVariation => self.close_variation(),
            Token::Result(outcome) => self.game.set_outcome(outcome),
            Token::Word(word) => return self.word(word, offset),
        }
        ControlFlow::Continue(())
    }

    /// Called before each movetext token: the tags are over.
    fn movetext(&mut self) -> ControlFlow<()> {
        if self.in_movetext {
            return ControlFlow::Continue(());
        }
        match self.start_position() {
            Ok(()) => ControlFlow::Continue(()),
            Err(problem) => self.fail(problem, None),
        }
    }

    /// Whether a word of the movetext would go straight to
    /// [`TreeBuilder::word`] (the tags are over and no variation before
    /// the first move is being passed over).
    pub(super) fn takes_plain_words(&self) -> bool {
        self.in_movetext && self.skipped_variations == 0
    }

    /// Reads a word of the movetext at byte `offset`: a move is played, a
    /// word meant as one but unreadable stops reading, anything else is
    /// passed over.
    pub(super) fn word(&mut self, word: &[u8], offset: usize) -> ControlFlow<()> {
        if self.stopped() {
            return ControlFlow::Continue(());
        }
        if self.game.tree().node(self.current).ply() < MAX_GAME_PLIES
            && let Some(mv) = self.common_move(word)
        {
            let child = self.game.tree_mut().add_move(self.current, mv);
            self.moved_to(child);
            return ControlFlow::Continue(());
        }
        let Some(read) = MoveWord::parse(word) else {
            if looks_like_a_move(word) {
                let text = String::from_utf8_lossy(word).into_owned();
                self.stop(Problem::UnreadableMove(self.numbered(&text)), &text, offset);
            }
            return ControlFlow::Continue(());
        };
        if self.game.tree().node(self.current).ply() >= MAX_GAME_PLIES {
            return self.fail(Problem::TooLong(MAX_GAME_PLIES), Some(offset));
        }
        match self.play(read) {
            Ok(()) => {}
            Err(PlayError::NullInCheck) => self.stop(Problem::NullMoveInCheck(self.numbered("--")), "--", offset),
            Err(PlayError::Unplayable(why)) => {
                let numbered = self.numbered(&String::from_utf8_lossy(word));
                let problem = match why {
                    Unplayable::Illegal => Problem::IllegalMove(numbered),
                    Unplayable::Ambiguous => Problem::AmbiguousMove(numbered),
                };
                self.stop(problem, &read.to_string(), offset);
            }
        }
        ControlFlow::Continue(())
    }

    /// Stops reading moves at a move that cannot be played, as CQL 6.2 does:
    /// the game keeps what was read, the rest of its moves (variations
    /// included) are passed over, its comments still come through, and the
    /// position reached says why, as CQL writes it.
    fn stop(&mut self, problem: Problem, name: &str, offset: usize) {
        self.stopped_at = Some(Located { problem, offset: Some(offset) });
        self.push_comment(format!("Error reading move: {name}").as_bytes());
    }

    fn stopped(&self) -> bool {
        self.stopped_at.is_some()
    }

    /// `text` with the number of the move it would have been: `13. Rd1`.
    fn numbered(&self, text: &str) -> String {
        let position = self.game.tree().position(self.current);
        let dots = if position.turn().is_white() { "." } else { "..." };
        format!("{}{dots} {text}", position.fullmoves())
    }

    fn open_variation(&mut self, offset: usize) -> ControlFlow<()> {
        if self.variations.len() >= MAX_VARIATION_DEPTH {
            return self.fail(Problem::NestedTooDeep(MAX_VARIATION_DEPTH), Some(offset));
        }
        match self.game.tree().node(self.current).parent() {
            Some(parent) => {
                self.variations.push(self.current);
                self.current = parent;
                self.at_variation_start = true;
            }
            None => {
                // A variation before the first move replaces nothing.
                self.warnings.push(Problem::VariationBeforeFirstMove);
                self.skipped_variations += 1;
            }
        }
        ControlFlow::Continue(())
    }

    fn close_variation(&mut self) {
        match self.variations.pop() {
            Some(resume) => {
                // The comments of a variation without a move (`e4 ( {or d4} )`,
                // or one after reading stopped) stay with the move it is an
                // alternative to, where CQL 6.2 writes them.
                for index in self.leading_comments.drain(..) {
                    self.game.move_comment(index, resume, Placement::AfterMove);
                }
                self.current = resume;
                self.at_variation_start = false;
            }
            None => self.warnings.push(Problem::UnmatchedParenthesis),
        }
    }
}

/// Whether a word that is not a move was meant as one: it names a square.
/// Evaluation signs and other marks (`TN`, `e.p.`, `+=`) are passed over.
fn looks_like_a_move(word: &[u8]) -> bool {
    word.windows(2).any(|pair| (b'a'..=b'h').contains(&pair[0]) && (b'1'..=b'8').contains(&pair[1]))
}

/// The start position of `game` from its tags: its `[FEN]` (or the start
/// position of its variant: its `[Variant]` tag, else `untagged`).
pub(crate) fn start_position(game: &Game, untagged: Rules) -> Result<GamePosition, Problem> {
    let rules = match game.tag("Variant") {
        Some(tag) => Rules::named(tag)
            .ok_or_else(|| Problem::UnsupportedVariant(String::from_utf8_lossy(tag).trim().to_owned()))?,
        None => untagged,
    };
    match game.tag("FEN") {
        Some(fen) => start_from_fen(fen, rules),
        None => Ok(GamePosition::start(rules.variant)),
    }
}

/// The position of a `[FEN]` tag, in `rules`. Castling rights that do not
/// fit the pieces, an en passant square without a pawn that could have just
/// moved, impossible checks and surplus material are dropped or tolerated,
/// as composed studies need; a position without kings, say, is refused
/// (outside Horde and Antichess).
fn start_from_fen(fen: &[u8], rules: Rules) -> Result<GamePosition, Problem> {
    let text = String::from_utf8_lossy(fen).trim().to_owned();
    let parsed = Fen::from_ascii(text.as_bytes()).map_err(|_| Problem::InvalidFen(text.clone()))?;
    let mode = rules.castling_mode(CastlingMode::detect(parsed.as_setup()));
    VariantPosition::from_setup(rules.variant, parsed.into_setup(), mode)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .map(GamePosition::from)
        .map_err(|_| Problem::InvalidFen(text))
}

/// The position after the side to move passes, or `None` if it is in check
/// (passing would leave its king capturable).
pub(crate) fn play_null(position: &GamePosition) -> Option<GamePosition> {
    let mode = position.castles().mode();
    let mut setup = position.to_setup(EnPassantMode::Legal);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    VariantPosition::from_setup(position.variant(), setup, mode)
        .or_else(PositionError::ignore_impossible_check)
        .map(GamePosition::from)
        .ok()
}
