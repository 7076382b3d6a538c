//! The phrase grammar of the filters about moves: `move` and its
//! parameters, `legal`/`pseudolegal` dash filters, `countmoves`,
//! `currentmove`, and the filters about the current move.

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{CurrentMoveTest, Dash, DashSource, Designator, FilterKind, MoveFilter, MoveParam, MoveParamKind, Roles},
        lex::{Token, TokenKind},
    },
};

impl Parser<'_> {
    /// The keywords about moves, if `word` is one.
    pub(super) fn move_keyword(&mut self, word: &str, token: &Token) -> Option<Parsed<FilterKind>> {
        let current = |test| Some(Ok(FilterKind::CurrentMove(test)));
        match word {
            "move" => Some(self.move_filter().map(FilterKind::Move)),
            "legal" => Some(self.prefixed_dash(DashSource::Legal, token).map(FilterKind::Dash)),
            "pseudolegal" => Some(self.prefixed_dash(DashSource::Pseudolegal, token).map(FilterKind::Dash)),
            "countmoves" => Some(self.counted_dash(token)),
            "currentmove" => Some(self.current_move_dash(token)),
            "from" => current(CurrentMoveTest::From),
            "to" => current(CurrentMoveTest::To),
            "enpassant" => current(CurrentMoveTest::EnPassant),
            "enpassantsquare" => current(CurrentMoveTest::EnPassantSquare),
            "nullmove" => current(CurrentMoveTest::NullMove),
            "primary" => current(CurrentMoveTest::Primary),
            "secondary" => current(CurrentMoveTest::Secondary),
            "castle" => current(CurrentMoveTest::Castle),
            _ => None,
        }
    }

    /// `o-o` / `o-o-o` as a filter: the current move castles on that side.
    pub(super) fn castle_filter(queenside: bool) -> FilterKind {
        FilterKind::CurrentMove(if queenside { CurrentMoveTest::LongCastle } else { CurrentMoveTest::ShortCastle })
    }

    /// The parameters after `move`, in any order, and the comment (or
    /// message) an ordinary `move` keeps.
    fn move_filter(&mut self) -> Parsed<MoveFilter> {
        let mut params = Vec::new();
        while let Some(param) = self.move_param()? {
            params.push(param);
        }
        let ordinary = !params
            .iter()
            .any(|p| matches!(p.kind, MoveParamKind::Previous | MoveParamKind::Legal | MoveParamKind::Pseudolegal));
        let custodial = match self.peek_kind() {
            Some(TokenKind::TripleSlash) if ordinary => Some(Box::new(self.primary()?)),
            Some(TokenKind::Word(word)) if ordinary && (word == "comment" || word == "message") => {
                Some(Box::new(self.primary()?))
            }
            _ => None,
        };
        Ok(MoveFilter { params, custodial })
    }

    fn move_param(&mut self) -> Parsed<Option<MoveParam>> {
        let start = self.here().start;
        let kind = match self.peek_kind() {
            Some(TokenKind::Castle { queenside }) => {
                let queenside = *queenside;
                self.next();
                if queenside { MoveParamKind::LongCastle } else { MoveParamKind::ShortCastle }
            }
            Some(TokenKind::Word(word)) => {
                let word = word.clone();
                let simple = match word.as_str() {
                    "enpassant" => Some(MoveParamKind::EnPassant),
                    "castle" => Some(MoveParamKind::Castle),
                    "null" => Some(MoveParamKind::Null),
                    "primary" => Some(MoveParamKind::Primary),
                    "secondary" => Some(MoveParamKind::Secondary),
                    "count" => Some(MoveParamKind::Count),
                    "previous" => Some(MoveParamKind::Previous),
                    "legal" => Some(MoveParamKind::Legal),
                    "pseudolegal" => Some(MoveParamKind::Pseudolegal),
                    "reverse" => Some(MoveParamKind::Reverse),
                    _ => None,
                };
                if let Some(kind) = simple {
                    self.next();
                    kind
                } else {
                    match word.as_str() {
                        "from" | "to" | "capture" | "enpassantsquare" => {
                            self.next();
                            let set = self.complement()?;
                            match word.as_str() {
                                "from" => MoveParamKind::From(set),
                                "to" => MoveParamKind::To(set),
                                "capture" => MoveParamKind::Capture(set),
                                _ => MoveParamKind::EnPassantSquare(set),
                            }
                        }
                        "promote" | "drop" => {
                            self.next();
                            let roles = self.piece_types(&word)?;
                            if word == "promote" { MoveParamKind::Promote(roles) } else { MoveParamKind::Drop(roles) }
                        }
                        _ => return Ok(None),
                    }
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(MoveParam { kind, span: self.span_from(start) }))
    }

    /// The piece types after `promote` or `drop`: a piece designator without
    /// squares; colour does not matter (`promote N` = `promote n`).
    fn piece_types(&mut self, after: &str) -> Parsed<Roles> {
        match self.next() {
            Some(Token { kind: TokenKind::Designator(Designator { pieces: Some(kinds), squares: None }), .. }) => {
                Ok(kinds.roles())
            }
            Some(token) => Err(Diagnostic::new(
                token.span,
                format!("'{after}' needs piece types without squares, such as [RBN] (use 'to' for the squares)"),
            )),
            None => Err(self.unexpected(&format!("'{after}' needs piece types"))),
        }
    }

    /// `legal F――G` / `pseudolegal F――G`: a dash over the position's legal
    /// (pseudo-legal) moves instead of the game's.
    fn prefixed_dash(&mut self, source: DashSource, keyword: &Token) -> Parsed<Dash> {
        let mut dash = self.dash_after(keyword)?;
        dash.source = source;
        Ok(dash)
    }

    /// `countmoves [legal|pseudolegal] F――G`.
    fn counted_dash(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        let source = if self.eat_word("legal") {
            DashSource::Legal
        } else if self.eat_word("pseudolegal") {
            DashSource::Pseudolegal
        } else {
            DashSource::Game
        };
        let mut dash = self.dash_after(keyword)?;
        dash.source = source;
        Ok(FilterKind::CountMoves(dash))
    }

    /// `currentmove F――G`.
    fn current_move_dash(&mut self, keyword: &Token) -> Parsed<FilterKind> {
        Ok(FilterKind::CurrentMoveIs(self.dash_after(keyword)?))
    }

    /// The dash filter that must follow `keyword`.
    fn dash_after(&mut self, keyword: &Token) -> Parsed<Dash> {
        let keyword_text = self.source[keyword.span.clone()].to_owned();
        let filter = self.dash_level()?;
        match filter.kind {
            FilterKind::Dash(dash) => Ok(dash),
            _ => Err(Diagnostic::new(
                filter.span,
                format!("'{keyword_text}' must be followed by a move such as ♘――g5 or ――(check)"),
            )),
        }
    }
}
