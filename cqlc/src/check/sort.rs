//! Checking `sort`: what it sorts by is a number (or a set, counted) or a
//! string, and the sort filter's value is of that kind; each sort filter
//! gets its place in the query's list of sorts.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, SortSpec, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `sort ["label"] [min] F`.
    pub(super) fn sort(&self, filter: &Filter, label: Option<&str>, min: bool, body: &Filter) -> Checked {
        self.sorting.set(self.sorting.get() + 1);
        let body = self.filter(body);
        self.sorting.set(self.sorting.get() - 1);
        let body = body?;
        let ty = match body.ty {
            Type::Numeric | Type::Set => Type::Numeric,
            Type::String => Type::String,
            found => {
                let error = CheckError::SortNeedsNumber { source: body.source, found };
                return Err(Diagnostic::new(filter.span.clone(), error));
            }
        };
        let index = {
            let mut sorts = self.sorts.borrow_mut();
            let label = label.map_or_else(|| format!("<sort-id-{}>", sorts.len() + 1), str::to_owned);
            sorts.push(SortSpec { label, min });
            sorts.len() - 1
        };
        Ok(self.node(filter, Expr::Sort { index, body: Box::new(body) }, ty))
    }
}
