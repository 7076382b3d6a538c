fn main() {
    let _query = cql::cql_file!("tests/ui/queries/no-such-query.cql");
}
