fn main() {
    let _query = cql::cql!("⊢ ♗×♟h7 check");
}
