//! Checking the filters about the game as a whole: `year` and `result`.

use super::Checker;
use crate::{
    ir::{Expr, Node, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `year`: the year of the game's date, a number.
    pub(super) fn year(&self, filter: &Filter) -> Node {
        self.node(filter, Expr::Year, Type::Numeric)
    }

    /// `result 1-0`: whether the game has this result.
    pub(super) fn result(&self, filter: &Filter, result: &str) -> Node {
        self.node(filter, Expr::Result(result.to_owned()), Type::Boolean)
    }
}
