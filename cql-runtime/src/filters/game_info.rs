//! The filters about the game as a whole: `year`, `result`, the players,
//! their ratings, the event and the other tags, `gamenumber` and `fen`, each
//! as CQL 6.2 reads it ([`tag_values`](super::tag_values)).

use shakmaty::{Color, Position, Role, Square};

use super::tag_values;
use crate::{
    cursor::Cursor,
    game::{Annotation, Placement},
    tree::MoveIn,
};

/// The tags whose value is a player's rating, as SCID reads them
/// (`WhiteElo`, `BlackRating`, ...): the first with a value counts.
const RATINGS: [&str; 7] = ["Elo", "Rating", "Rapid", "ICCF", "USCF", "DWZ", "BCF"];

impl Cursor<'_> {
    /// A tag's value as text (bytes that are not UTF-8 replaced).
    fn tag_text(&self, name: &str) -> Option<String> {
        self.game().tag(name).map(|value| String::from_utf8_lossy(value).into_owned())
    }

    /// `year`: the year of the game's `[Date]` tag, if known.
    pub fn year(&self) -> Option<i64> {
        tag_values::year(&self.tag_text("Date")?).map(|year| year as i64)
    }

    /// `result R`: whether the game ended `result` ([`crate::Game::result`]:
    /// by its termination marker, as CQL 6.2 reads it, not its tag).
    pub fn result_is(&self, result: &str) -> bool {
        self.game().result().as_str() == result
    }

    /// `player white`, `player black`: the player's name (`?` without the
    /// tag); none if it is empty.
    pub fn player(&self, side: Color) -> Option<String> {
        let name = match self.tag_text(side_tag(side)) {
            Some(raw) => tag_values::player_name(&raw).0,
            None => "?".to_owned(),
        };
        (!name.is_empty()).then_some(name)
    }

    /// `event`, `site`: the tag's text (`?` without the tag); none if it is
    /// empty.
    pub fn tag_or_unknown(&self, name: &str) -> Option<String> {
        let text = self.tag_text(name).unwrap_or_else(|| "?".to_owned());
        (!text.is_empty()).then_some(text)
    }

    /// `date`, `eventdate`: the date tag `name` as `YYYY.MM.DD`, `?` for
    /// what is unknown (always a value).
    pub fn date_of(&self, name: &str) -> Option<String> {
        Some(tag_values::date(&self.tag_text(name).unwrap_or_default()))
    }

    /// `eco`: the game's opening code, if it has a valid one.
    pub fn eco(&self) -> Option<String> {
        tag_values::eco(&self.tag_text("ECO")?)
    }

    /// `elo white`, `elo black` (`side`), or `elo` (`None`: the greater of
    /// the two known): none where unknown.
    pub fn elo(&self, side: Option<Color>) -> Option<i64> {
        match side {
            Some(side) => self.rating(side),
            None => self.rating(Color::White).max(self.rating(Color::Black)),
        }
    }

    /// A player's rating: the one written after the name (`Kasparov
    /// (2800)`), else the first rating tag with one.
    fn rating(&self, side: Color) -> Option<i64> {
        let suffix = self.tag_text(side_tag(side)).and_then(|raw| tag_values::player_name(&raw).1);
        let tagged = || {
            self.game().tags().find_map(|(name, value)| {
                let kind = name.strip_prefix(side_tag(side).as_bytes())?;
                RATINGS.iter().any(|rating| rating.as_bytes() == kind).then_some(())?;
                Some(tag_values::elo(&String::from_utf8_lossy(value))).filter(|&elo| elo > 0)
            })
        };
        suffix.filter(|&elo| elo > 0).or_else(tagged).map(|elo| elo as i64)
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

    /// `tag "Name"`: the game's own value of the tag, if it has it.
    pub fn tag_value(&self, name: &str) -> Option<String> {
        self.tag_text(name)
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
        let award = tag_values::award(&self.tag_text("Event")?)?;
        let fits = kind.is_none_or(|kind| kind == award.kind) && (award.special == special);
        fits.then_some(i64::from(if max { award.last } else { award.first }))
    }

    /// `hhdb prize` and the other awards as filters: whether the `[Event]`
    /// tag names an award of kind `kind` (if given), special with
    /// `special`. Unlike [`Cursor::award`], CQL 6.2 matches a special award
    /// without `special`, which has no place.
    pub fn has_award(&self, kind: Option<char>, special: bool) -> bool {
        let Some(award) = self.tag_text("Event").and_then(|event| tag_values::award(&event)) else {
            return false;
        };
        kind.is_none_or(|kind| kind == award.kind) && (award.special || !special)
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
        let board = self.board().board_fen();
        let turn = self.position().turn().char();
        let skipped = self.square_skipped().map_or_else(|| "-".to_owned(), |square| square.to_string());
        Some(format!("{board} {turn} {} {skipped} 0 1", self.castling_kept()))
    }

    /// The castling rights (`KQkq`, `-`) of the current position, as CQL 6.2
    /// works them out: a side keeps a wing's right while its king stays on
    /// e1 (e8) and that rook in its corner, here and at every position
    /// before.
    fn castling_kept(&self) -> String {
        let rights = [
            ('K', Color::White, Square::H1),
            ('Q', Color::White, Square::A1),
            ('k', Color::Black, Square::H8),
            ('q', Color::Black, Square::A8),
        ];
        let mut nodes = vec![self.node()];
        while let Some(parent) = self.tree().node(*nodes.last().expect("a node")).parent() {
            nodes.push(parent);
        }
        let kept: String = rights
            .iter()
            .filter(|(_, color, rook)| {
                let king = color.fold_wb(Square::E1, Square::E8);
                nodes.iter().all(|&node| {
                    let board = self.tree().position(node).board();
                    board.piece_at(king) == Some(color.king()) && board.piece_at(*rook) == Some(Role::Rook.of(*color))
                })
            })
            .map(|(right, ..)| *right)
            .collect();
        if kept.is_empty() { "-".to_owned() } else { kept }
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

/// The tag naming the player of `side`.
fn side_tag(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}
