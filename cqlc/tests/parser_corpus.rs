//! cqlc accepts the programs CQL 6.2 accepts and refuses those it refuses,
//! over the parser corpus `../shared/reference/parser/cql62-accepts.jsonl`:
//! 10,226 small programs, each with CQL 6.2's verdict (`cql -parse`).
//!
//! A program is out of scope when cqlc refuses it for something of CQL 6.2
//! it does not implement yet ([`cqlc::Diagnostic::unsupported`]: the first
//! such keyword or symbol the parser meets, or what is done with strings).
//! `parser_corpus/excluded.txt` counts those programs by that feature and
//! must stay current: implementing a keyword changes it. Every other program
//! gets CQL 6.2's verdict, except the deliberate differences in
//! [`DELIBERATE`], each with its reason.

use std::{collections::BTreeMap, fs, path::Path};

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

/// What cqlc makes of a program.
enum Verdict {
    /// It uses a feature cqlc does not implement yet.
    Unsupported(String),
    /// Accepted, or refused with this message.
    InScope(Result<(), String>),
}

fn verdict(program: &str) -> Verdict {
    match cqlc::compile(program) {
        Ok(_) => Verdict::InScope(Ok(())),
        Err(error) => match error.unsupported() {
            Some(feature) => Verdict::Unsupported(feature.to_owned()),
            None => Verdict::InScope(Err(error.render("q.cql", program))),
        },
    }
}

/// The listing of `excluded`: one line per feature, `count<TAB>feature`,
/// most programs first.
fn listing(excluded: &BTreeMap<String, usize>) -> String {
    let mut rows: Vec<(&String, &usize)> = excluded.iter().collect();
    rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    rows.iter().map(|(feature, count)| format!("{count}\t{feature}\n")).collect()
}

#[test]
fn cqlc_gives_cql_6_2_verdicts_on_the_parser_corpus() {
    let cases = corpus();
    let mut excluded: BTreeMap<String, usize> = BTreeMap::new();
    let mut disagreements = Vec::new();
    let mut deliberate = Vec::new();
    let (mut in_scope, mut accepted_refused, mut refused_accepted) = (0, 0, 0);
    for case in &cases {
        let result = match verdict(&case.program) {
            Verdict::Unsupported(feature) => {
                *excluded.entry(feature).or_default() += 1;
                continue;
            }
            Verdict::InScope(result) => result,
        };
        in_scope += 1;
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
        "parser corpus: {} programs, {in_scope} in scope, {} excluded; {accepted_refused} accepted by CQL 6.2 but \
         refused, {refused_accepted} refused by CQL 6.2 but accepted, {} deliberate differences",
        cases.len(),
        cases.len() - in_scope,
        deliberate.len()
    );
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
    for (program, _) in DELIBERATE {
        assert!(deliberate.contains(program), "{program:?} is listed as a deliberate difference but is none");
    }
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parser_corpus/excluded.txt");
    let listed = fs::read_to_string(&file).unwrap_or_default();
    let header: String = listed.lines().take_while(|l| l.starts_with('#')).map(|l| format!("{l}\n")).collect();
    let current = format!("{header}{}", listing(&excluded));
    assert!(listed == current, "{} is out of date; it should read:\n{current}", file.display());
}
