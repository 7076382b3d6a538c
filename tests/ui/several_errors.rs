// Every error of the query, each at its line and column in this file (the
// query's lines are this file's lines, so the gutter shows this file's).
fn main() {
    let _query = cql::cql!(
        r#"cql()
           chek
           Xe4"#
    );
}
