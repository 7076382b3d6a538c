//! Constants of generated code written the way a person would: named piece
//! kinds, squares by name.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// A constant set of squares: `Bitboard::from_square(Square::H7)`,
/// `Bitboard::FULL`, or the mask in hexadecimal, one byte per rank.
pub(super) fn squares(mask: u64) -> TokenStream {
    if mask == u64::MAX {
        return quote!(Bitboard::FULL);
    }
    if mask.count_ones() == 1 {
        let square = square_name(mask.trailing_zeros()).to_uppercase();
        let square = Ident::new(&square, Span::call_site());
        return quote!(Bitboard::from_square(Square::#square));
    }
    let digits = format!("{mask:016x}");
    let grouped: Vec<&str> = (0..4).map(|i| &digits[i * 4..i * 4 + 4]).collect();
    let grouped = grouped.join("_");
    let literal: TokenStream = format!("0x{grouped}").parse().expect("a hexadecimal literal");
    quote!(Bitboard(#literal))
}

fn square_name(index: u32) -> String {
    let file = (b'a' + (index % 8) as u8) as char;
    let rank = index / 8 + 1;
    format!("{file}{rank}")
}

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
    fn names_squares() {
        assert_eq!(squares(1 << 55).to_string(), "Bitboard :: from_square (Square :: H7)");
        assert_eq!(squares(0xff).to_string(), "Bitboard (0x0000_0000_0000_00ff)");
    }

    #[test]
    fn type_names_are_camel_case_and_start_with_a_letter() {
        assert_eq!(type_name("greekgift"), "Greekgift");
        assert_eq!(type_name("long-sacrifice"), "LongSacrifice");
        assert_eq!(type_name("8piecesinline"), "Query8piecesinline");
        assert_eq!(type_name("x"), "XQuery");
        assert_eq!(type_name("QQqq"), "QQqq");
    }
}
