//! Building a game's tree from what `pgn-reader` reads ([`TreeBuilder`], a
//! [`Visitor`]): the tags, the start position (`[FEN]`, `[Variant]`), the
//! moves and variations, comments and NAGs, and what is wrong with the game.

use std::{io, ops::ControlFlow};

use pgn_reader::{Nag, RawComment, RawTag, SanPlus, Skip, Visitor};
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, Outcome, Position, PositionError,
    fen::Fen,
    san::{San, SanError},
};

use super::irregular::{Irregularity, Problem};
use crate::{
    game::{Game, Placement},
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

/// A fatal problem and, for a bad move, which SAN token of the game it was.
pub(super) struct Located {
    pub(super) problem: Problem,
    pub(super) san_index: Option<usize>,
}

/// The `pgn-reader` visitor that builds the tree.
pub(super) struct TreeBuilder<'g> {
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
    pub(super) fn new(game: &'g mut Game) -> Self {
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

    pub(super) fn io_error(&mut self, error: &io::Error) {
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

    pub(super) fn finish(mut self) -> Result<Warnings, Located> {
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
        if self.game.tree().node(self.current).ply() >= MAX_GAME_PLIES {
            return Err(Problem::TooLong(MAX_GAME_PLIES));
        }
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
        if self.variations.len() >= MAX_VARIATION_DEPTH {
            let index = self.sans_seen;
            return self.fail(Problem::NestedTooDeep(MAX_VARIATION_DEPTH), Some(index)).map_continue(|()| Skip(true));
        }
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
