//! CQL 6.2's options that a compiled searcher does not take, each with the
//! one line that says what to use instead.

/// What to use instead of the CQL 6.2 option `name` (lower case, without
/// its dashes; `arg` as the user wrote it), if a searcher does not take it.
pub(super) fn instead_of(name: &str, arg: &str) -> Option<String> {
    let compiled = "which this searcher has compiled in";
    Some(match name {
        "assign" => format!(
            "{arg} X V sets a variable of the query, {compiled}: run `cqlc run QUERY.cql {arg} X V`, or write \
             'X = V' first in the query"
        ),
        "a" | "u" | "utf8" => format!(
            "{arg} converts a query file, {compiled}: cqlc reads ASCII and Unicode spellings alike, so a query \
             needs no conversion"
        ),
        "html" | "colorize" | "echo" => {
            format!(
                "{arg} renders a query, {compiled}: `cqlc emit QUERY.cql` shows its code with the query as comments"
            )
        }
        "lex" | "d" | "debug" | "showfromstring" => {
            format!("{arg} shows how CQL 6.2 reads a query, {compiled}: run `cqlc check QUERY.cql`")
        }
        "similarposition" => format!(
            "{arg} is not supported: cqlc has no similarposition filter; write the positions as filters (`fen \
             \"board\"`, piece designators) in a query"
        ),
        "alwayscomment" => format!(
            "{arg} is not supported: cqlc comments as CQL 6.2 does by default (what a path or line tried and took \
             back leaves no comment)"
        ),
        "gui" | "guipgnstdin" | "guipgnstdout" => format!(
            "{arg} is not supported: cqlc speaks no GUI protocol; use -i -, -o - and -lineincrement N to drive a \
             searcher from a program"
        ),
        "virtualmainline" | "wtm" | "btm" => {
            format!("{arg} adds a filter to the query, {compiled}: write '{name}' in the query")
        }
        "showthread" | "showoutput" | "nooutputstatus" | "outputbuffer" | "nolinearize" | "nosortcomments"
        | "uniquecomments" | "nouniquecomments" => {
            format!("{arg} is an internal option of CQL 6.2 that a cqlc searcher has no use for")
        }
        _ => return None,
    })
}
