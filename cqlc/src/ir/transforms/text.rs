//! The query text of a filter's image, for the comments of the generated
//! code: under `⬓`, `♕――up 1 ♕` reads `♛――down 1 ♛`; under a quarter turn
//! `Ra1` reads `Rh1`. The text is read into tokens and the tokens whose
//! meaning the map changes are written again: piece designators (colours
//! swapped in the spelling the query used, squares mapped), direction
//! keywords, `wtm`/`btm`, `light`/`dark`, and the result after `result`.

use super::BoardMap;
use crate::syntax::{
    ast::{Designator, Directions},
    lex::{TokenKind, tokenize},
};

/// The text of the image under `map` of a filter whose text is `source`.
/// If the text cannot be read as tokens, it is named by the map instead.
pub(super) fn image(source: &str, map: BoardMap) -> String {
    let Ok(tokens) = tokenize(source) else { return format!("{}: {source}", map.name()) };
    let mut out = String::with_capacity(source.len());
    let mut copied = 0;
    let mut after_result = false;
    for token in &tokens {
        if token.span.start < copied {
            continue;
        }
        let text = &source[token.span.clone()];
        let (end, replacement) = match &token.kind {
            _ if after_result => result_image(source, token.span.start, map),
            TokenKind::Designator(designator) => (token.span.end, designator_image(text, designator, map)),
            TokenKind::Word(word) => (token.span.end, word_image(word, map)),
            _ => (token.span.end, None),
        };
        after_result = matches!(&token.kind, TokenKind::Word(word) if word == "result");
        if let Some(replacement) = replacement {
            out.push_str(&source[copied..token.span.start]);
            out.push_str(&replacement);
            copied = end;
        }
    }
    out.push_str(&source[copied..]);
    out
}

/// The image of a keyword whose meaning the map changes.
fn word_image(word: &str, map: BoardMap) -> Option<String> {
    if let Some(directions) = Directions::named(word) {
        return map.directions(directions).keyword().map(str::to_owned);
    }
    let swapped = match word {
        "wtm" if map.swap_colours => "btm",
        "btm" if map.swap_colours => "wtm",
        "white" if map.swap_colours => "black",
        "black" if map.swap_colours => "white",
        "light" if map.swaps_square_colours() => "dark",
        "dark" if map.swaps_square_colours() => "light",
        _ => return None,
    };
    Some(swapped.to_owned())
}

/// The result written at `start` (after `result`), with colours swapped:
/// the end of its text and its image.
fn result_image(source: &str, start: usize, map: BoardMap) -> (usize, Option<String>) {
    let rest = &source[start..];
    let length = rest.find(|c: char| c.is_whitespace() || c == ')' || c == '}').unwrap_or(rest.len());
    let result = &rest[..length];
    let swapped = match result.trim_matches('"') {
        "1-0" if map.swap_colours => Some(result.replace("1-0", "0-1")),
        "0-1" if map.swap_colours => Some(result.replace("0-1", "1-0")),
        _ => None,
    };
    (start + length, swapped)
}

/// The image of a piece designator, written as the query wrote it: its
/// pieces with colours swapped glyph by glyph, its squares mapped.
fn designator_image(text: &str, designator: &Designator, map: BoardMap) -> Option<String> {
    let split = pieces_length(text, designator);
    let (pieces, squares) = text.split_at(split);
    let pieces: String = if map.swap_colours { pieces.chars().map(swap_colour).collect() } else { pieces.to_owned() };
    let squares = match designator.squares {
        Some(mask) if mask != u64::MAX => squares_text(map.squares(mask)),
        _ => squares.to_owned(),
    };
    let image = pieces + &squares;
    (image != text).then_some(image)
}

/// How many bytes at the start of a designator's `text` name its pieces.
fn pieces_length(text: &str, designator: &Designator) -> usize {
    match (designator.pieces, designator.squares) {
        (None, _) => 0,
        (Some(_), None) => text.len(),
        (Some(_), Some(_)) => {
            let glyphs: usize = text.chars().take_while(|c| !c.is_ascii()).map(char::len_utf8).sum();
            if glyphs > 0 {
                glyphs
            } else if text.starts_with('[') {
                text.find(']').map_or(text.len(), |close| close + 1)
            } else {
                1
            }
        }
    }
}

/// A piece glyph or letter with its colour swapped.
fn swap_colour(c: char) -> char {
    const PAIRS: [(char, char); 7] =
        [('♔', '♚'), ('♕', '♛'), ('♖', '♜'), ('♗', '♝'), ('♘', '♞'), ('♙', '♟'), ('△', '▲')];
    for (white, black) in PAIRS {
        if c == white {
            return black;
        }
        if c == black {
            return white;
        }
    }
    match c {
        'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'A' => c.to_ascii_lowercase(),
        'k' | 'q' | 'r' | 'b' | 'n' | 'p' | 'a' => c.to_ascii_uppercase(),
        _ => c,
    }
}

/// A set of squares as a designator writes it: `e4`, `a-h1`, `c-e2-4`,
/// `[a1,h8]`, `[]`: rectangles of squares, each as a range.
fn squares_text(mask: u64) -> String {
    let mut rest = mask;
    let mut ranges = Vec::new();
    while rest != 0 {
        let first = rest.trailing_zeros();
        let (file, rank) = (first % 8, first / 8);
        let in_rest = |f: u32, r: u32| rest & (1 << (r * 8 + f)) != 0;
        let last_file = (file..8).take_while(|&f| in_rest(f, rank)).last().unwrap_or(file);
        let last_rank = (rank..8).take_while(|&r| (file..=last_file).all(|f| in_rest(f, r))).last().unwrap_or(rank);
        for r in rank..=last_rank {
            for f in file..=last_file {
                rest &= !(1 << (r * 8 + f));
            }
        }
        let name = |from: u32, to: u32, base: u8| {
            let at = |i: u32| char::from(base + i as u8);
            if from == to { at(from).to_string() } else { format!("{}-{}", at(from), at(to)) }
        };
        ranges.push(format!("{}{}", name(file, last_file, b'a'), name(rank, last_rank, b'1')));
    }
    match ranges.as_slice() {
        [one] => one.clone(),
        _ => format!("[{}]", ranges.join(",")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUARTER_TURN: BoardMap = BoardMap::SYMMETRIES[5];

    #[test]
    fn colours_swap_in_the_spelling_the_query_used() {
        assert_eq!(image("♕――up 1 ♕", BoardMap::FLIP_COLOR), "♛――down 1 ♛");
        assert_eq!(image("Q--up 1 Q", BoardMap::FLIP_COLOR), "q--down 1 q");
        assert_eq!(image("♗×♟h7 check", BoardMap::FLIP_COLOR), "♝×♙h2 check");
        assert_eq!(image("[Qr]a1 wtm", BoardMap::FLIP_COLOR), "[qR]a8 btm");
        assert_eq!(image("result 1-0", BoardMap::FLIP_COLOR), "result 0-1");
        assert_eq!(image("◎△ □", BoardMap::FLIP_COLOR), "◎▲ □");
    }

    #[test]
    fn squares_and_directions_follow_the_board() {
        assert_eq!(image("Ra1 up ♖", QUARTER_TURN), "Ra8 right ♖");
        assert_eq!(image("a-h1 light ♙", QUARTER_TURN), "a1-8 dark ♙");
        assert_eq!(image("[a1,h8] ▦", QUARTER_TURN), "[h1,a8] ▦");
        assert_eq!(image("♔c-e2-4", BoardMap::SYMMETRIES[0]), "♔d-f2-4");
    }

    #[test]
    fn text_that_cannot_be_read_is_named_by_the_map() {
        assert_eq!(image("\"open", BoardMap::FLIP_COLOR), "colours swapped, reflected top to bottom: \"open");
    }
}
