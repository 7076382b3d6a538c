fn main() {
    let _query = cql::cql!("cql() move legal primary");
}
