//! Numbers: comparisons, arithmetic, and how a comment prints a number or a
//! Boolean filter's result.
//!
//! A numeric filter's value is an `Option<i64>`: `None` when the filter does
//! not match (an operand failed). A comparison matches when both operands
//! have values and the relation holds; its value is then its left operand's
//! (so `sort ◭ ≥ 10` sorts by the number of pieces). `!=` is `not ==`: it
//! also matches when an operand has no value.

pub use cql_vocabulary::{Arithmetic, Relation};

/// `left relation right` on numbers; the value is `left`. A `!=` that holds
/// because an operand has no value has the value 0 (it has none in CQL).
#[inline]
pub fn compare(left: Option<i64>, relation: Relation, right: Option<i64>) -> Option<i64> {
    match (left, right) {
        (Some(l), Some(r)) => relation.holds(l, r).then_some(l),
        (l, _) if relation == Relation::NotEqual => Some(l.unwrap_or(0)),
        _ => None,
    }
}

/// `value`, if it is in the range `least` to `most` (no value if an
/// endpoint has none): `consecutivemoves 15 100 (x y)`.
#[inline]
pub fn in_range(value: Option<i64>, (least, most): (Option<i64>, Option<i64>)) -> Option<i64> {
    let range = least?..=most?;
    value.filter(|value| range.contains(value))
}

/// `left op right`; no value if an operand has none, on division by zero, or
/// on overflow.
#[inline]
pub fn arithmetic(left: Option<i64>, op: Arithmetic, right: Option<i64>) -> Option<i64> {
    op.apply(left?, right?)
}

/// A number as a comment shows it.
pub fn format_number(value: Option<i64>) -> String {
    match value {
        Some(n) => n.to_string(),
        None => "<false>".to_owned(),
    }
}

/// A Boolean filter's result as a comment shows it.
pub fn format_bool(value: bool) -> String {
    if value { "<true>" } else { "<false>" }.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_keep_the_left_value_and_fail_without_operands() {
        assert_eq!(compare(Some(12), Relation::GreaterEqual, Some(10)), Some(12));
        assert_eq!(compare(Some(9), Relation::GreaterEqual, Some(10)), None);
        assert_eq!(compare(None, Relation::Less, Some(10)), None);
        assert_eq!(compare(None, Relation::NotEqual, Some(10)), Some(0));
    }
}
