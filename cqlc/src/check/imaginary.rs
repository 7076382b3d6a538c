//! Checking CQLi's filters about imaginary positions and variants: all take
//! no argument; `currentmutation` and `variant` are strings, the others
//! Boolean.

use super::Checker;
use crate::{
    ir::{Expr, ImaginaryTest, Node, Type, VariantTest},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `currentmutation`, `legalposition`, `reachableposition`.
    pub(super) fn imaginary(&self, filter: &Filter, test: ImaginaryTest) -> Node {
        let ty = if test == ImaginaryTest::CurrentMutation { Type::String } else { Type::Boolean };
        self.node(filter, Expr::Imaginary(test), ty)
    }

    /// `variant`, `variantwin`, `variantloss`, `variantdraw`, `variantend`.
    pub(super) fn variant(&self, filter: &Filter, test: VariantTest) -> Node {
        let ty = if test == VariantTest::Name { Type::String } else { Type::Boolean };
        self.node(filter, Expr::Variant(test), ty)
    }
}
