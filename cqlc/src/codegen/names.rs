//! The name of a query's Rust type.

/// The names generated code has in scope already: the runtime's prelude and
/// Rust's own. A query named after one (`persistent.cql`, `option.cql`)
/// gets `Query` after it.
const TAKEN: &[&str] = &[
    "Arithmetic",
    "Best",
    "Bitboard",
    "Box",
    "Candidate",
    "CastlingSide",
    "Change",
    "Color",
    "ComposersMate",
    "ConstantMatches",
    "Cursor",
    "DirectionSquares",
    "Directions",
    "Echo",
    "EchoTargets",
    "Err",
    "FindSettings",
    "Focus",
    "Greatest",
    "Header",
    "ImageKey",
    "Key",
    "Kinds",
    "KindsOnBoard",
    "Legality",
    "Lineage",
    "MoveSource",
    "MoveSquare",
    "MoveTest",
    "MoveView",
    "NodeId",
    "None",
    "Ok",
    "Option",
    "Path",
    "PathSettings",
    "Pattern",
    "PawnStructure",
    "PositionTest",
    "Persistent",
    "PersistentKind",
    "Positions",
    "Prefilter",
    "Query",
    "Relation",
    "Result",
    "Role",
    "Roles",
    "Self",
    "Site",
    "Some",
    "Sort",
    "Square",
    "State",
    "String",
    "TreeNumber",
    "Value",
    "Var",
    "VariantEnd",
    "Vec",
    "WrittenMove",
];

/// A Rust type name for a query named `name` (`greekgift` → `Greekgift`,
/// `8piecesinline` → `Query8piecesinline`, `long-sacrifice` → `LongSacrifice`,
/// `x` → `XQuery`, `persistent` → `PersistentQuery`). It always has a
/// lower-case letter, so it never meets the all-capital constants that name
/// the query's variables, and is never a name generated code uses.
pub fn type_name(name: &str) -> String {
    let camel: String = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect::<String>()
        })
        .collect();
    match camel.chars().next() {
        Some(c) if !c.is_ascii_alphabetic() => format!("Query{camel}"),
        _ if !camel.chars().any(|c| c.is_ascii_lowercase()) || TAKEN.contains(&camel.as_str()) => {
            format!("{camel}Query")
        }
        _ => camel,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_are_camel_case_and_start_with_a_letter() {
        assert_eq!(type_name("greekgift"), "Greekgift");
        assert_eq!(type_name("long-sacrifice"), "LongSacrifice");
        assert_eq!(type_name("8piecesinline"), "Query8piecesinline");
        assert_eq!(type_name("x"), "XQuery");
        assert_eq!(type_name("QQqq"), "QQqq");
        assert_eq!(type_name("persistent"), "PersistentQuery");
    }

    /// Every name the runtime's prelude exports is in [`TAKEN`].
    #[test]
    fn the_names_taken_include_the_preludes() {
        let prelude = include_str!("../../../cql-runtime/src/prelude.rs");
        let code: String = prelude.lines().filter(|line| !line.trim_start().starts_with("//")).collect();
        let words = code.split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
        for word in words.filter(|word| word.starts_with(|c: char| c.is_ascii_uppercase())) {
            assert!(TAKEN.contains(&word), "{word} is exported by the prelude but not in TAKEN");
        }
    }
}
