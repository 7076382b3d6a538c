//! The `move` filter and its parameters (`from`, `to`, `capture`,
//! `promote`, `legal`, `previous`, `reverse`, `all`, ...), the comment an
//! ordinary `move` keeps, and the target of a speculative one (`move legal :
//! F`). Inside the parameters a `:` ends the set argument (`move to e4 : F`
//! is speculative, not `e4:F`), as brackets restore it.

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Designator, Filter, FilterKind, MoveFilter, MoveParam, MoveParamKind, Roles},
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// After `move`: the parameters, in any order, and the comment (or
    /// message) an ordinary `move` keeps.
    pub(super) fn move_filter(&mut self) -> Parsed<FilterKind> {
        let outer = std::mem::replace(&mut self.in_move_parameters, true);
        let read = std::iter::from_fn(|| self.move_param().transpose()).collect::<Parsed<Vec<_>>>();
        self.in_move_parameters = outer;
        let params = read?;
        let ordinary = !params
            .iter()
            .any(|p| matches!(p.kind, MoveParamKind::Previous | MoveParamKind::Legal | MoveParamKind::Pseudolegal));
        let custodial = match self.peek_kind() {
            Some(TokenKind::Symbol(Symbol::TripleSlash)) if ordinary => Some(Box::new(self.level(Level::Primary)?)),
            Some(TokenKind::Word(word)) if ordinary && (word == "comment" || word == "message") => {
                Some(Box::new(self.level(Level::Primary)?))
            }
            _ => None,
        };
        let speculative = if custodial.is_none() && self.is(Symbol::Colon) {
            self.next();
            Some(Box::new(self.colon_operand()?))
        } else {
            None
        };
        Ok(FilterKind::Move(MoveFilter { params, custodial, speculative }))
    }

    /// The next parameter of a `move` filter, if one is next.
    fn move_param(&mut self) -> Parsed<Option<MoveParam>> {
        let start = self.here().start;
        let kind = match self.peek_kind() {
            Some(TokenKind::Castle { queenside }) => {
                let queenside = *queenside;
                self.next();
                if queenside { MoveParamKind::LongCastle } else { MoveParamKind::ShortCastle }
            }
            Some(TokenKind::Word(word)) => {
                let Some(takes) = move_parameter(word) else {
                    return Ok(None);
                };
                self.next();
                match takes {
                    Takes::Nothing(kind) => kind,
                    Takes::Squares(make) => make(self.level(Level::Complement)?),
                    Takes::PieceTypes(keyword, make) => make(self.piece_types(keyword)?),
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(MoveParam { kind, span: self.span_from(start) }))
    }

    /// The piece types after `promote` or `drop` (the `keyword`): a piece
    /// designator without squares; colour does not matter (`promote N` =
    /// `promote n`).
    fn piece_types(&mut self, keyword: &'static str) -> Parsed<Roles> {
        match self.next() {
            Some(Token { kind: TokenKind::Designator(Designator { pieces: Some(kinds), squares: None }), .. }) => {
                Ok(kinds.roles())
            }
            Some(token) => Err(Diagnostic::new(token.span, SyntaxError::PieceTypesWithSquares { keyword })),
            None => Err(self.unexpected(Expected::PieceTypes { keyword })),
        }
    }
}

/// What a parameter of `move` takes after its keyword.
enum Takes {
    /// Nothing: the parameter is the keyword.
    Nothing(MoveParamKind),
    /// A set of squares.
    Squares(fn(Filter) -> MoveParamKind),
    /// Piece types (after the keyword named).
    PieceTypes(&'static str, fn(Roles) -> MoveParamKind),
}

/// The parameter of `move` the word `word` starts, if any.
fn move_parameter(word: &str) -> Option<Takes> {
    Some(match word {
        "enpassant" => Takes::Nothing(MoveParamKind::EnPassant),
        "castle" => Takes::Nothing(MoveParamKind::Castle),
        "null" => Takes::Nothing(MoveParamKind::Null),
        "primary" => Takes::Nothing(MoveParamKind::Primary),
        "secondary" => Takes::Nothing(MoveParamKind::Secondary),
        "count" => Takes::Nothing(MoveParamKind::Count),
        "previous" => Takes::Nothing(MoveParamKind::Previous),
        "legal" => Takes::Nothing(MoveParamKind::Legal),
        "pseudolegal" => Takes::Nothing(MoveParamKind::Pseudolegal),
        "reverse" => Takes::Nothing(MoveParamKind::Reverse),
        "all" => Takes::Nothing(MoveParamKind::All),
        "from" => Takes::Squares(MoveParamKind::From),
        "to" => Takes::Squares(MoveParamKind::To),
        "capture" => Takes::Squares(MoveParamKind::Capture),
        "enpassantsquare" => Takes::Squares(MoveParamKind::EnPassantSquare),
        "promote" => Takes::PieceTypes("promote", MoveParamKind::Promote),
        "drop" => Takes::PieceTypes("drop", MoveParamKind::Drop),
        _ => return None,
    })
}
