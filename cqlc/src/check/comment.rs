//! Checking `comment`, `///` and `message`: their arguments may be of any type.

use super::{Checked, Checker};
use crate::{
    ir::{Expr, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `comment (...)` / `/// ...`.
    pub(super) fn comment(&self, filter: &Filter, arguments: &[Filter]) -> Checked {
        let arguments = self.all(arguments)?;
        Ok(self.node(filter, Expr::Comment(arguments), Type::Boolean))
    }

    /// `message [quiet] (...)`.
    pub(super) fn message(&self, filter: &Filter, quiet: bool, arguments: &[Filter]) -> Checked {
        let arguments = self.all(arguments)?;
        Ok(self.node(filter, Expr::Message { quiet, arguments }, Type::Boolean))
    }
}
