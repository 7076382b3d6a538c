//! The keys matching games are ordered by: the header's `sort matchcount`
//! first, then the query's `sort` filters in the order they appear ([`Sort`],
//! shared with the compiler); the labels a game's first comment shows for
//! them; and the order of two games by them.

use std::cmp::Ordering;

pub use cql_vocabulary::Sort;

/// The key of the header's `sort matchcount`: the number of matching positions.
const MATCHCOUNT: Sort = Sort { label: "matchcount", min: false };

/// The sorts of a query, in key order: `sort matchcount` (if `by_matchcount`)
/// before the `sort` filters `filters`.
pub fn sorts_in_order(by_matchcount: bool, filters: &[Sort]) -> Vec<Sort> {
    by_matchcount.then_some(MATCHCOUNT).into_iter().chain(filters.iter().copied()).collect()
}

/// A matching game's keys, in the order of [`sorts_in_order`]: its number of
/// matching positions (if `by_matchcount`), then the values of its `sort`
/// filters.
pub fn values_in_order(
    by_matchcount: bool,
    matching_positions: usize,
    filter_values: Vec<Option<i64>>,
) -> Vec<Option<i64>> {
    let by_matches = by_matchcount.then_some(Some(matching_positions as i64));
    by_matches.into_iter().chain(filter_values).collect()
}

/// The pieces that end a game's first comment: an empty piece (CQL leaves a
/// double space before the labels), then `label: value` for each sort that
/// has a value.
pub fn sort_labels(sorts: &[Sort], values: &[Option<i64>]) -> Vec<String> {
    let labels: Vec<String> = sorts
        .iter()
        .zip(values)
        .filter_map(|(sort, value)| value.map(|value| format!("{}: {value}", sort.label)))
        .collect();
    if labels.is_empty() { labels } else { std::iter::once(String::new()).chain(labels).collect() }
}

/// The order of two games by their keys `a` and `b`: for each sort in turn,
/// the larger value first (the smaller for `sort min`), a game without a
/// value last.
pub fn compare_keys(sorts: &[Sort], a: &[Option<i64>], b: &[Option<i64>]) -> Ordering {
    for (k, sort) in sorts.iter().enumerate() {
        let (x, y) = (a.get(k).copied().flatten(), b.get(k).copied().flatten());
        let order = match (x, y) {
            (Some(x), Some(y)) if sort.min => x.cmp(&y),
            (Some(x), Some(y)) => y.cmp(&x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        if order.is_ne() {
            return order;
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchcount_comes_before_the_sort_filters() {
        let year = Sort { label: "year", min: true };
        assert_eq!(sorts_in_order(true, &[year]), vec![MATCHCOUNT, year]);
        assert_eq!(values_in_order(true, 3, vec![Some(1950)]), vec![Some(3), Some(1950)]);
        assert_eq!(values_in_order(false, 3, vec![None]), vec![None]);
        assert_eq!(sort_labels(&[MATCHCOUNT, year], &[Some(3), None]), vec!["", "matchcount: 3"]);
        assert!(sort_labels(&[year], &[None]).is_empty());
    }

    #[test]
    fn games_compare_by_each_key_in_turn() {
        let sorts = [MATCHCOUNT, Sort { label: "year", min: true }];
        assert_eq!(compare_keys(&sorts, &[Some(3), Some(1)], &[Some(2), Some(0)]), Ordering::Less);
        assert_eq!(compare_keys(&sorts, &[Some(2), Some(1)], &[Some(2), Some(0)]), Ordering::Greater);
        assert_eq!(compare_keys(&sorts, &[Some(2), None], &[Some(2), Some(0)]), Ordering::Greater);
        assert_eq!(compare_keys(&sorts, &[Some(2), None], &[Some(2), None]), Ordering::Equal);
    }
}
