//! The phrase grammar of variables: references, assignments (`x = F`,
//! `x += F`, `◭x = F`, `piece x = F`) and iterations (`x∊S body`,
//! `◭x∊S body`, `∀x∊S body`, `square [all] x in S body`, `piece [all] x in S
//! body`).

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{ast::FilterKind, keywords::is_keyword, lex::TokenKind},
};

impl Parser<'_> {
    /// What a name starts: an assignment, an iteration, or a reference.
    pub(super) fn named(&mut self, name: String, piece: bool, all: bool) -> Parsed<FilterKind> {
        if name == "_" {
            let at = self.end_of_previous();
            return Err(Diagnostic::new(at - 1..at, "'_' cannot name a variable"));
        }
        if is_keyword(&name) {
            let at = self.end_of_previous();
            return Err(Diagnostic::new(
                at - name.len()..at,
                format!("'{name}' is a keyword and cannot name a variable"),
            ));
        }
        if !piece && !all && self.is_call(&name) {
            return self.call(&name);
        }
        if let Some(TokenKind::Assign(op)) = self.peek_kind() {
            let op = *op;
            if all {
                return Err(self.unexpected("'∀' needs '∊' and a set to go over"));
            }
            if piece && op != "=" {
                return Err(self.unexpected("a piece variable can only be assigned with '='"));
            }
            self.next();
            let value = Box::new(self.additive()?);
            return Ok(FilterKind::Assign { name, piece, op, value });
        }
        if self.eat_symbol("∊") {
            return self.iteration(name, piece, all);
        }
        if piece || all {
            return Err(self.unexpected(&format!("expected '=' or '∊' after the variable '{name}'")));
        }
        Ok(FilterKind::Variable(name))
    }

    /// `∀x∊S body` / `∀◭x∊S body`, after `∀`.
    pub(super) fn for_all(&mut self) -> Parsed<FilterKind> {
        match self.next().map(|t| t.kind) {
            Some(TokenKind::Word(name)) => self.named(name, false, true),
            Some(TokenKind::PieceVariable(name)) => self.named(name, true, true),
            _ => Err(self.unexpected("expected a variable after '∀'")),
        }
    }

    /// `square [all] x in S body`, `piece [all] x in S body`, `piece x = F`.
    pub(super) fn declared(&mut self, keyword: &str) -> Parsed<FilterKind> {
        let all = self.eat_word("all");
        let name = match self.next().map(|t| t.kind) {
            Some(TokenKind::Word(name)) if !is_keyword(&name) => name,
            _ => return Err(self.unexpected(&format!("expected a variable name after '{keyword}'"))),
        };
        let piece = keyword == "piece";
        if self.eat_word("in") {
            return self.iteration(name, piece, all);
        }
        if piece && !all {
            return self.named(name, true, false);
        }
        Err(self.unexpected(&format!("expected 'in' after '{keyword} {name}'")))
    }

    /// The set and the body of an iteration (after `∊` or `in`).
    fn iteration(&mut self, name: String, piece: bool, all: bool) -> Parsed<FilterKind> {
        let set = Box::new(self.attack()?);
        let body = Box::new(self.filter()?);
        Ok(FilterKind::ForEach { name, piece, all, set, body })
    }
}
