//! CQLi's words that are filters in cqlc but free names in CQL 6.2
//! (`currentmutation`, `legalposition`, `variant`, ...): each is the filter
//! unless it is being given a value (`variant = 3`, `variant ∊ a1`), where
//! CQL 6.2 reads a variable.

use super::Parser;
use crate::syntax::{
    ast::{ImaginaryTest, VariantTest},
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
