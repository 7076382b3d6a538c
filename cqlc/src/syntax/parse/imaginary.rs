//! CQLi's words that are filters in cqlc but free names in CQL 6.2
//! (`currentmutation`, `legalposition`, `imagine`, `variant`, ...): each is
//! the filter unless it is being given a value (`variant = 3`, `variant ∊
//! a1`), where CQL 6.2 reads a variable. And `imagine`'s changes: `imagine
//! "FEN" : F`, `imagine add Qd4 remove e5 black : F`.

use super::{Parsed, Parser, precedence::Level};
use crate::syntax::{
    ast::{Change, Designator, FilterKind, ImaginaryTest, VariantTest},
    error::Expected,
    lex::TokenKind,
    symbol::Symbol,
};

impl Parser<'_> {
    /// The filter `named` makes of `word`, unless the next token makes it a
    /// variable being assigned or iterated.
    pub(super) fn cqli_word<T>(&self, word: &str, named: fn(&str) -> Option<T>) -> Option<T> {
        let assigned =
            matches!(self.peek_kind(), Some(TokenKind::Assign(_)) | Some(TokenKind::Symbol(Symbol::Element)));
        if assigned { None } else { named(word) }
    }
}

impl Parser<'_> {
    /// After `imagine`: its changes, `:` and the filter evaluated in the
    /// imagined position.
    pub(super) fn imagine(&mut self) -> Parsed<FilterKind> {
        let mut changes = Vec::new();
        while !self.is(Symbol::Colon) {
            let change = match self.peek_kind() {
                Some(TokenKind::Str(fen)) => {
                    let fen = fen.clone();
                    self.next();
                    Change::Fen(fen)
                }
                Some(TokenKind::Word(word)) if word == "white" || word == "black" => {
                    let white = word == "white";
                    self.next();
                    Change::SideToMove(white)
                }
                Some(TokenKind::Word(word)) if word == "add" => {
                    self.next();
                    let Some(TokenKind::Designator(designator @ Designator { pieces: Some(_), squares: Some(_) })) =
                        self.peek_kind()
                    else {
                        return Err(self.unexpected(Expected::ImagineChange));
                    };
                    let designator = *designator;
                    self.next();
                    Change::Add(designator)
                }
                Some(TokenKind::Word(word)) if word == "remove" => {
                    self.next();
                    // A `:` ends the set, as in a move filter's parameters.
                    let outer = std::mem::replace(&mut self.in_move_parameters, true);
                    let squares = self.level(Level::Complement);
                    self.in_move_parameters = outer;
                    Change::Remove(squares?)
                }
                _ => return Err(self.unexpected(Expected::ImagineChange)),
            };
            changes.push(change);
        }
        if changes.is_empty() {
            return Err(self.unexpected(Expected::ImagineChange));
        }
        self.next();
        let target = Box::new(self.colon_operand()?);
        Ok(FilterKind::Imagine { changes, target })
    }
}

impl ImaginaryTest {
    /// The filter `word` names.
    pub(super) fn named(word: &str) -> Option<ImaginaryTest> {
        Some(match word {
            "currentmutation" => ImaginaryTest::CurrentMutation,
            "legalposition" => ImaginaryTest::LegalPosition,
            "reachableposition" => ImaginaryTest::ReachablePosition,
            _ => return None,
        })
    }
}

impl VariantTest {
    /// The filter `word` names.
    pub(super) fn named(word: &str) -> Option<VariantTest> {
        Some(match word {
            "variant" => VariantTest::Name,
            "variantwin" => VariantTest::Win,
            "variantloss" => VariantTest::Loss,
            "variantdraw" => VariantTest::Draw,
            "variantend" => VariantTest::End,
            _ => return None,
        })
    }
}
