//! CQLi's filters about imaginary positions (`currentmutation`,
//! `legalposition`, `reachableposition`) and about variants (`variant`,
//! `variantwin`, ...): each one call of the runtime.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::{ImaginaryTest, VariantTest};

impl Emitter {
    /// `currentmutation`, `legalposition`, `reachableposition`.
    pub(super) fn imaginary(&self, test: ImaginaryTest) -> TokenStream {
        match test {
            ImaginaryTest::CurrentMutation => quote!(at.current_mutation()),
            ImaginaryTest::LegalPosition => quote!(at.is_legal_position()),
            ImaginaryTest::ReachablePosition => quote!(at.is_reachable_position()),
        }
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
