// A query CQL reads otherwise than it looks compiles, with cqlc's warning
// as a deprecation warning (denied here, so that the test sees it).
#![deny(deprecated)]

fn main() {
    let _query = cql::cql!("cql() ⊢ ♘ ――g5 check");
}
