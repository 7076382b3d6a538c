//! Which family parses a filter, by its first token: the one place that
//! maps each keyword and symbol to the family function that reads it.
//! Adding a filter is an arm here and a function in its family's file.

use super::{Parsed, Parser, precedence::is_operator_word};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{
            ComposersMate, CurrentMoveTest, DashSource, Directions, Filter, FilterKind, GameField, ImaginaryTest,
            PathStatus, PawnStructure, PositionTest, Relative, SquareValue, StringFunction, Transform, TreeNumber,
            VariantTest,
        },
        error::{Expected, SyntaxError},
        keywords::is_keyword,
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// A filter with no operator around it, by its first token.
    pub(super) fn atom(&mut self) -> Parsed<Filter> {
        self.nested(Self::unnested_atom)
    }

    /// [`Parser::atom`], one level deeper.
    fn unnested_atom(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let Some(token) = self.next() else {
            return Err(self.unexpected(Expected::Filter));
        };
        let kind = match &token.kind {
            TokenKind::Number(n) => Self::number(*n),
            TokenKind::Str(text) => Self::string(text.clone()),
            TokenKind::Group { index, offset } => Self::group(*index, *offset),
            TokenKind::Designator(designator) => Self::designator(*designator),
            TokenKind::Castle { queenside: false } => Self::current_move(CurrentMoveTest::ShortCastle),
            TokenKind::Castle { queenside: true } => Self::current_move(CurrentMoveTest::LongCastle),
            TokenKind::PieceVariable(name) => self.named(name.clone(), true, false)?,
            TokenKind::Word(word) => self.keyword(word, &token)?,
            TokenKind::Symbol(symbol) => match symbol {
                Symbol::Dash | Symbol::Capture => self.leading_dash(&token)?,
                Symbol::OpenBrace => self.compound(&token)?,
                Symbol::OpenParen => self.parenthesized()?,
                Symbol::FlipColor => self.transform(Transform::FlipColor)?,
                Symbol::Flip => self.transform(Transform::Flip)?,
                Symbol::Path => self.path_filter()?,
                Symbol::ForAll => self.for_all()?,
                Symbol::CurrentPosition => Self::position_of(Relative::Current),
                Symbol::TripleSlash => self.line_comment(&token)?,
                _ => return Err(self.cannot_start_filter(&token)),
            },
            TokenKind::Repetition { .. } => {
                let signal = self.source[token.span.clone()].to_owned();
                return Err(Diagnostic::new(token.span.clone(), SyntaxError::RepetitionOutsidePath { signal }));
            }
            TokenKind::Assign(_) => return Err(self.cannot_start_filter(&token)),
        };
        Ok(Filter { kind, span: self.span_from(start) })
    }

    /// A filter that starts with the word `word` (the token just read).
    fn keyword(&mut self, word: &str, token: &Token) -> Parsed<FilterKind> {
        match word {
            "true" => Ok(Self::boolean(true)),
            "false" => Ok(Self::boolean(false)),
            "if" => self.if_filter(),
            "abs" => self.abs(),
            "light" => self.square_color(true),
            "dark" => self.square_color(false),
            _ if Directions::named(word).is_some() => self.direction(word),
            "between" => self.between(token),
            "pin" => self.pin(),
            _ if let Some(value) = SquareValue::named(word) => self.square_value(value),
            _ if let Some(mate) = ComposersMate::named(word) => Ok(FilterKind::ComposersMate(mate)),
            "makesquare" => self.make_square(token),
            "sqrt" => self.sqrt(),
            "max" | "min" => self.extremum(token, word == "max"),
            "while" => self.while_loop(),
            "loop" => self.loop_filter(),
            "ray" => self.ray(token, false),
            "xray" => self.ray(token, true),
            "power" => self.power(),
            _ if let Some(structure) = PawnStructure::named(word) => Ok(Self::pawns(structure)),
            "check" => Ok(Self::game_state(PositionTest::Check)),
            "mate" => Ok(Self::game_state(PositionTest::Mate)),
            "stalemate" => Ok(Self::game_state(PositionTest::Stalemate)),
            "wtm" => Ok(Self::game_state(PositionTest::WhiteToMove)),
            "btm" => Ok(Self::game_state(PositionTest::BlackToMove)),
            "initial" => Ok(Self::game_state(PositionTest::Initial)),
            "mainline" => Ok(Self::game_state(PositionTest::Mainline)),
            "variation" => Ok(Self::game_state(PositionTest::Variation)),
            "terminal" => Ok(Self::game_state(PositionTest::Terminal)),
            "try" => Ok(Self::game_state(PositionTest::Try)),
            "virtualmainline" => Ok(Self::game_state(PositionTest::VirtualMainline)),
            "find" => self.find(token),
            "echo" => self.echo(token),
            "consecutivemoves" => self.consecutive_moves(token),
            _ if let Some(number) = TreeNumber::named(word) => Ok(FilterKind::TreeNumber(number)),
            "sidetomove" => Ok(FilterKind::SideToMove),
            "white" | "black" => Ok(FilterKind::ColorValue { white: word == "white" }),
            "child" => self.child(),
            "position" => self.position_with_id(),
            "ancestor" | "descendant" | "lca" | "distance" => self.position_pair(token, word),
            "result" => self.result_filter(),
            "year" => Ok(Self::year()),
            "str" => self.str_filter(),
            "int" => self.string_of_one(StringFunction::Int),
            "lowercase" => self.string_of_one(StringFunction::Lowercase),
            "uppercase" => self.string_of_one(StringFunction::Uppercase),
            "ascii" => self.string_of_one(StringFunction::AsciiCode),
            "indexof" => self.index_of(),
            "readfile" => self.string_of_one(StringFunction::ReadFile),
            "writefile" => self.write_file(),
            "player" | "event" | "site" | "date" | "eventdate" | "eco" | "elo" | "tag" | "gamenumber"
            | "lastgamenumber" | "fen" | "hascomment" | "originalcomment" | "removecomment" => {
                self.game_data(word, token.span.start)
            }
            _ if let Some(test) = self.cqli_word(word, ImaginaryTest::named) => Ok(FilterKind::Imaginary(test)),
            "imagine" if self.cqli_word(word, |_| Some(())).is_some() => self.imagine(),
            _ if let Some(test) = self.cqli_word(word, VariantTest::named) => Ok(FilterKind::Variant(test)),
            "move" => self.move_filter(),
            "legal" => self.prefixed_dash(DashSource::Legal, token),
            "pseudolegal" => self.prefixed_dash(DashSource::Pseudolegal, token),
            "countmoves" => self.counted_dash(token),
            "currentmove" => self.current_move_dash(token),
            "from" => Ok(Self::current_move(CurrentMoveTest::From)),
            "to" => Ok(Self::current_move(CurrentMoveTest::To)),
            "enpassant" => Ok(Self::current_move(CurrentMoveTest::EnPassant)),
            "enpassantsquare" => Ok(Self::current_move(CurrentMoveTest::EnPassantSquare)),
            "nullmove" => Ok(Self::current_move(CurrentMoveTest::NullMove)),
            "primary" => Ok(Self::current_move(CurrentMoveTest::Primary)),
            "secondary" => Ok(Self::current_move(CurrentMoveTest::Secondary)),
            "castle" => Ok(Self::current_move(CurrentMoveTest::Castle)),
            "path" => self.path_filter(),
            "line" => self.line(),
            "pathcount" => Ok(Self::path_status(PathStatus::Count)),
            "pathcountunfocused" => Ok(Self::path_status(PathStatus::CountUnfocused)),
            "pathstart" => Ok(Self::path_status(PathStatus::Start)),
            "pathlastposition" => Ok(Self::path_status(PathStatus::LastPosition)),
            "parent" => Ok(Self::position_of(Relative::Parent)),
            "currentposition" => Ok(Self::position_of(Relative::Current)),
            "initialposition" => Ok(Self::position_of(Relative::Initial)),
            "square" => self.declared("square"),
            "piece" => self.declared("piece"),
            "comment" => self.comment(),
            "hhdb" => self.hhdb(token.span.start),
            "cql_hhdbhascook" => Ok(FilterKind::GameData(GameField::HasCook)),
            "cql_assertvariations" => self.assert_variations(),
            "persistent" if self.eat_word("dictionary") => self.dictionary(false),
            "persistent" => self.persistent(),
            "atomic" => self.atomic(),
            "dictionary" => self.dictionary(false),
            "local" => self.local(),
            "unbind" => self.unbind(),
            "settag" => self.set_tag(),
            "assert" => Ok(FilterKind::Assert(Box::new(self.filter()?))),
            "isbound" => self.is_bound(true),
            "isunbound" => self.is_bound(false),
            "message" => self.message(),
            "sort" => self.sort(),
            _ if let Some(transform) = Transform::named(word) => self.transform(transform),
            "notransform" => Ok(FilterKind::NoTransform(Box::new(self.filter()?))),
            "currenttransform" => Ok(FilterKind::CurrentTransform),
            "cql" => Err(Diagnostic::new(token.span.clone(), SyntaxError::SecondHeader)),
            "function" => Err(Diagnostic::new(token.span.clone(), SyntaxError::MisplacedFunction)),
            _ if is_operator_word(word) => {
                Err(Diagnostic::new(token.span.clone(), SyntaxError::OperatorFirst { word: word.to_owned() }))
            }
            // CQL 6.2's words that only parameters of other filters are.
            "quiet" | "firstmatch" | "lastposition" | "nestban" | "singlecolor" | "through" | "null" | "count"
            | "verbose" | "keepallbest" | "piecepath" | "title" => {
                Err(Diagnostic::new(token.span.clone(), SyntaxError::ParameterFirst { word: word.to_owned() }))
            }
            _ if is_keyword(word) => {
                Err(Diagnostic::new(token.span.clone(), SyntaxError::Unsupported { word: word.to_owned() }))
            }
            _ => self.named(word.to_owned(), false, false),
        }
    }

    /// The error for `token`, a symbol or operator, where a filter must start.
    fn cannot_start_filter(&self, token: &Token) -> Diagnostic {
        let symbol = match token.kind {
            // Named by the symbol all its spellings stand for.
            TokenKind::Symbol(Symbol::Element) => Symbol::Element.to_string(),
            _ => self.source[token.span.clone()].to_owned(),
        };
        Diagnostic::new(token.span.clone(), SyntaxError::CannotStartFilter { symbol })
    }
}
