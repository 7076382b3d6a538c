//! Checking the attack filters `→` (`attacks`) and `←` (`attackedby`).

use super::{Checked, Checker};
use crate::{
    ir::{AttackDirection, Expr, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `x → y`, `y ← x` and their chains: every operand a set.
    pub(super) fn attack(&self, filter: &Filter, direction: AttackDirection, operands: &[Filter]) -> Checked {
        let role = match direction {
            AttackDirection::Attacks => "each side of '→'",
            AttackDirection::AttackedBy => "each side of '←'",
        };
        let operands = operands.iter().map(|o| self.typed(o, Type::Set, role)).collect::<Result<_, _>>()?;
        Ok(self.node(filter, Expr::Attack(direction, operands), Type::Set))
    }
}
