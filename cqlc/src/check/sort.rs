//! Checking `sort`: what it sorts by is a number (or a set, counted) or a
//! string, and the sort filter's value is of that kind; each label is one
//! of the query's sorts, as in CQL 6.2, where sort filters with one label
//! share one value (`sort "n" #P` under a transform, the three `sort quiet
//! min "cql_category"` of `hhdb sort award`): the first of them tells
//! whether it is quiet.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, SortSpec, Type},
    syntax::ast::Filter,
};

/// The sorts of a query met so far.
#[derive(Default)]
pub(super) struct Sorts {
    /// Each sort, in the order its label first appears.
    pub(super) specs: Vec<SortSpec>,
    /// The type of each sort's values (numeric or string).
    types: Vec<Type>,
    /// How many sort filters without a label were met: CQL 6.2 labels the
    /// Nth `<sort-id-N>`.
    unlabelled: usize,
}

impl Checker<'_> {
    /// `sort [quiet] ["label"] [min] F`.
    pub(super) fn sort(&self, filter: &Filter, label: Option<&str>, min: bool, quiet: bool, body: &Filter) -> Checked {
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
        let mut sorts = self.sorts.borrow_mut();
        let label = label.map_or_else(
            || {
                sorts.unlabelled += 1;
                format!("<sort-id-{}>", sorts.unlabelled)
            },
            str::to_owned,
        );
        let index = match sorts.specs.iter().position(|sort| sort.label == label) {
            // CQL 6.2 fails on another kind of value; it orders another
            // direction in ways of its own.
            Some(index) if sorts.types[index] != ty || sorts.specs[index].min != min => {
                return Err(Diagnostic::new(filter.span.clone(), CheckError::SortLabelReused { label }));
            }
            Some(index) => index,
            None => {
                sorts.specs.push(SortSpec { label, min, quiet });
                sorts.types.push(ty);
                sorts.specs.len() - 1
            }
        };
        drop(sorts);
        Ok(self.node(filter, Expr::Sort { index, body: Box::new(body) }, ty))
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile, ir::SortSpec};

    /// The sorts of `query`.
    fn sorts(query: &str) -> Vec<SortSpec> {
        compile(query).unwrap_or_else(|e| panic!("{query}: {}", e.message())).output.sorts
    }

    /// CQL 6.2 (`cql -i players.pgn -o out.pgn q.cql`) writes `{Game number 1
    /// CQL  a: 3 <sort-id-1>: 8}` for `cql() sort "a" ply sort #P`, one
    /// label `p` for `sort "p" ply sort "p" 10 - ply` (the best of both), and
    /// none for `sort quiet "p" ply sort "p" 10 - ply`.
    #[test]
    fn one_label_is_one_sort_and_the_first_tells_if_it_is_quiet() {
        let labels = |query| sorts(query).into_iter().map(|sort| sort.label).collect::<Vec<_>>();
        assert_eq!(labels("cql() sort \"a\" ply sort #P sort #p"), ["a", "<sort-id-1>", "<sort-id-2>"]);
        assert_eq!(
            sorts("cql() sort quiet \"p\" ply sort \"p\" 10 - ply"),
            [SortSpec { label: "p".to_owned(), min: false, quiet: true }]
        );
        assert!(!sorts("cql() sort \"p\" ply sort quiet \"p\" 10 - ply")[0].quiet);
    }

    #[test]
    fn sorts_of_one_label_sort_alike() {
        let message = |query| compile(query).map(|_| ()).unwrap_err().message();
        let reused = "sort filters labelled \"n\" are one sort of the games: they must sort the same kind of value \
                      (numbers or strings), each with 'min' or each without";
        assert_eq!(message("cql() sort \"n\" #P sort min \"n\" #p"), reused);
        assert_eq!(message("cql() sort \"n\" #P sort \"n\" player white"), reused);
    }
}
