//! Checking the direction filters (`up 1 3 ♕`, `diagonal`, ...) and
//! `between(x y)`.

use super::{Checked, Checker};
use crate::{
    ir::{Directions, Expr, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `up [N [M]] F` and the others: the squares N to M steps from F (1 to
    /// 7 without a range).
    pub(super) fn direction(
        &self,
        filter: &Filter,
        directions: Directions,
        range: Option<(i64, i64)>,
        squares: &Filter,
    ) -> Checked {
        let squares = Box::new(self.typed(squares, Type::Set, "the operand of a direction")?);
        let (min, max) = range.unwrap_or((1, 7));
        Ok(self.node(filter, Expr::Direction { directions, min, max, squares }, Type::Set))
    }

    /// `between(x y)`: the squares strictly between a square of x and one of y.
    pub(super) fn between(&self, filter: &Filter, x: &Filter, y: &Filter) -> Checked {
        let x = self.typed(x, Type::Set, "each side of 'between'")?;
        let y = self.typed(y, Type::Set, "each side of 'between'")?;
        Ok(self.node(filter, Expr::Between(Box::new(x), Box::new(y)), Type::Set))
    }
}
