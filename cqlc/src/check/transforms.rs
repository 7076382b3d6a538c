//! Checking `⬓` (`flipcolor`) and `✵` (`flip`): the transformed filter has
//! its body's type. The images are made by the lowering
//! ([`crate::lower::transforms`]).

use super::{Checked, Checker};
use crate::{
    ir::{Expr, Transform},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `⬓ F` or `✵ F`.
    pub(super) fn transform(&self, filter: &Filter, transform: Transform, body: &Filter) -> Checked {
        let body = self.filter(body)?;
        let ty = body.ty;
        Ok(self.node(filter, Expr::Transform(transform, Box::new(body)), ty))
    }
}
