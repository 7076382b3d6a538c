//! The arguments of `cqlc run`, by where they go: the query files (anywhere
//! among the options, as `cql -i x.pgn q.cql` has them, `.cql` left out or
//! not), CQL 6.2's options that change the query (transforms, filters,
//! `-assign`), `-parse`, and the searcher's options.

use std::path::PathBuf;

/// The arguments of `cqlc run`, by where they go.
pub struct RunOptions<'a> {
    /// The query files, in order.
    pub queries: Vec<PathBuf>,
    /// The transforms to compile the queries under, outermost first.
    pub transforms: Vec<cqlc::Transform>,
    /// The filters to put first in their bodies (CQL text, each checked
    /// alone).
    pub filters: Vec<String>,
    /// The searcher's options.
    pub searcher: Vec<&'a String>,
    /// `-parse`: only check the queries.
    pub parse: bool,
    /// cqlc's own `--runtime PATH`, given among the arguments.
    pub runtime: Option<PathBuf>,
    /// What `-hhdb help` prints, if it was asked for (and nothing is run).
    pub help: Option<String>,
}

/// An option's name in lower case, without its one or two dashes.
fn option_name(argument: &str) -> Option<String> {
    let name = argument.strip_prefix("--").or_else(|| argument.strip_prefix('-'))?;
    (!name.is_empty()).then(|| name.to_ascii_lowercase())
}

impl<'a> RunOptions<'a> {
    /// Sorts `arguments` by where they go; a wrong one is an error saying
    /// so (the message to print).
    pub fn split(arguments: &'a [String]) -> Result<RunOptions<'a>, String> {
        let mut split = RunOptions {
            queries: Vec::new(),
            transforms: Vec::new(),
            filters: Vec::new(),
            searcher: Vec::new(),
            parse: false,
            runtime: None,
            help: None,
        };
        let mut at = 0;
        while at < arguments.len() {
            let argument = &arguments[at];
            if let Some(help) = cql_vocabulary::hhdb_help(&arguments[at..]) {
                split.help = Some(help);
                return Ok(split);
            }
            if argument == "--runtime" {
                let path = arguments
                    .get(at + 1)
                    .ok_or_else(|| "cqlc run: --runtime needs the path of a cql-runtime crate".to_owned())?;
                split.runtime = Some(PathBuf::from(path));
                at += 2;
                continue;
            }
            let Some(name) = option_name(argument) else {
                split.queries.push(query_file(argument)?);
                at += 1;
                continue;
            };
            if let Some(transform) = cql_vocabulary::transform_option(argument).and_then(cqlc::Transform::named) {
                split.transforms.push(transform);
                at += 1;
            } else if let Some(filter) = cql_vocabulary::filter_option(&arguments[at..]) {
                let (text, taken) = filter.map_err(|message| format!("cqlc: {message}"))?;
                split.filters.push(compiled_alone(argument, text)?);
                at += taken;
            } else if name == "assign" {
                let text = assignment(&arguments[at + 1..]).map_err(|message| format!("cqlc: {message}"))?;
                split.filters.push(compiled_alone(argument, text)?);
                at += 3;
            } else if let Some(instead) = cql_vocabulary::instead_of_option(argument) {
                return Err(format!("cqlc run: {instead}"));
            } else if name == "parse" {
                split.parse = true;
                at += 1;
            } else {
                let mut taken = 1 + cql_vocabulary::option_values(&name);
                if cql_vocabulary::RANGE_OPTIONS.contains(&name.as_str()) {
                    let numbers = arguments[at + 1..].iter().take(2).take_while(|a| a.parse::<u64>().is_ok());
                    taken += numbers.count().max(1);
                }
                let end = (at + taken).min(arguments.len());
                split.searcher.extend(&arguments[at..end]);
                at = end;
            }
        }
        Ok(split)
    }
}

/// `filter`, the text an option adds to the query, if it compiles alone;
/// else the error, naming the option.
fn compiled_alone(option: &str, filter: String) -> Result<String, String> {
    let alone = format!("cql() {filter}");
    match cqlc::compile(&alone) {
        Ok(_) => Ok(filter),
        Err(diagnostic) => Err(diagnostic.render(&format!("the filter of {option}"), &alone)),
    }
}

/// The query file an argument names: CQL 6.2 adds `.cql` to a name without
/// an extension, and takes no other extension than `.cql` or `.CQL`.
fn query_file(argument: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(argument);
    match path.extension().and_then(|extension| extension.to_str()) {
        None => Ok(path.with_extension("cql")),
        Some("cql" | "CQL") => Ok(path),
        Some(_) => Err(format!(
            "cqlc run: '{argument}' is not a query file (a query file ends in .cql), nor the value of an option \
             (-i {argument} names an input)"
        )),
    }
}

/// CQL 6.2's `-assign X V`: the filter `X = V` first in the body, `V` a
/// number or else a string.
fn assignment(values: &[String]) -> Result<String, String> {
    let [name, value, ..] = values else {
        return Err("-assign needs a variable's name and a value (-assign X 5)".to_owned());
    };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
        return Err(format!("-assign {name}: not a variable's name"));
    }
    if value.parse::<i64>().is_ok() {
        return Ok(format!("{name} = {value}"));
    }
    if value.contains('"') {
        return Err(format!("-assign {name} {value}: the value cannot contain '\"'"));
    }
    Ok(format!("{name} = \"{value}\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arguments(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn the_query_may_come_anywhere_and_without_its_suffix() {
        let given = arguments("-i x.pgn -G 3 7 q -Threads 2 -flip b.CQL --runtime rt -matchstring CQL -assign x 3");
        let split = RunOptions::split(&given).unwrap();
        assert_eq!(split.queries, [PathBuf::from("q.cql"), PathBuf::from("b.CQL")]);
        let searcher: Vec<&str> = split.searcher.iter().map(|s| s.as_str()).collect();
        assert_eq!(searcher, ["-i", "x.pgn", "-G", "3", "7", "-Threads", "2", "-matchstring", "CQL"]);
        assert_eq!(split.filters, ["x = 3"]);
        assert_eq!(split.transforms.len(), 1);
        assert_eq!(split.runtime, Some(PathBuf::from("rt")));
        let refused = RunOptions::split(&arguments("q.cql x.pgn")).err().unwrap();
        assert!(refused.contains("'x.pgn' is not a query file"), "{refused}");
        assert_eq!(RunOptions::split(&arguments("-assign who Tal q")).unwrap().filters, ["who = \"Tal\""]);
    }
}
