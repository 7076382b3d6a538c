//! Checking the material filter `power`.

use super::{Checked, Checker};
use crate::{
    ir::{Expr, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `power F`: the material value of the pieces on F.
    pub(super) fn power(&self, filter: &Filter, squares: &Filter) -> Checked {
        let squares = self.typed(squares, Type::Set, "the operand of 'power'")?;
        Ok(self.node(filter, Expr::Power(Box::new(squares)), Type::Numeric))
    }
}
