//! The phrase grammar of CQL: tokens to a [`Query`].
//!
//! A precedence-climbing parser. From loosest to tightest binding:
//!
//! | level | forms |
//! |---|---|
//! | or | `F or G` |
//! | and | `F and G` |
//! | not | `not F` |
//! | in | `F in G` |
//! | comparison | `< <= == != >= >` (right associative) |
//! | additive | `+ -` |
//! | multiplicative | `* / %` |
//! | unary | `-F`, `#F` |
//! | attack | `→ ←`, `attacks`, `attackedby` (`T→(▦←♚)∪♚` attacks the union) |
//! | dash | `F――G`, `F×G` (the left side glued to the dash) |
//! | union | `|` `∪` |
//! | intersection | `&` `∩` |
//! | complement | `~F` |
//! | primary | designators, numbers, strings, keywords, `{...}`, `(...)` |
//!
//! Prefix filters that take a whole filter as their body (`⬓`/`flipcolor`,
//! `⊢`/`path`) parse it at the `or` level. A body is a sequence of filters
//! (all must match).

use super::{
    ast::{
        AttackDirection, BinaryOp, Dash, DashSource, Designator, Filter, FilterKind, HeaderKind, HeaderParam,
        PathStatus, PositionTest, Promotion, Query, Relative, Roles, Span,
    },
    lex::{Token, TokenKind, tokenize},
};
use crate::{
    diagnostic::Diagnostic,
    syntax::{ast::Directions, keywords},
};
use functions::Functions;

#[path = "parse_functions.rs"]
mod functions;
#[path = "parse_moves.rs"]
mod moves;
#[path = "parse_path.rs"]
mod path;
#[path = "parse_vars.rs"]
mod vars;

/// Parses the text of a query.
pub fn parse(source: &str) -> Result<Query, Diagnostic> {
    let tokens = tokenize(source)?;
    let mut parser = Parser { source, tokens, at: 0, path_top: false, functions: Functions::new(), depth: 0 };
    parser.query()
}

struct Parser<'s> {
    source: &'s str,
    tokens: Vec<Token>,
    at: usize,
    /// At the top level of a path body, where `+` and `*` repeat.
    path_top: bool,
    /// The functions defined so far.
    functions: Functions,
    /// How many function calls this parser is inside.
    depth: usize,
}

type Parsed<T> = Result<T, Diagnostic>;

/// Words with a meaning of their own, which cannot start a filter.
const OPERATOR_WORDS: &[&str] = &["and", "or", "not", "in", "attacks", "attackedby"];

impl<'s> Parser<'s> {
    // ------------------------------------------------------------ tokens

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn peek_kind(&self) -> Option<&TokenKind> {
        self.peek().map(|t| &t.kind)
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.at).cloned();
        self.at += usize::from(token.is_some());
        token
    }

    fn end_of_previous(&self) -> usize {
        self.at.checked_sub(1).map_or(0, |i| self.tokens[i].span.end)
    }

    /// The span from `start` to the end of the last token read.
    fn span_from(&self, start: usize) -> Span {
        start..self.end_of_previous().max(start)
    }

    fn here(&self) -> Span {
        match self.peek() {
            Some(token) => token.span.clone(),
            None => self.source.len()..self.source.len(),
        }
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(self.peek_kind(), Some(TokenKind::Word(w)) if w == word)
    }

    fn is_symbol(&self, symbol: &str) -> bool {
        matches!(self.peek_kind(), Some(TokenKind::Symbol(s)) if *s == symbol)
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = self.is_word(word);
        self.at += usize::from(found);
        found
    }

    fn eat_symbol(&mut self, symbol: &str) -> bool {
        let found = self.is_symbol(symbol);
        self.at += usize::from(found);
        found
    }

    fn expect_symbol(&mut self, symbol: &str, context: &str) -> Parsed<Token> {
        if self.is_symbol(symbol) {
            Ok(self.next().expect("peeked"))
        } else {
            Err(self.unexpected(&format!("expected '{symbol}' {context}")))
        }
    }

    fn unexpected(&self, expectation: &str) -> Diagnostic {
        match self.peek() {
            Some(token) => Diagnostic::new(
                token.span.clone(),
                format!("{expectation}, found '{}'", &self.source[token.span.clone()]),
            ),
            None => Diagnostic::new(self.here(), format!("{expectation}, found the end of the query")),
        }
    }

    // ------------------------------------------------------------ query and header

    fn query(&mut self) -> Parsed<Query> {
        if !self.eat_word("cql") {
            return Err(self.unexpected("a query starts with 'cql(...)'"));
        }
        match self.peek() {
            Some(token) if token.kind == TokenKind::Symbol("(") => {}
            _ => return Err(self.unexpected("expected '(' after 'cql'")),
        }
        self.next();
        let mut header = Vec::new();
        while !self.is_symbol(")") {
            if self.peek().is_none() {
                return Err(Diagnostic::new(self.here(), "the header 'cql(' is never closed with ')'"));
            }
            header.push(self.header_param()?);
        }
        self.next();
        let mut body = Vec::new();
        while self.peek().is_some() {
            if self.is_symbol("}") || self.is_symbol(")") {
                return Err(self.unexpected("unbalanced closing bracket"));
            }
            if self.is_word("function") {
                self.define_function()?;
                continue;
            }
            body.push(self.filter()?);
        }
        // A query of function definitions alone, as CQL 6.2 allows, matches everywhere.
        if body.is_empty() && self.functions.is_empty() {
            return Err(Diagnostic::new(self.here(), "the query has no filter after its header"));
        }
        Ok(Query { header, body })
    }

    fn header_param(&mut self) -> Parsed<HeaderParam> {
        let token = self.next().expect("caller checked");
        let start = token.span.start;
        let TokenKind::Word(word) = &token.kind else {
            return Err(Diagnostic::new(
                token.span.clone(),
                "expected a header parameter such as 'input' or 'variations'",
            ));
        };
        let kind = match word.as_str() {
            "input" => HeaderKind::Input(self.raw_word("a file name after 'input'")?),
            "output" => HeaderKind::Output(self.raw_word("a file name after 'output'")?),
            "result" => {
                let result = self.raw_word("a result such as 1-0 after 'result'")?;
                if !matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    return Err(Diagnostic::new(
                        self.span_from(start),
                        format!("'{result}' is not a result (1-0, 0-1, 1/2-1/2)"),
                    ));
                }
                HeaderKind::Result(result)
            }
            "variations" => HeaderKind::Variations,
            "quiet" => HeaderKind::Quiet,
            "silent" => HeaderKind::Silent,
            "gamenumber" => {
                let (first, last) = self.number_range("gamenumber")?;
                HeaderKind::GameNumber(first, last)
            }
            "matchcount" => {
                let (first, last) = self.number_range("matchcount")?;
                HeaderKind::MatchCount(first, last)
            }
            "sort" => {
                if !self.eat_word("matchcount") {
                    return Err(self.unexpected("the header sorts only by 'matchcount': sort matchcount N M"));
                }
                let (first, last) = self.number_range("matchcount")?;
                HeaderKind::SortMatchCount(first, last)
            }
            "matchstring" => match self.next() {
                Some(Token { kind: TokenKind::Str(text), .. }) => HeaderKind::MatchString(text),
                _ => {
                    return Err(Diagnostic::new(
                        self.span_from(start),
                        "'matchstring' needs a string, as in matchstring \"found\"",
                    ));
                }
            },
            other => {
                return Err(Diagnostic::new(token.span.clone(), format!("unknown header parameter '{other}'")));
            }
        };
        Ok(HeaderParam { kind, span: self.span_from(start) })
    }

    /// The raw text after the last token up to the next space or `)`: a file
    /// name or a result, which are not CQL tokens (`games.pgn`, `1/2-1/2`).
    fn raw_word(&mut self, what: &str) -> Parsed<String> {
        let from = self.end_of_previous();
        let rest = &self.source[from..];
        let start = from + (rest.len() - rest.trim_start().len());
        let end =
            self.source[start..].find(|c: char| c.is_whitespace() || c == ')').map_or(self.source.len(), |i| start + i);
        if start == end {
            return Err(Diagnostic::new(start..start + 1, format!("expected {what}")));
        }
        while self.peek().is_some_and(|t| t.span.start < end) {
            self.at += 1;
        }
        Ok(self.source[start..end].to_owned())
    }

    fn number_range(&mut self, what: &str) -> Parsed<(u64, u64)> {
        let number = |parser: &mut Self| match parser.peek_kind() {
            Some(TokenKind::Number(n)) => {
                let n = u64::try_from(*n).unwrap_or(0);
                parser.next();
                Some(n)
            }
            _ => None,
        };
        let first = number(self).ok_or_else(|| self.unexpected(&format!("'{what}' needs a number")))?;
        let last = number(self).unwrap_or(first);
        Ok((first, last))
    }

    /// `up [N [M]] F` and the other direction filters, after the keyword.
    /// The distances are whole numbers, negative ones going the other way.
    fn direction(&mut self, word: &str) -> Parsed<FilterKind> {
        let directions = Directions::named(word).expect("a direction keyword");
        let start = self.here().start;
        let mut distances = Vec::new();
        while distances.len() < 2 {
            let negative = self.is_symbol("-")
                && matches!(self.tokens.get(self.at + 1), Some(t) if matches!(t.kind, TokenKind::Number(_)));
            if negative {
                self.next();
            }
            match self.peek_kind() {
                Some(TokenKind::Number(n)) => {
                    distances.push(if negative { -n } else { *n });
                    self.next();
                }
                _ => break,
            }
        }
        let range = match distances[..] {
            [] => None,
            [n] => Some((n, n)),
            [low, high] if low <= high => Some((low, high)),
            _ => {
                return Err(Diagnostic::new(
                    self.span_from(start),
                    format!("the range of '{word}' goes backwards: write it from low to high"),
                ));
            }
        };
        let squares = Box::new(self.complement()?);
        Ok(FilterKind::Direction { directions, range, squares })
    }

    // ------------------------------------------------------------ filters, loosest first

    /// One filter at the loosest level.
    fn filter(&mut self) -> Parsed<Filter> {
        self.or()
    }

    fn or(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let mut left = self.and()?;
        while self.eat_word("or") {
            let right = self.and()?;
            left = Filter { kind: FilterKind::Or(Box::new(left), Box::new(right)), span: self.span_from(start) };
        }
        Ok(left)
    }

    fn and(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let mut left = self.not()?;
        while self.eat_word("and") {
            let right = self.not()?;
            left = Filter { kind: FilterKind::And(Box::new(left), Box::new(right)), span: self.span_from(start) };
        }
        Ok(left)
    }

    fn not(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        if self.eat_word("not") {
            let operand = self.not()?;
            return Ok(Filter { kind: FilterKind::Not(Box::new(operand)), span: self.span_from(start) });
        }
        self.in_filter()
    }

    fn in_filter(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let left = self.comparison()?;
        if self.eat_word("in") {
            let right = self.comparison()?;
            return Ok(Filter { kind: FilterKind::In(Box::new(left), Box::new(right)), span: self.span_from(start) });
        }
        Ok(left)
    }

    fn comparison(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let left = self.additive()?;
        let Some(TokenKind::Relation(op)) = self.peek_kind() else {
            return Ok(left);
        };
        let comparison = *op;
        self.next();
        // Right associative: a == b == c is a == (b == c).
        let right = self.comparison()?;
        Ok(Filter {
            kind: FilterKind::Compare(comparison, Box::new(left), Box::new(right)),
            span: self.span_from(start),
        })
    }

    fn additive(&mut self) -> Parsed<Filter> {
        self.left_associative(&[("+", BinaryOp::Add), ("-", BinaryOp::Subtract)], Self::multiplicative)
    }

    fn multiplicative(&mut self) -> Parsed<Filter> {
        let operators = [("*", BinaryOp::Multiply), ("/", BinaryOp::Divide), ("%", BinaryOp::Modulo)];
        self.left_associative(&operators, Self::unary)
    }

    /// One level of left-associative binary operators: operands parsed by
    /// `operand`, joined by the symbols of `operators`.
    fn left_associative(
        &mut self,
        operators: &[(&str, BinaryOp)],
        operand: fn(&mut Self) -> Parsed<Filter>,
    ) -> Parsed<Filter> {
        let start = self.here().start;
        let mut left = operand(self)?;
        while let Some(&(symbol, op)) = operators.iter().find(|(symbol, _)| self.is_symbol(symbol)) {
            if self.path_top && matches!(symbol, "+" | "*") {
                break;
            }
            self.next();
            let right = operand(self)?;
            left =
                Filter { kind: FilterKind::Binary(op, Box::new(left), Box::new(right)), span: self.span_from(start) };
        }
        Ok(left)
    }

    fn unary(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        if self.eat_symbol("-") {
            let operand = self.unary()?;
            return Ok(Filter { kind: FilterKind::Negate(Box::new(operand)), span: self.span_from(start) });
        }
        if self.eat_symbol("#") {
            let operand = self.unary()?;
            return Ok(Filter { kind: FilterKind::Count(Box::new(operand)), span: self.span_from(start) });
        }
        self.attack()
    }

    /// A set filter, and the dash filter it may be the left side of.
    fn dash_level(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let left = self.union()?;
        match self.peek() {
            Some(token) if is_dash(&token.kind) => {
                if !token.glued {
                    // `F ――`: F and a separate dash; the dash is read next.
                    return Ok(left);
                }
                let capture = token.kind == TokenKind::Capture;
                self.next();
                let dash = self.dash_rest(Some(left), capture)?;
                Ok(Filter { kind: FilterKind::Dash(dash), span: self.span_from(start) })
            }
            _ => Ok(left),
        }
    }

    /// What follows `――`/`×`: the right side, `=X`, `(target)`, all glued.
    fn dash_rest(&mut self, from: Option<Filter>, capture: bool) -> Parsed<Dash> {
        let to = if self.starts_glued_operand() { Some(Box::new(self.union()?)) } else { None };
        let promotion = match self.peek() {
            Some(Token { kind: TokenKind::Assign("="), glued: true, span, .. }) => {
                let start = span.start;
                self.next();
                Some(self.promotion(start)?)
            }
            _ => None,
        };
        let target = match self.peek() {
            Some(Token { kind: TokenKind::Symbol("("), glued: true, .. }) => {
                self.next();
                let mut filters = Vec::new();
                while !self.is_symbol(")") {
                    if self.peek().is_none() {
                        return Err(Diagnostic::new(
                            self.here(),
                            "the target '(' of this move is never closed with ')'",
                        ));
                    }
                    filters.push(self.filter()?);
                }
                self.next();
                if filters.is_empty() {
                    return Err(Diagnostic::new(
                        self.span_from(self.end_of_previous() - 2),
                        "a move's target '( )' needs a filter",
                    ));
                }
                Some(filters)
            }
            _ => None,
        };
        Ok(Dash { from: from.map(Box::new), to, capture, promotion, target, source: DashSource::Game })
    }

    /// `♘ ――g5`: a piece, a space, then a move. CQL reads that as two
    /// filters (a knight exists; something moves to g5), which is never what
    /// was meant, so it is refused with the spelling that was.
    fn reject_spaced_left_side(&self, dash_index: usize, parsed: &Dash) -> Parsed<()> {
        let dash = &self.tokens[dash_index];
        let Some(before) = dash_index.checked_sub(1).map(|i| &self.tokens[i]) else {
            return Ok(());
        };
        let spaced_on_one_line = !dash.glued && !dash.line_break_before;
        let move_has_more = parsed.to.is_some() || parsed.promotion.is_some() || parsed.target.is_some();
        if matches!(before.kind, TokenKind::Designator(_))
            && spaced_on_one_line
            && move_has_more
            && before.span.end < dash.span.start
        {
            let left = &self.source[before.span.clone()];
            let symbol = &self.source[dash.span.clone()];
            let written = &self.source[dash.span.start..self.end_of_previous()];
            return Err(Diagnostic::new(
                before.span.end..dash.span.start,
                format!(
                    "no space is allowed between '{left}' and '{symbol}': write '{left}{written}' for a move of {left}"
                ),
            ));
        }
        Ok(())
    }

    /// Whether the next token touches the previous one and can start the
    /// right side of a dash.
    fn starts_glued_operand(&self) -> bool {
        match self.peek() {
            Some(token) if token.glued => match &token.kind {
                TokenKind::Designator(_) => true,
                TokenKind::Symbol(s) => *s == "~",
                TokenKind::Word(w) => !OPERATOR_WORDS.contains(&w.as_str()),
                _ => false,
            },
            _ => false,
        }
    }

    /// The piece types after `=`: a designator without squares or a string of
    /// piece letters (`=♖♗♘`, `="RBN"`); colour does not matter.
    fn promotion(&mut self, start: usize) -> Parsed<Promotion> {
        let token = self.next().ok_or_else(|| self.unexpected("expected the piece to promote to after '='"))?;
        let roles = match &token.kind {
            TokenKind::Designator(Designator { pieces: Some(kinds), squares: None }) => kinds.roles(),
            TokenKind::Str(text) => Roles::from_letters(text)
                .map_err(|c| Diagnostic::new(token.span.clone(), format!("'{c}' is not a piece letter")))?,
            _ => {
                return Err(Diagnostic::new(
                    token.span.clone(),
                    "expected the piece type to promote to after '=', such as ♕ or \"RBN\"",
                ));
            }
        };
        if !roles.intersects(Roles::PROMOTIONS) {
            return Err(Diagnostic::new(
                start..token.span.end,
                "a pawn can only promote to a knight, bishop, rook or queen",
            ));
        }
        Ok(Promotion { roles, span: start..token.span.end })
    }

    fn union(&mut self) -> Parsed<Filter> {
        self.left_associative(&[("|", BinaryOp::Union), ("∪", BinaryOp::Union)], Self::intersection)
    }

    fn intersection(&mut self) -> Parsed<Filter> {
        let operators = [("&", BinaryOp::Intersection), ("∩", BinaryOp::Intersection)];
        self.left_associative(&operators, Self::complement)
    }

    fn complement(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        if self.eat_symbol("~") {
            let operand = self.complement()?;
            return Ok(Filter { kind: FilterKind::Complement(Box::new(operand)), span: self.span_from(start) });
        }
        self.primary()
    }

    /// `a → b`, `a ← b`, and chains `a → b → c` of one direction.
    fn attack(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let first = self.dash_level()?;
        let Some(direction) = self.attack_arrow() else {
            return Ok(first);
        };
        let mut operands = vec![first];
        while self.attack_arrow() == Some(direction) {
            self.next();
            operands.push(self.dash_level()?);
        }
        if self.attack_arrow().is_some() {
            return Err(self.unexpected("a chain of attacks points one way: use parentheses to mix → and ←"));
        }
        Ok(Filter { kind: FilterKind::Attack(direction, operands), span: self.span_from(start) })
    }

    fn attack_arrow(&self) -> Option<AttackDirection> {
        match self.peek_kind() {
            Some(TokenKind::Attacks) => Some(AttackDirection::Attacks),
            Some(TokenKind::AttackedBy) => Some(AttackDirection::AttackedBy),
            Some(TokenKind::Word(w)) if w == "attacks" => Some(AttackDirection::Attacks),
            Some(TokenKind::Word(w)) if w == "attackedby" => Some(AttackDirection::AttackedBy),
            _ => None,
        }
    }

    // ------------------------------------------------------------ primaries

    /// A primary filter, and `P:F` (F evaluated at position P), which binds
    /// tightest of all and groups to the right.
    fn primary(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let position = self.atom()?;
        if !self.eat_symbol(":") {
            return Ok(position);
        }
        let filter = self.colon_operand()?;
        let kind = FilterKind::At { position: Box::new(position), filter: Box::new(filter) };
        Ok(Filter { kind, span: self.span_from(start) })
    }

    /// What follows `:`: a primary filter, which may have prefix operators
    /// (`parent:#△`, CQL's own example).
    fn colon_operand(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let prefix: Option<fn(Box<Filter>) -> FilterKind> = match self.peek_kind() {
            Some(TokenKind::Symbol("#")) => Some(FilterKind::Count),
            Some(TokenKind::Symbol("-")) => Some(FilterKind::Negate),
            Some(TokenKind::Symbol("~")) => Some(FilterKind::Complement),
            _ => None,
        };
        let Some(prefix) = prefix else { return self.primary() };
        self.next();
        let operand = self.colon_operand()?;
        Ok(Filter { kind: prefix(Box::new(operand)), span: self.span_from(start) })
    }

    fn atom(&mut self) -> Parsed<Filter> {
        let start = self.here().start;
        let Some(token) = self.next() else {
            return Err(Diagnostic::new(self.here(), "expected a filter, found the end of the query"));
        };
        let kind = match token.kind {
            TokenKind::Number(n) => FilterKind::Number(n),
            TokenKind::Str(text) => FilterKind::Str(text),
            TokenKind::Designator(designator) => FilterKind::Designator(designator),
            TokenKind::Dash | TokenKind::Capture => {
                if token.glued && self.at >= 2 && matches!(self.tokens[self.at - 2].kind, TokenKind::Word(_)) {
                    let word = &self.source[self.tokens[self.at - 2].span.clone()];
                    return Err(Diagnostic::new(
                        token.span.clone(),
                        format!("'{word}' cannot be the left side of a move: separate them with a space"),
                    ));
                }
                let dash_index = self.at - 1;
                let dash = self.dash_rest(None, token.kind == TokenKind::Capture)?;
                self.reject_spaced_left_side(dash_index, &dash)?;
                FilterKind::Dash(dash)
            }
            TokenKind::Symbol("{") => {
                let outer = std::mem::replace(&mut self.path_top, false);
                let filters = self.sequence("}", start);
                self.path_top = outer;
                FilterKind::Compound(filters?)
            }
            TokenKind::Symbol("(") => {
                let inner = self.filter()?;
                self.expect_symbol(")", "to close '('")?;
                FilterKind::Paren(Box::new(inner))
            }
            TokenKind::Symbol("⬓") => FilterKind::FlipColor(Box::new(self.filter()?)),
            TokenKind::Symbol("✵") => FilterKind::Flip(Box::new(self.filter()?)),
            TokenKind::Symbol("⊢") => FilterKind::Path(self.path()?),
            TokenKind::Symbol("∀") => self.for_all()?,
            TokenKind::Symbol("∙") => FilterKind::PositionOf(Relative::Current),
            TokenKind::PieceVariable(name) => self.named(name, true, false)?,
            TokenKind::Castle { queenside } => Self::castle_filter(queenside),
            TokenKind::TripleSlash => FilterKind::Comment(self.line_arguments(&token)?),
            TokenKind::Word(ref word) => self.keyword(word, &token)?,
            TokenKind::Symbol(symbol) => {
                return Err(Diagnostic::new(token.span.clone(), format!("'{symbol}' cannot start a filter here")));
            }
            _ => {
                let text = &self.source[token.span.clone()];
                return Err(Diagnostic::new(token.span.clone(), format!("'{text}' cannot start a filter here")));
            }
        };
        Ok(Filter { kind, span: self.span_from(start) })
    }

    fn keyword(&mut self, word: &str, token: &Token) -> Parsed<FilterKind> {
        Ok(match word {
            "check" => FilterKind::Position(PositionTest::Check),
            "mate" => FilterKind::Position(PositionTest::Mate),
            "stalemate" => FilterKind::Position(PositionTest::Stalemate),
            "wtm" => FilterKind::Position(PositionTest::WhiteToMove),
            "btm" => FilterKind::Position(PositionTest::BlackToMove),
            "true" => FilterKind::Bool(true),
            "false" => FilterKind::Bool(false),
            "flipcolor" => FilterKind::FlipColor(Box::new(self.filter()?)),
            "flip" => FilterKind::Flip(Box::new(self.filter()?)),
            "sort" => self.sort()?,
            "power" => FilterKind::Power(Box::new(self.union()?)),
            "light" | "dark" => {
                FilterKind::SquareColor { light: word == "light", squares: Box::new(self.complement()?) }
            }
            "passedpawns" => FilterKind::PassedPawns,
            _ if Directions::named(word).is_some() => self.direction(word)?,
            "year" => FilterKind::Year,
            "initial" => FilterKind::Position(PositionTest::Initial),
            "mainline" => FilterKind::Position(PositionTest::Mainline),
            // `abs` takes a sum: `abs rank x - rank y` (CQL 6.2's precedence table).
            "abs" => FilterKind::Abs(Box::new(self.additive()?)),
            "variation" => FilterKind::Position(PositionTest::Variation),
            "result" => FilterKind::Result(self.result()?),
            "between" => {
                let open = self.expect_symbol("(", "after 'between': between(x y)")?;
                let mut operands = self.sequence(")", open.span.start)?;
                if operands.len() != 2 {
                    return Err(Diagnostic::new(
                        self.span_from(token.span.start),
                        "'between' takes two sets of squares: between(x y)",
                    ));
                }
                let second = Box::new(operands.pop().expect("two"));
                FilterKind::Between(Box::new(operands.pop().expect("two")), second)
            }
            "path" => FilterKind::Path(self.path()?),
            "if" => {
                let condition = Box::new(self.filter()?);
                self.eat_word("then");
                let then = Box::new(self.filter()?);
                let otherwise = if self.eat_word("else") { Some(Box::new(self.filter()?)) } else { None };
                FilterKind::If { condition, then, otherwise }
            }
            "pathcount" => FilterKind::PathStatus(PathStatus::Count),
            "pathcountunfocused" => FilterKind::PathStatus(PathStatus::CountUnfocused),
            "pathstart" => FilterKind::PathStatus(PathStatus::Start),
            "pathlastposition" => FilterKind::PathStatus(PathStatus::LastPosition),
            "parent" => FilterKind::PositionOf(Relative::Parent),
            "currentposition" => FilterKind::PositionOf(Relative::Current),
            "initialposition" => FilterKind::PositionOf(Relative::Initial),
            "comment" => FilterKind::Comment(self.arguments()?),
            "message" => {
                let quiet = self.eat_word("quiet");
                FilterKind::Message { quiet, arguments: self.arguments()? }
            }
            "square" | "piece" => self.declared(word)?,
            "cql" => {
                return Err(Diagnostic::new(token.span.clone(), "a query has only one header 'cql(...)'"));
            }
            "function" => {
                return Err(Diagnostic::new(
                    token.span.clone(),
                    "a function is defined among the query's filters or directly inside braces, not here",
                ));
            }
            _ if OPERATOR_WORDS.contains(&word) => {
                return Err(Diagnostic::new(token.span.clone(), format!("'{word}' needs a filter before it")));
            }
            _ => match self.move_keyword(word, token) {
                Some(parsed) => parsed?,
                None if keywords::is_keyword(word) => {
                    return Err(Diagnostic::new(token.span.clone(), format!("'{word}' is not supported by cqlc yet")));
                }
                None => self.named(word.to_owned(), false, false)?,
            },
        })
    }

    /// The result after the `result` filter: `1-0`, `0-1`, `1/2-1/2`, or
    /// one of them in quotes.
    fn result(&mut self) -> Parsed<String> {
        let start = self.here().start;
        let result = match self.peek_kind() {
            Some(TokenKind::Str(text)) => {
                let text = text.clone();
                self.next();
                text
            }
            _ => self.raw_word("a result such as 1-0 after 'result'")?,
        };
        if !matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2") {
            return Err(Diagnostic::new(
                self.span_from(start),
                format!("'{result}' is not a result (1-0, 0-1, 1/2-1/2)"),
            ));
        }
        Ok(result)
    }

    /// The arguments of `comment` and `message`: `(F G ...)`, or one filter.
    fn arguments(&mut self) -> Parsed<Vec<Filter>> {
        if self.is_symbol("(") {
            let open = self.next().expect("peeked");
            self.sequence(")", open.span.start)
        } else {
            Ok(vec![self.in_filter()?])
        }
    }

    /// `sort`, then a label and `min` (or `max`) in either order, then the
    /// sorted filter.
    fn sort(&mut self) -> Parsed<FilterKind> {
        let (mut label, mut min) = (None, false);
        loop {
            match self.peek_kind() {
                Some(TokenKind::Str(text)) if label.is_none() => {
                    label = Some(text.clone());
                    self.next();
                }
                Some(TokenKind::Word(w)) if w == "min" || w == "max" => {
                    min = w == "min";
                    self.next();
                }
                _ => break,
            }
        }
        let body = Box::new(self.filter()?);
        Ok(FilterKind::Sort { label, min, body })
    }

    /// Filters up to the closing `close` (already past the opening bracket
    /// that starts at `open`).
    fn sequence(&mut self, close: &str, open: usize) -> Parsed<Vec<Filter>> {
        let mut filters = Vec::new();
        loop {
            match self.peek_kind() {
                None => {
                    let opener =
                        &self.source[open..open + self.source[open..].chars().next().map_or(1, char::len_utf8)];
                    return Err(Diagnostic::new(open..open + opener.len(), format!("this '{opener}' is never closed")));
                }
                Some(TokenKind::Symbol(s)) if *s == close => {
                    self.next();
                    return Ok(filters);
                }
                Some(TokenKind::Symbol(s @ (")" | "}"))) => {
                    let s = *s;
                    return Err(self.unexpected(&format!("expected '{close}' before '{s}'")));
                }
                Some(TokenKind::Word(w)) if w == "function" && close == "}" => self.define_function()?,
                _ => filters.push(self.filter()?),
            }
        }
    }

    /// The arguments of `///`: the filters up to the end of its line.
    fn line_arguments(&mut self, slashes: &Token) -> Parsed<Vec<Filter>> {
        let mut arguments = Vec::new();
        while let Some(token) = self.peek() {
            if token.line_break_before || matches!(token.kind, TokenKind::Symbol(")" | "}")) {
                break;
            }
            arguments.push(self.in_filter()?);
        }
        if arguments.is_empty() {
            return Err(Diagnostic::new(slashes.span.clone(), "'///' needs something to write on the same line"));
        }
        Ok(arguments)
    }
}

fn is_dash(kind: &TokenKind) -> bool {
    matches!(kind, TokenKind::Dash | TokenKind::Capture)
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
