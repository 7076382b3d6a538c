fn main() {
    let _query = cql::cql!("cql() ⊢ ♘ ――g5 check");
}
