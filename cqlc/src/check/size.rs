//! How much a query makes the compiler do. Each filter is checked once, but
//! the checker makes a copy of it per image of the transforms around it
//! (`⬓{♕ ⬓{♖ F}}` has four copies of F), and compares each with the
//! template of its family; a function's body is already one filter per
//! call. [`MAX_FILTERS`] bounds the filters so
//! counted, so that no query keeps the compiler busy for long: about 40 µs
//! a filter, a few seconds at the limit.

use super::{CheckError, Checker};
use crate::{diagnostic::Diagnostic, syntax::ast::Filter};

/// How many filters a query may have, each counted once per image the
/// transforms around it make.
const MAX_FILTERS: usize = 100_000;

impl Checker<'_> {
    /// Counts `filter` once per image the transforms around it make,
    /// refusing it where the query's count goes past [`MAX_FILTERS`].
    pub(super) fn tally(&self, filter: &Filter) -> Result<(), Diagnostic> {
        let filters = self.filters.get().saturating_add(self.around.get().images());
        if filters > MAX_FILTERS {
            let error = CheckError::TooManyFilters { limit: MAX_FILTERS };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        self.filters.set(filters);
        Ok(())
    }
}
