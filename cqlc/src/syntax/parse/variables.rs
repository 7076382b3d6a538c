//! Variables: references, assignments (`x = F`, `x += F`, `◭x = F`,
//! `piece x = F`) and iterations (`x∊S body`, `◭x∊S body`, `∀x∊S body`,
//! `square [all] x in S body`, `piece [all] x in S body`).

use super::{
    Parsed, Parser,
    operand_types::{may_be_numeric, may_be_set},
    precedence::Level,
};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{BinaryOp, Filter, FilterKind},
        error::{Expected, SyntaxError},
        keywords::is_keyword,
        lex::TokenKind,
        symbol::{AssignOp, Symbol},
    },
};

impl Parser<'_> {
    /// What a name (just read) starts: an assignment, an iteration, a
    /// function call, or a reference. `piece`: a piece variable (`◭x`);
    /// `all`: after `∀`.
    pub(super) fn named(&mut self, name: String, piece: bool, all: bool) -> Parsed<FilterKind> {
        if name == "_" {
            let at = self.end_of_previous();
            return Err(Diagnostic::new(at - 1..at, SyntaxError::UnderscoreVariable));
        }
        if is_keyword(&name) {
            let at = self.end_of_previous();
            return Err(Diagnostic::new(at - name.len()..at, SyntaxError::KeywordVariable { name }));
        }
        if !piece && !all && self.is_call(&name) {
            return self.call(&name);
        }
        if !piece && !all && self.is_dictionary(&name) && self.is(Symbol::OpenBracket) {
            return self.entry(name);
        }
        if let Some(TokenKind::Assign(op)) = self.peek_kind() {
            let op = *op;
            if all {
                return Err(self.unexpected(Expected::ForAllSet));
            }
            if piece && op != AssignOp::Set {
                return Err(self.unexpected(Expected::PieceAssignment));
            }
            let name_end = self.end_of_previous();
            self.next();
            let value = Box::new(self.level(Level::Additive)?);
            if let Some(set_op) = set_operation(op) {
                // `x ∪= S` is `x = x ∪ S` (CQL 6.2 reads both alike).
                let variable =
                    Filter { kind: FilterKind::Variable(name.clone()), span: name_end - name.len()..name_end };
                let span = value.span.clone();
                let value = Box::new(Filter { kind: FilterKind::Binary(set_op, Box::new(variable), value), span });
                return Ok(FilterKind::Assign { name, piece, op: AssignOp::Set.as_str(), value });
            }
            let numeric = !piece && (op != AssignOp::Set || (may_be_numeric(&value) && !may_be_set(&value)));
            self.variable_kinds.borrow_mut().entry(name.clone()).or_insert(numeric);
            return Ok(FilterKind::Assign { name, piece, op: op.as_str(), value });
        }
        if self.eat(Symbol::Element) {
            return self.iteration(name, piece, all);
        }
        if piece || all {
            return Err(self.unexpected(Expected::AssignmentOrElement { name }));
        }
        Ok(FilterKind::Variable(name))
    }

    /// `persistent [quiet] x = F` (or `+=` ...), after `persistent`.
    pub(super) fn persistent(&mut self) -> Parsed<FilterKind> {
        let quiet = self.eat_word("quiet");
        let start = self.here().start;
        let assignment = self.declaring_assignment()?;
        Ok(FilterKind::Persistent {
            quiet,
            assignment: Box::new(Filter { kind: assignment, span: self.span_from(start) }),
        })
    }

    /// `atomic x = F` (or `+=` ...), after `atomic`.
    pub(super) fn atomic(&mut self) -> Parsed<FilterKind> {
        let start = self.here().start;
        let assignment = self.declaring_assignment()?;
        Ok(FilterKind::Atomic(Box::new(Filter { kind: assignment, span: self.span_from(start) })))
    }

    /// The assignment after `persistent` or `atomic`.
    fn declaring_assignment(&mut self) -> Parsed<FilterKind> {
        let start = self.here().start;
        let name = match self.peek_kind() {
            Some(TokenKind::Word(name)) if !is_keyword(name) => name.clone(),
            _ => return Err(self.unexpected(Expected::PersistentAssignment)),
        };
        self.next();
        let assignment = self.named(name, false, false)?;
        if !matches!(assignment, FilterKind::Assign { .. }) {
            return Err(Diagnostic::new(self.span_from(start), SyntaxError::PersistentWithoutAssignment));
        }
        Ok(assignment)
    }

    /// `∀x∊S body` / `∀◭x∊S body`, after `∀`.
    pub(super) fn for_all(&mut self) -> Parsed<FilterKind> {
        match self.next().map(|t| t.kind) {
            Some(TokenKind::Word(name)) => self.named(name, false, true),
            Some(TokenKind::PieceVariable(name)) => self.named(name, true, true),
            _ => Err(self.unexpected(Expected::ForAllVariable)),
        }
    }

    /// After `square` or `piece` (the `keyword`): `[all] x in S body`, or
    /// for `piece`, `x = F`.
    pub(super) fn declared(&mut self, keyword: &'static str) -> Parsed<FilterKind> {
        let all = self.eat_word("all");
        let name = match self.next().map(|t| t.kind) {
            Some(TokenKind::Word(name)) if !is_keyword(&name) => name,
            _ => return Err(self.unexpected(Expected::DeclaredName { keyword })),
        };
        let piece = keyword == "piece";
        if self.eat_word("in") {
            return self.iteration(name, piece, all);
        }
        if piece && !all {
            return self.named(name, true, false);
        }
        Err(self.unexpected(Expected::DeclaredIn { keyword, name }))
    }

    /// The set (read at the dash level: CQL 6.2 reads `y∊♘――(to)` as
    /// `y∊(♘――(to))`) and the body of an iteration, after `∊` or `in`.
    fn iteration(&mut self, name: String, piece: bool, all: bool) -> Parsed<FilterKind> {
        let set = Box::new(self.level(Level::Dash)?);
        let body = Box::new(self.filter()?);
        Ok(FilterKind::ForEach { name, piece, all, set, body })
    }
}

/// The set operation of `x ∪= S` or `x ∩= S`.
fn set_operation(op: AssignOp) -> Option<BinaryOp> {
    match op {
        AssignOp::Union => Some(BinaryOp::Union),
        AssignOp::Intersection => Some(BinaryOp::Intersection),
        _ => None,
    }
}

impl Parser<'_> {
    /// Whether `name` is a variable whose first assignment, before here,
    /// gave it a number.
    pub(super) fn is_numeric_variable(&self, name: &str) -> bool {
        self.variable_kinds.borrow().get(name).copied().unwrap_or(false)
    }

    /// Whether the token `offset` places ahead is an operator (a symbol
    /// other than a bracket, or an assignment).
    pub(super) fn operator_after(&self, offset: usize) -> bool {
        match self.peek_kind_after(offset) {
            Some(TokenKind::Symbol(symbol)) => !matches!(
                symbol,
                Symbol::OpenParen | Symbol::CloseParen | Symbol::OpenBrace | Symbol::CloseBrace | Symbol::Line
            ),
            Some(TokenKind::Assign(_)) => true,
            _ => false,
        }
    }
}

impl Parser<'_> {
    /// `dictionary D`, after `dictionary` (`local`: after `local
    /// dictionary`; `persistent dictionary D` is the same as `dictionary D`).
    pub(super) fn dictionary(&mut self, local: bool) -> Parsed<FilterKind> {
        let name = match self.peek_kind() {
            Some(TokenKind::Word(name)) if !is_keyword(name) => name.clone(),
            _ => return Err(self.unexpected(Expected::DictionaryName)),
        };
        self.next();
        self.dictionaries.borrow_mut().insert(name.clone());
        let declaration = FilterKind::Dictionary { name: name.clone(), local };
        // `dictionary D[k] = v`: the declaration and a use at once.
        if !self.is(Symbol::OpenBracket) {
            return Ok(declaration);
        }
        let start = self.here().start;
        let entry = self.entry(name)?;
        let span = self.span_from(start);
        let declaration = Filter { kind: declaration, span: span.clone() };
        Ok(FilterKind::Compound(vec![declaration, Filter { kind: entry, span }]))
    }

    /// `local dictionary D`, after `local`: the only use of `local` in CQL 6.2.
    pub(super) fn local(&mut self) -> Parsed<FilterKind> {
        if !self.eat_word("dictionary") {
            return Err(self.unexpected(Expected::LocalDictionary));
        }
        self.dictionary(true)
    }

    /// `D[k]` or `D[k] = v`, after the dictionary's name (the next token
    /// is the `[`).
    fn entry(&mut self, name: String) -> Parsed<FilterKind> {
        self.next();
        let key = Box::new(self.filter()?);
        self.expect(Symbol::CloseBracket, Expected::CloseBracket)?;
        if let Some(TokenKind::Assign(AssignOp::Set)) = self.peek_kind() {
            self.next();
            let value = Box::new(self.level(Level::Additive)?);
            return Ok(FilterKind::AssignEntry { name, key, value });
        }
        Ok(FilterKind::Entry { name, key })
    }

    /// `unbind x`, `unbind D`, `unbind D[k]`, after `unbind`.
    pub(super) fn unbind(&mut self) -> Parsed<FilterKind> {
        let name = match self.peek_kind() {
            Some(TokenKind::Word(name) | TokenKind::PieceVariable(name)) if !is_keyword(name) => name.clone(),
            _ => return Err(self.unexpected(Expected::UnbindName)),
        };
        self.next();
        if self.is_dictionary(&name) && self.is(Symbol::OpenBracket) {
            let FilterKind::Entry { name, key } = self.entry(name)? else {
                return Err(self.unexpected(Expected::CloseBracket));
            };
            return Ok(FilterKind::Unbind { name, key: Some(key) });
        }
        Ok(FilterKind::Unbind { name, key: None })
    }

    /// `isbound x`, `isunbound x` (`bound` false), after the keyword; the
    /// name may be in quotes.
    pub(super) fn is_bound(&mut self, bound: bool) -> Parsed<FilterKind> {
        let name = match self.peek_kind() {
            Some(TokenKind::Word(name) | TokenKind::PieceVariable(name)) => name.clone(),
            Some(TokenKind::Str(name)) if !name.is_empty() => name.clone(),
            _ => return Err(self.unexpected(Expected::UnbindName)),
        };
        self.next();
        Ok(FilterKind::IsBound { name, bound })
    }

    /// Whether `name` was declared a dictionary before here.
    fn is_dictionary(&self, name: &str) -> bool {
        self.dictionaries.borrow().contains(name)
    }
}
