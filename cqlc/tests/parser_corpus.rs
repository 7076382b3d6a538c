//! cqlc accepts the programs CQL 6.2 accepts and refuses those it refuses,
//! over the parser corpus `../shared/reference/parser/cql62-accepts.jsonl`:
//! 10,226 small programs, each with CQL 6.2's verdict (`cql -parse`, given
//! an input without games). Every program must get CQL 6.2's verdict,
//! except the deliberate differences in [`DELIBERATE`], each with its
//! reason: any other disagreement fails the test, a program refused for
//! something cqlc does not implement yet included.

use std::{fs, path::Path};

/// Programs on which cqlc deliberately differs from CQL 6.2, and why.
const DELIBERATE: &[(&str, &str)] = &[
    (
        "cql() move count",
        "CQL 6.2 takes 'count' only with 'legal' or 'pseudolegal'; CQLi's move filter (seed document 000), which \
         the project follows for CQLi's extensions, also counts the game's moves (../shared/spec/README.md)",
    ),
    ("cql() move count==3", "as 'move count'"),
    (
        "cql() initialposition!=currentposition",
        "CQL 6.2 stops with an internal error ('Invalid '!=' argument to RelationalNode') where it means 'not the \
         same position', as '==' does the opposite; cqlc compares the positions",
    ),
    ("cql() initialposition≠currentposition", "as 'initialposition!=currentposition'"),
    (
        "cql() (line --> N) * 2",
        "CQL 6.2's parser stops at '*' or '+' after a line in parentheses, though it assigns and compares a line's \
         length ('x = (line --> N)  x * 2', '(line --> N) > 0' run); cqlc computes with it as with any number",
    ),
    ("cql() (line --> N) + 2", "as '(line --> N) * 2'"),
    ("cql() (line <-- N) * 2", "as '(line --> N) * 2'"),
    ("cql() (line <-- N) + 2", "as '(line --> N) * 2'"),
    (
        "cql() lastgamenumber==2",
        "CQL 6.2 counts the games of its input (its '[White ' tags) while it parses a query with 'lastgamenumber', \
         and the corpus was made with an input without games ('No valid games found'); with games, 'cql -parse -i \
         games.pgn' accepts it. cqlc counts them when the search starts",
    ),
    (
        "cql() lastgamenumber",
        "as 'lastgamenumber==2' (and with games CQL 6.2 then stops at the first position, as a filter used only for \
         whether it matches; cqlc's number always matches)",
    ),
];

/// One program of the corpus and CQL 6.2's verdict.
struct Case {
    program: String,
    accepted: bool,
}

fn corpus() -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/parser/cql62-accepts.jsonl");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(case).collect()
}

/// A line `{"program": "...", "accepted": true}`.
fn case(line: &str) -> Case {
    let rest = line.strip_prefix("{\"program\": \"").unwrap_or_else(|| panic!("not a corpus line: {line}"));
    let (program, rest) = json_string(rest);
    let accepted = match rest {
        ", \"accepted\": true}" => true,
        ", \"accepted\": false}" => false,
        _ => panic!("not a corpus line: {line}"),
    };
    Case { program, accepted }
}

/// The JSON string whose body starts `text` (after its opening quote), and
/// what follows its closing quote.
fn json_string(text: &str) -> (String, &str) {
    let mut value = String::new();
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return (value, &text[at + 1..]),
            '\\' => match chars.next().map(|(_, e)| e) {
                Some('n') => value.push('\n'),
                Some('r') => value.push('\r'),
                Some('t') => value.push('\t'),
                Some('u') => {
                    let hex: String = (0..4).filter_map(|_| chars.next().map(|(_, h)| h)).collect();
                    let code = u32::from_str_radix(&hex, 16).expect("four hex digits");
                    value.push(char::from_u32(code).expect("not a surrogate"));
                }
                Some(other) => value.push(other),
                None => break,
            },
            _ => value.push(c),
        }
    }
    panic!("unterminated string: {text}")
}

/// Whether cqlc accepts `program`, or its message refusing it.
fn verdict(program: &str) -> Result<(), String> {
    cqlc::compile(program).map(|_| ()).map_err(|error| error.render("q.cql", program))
}

#[test]
fn cqlc_gives_cql_6_2_verdicts_on_the_parser_corpus() {
    let cases = corpus();
    let mut disagreements = Vec::new();
    let mut deliberate = Vec::new();
    let (mut accepted_refused, mut refused_accepted) = (0, 0);
    for case in &cases {
        let result = verdict(&case.program);
        if result.is_ok() == case.accepted {
            continue;
        }
        if DELIBERATE.iter().any(|(program, _)| *program == case.program) {
            deliberate.push(case.program.as_str());
            continue;
        }
        if case.accepted {
            accepted_refused += 1;
        } else {
            refused_accepted += 1;
        }
        let said = match result {
            Ok(()) => "cqlc accepts it".to_owned(),
            Err(message) => message,
        };
        let cql = if case.accepted { "accepts" } else { "refuses" };
        disagreements.push(format!("CQL 6.2 {cql} {:?}; {said}", case.program));
    }
    println!(
        "parser corpus: {} programs; {accepted_refused} accepted by CQL 6.2 but refused, {refused_accepted} refused by \
         CQL 6.2 but accepted, {} deliberate differences",
        cases.len(),
        deliberate.len()
    );
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
    for (program, _) in DELIBERATE {
        assert!(deliberate.contains(program), "{program:?} is listed as a deliberate difference but is none");
    }
}
