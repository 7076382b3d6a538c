//! The words of CQL 6.2: which cannot name a variable, which cqlc does not
//! implement yet, and which a misspelt word was probably meant to be.

/// Every keyword of CQL 6.2 (its lexer's list of reserved words, less `o-o`
/// and `o-o-o`, which are tokens of their own), and `drop`, `reverse` and
/// `pathstatus` of CQLi's move filter, in alphabetical order.
const KEYWORDS: &[&str] = &[
    "Cannot create keyword from unreserved name:",
    "abs",
    "all",
    "ancestor",
    "and",
    "any",
    "anydirection",
    "arrow",
    "ascii",
    "assert",
    "atomic",
    "attack",
    "attacked",
    "attackedby",
    "attacks",
    "between",
    "black",
    "btm",
    "by",
    "capture",
    "captures",
    "castle",
    "check",
    "child",
    "colortype",
    "comment",
    "connectedpawns",
    "consecutivemoves",
    "count",
    "countmoves",
    "cql",
    "cql_abort",
    "cql_assertvariations",
    "cql_hhdbhascook",
    "curpos",
    "currentmove",
    "currentposition",
    "currenttransform",
    "dark",
    "date",
    "depth",
    "descendant",
    "diagonal",
    "dictionary",
    "dihedral",
    "distance",
    "doubledpawns",
    "down",
    "drop",
    "echo",
    "eco",
    "elo",
    "else",
    "enpassant",
    "enpassantsquare",
    "equal",
    "event",
    "eventdate",
    "extension",
    "false",
    "fen",
    "file",
    "find",
    "firstmatch",
    "flip",
    "flipcolor",
    "flipdihedral",
    "fliphorizontal",
    "flipvertical",
    "focus",
    "from",
    "function",
    "gamenumber",
    "hascomment",
    "hhdb",
    "horizontal",
    "idealmate",
    "idealstalemate",
    "if",
    "in",
    "indexof",
    "initial",
    "initialposition",
    "input",
    "int",
    "isbound",
    "isolatedpawns",
    "isunbound",
    "keepallbest",
    "lastgamenumber",
    "lastposition",
    "lca",
    "left",
    "legal",
    "light",
    "line",
    "local",
    "loop",
    "lowercase",
    "maindiagonal",
    "mainline",
    "makesquare",
    "matchcount",
    "matchstring",
    "mate",
    "max",
    "message",
    "min",
    "modelmate",
    "modelstalemate",
    "move",
    "movenumber",
    "nestban",
    "northeast",
    "northwest",
    "nosort",
    "not",
    "notransform",
    "null",
    "nullmove",
    "offdiagonal",
    "oldline",
    "or",
    "originalcomment",
    "orthogonal",
    "output",
    "parent",
    "passedpawns",
    "path",
    "pathcount",
    "pathcountunfocused",
    "pathdebug",
    "pathlastposition",
    "pathstart",
    "pathstatus",
    "persistent",
    "pgn",
    "piece",
    "pieceid",
    "piecename",
    "piecepath",
    "pin",
    "player",
    "ply",
    "position",
    "positionid",
    "power",
    "previous",
    "primary",
    "promote",
    "pseudolegal",
    "puremate",
    "purestalemate",
    "quiet",
    "rank",
    "ray",
    "readfile",
    "removecomment",
    "result",
    "reverse",
    "reversecolor",
    "right",
    "rotate45",
    "rotate90",
    "secondary",
    "settag",
    "shift",
    "shifthorizontal",
    "shiftvertical",
    "sidetomove",
    "silent",
    "similarposition",
    "singlecolor",
    "site",
    "sort",
    "southeast",
    "southwest",
    "sqrt",
    "square",
    "stalemate",
    "str",
    "string",
    "substring",
    "tag",
    "terminal",
    "then",
    "through",
    "title",
    "to",
    "transform",
    "true",
    "try",
    "type",
    "typename",
    "unbind",
    "up",
    "uppercase",
    "variation",
    "variations",
    "verbose",
    "vertical",
    "virtualmainline",
    "while",
    "white",
    "writefile",
    "wtm",
    "xray",
    "year",
];

/// Whether `word` is a CQL keyword (and so cannot name a variable).
pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// The keyword `word` was probably meant to be: one at most two edits away.
pub fn suggestion(word: &str) -> Option<&'static str> {
    nearest(word, KEYWORDS)
}

/// The word of `words` that `word` was probably meant to be: the nearest
/// one at most two edits away, fewer than `word` has characters.
pub fn nearest(word: &str, words: &[&'static str]) -> Option<&'static str> {
    words
        .iter()
        .map(|keyword| (edit_distance(word, keyword), *keyword))
        .filter(|(distance, _)| *distance <= 2 && *distance < word.chars().count())
        .min()
        .map(|(_, keyword)| keyword)
}

/// The Levenshtein distance between two words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_nearest_keyword() {
        assert_eq!(suggestion("chek"), Some("check"));
        assert_eq!(suggestion("stalemat"), Some("stalemate"));
        assert_eq!(suggestion("Greekgift"), None);
        assert!(is_keyword("move") && !is_keyword("Front"));
    }
}
