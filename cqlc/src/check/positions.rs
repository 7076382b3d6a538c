//! Checking `P:F`, which evaluates F at position P. (The positions named
//! from the current one, `parent`, `∙`, `initialposition`, are checked where
//! they are met.)

use super::{Checked, Checker};
use crate::{
    ir::{Expr, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `P:F`: F's type and value, at position P.
    pub(super) fn at(&self, filter: &Filter, position: &Filter, inner: &Filter) -> Checked {
        let position = self.typed(position, Type::Position, "the left side of ':'")?;
        let inner = self.filter(inner)?;
        let ty = inner.ty;
        Ok(self.node(filter, Expr::At { position: Box::new(position), filter: Box::new(inner) }, ty))
    }
}
