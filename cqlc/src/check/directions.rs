//! Checking the direction filters (`up 1 3 ♕`, `diagonal`, ...) and
//! `between(x y)`.

use super::{Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{self, Directions, Expr, Type},
    syntax::ast::{Distance, Filter},
};

impl Checker<'_> {
    /// `up [N [M]] F` and the others: the squares N to M steps from F (1 to
    /// 7 without a range).
    pub(super) fn direction(
        &self,
        filter: &Filter,
        directions: Directions,
        range: Option<&(Distance, Distance)>,
        squares: &Filter,
    ) -> Checked {
        let squares = Box::new(self.typed(squares, Type::Set, "the operand of a direction")?);
        let (min, max) = match range {
            Some((min, max)) => (self.direction_distance(filter, min)?, self.direction_distance(filter, max)?),
            None => (ir::Distance::Steps(1), ir::Distance::Steps(7)),
        };
        Ok(self.node(filter, Expr::Direction { directions, min, max, squares }, Type::Set))
    }

    /// A distance of the direction filter `filter`: a number, or a numeric
    /// variable's.
    fn direction_distance(&self, filter: &Filter, distance: &Distance) -> Result<ir::Distance, Diagnostic> {
        match distance {
            Distance::Steps(steps) => Ok(ir::Distance::Steps(*steps)),
            Distance::Variable(name) => match self.variable(filter, name)?.expr {
                Expr::Var(var) => Ok(ir::Distance::Var(var)),
                _ => unreachable!("a variable is checked as one"),
            },
        }
    }

    /// `between(x y)`: the squares strictly between a square of x and one of y.
    pub(super) fn between(&self, filter: &Filter, x: &Filter, y: &Filter) -> Checked {
        let x = self.typed(x, Type::Set, "each side of 'between'")?;
        let y = self.typed(y, Type::Set, "each side of 'between'")?;
        Ok(self.node(filter, Expr::Between(Box::new(x), Box::new(y)), Type::Set))
    }
}
