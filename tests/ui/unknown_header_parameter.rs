fn main() {
    let _query = cql::cql!("cql(input games.pgn varations) mate");
}
