//! CQLi's filters about imaginary positions (`currentmutation`,
//! `legalposition`, `reachableposition`, `imagine`) and about variants (`variant`,
//! `variantwin`, ...): each one call of the runtime.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{Change, ImaginaryTest, Node, VariantTest};

impl Emitter {
    /// `currentmutation`, `legalposition`, `reachableposition`.
    pub(super) fn imaginary(&self, test: ImaginaryTest) -> TokenStream {
        match test {
            ImaginaryTest::CurrentMutation => quote!(at.current_mutation()),
            ImaginaryTest::LegalPosition => quote!(at.is_legal_position()),
            ImaginaryTest::ReachablePosition => quote!(at.is_reachable_position()),
        }
    }

    /// `imagine CHANGES : F`: the changes (a set to remove is computed
    /// first, in the current position), then F in the imagined position.
    pub(super) fn imagine(&self, changes: &[Change], target: &Node) -> TokenStream {
        let changes = changes.iter().map(|change| match change {
            Change::Fen(fen) => quote!(Change::Fen(#fen)),
            Change::Add(kinds, squares) => {
                let kinds = kinds.0;
                quote!(Change::Add(Kinds(#kinds), Bitboard(#squares)))
            }
            Change::Remove(squares) => {
                let squares = self.set(squares);
                quote!(Change::Remove(#squares))
            }
            Change::SideToMove(white) => {
                let color = if *white { quote!(Color::White) } else { quote!(Color::Black) };
                quote!(Change::SideToMove(#color))
            }
        });
        let target = rust::with_cursor(self.all(std::slice::from_ref(target)));
        quote!({
            let changes = [#(#changes),*];
            at.imagine_changes(&changes, #target)
        })
    }

    /// `variant`, `variantwin`, `variantloss`, `variantdraw`, `variantend`.
    pub(super) fn variant(&self, test: VariantTest) -> TokenStream {
        match test {
            VariantTest::Name => quote!(Some(at.variant_name().to_owned())),
            VariantTest::Win => quote!(at.variant_end() == Some(VariantEnd::Win)),
            VariantTest::Loss => quote!(at.variant_end() == Some(VariantEnd::Loss)),
            VariantTest::Draw => quote!(at.variant_end() == Some(VariantEnd::Draw)),
            VariantTest::End => quote!(at.variant_end().is_some()),
        }
    }
}
