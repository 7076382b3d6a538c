fn main() {
    let _query = cql::cql!("cql()\n  ♔ chek mate");
}
