//! Checking a call of a function: its body, arguments substituted (the
//! parser expands it), keeps the name it was called by.

use super::{Checked, Checker};
use crate::{
    ir::{Call, Expr},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `Name(x y ...)`: its body's type and value.
    pub(super) fn call(&self, filter: &Filter, name: &str, arguments: &[(String, String)], body: &Filter) -> Checked {
        let body = self.filter(body)?;
        let ty = body.ty;
        let expr = Expr::Call(Call::new(name.to_owned(), arguments.to_vec(), body));
        Ok(self.node(filter, expr, ty))
    }
}
