//! Checking the loops `while (T) B` and `loop B`.

use super::{Checked, Checker};
use crate::{
    ir::{Expr, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `while (T) B`: any test and body; true or false.
    pub(super) fn while_loop(&self, filter: &Filter, test: &Filter, body: &Filter) -> Checked {
        let (test, body) = (Box::new(self.filter(test)?), Box::new(self.filter(body)?));
        Ok(self.node(filter, Expr::While { test, body }, Type::Boolean))
    }

    /// `loop B`: any body; true or false.
    pub(super) fn loop_filter(&self, filter: &Filter, body: &Filter) -> Checked {
        Ok(self.node(filter, Expr::Loop(Box::new(self.filter(body)?)), Type::Boolean))
    }
}
