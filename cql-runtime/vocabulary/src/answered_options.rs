//! CQL 6.2's options that neither a searcher nor `cqlc run` takes, each
//! with the one line that says what to use instead.

/// What to use instead of the CQL 6.2 option `argument` (`-html`,
/// `--Gui`: any case, one or two dashes), if it is one that cqlc does not
/// take.
pub fn instead_of_option(argument: &str) -> Option<String> {
    let name = argument.strip_prefix("--").or_else(|| argument.strip_prefix('-'))?.to_ascii_lowercase();
    Some(match name.as_str() {
        "assign" => format!(
            "{argument} X V sets a variable of the query, which a searcher has compiled in: run `cqlc run \
             QUERY.cql {argument} X V`, or write 'X = V' first in the query"
        ),
        "a" | "u" | "utf8" => format!(
            "{argument} converts a query between ASCII and Unicode: cqlc reads both spellings alike, so a query \
             needs no conversion"
        ),
        "html" | "colorize" | "echo" => format!(
            "{argument} renders a query: `cqlc emit QUERY.cql` shows its compiled code with the query as comments"
        ),
        "lex" | "d" | "debug" | "showfromstring" => {
            format!("{argument} shows how CQL 6.2 reads a query: run `cqlc check QUERY.cql`")
        }
        "similarposition" => format!(
            "{argument} is not supported: cqlc has no similarposition filter; write the positions as filters \
             (`fen \"board\"`, piece designators) in a query"
        ),
        "alwayscomment" => format!(
            "{argument} is not supported: cqlc comments as CQL 6.2 does by default (what a path or line tried \
             and took back leaves no comment)"
        ),
        "gui" | "guipgnstdin" | "guipgnstdout" => format!(
            "{argument} is not supported: cqlc speaks no GUI protocol; use -i -, -o - and -lineincrement N to \
             drive a searcher from a program"
        ),
        "virtualmainline" | "wtm" | "btm" => {
            format!("{argument} adds a filter to the query: write '{name}' in the query")
        }
        "showthread" | "showoutput" | "nooutputstatus" | "outputbuffer" | "nolinearize" | "nosortcomments"
        | "uniquecomments" | "nouniquecomments" => {
            format!("{argument} is an internal option of CQL 6.2 that cqlc has no use for")
        }
        _ => return None,
    })
}
