fn main() {
    let _query = cql::cql!("cql() { btm mate");
}
