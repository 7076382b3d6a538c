//! Checking the logic filters: `{...}`, `( )`, `not`, `and`, `or`, `if`.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `{ F G ... }`: all must match; its value is the last one's.
    pub(super) fn compound(&self, filter: &Filter, filters: &[Filter]) -> Checked {
        let nodes = self.all(filters)?;
        let Some(last) = nodes.last() else {
            return Err(Diagnostic::new(filter.span.clone(), CheckError::EmptyCompound));
        };
        let ty = last.ty;
        Ok(self.node(filter, Expr::Compound(nodes), ty))
    }

    /// `( F )`: F, with the parentheses in its text.
    pub(super) fn parenthesised(&self, filter: &Filter, inner: &Filter) -> Checked {
        let mut node = self.filter(inner)?;
        node.source = self.text(&filter.span);
        Ok(node)
    }

    /// `not F`.
    pub(super) fn not(&self, filter: &Filter, inner: &Filter) -> Checked {
        let inner = self.filter(inner)?;
        Ok(self.node(filter, Expr::Not(Box::new(inner)), Type::Boolean))
    }

    /// `F and G`.
    pub(super) fn and(&self, filter: &Filter, left: &Filter, right: &Filter) -> Checked {
        let (left, right) = (self.filter(left)?, self.filter(right)?);
        Ok(self.node(filter, Expr::And(Box::new(left), Box::new(right)), Type::Boolean))
    }

    /// `F or G`.
    pub(super) fn or(&self, filter: &Filter, left: &Filter, right: &Filter) -> Checked {
        let (left, right) = (self.filter(left)?, self.filter(right)?);
        Ok(self.node(filter, Expr::Or(Box::new(left), Box::new(right)), Type::Boolean))
    }

    /// `if C T [else E]`: its value is its branches' when both have one of
    /// the same type.
    pub(super) fn if_else(
        &self,
        filter: &Filter,
        condition: &Filter,
        then: &Filter,
        otherwise: Option<&Filter>,
    ) -> Checked {
        let (condition, then) = (self.filter(condition)?, self.filter(then)?);
        let otherwise = otherwise.map(|e| self.filter(e)).transpose()?;
        let ty = match &otherwise {
            Some(otherwise) if otherwise.ty == then.ty => then.ty,
            _ => Type::Boolean,
        };
        let expr =
            Expr::If { condition: Box::new(condition), then: Box::new(then), otherwise: otherwise.map(Box::new) };
        Ok(self.node(filter, expr, ty))
    }
}
