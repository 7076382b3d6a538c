//! The name of a query's Rust type.

/// A Rust type name for a query named `name` (`greekgift` → `Greekgift`,
/// `8piecesinline` → `Query8piecesinline`, `long-sacrifice` → `LongSacrifice`,
/// `x` → `XQuery`). It always has a lower-case letter, so it never meets the
/// all-capital constants that name the query's variables.
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
        _ if !camel.chars().any(|c| c.is_ascii_lowercase()) => format!("{camel}Query"),
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
    }
}
