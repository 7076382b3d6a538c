//! The filters about the game as a whole: `year`, `result`, the players,
//! their ratings, the event and the other tags, `gamenumber` and `fen`. The
//! tags are read as CQL 6.2 reads them, through SCID's reader: what the
//! output writes ([`Header`]).

use std::fmt::Write;

use shakmaty::{Color, Position, Role, Square};

use super::{
    awards::{self, Award},
    castling_kept::{RIGHTS, castling_kept},
};
use crate::{
    cursor::Cursor,
    game::{Annotation, Placement},
    output::Header,
    tree::MoveIn,
};

impl Cursor<'_> {
    /// The game's tags as CQL 6.2 reads them.
    fn header(&self) -> &Header {
        self.state.tag_header(self.game())
    }

    /// `year`: the year of the game's `[Date]` tag, if known.
    pub fn year(&self) -> Option<i64> {
        self.header().date.year().map(i64::from)
    }

    /// `result R`: whether the game ended `result` ([`crate::Game::result`]:
    /// by its termination marker, as CQL 6.2 reads it, not its tag).
    pub fn result_is(&self, result: &str) -> bool {
        self.game().result().as_str() == result
    }

    /// `player white`, `player black`: the player's name (`?` without the
    /// tag); none if it is empty.
    pub fn player(&self, side: Color) -> Option<String> {
        non_empty(self.header().player(side == Color::Black, self.game()))
    }

    /// `event`: the `[Event]` tag's text (`?` without the tag); none if it
    /// is empty.
    pub fn event(&self) -> Option<String> {
        non_empty(self.header().event(self.game()))
    }

    /// `site`: the `[Site]` tag's text (`?` without the tag); none if it is
    /// empty.
    pub fn site(&self) -> Option<String> {
        non_empty(self.header().site(self.game()))
    }

    /// `date`: the `[Date]` tag as `YYYY.MM.DD`, `?` for what is unknown
    /// (always a value).
    pub fn date(&self) -> Option<String> {
        Some(self.header().date.text())
    }

    /// `eventdate`: the `[EventDate]` tag as `date` reads `[Date]`.
    pub fn event_date(&self) -> Option<String> {
        Some(self.header().event_date.text())
    }

    /// `eco`: the game's opening code, if it has a valid one.
    pub fn eco(&self) -> Option<String> {
        self.header().eco.clone()
    }

    /// `elo white`, `elo black` (`side`), or `elo` (`None`: the greater of
    /// the two known): none where unknown.
    pub fn elo(&self, side: Option<Color>) -> Option<i64> {
        let ratings = &self.header().ratings;
        let rating = |side: Color| ratings[side.fold_wb(0, 1)].value().map(i64::from);
        match side {
            Some(side) => rating(side),
            None => rating(Color::White).max(rating(Color::Black)),
        }
    }

    /// `settag ("Name" value)`: the game is written with the tag set to
    /// `value` (which must have one; a tag set again takes its last value).
    pub fn set_tag(&mut self, name: &str, value: Option<String>) -> bool {
        let Some(value) = value else { return false };
        match self.state.set_tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value,
            None => self.state.set_tags.push((name.to_owned(), value)),
        }
        true
    }

    /// `removecomment`: the game is written without the comment it has at
    /// the current position (what the search writes there stays).
    pub fn remove_comment(&mut self) -> bool {
        let node = self.node();
        if !self.state.removed_comments.contains(&node) {
            self.state.removed_comments.push(node);
        }
        true
    }

    /// `tag "Name"`: the game's own value of the tag, if it has it (not
    /// what `settag` set); for `FEN`, the start position as written.
    pub fn tag_value(&self, name: &str) -> Option<String> {
        let header = self.header();
        match name {
            "FEN" => header.fen.clone(),
            _ => header.others(self.game()).find(|(other, _)| *other == name.as_bytes()).map(|(_, value)| text(value)),
        }
    }

    /// `gamenumber`: the game's number in the database.
    pub fn game_number(&self) -> Option<i64> {
        Some(self.game().number() as i64)
    }

    /// `originalcomment`: the comment the game's text has after the move
    /// into the current position (before the first move, at the start); of
    /// several in a row, the last, as CQL 6.2 keeps it: carriage returns
    /// left out, line breaks as spaces, and no spaces at its end.
    pub fn original_comment(&self) -> Option<String> {
        let node = self.node();
        self.game().annotations().iter().rev().find_map(|annotation| match annotation {
            Annotation::Comment { node: at, placement: Placement::AfterMove, text } if *at == node => {
                let bytes: Vec<u8> = self
                    .game()
                    .text(text)
                    .iter()
                    .filter(|&&byte| byte != b'\r')
                    .map(|&byte| if byte == b'\n' { b' ' } else { byte })
                    .collect();
                Some(String::from_utf8_lossy(&bytes).trim_end_matches(' ').to_owned())
            }
            _ => None,
        })
    }

    /// `hascomment "!"`: whether the move into the current position has NAG
    /// `nag`.
    pub fn has_nag(&self, nag: u8) -> bool {
        let node = self.node();
        self.game().annotations().contains(&Annotation::Nag { node, nag })
    }

    /// `hhdb prize` and the other awards: the place of the award the
    /// `[Event]` tag names (of kind `kind`, `p`, `h` or `c`, if given; the
    /// last place of a shared one with `max`); a special award only with
    /// `special`, which wants one.
    pub fn award(&self, kind: Option<char>, max: bool, special: bool) -> Option<i64> {
        let award = self.event_award()?;
        let fits = kind.is_none_or(|kind| kind == award.kind) && (award.special == special);
        fits.then_some(i64::from(if max { award.last } else { award.first }))
    }

    /// `hhdb prize` and the other awards as filters: whether the `[Event]`
    /// tag names an award of kind `kind` (if given), special with
    /// `special`. Unlike [`Cursor::award`], CQL 6.2 matches a special award
    /// without `special`, which has no place.
    pub fn has_award(&self, kind: Option<char>, special: bool) -> bool {
        let Some(award) = self.event_award() else { return false };
        kind.is_none_or(|kind| kind == award.kind) && (award.special || !special)
    }

    /// The award the `[Event]` tag names, if any.
    fn event_award(&self) -> Option<Award> {
        awards::award(&text(self.header().event(self.game())))
    }

    /// `hhdb cooked` (`cql_hhdbhascook`): whether the game's text has
    /// `<cook` anywhere, as CQL 6.2 reads it.
    pub fn has_cook(&self) -> bool {
        self.game().has_cook()
    }

    /// `fen`: the current position as CQL 6.2 writes it: the board, the
    /// side to move, the castling rights the kings and rooks have kept on
    /// the way here, the square a pawn just skipped, and `0 1`.
    pub fn fen(&self) -> Option<String> {
        let mut fen = String::with_capacity(96);
        super::board_fen::append_board_fen(self.board(), &mut fen);
        fen.extend([' ', self.position().turn().char(), ' ']);
        self.write_castling_kept(&mut fen);
        match self.square_skipped() {
            Some(square) => {
                let _ = write!(fen, " {square} 0 1");
            }
            None => fen.push_str(" - 0 1"),
        }
        Some(fen)
    }

    /// Writes the castling rights (`KQkq`, `-`) of the current position, as
    /// CQL 6.2 works them out (`castling_kept`), from the game's rights
    /// worked out once.
    fn write_castling_kept(&self, fen: &mut String) {
        let kept = self.state.castling_kept.get_or_init(|| castling_kept(self.tree()))[self.node().index()];
        let before = fen.len();
        fen.extend(RIGHTS.iter().enumerate().filter(|(bit, _)| kept & (1 << bit) != 0).map(|(_, (right, ..))| *right));
        if fen.len() == before {
            fen.push('-');
        }
    }

    /// The square the pawn of the move just played skipped, if it went two
    /// squares.
    fn square_skipped(&self) -> Option<Square> {
        let MoveIn::Move(mv) = self.tree().node(self.node()).move_in() else { return None };
        let (from, to) = (mv.from()?, mv.to());
        let double = mv.role() == Role::Pawn && from.file() == to.file() && from.rank().distance(to.rank()) == 2;
        double.then(|| {
            Square::from_coords(from.file(), from.rank().offset(if to > from { 1 } else { -1 }).unwrap_or(from.rank()))
        })
    }
}

/// A tag's value as text (bytes that are not UTF-8 replaced).
fn text(value: &[u8]) -> String {
    String::from_utf8_lossy(value).into_owned()
}

/// A tag's value as text, none if it is empty.
fn non_empty(value: &[u8]) -> Option<String> {
    (!value.is_empty()).then(|| text(value))
}
