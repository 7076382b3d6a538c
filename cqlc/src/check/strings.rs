//! Checking the functions of strings.

use super::Checker;
use crate::{
    ir::{Expr, Node, StringFunction},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `function` of `operands` (checked), with the type of its value.
    pub(super) fn strings(&self, filter: &Filter, function: StringFunction, operands: Vec<Node>) -> Node {
        self.node(filter, Expr::Strings(function, operands), function.value_type())
    }
}
