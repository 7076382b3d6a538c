//! Constants of generated code written the way a person would: named piece
//! kinds, squares by name.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

/// The runtime's `Kinds` value for these bits (white bits 0-5, black 6-11,
/// empty 12), by name: `Kinds::WHITE_BISHOP`, `(Kinds::WHITE | Kinds::EMPTY)`.
pub(super) fn kinds(bits: u16) -> TokenStream {
    const GROUPS: [(u16, &str); 4] = [(0x0fff, "ANY_PIECE"), (0x003f, "WHITE"), (0x0fc0, "BLACK"), (0x1000, "EMPTY")];
    const PIECES: [&str; 6] = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];
    let mut rest = bits;
    let mut names: Vec<Ident> = Vec::new();
    for (group, name) in GROUPS {
        if rest & group == group {
            names.push(Ident::new(name, Span::call_site()));
            rest &= !group;
        }
    }
    for bit in 0..12 {
        if rest & (1 << bit) != 0 {
            let colour = if bit < 6 { "WHITE" } else { "BLACK" };
            names.push(format_ident!("{}_{}", colour, PIECES[bit % 6]));
        }
    }
    match names.as_slice() {
        [] => quote!(Kinds(0)),
        [one] => quote!(Kinds::#one),
        many => quote!((#(Kinds::#many)|*)),
    }
}

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
    fn names_piece_kinds() {
        assert_eq!(kinds(1 << 2).to_string(), "Kinds :: WHITE_BISHOP");
        assert_eq!(kinds(0x003f | 0x1000).to_string(), "(Kinds :: WHITE | Kinds :: EMPTY)");
    }

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
