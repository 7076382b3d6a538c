//! Checking CQLi's filters about imaginary positions and variants:
//! `currentmutation` and `variant` are strings, `imagine` and the others
//! Boolean; `imagine` adds one kind of piece at a time and removes a set.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{self, Expr, ImaginaryTest, Kinds, Node, Type, VariantTest},
    syntax::ast::{Change, Filter},
};

impl Checker<'_> {
    /// `currentmutation`, `legalposition`, `reachableposition`.
    pub(super) fn imaginary(&self, filter: &Filter, test: ImaginaryTest) -> Node {
        let ty = if test == ImaginaryTest::CurrentMutation { Type::String } else { Type::Boolean };
        self.node(filter, Expr::Imaginary(test), ty)
    }

    /// `imagine CHANGES : F`.
    pub(super) fn imagine(&self, filter: &Filter, changes: &[Change], target: &Filter) -> Checked {
        let checked = changes
            .iter()
            .map(|change| match change {
                Change::Fen(fen) => Ok(ir::Change::Fen(fen.clone())),
                Change::SideToMove(white) => Ok(ir::Change::SideToMove(*white)),
                Change::Remove(squares) => {
                    Ok(ir::Change::Remove(Box::new(self.typed(squares, Type::Set, "what follows 'remove'")?)))
                }
                Change::Add(designator) => {
                    let kinds = designator.pieces.unwrap_or(Kinds::NONE);
                    let one_piece = kinds.0.count_ones() == 1 && !kinds.contains(Kinds::EMPTY);
                    if !one_piece {
                        return Err(Diagnostic::new(filter.span.clone(), CheckError::ImagineOneKind));
                    }
                    Ok(ir::Change::Add(kinds, designator.squares.unwrap_or(0)))
                }
            })
            .collect::<Result<Vec<_>, Diagnostic>>()?;
        let target = Box::new(self.filter(target)?);
        Ok(self.node(filter, Expr::Imagine { changes: checked, target }, Type::Boolean))
    }

    /// `variant`, `variantwin`, `variantloss`, `variantdraw`, `variantend`.
    pub(super) fn variant(&self, filter: &Filter, test: VariantTest) -> Node {
        let ty = if test == VariantTest::Name { Type::String } else { Type::Boolean };
        self.node(filter, Expr::Variant(test), ty)
    }
}
