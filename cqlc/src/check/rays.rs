//! Checking the filters of pieces in line: `pin`, `ray`, `xray`.

use super::{Checked, Checker};
use crate::{
    ir::{Directions, Expr, Node, Type},
    syntax::ast::{Filter, Pin},
};

impl Checker<'_> {
    /// `pin from X through Y to Z`: each parameter a set.
    pub(super) fn pin(&self, filter: &Filter, pin: &Pin) -> Checked {
        let parameter = |set: &Option<Box<Filter>>| -> Result<Option<Box<Node>>, _> {
            set.as_deref().map(|set| self.typed(set, Type::Set, "a parameter of 'pin'").map(Box::new)).transpose()
        };
        let (from, through, to) = (parameter(&pin.from)?, parameter(&pin.through)?, parameter(&pin.to)?);
        Ok(self.node(filter, Expr::Pin { from, through, to, value: pin.value }, Type::Set))
    }

    /// `ray directions (x y ...)`, `xray (x y ...)`: the operands sets.
    pub(super) fn ray(
        &self,
        filter: &Filter,
        directions: Option<Directions>,
        x_ray: bool,
        operands: &[Filter],
    ) -> Checked {
        let what = if x_ray { "each operand of 'xray'" } else { "each operand of 'ray'" };
        let operands = operands.iter().map(|operand| self.typed(operand, Type::Set, what)).collect::<Result<_, _>>()?;
        let directions = directions.unwrap_or(Directions::ANYDIRECTION);
        Ok(self.node(filter, Expr::Ray { directions, x_ray, operands }, Type::Set))
    }
}
