//! The keys matching games are ordered by: the header's `sort matchcount`
//! first, then the query's `sort` filters in the order they appear ([`Sort`],
//! shared with the compiler), each valued by a [`SortValue`]; the labels a
//! game's first comment shows for them; and the order of two games by them.

use std::{cmp::Ordering, fmt};

pub use cql_vocabulary::Sort;

/// The value of a `sort` filter: a number, or a string (`sort player
/// white`). A sort has values of one kind; CQL 6.2 orders numbers by value
/// and strings byte by byte, as this type's order does.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SortValue {
    /// A number (a set is sorted by its number of squares).
    Number(i64),
    /// A string.
    Text(String),
}

impl From<i64> for SortValue {
    fn from(number: i64) -> Self {
        SortValue::Number(number)
    }
}

impl From<String> for SortValue {
    fn from(text: String) -> Self {
        SortValue::Text(text)
    }
}

impl fmt::Display for SortValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SortValue::Number(number) => write!(f, "{number}"),
            SortValue::Text(text) => f.write_str(text),
        }
    }
}

/// The key of the header's `sort matchcount`: the number of matching positions.
const MATCHCOUNT: Sort = Sort::max("matchcount");

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
    filter_values: Vec<Option<SortValue>>,
) -> Vec<Option<SortValue>> {
    let by_matches = by_matchcount.then_some(Some(SortValue::Number(matching_positions as i64)));
    by_matches.into_iter().chain(filter_values).collect()
}

/// The pieces that end a game's first comment: an empty piece (CQL leaves a
/// double space before the labels), then `label: value` for each sort but a
/// `sort quiet`, `label: none` for one without a value in the game; nothing
/// if every sort is quiet.
pub fn sort_labels(sorts: &[Sort], values: &[Option<SortValue>]) -> Vec<String> {
    let labels: Vec<String> = sorts
        .iter()
        .zip(values)
        .filter(|(sort, _)| !sort.quiet)
        .map(|(sort, value)| match value {
            Some(value) => format!("{}: {value}", sort.label),
            None => format!("{}: none", sort.label),
        })
        .collect();
    if labels.is_empty() { labels } else { std::iter::once(String::new()).chain(labels).collect() }
}

/// The order of two games by their keys `a` and `b`: for each sort in turn,
/// the larger value first (the smaller for `sort min`), a game without a
/// value last.
pub fn compare_keys(sorts: &[Sort], a: &[Option<SortValue>], b: &[Option<SortValue>]) -> Ordering {
    for (k, sort) in sorts.iter().enumerate() {
        let (x, y) = (a.get(k).and_then(Option::as_ref), b.get(k).and_then(Option::as_ref));
        let order = match (x, y) {
            (Some(x), Some(y)) if sort.min => x.cmp(y),
            (Some(x), Some(y)) => y.cmp(x),
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

    fn numbers<const N: usize>(values: [Option<i64>; N]) -> Vec<Option<SortValue>> {
        values.into_iter().map(|value| value.map(SortValue::Number)).collect()
    }

    #[test]
    fn matchcount_comes_before_the_sort_filters() {
        let year = Sort::min("year");
        assert_eq!(sorts_in_order(true, &[year]), vec![MATCHCOUNT, year]);
        assert_eq!(values_in_order(true, 3, numbers([Some(1950)])), numbers([Some(3), Some(1950)]));
        assert_eq!(values_in_order(false, 3, numbers([None])), numbers([None]));
        assert_eq!(
            sort_labels(&[MATCHCOUNT, year], &numbers([Some(3), None])),
            vec!["", "matchcount: 3", "year: none"]
        );
        assert!(sort_labels(&[], &[]).is_empty());
    }

    #[test]
    fn games_compare_by_each_key_in_turn() {
        let sorts = [MATCHCOUNT, Sort::min("year")];
        let compare = |a, b| compare_keys(&sorts, &numbers(a), &numbers(b));
        assert_eq!(compare([Some(3), Some(1)], [Some(2), Some(0)]), Ordering::Less);
        assert_eq!(compare([Some(2), Some(1)], [Some(2), Some(0)]), Ordering::Greater);
        assert_eq!(compare([Some(2), None], [Some(2), Some(0)]), Ordering::Greater);
        assert_eq!(compare([Some(2), None], [Some(2), None]), Ordering::Equal);
    }

    #[test]
    fn strings_compare_byte_by_byte_and_print_as_they_are() {
        let name = [Sort::max("name")];
        let text = |text: &str| vec![Some(SortValue::Text(text.to_owned()))];
        // Upper case before lower case, "9" after "10", as CQL 6.2 orders them.
        assert_eq!(compare_keys(&name, &text("anna"), &text("Carl")), Ordering::Less);
        assert_eq!(compare_keys(&name, &text("9"), &text("10")), Ordering::Less);
        assert_eq!(sort_labels(&name, &text("anna")), vec!["", "name: anna"]);
    }

    #[test]
    fn quiet_sorts_order_games_but_show_no_label() {
        let sorts = [Sort::min("year").quiet(), Sort::max("n")];
        assert_eq!(sort_labels(&sorts, &numbers([Some(1950), Some(2)])), vec!["", "n: 2"]);
        assert!(sort_labels(&sorts[..1], &numbers([Some(1950)])).is_empty());
        let compare = |a, b| compare_keys(&sorts, &numbers(a), &numbers(b));
        assert_eq!(compare([Some(1900), Some(1)], [Some(1950), Some(2)]), Ordering::Less);
    }
}
