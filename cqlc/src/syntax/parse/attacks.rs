//! The attack filters `F → G` and `F ← G`, and their chains `a → b → c`,
//! which point one way. Their operators are the table's attack level
//! (`precedence.rs`); the words `attacks` and `attackedby` are a level of
//! their own, tighter than `∪` and `∩` (`k attacks q ∩ r` is `(k attacks q)
//! ∩ r`), as in CQL 6.2.

use super::{Parsed, Parser, precedence::Level, precedence::Spelling};
use crate::syntax::{
    ast::{AttackDirection, Filter, FilterKind},
    error::Expected,
};

impl Parser<'_> {
    /// `a → b`, `a ← b`, and chains `a → b → c` of one direction, with the
    /// operands read at `operand`.
    pub(super) fn attack_chain(&mut self, arrows: &[(Spelling, AttackDirection)], operand: Level) -> Parsed<Filter> {
        let start = self.here().start;
        let first = self.level(operand)?;
        let Some(direction) = self.operator(arrows) else {
            return Ok(first);
        };
        let mut operands = vec![first];
        while self.operator(arrows) == Some(direction) {
            self.next();
            operands.push(self.level(operand)?);
        }
        if self.operator(arrows).is_some() {
            return Err(self.unexpected(Expected::OneWayChain));
        }
        Ok(Filter { kind: FilterKind::Attack(direction, operands), span: self.span_from(start) })
    }
}
