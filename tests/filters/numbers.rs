//! Numbers and arithmetic: `abs` takes a whole sum.

use super::{
    evaluate::{names, positions},
    games::{BLACK_WINS, WHITE_WINS},
};

/// `abs` takes a whole sum (CQL 6.2's precedence table puts it below `+`
/// and `-`): `abs #▲ - #△` is `abs (#▲ - #△)`. After 4.Qxf7# white has 16
/// pieces and black 15.
#[test]
fn abs_takes_the_absolute_value_of_a_sum() {
    let query = cql::cql!("cql() abs #▲ - #△ == 1");
    assert_eq!(positions(&query, WHITE_WINS), names(&["4.Qxf7#"]));
    assert_eq!(positions(&cql::cql!("cql() abs (0 - 3) == 3 abs 2 == 2"), BLACK_WINS).len(), 5);
}
