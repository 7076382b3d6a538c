//! How much a search may add to one comment, as CQL 6.2 limits it when it
//! writes a game: the added texts go in, in order, while their length and
//! the comment's own stay within 4,500 bytes; one that would pass 4,800 is
//! left out with all after it, one between is replaced by `[cql
//! truncate]...` and ends the comment; and if the comment would then be
//! longer than 4,500 bytes, joining spaces counted, nothing is added.
//! Unlike CQL 6.2, which then drops the game's number too, the number stays
//! (a deliberate difference: the user would lose which game it is).

use std::borrow::Cow;

/// The most bytes a comment may have for an added text to go in whole.
const FULL: usize = 4500;

/// Past this, an added text is left out without a mark.
const DROPPED: usize = 4800;

/// What marks an added text cut short.
const TRUNCATED: &str = "[cql truncate]...";

/// Of `added` (in order, to go after `own` bytes of the comment's own
/// text), what may be written, each to be joined to the next by a space
/// (the mark of a text cut short is glued to the text before it, as CQL
/// 6.2 writes it); the first `kept` of them (the game's number) are kept
/// even where nothing else is.
pub(super) fn within_limits<'a>(own: usize, added: &[&'a str], kept: usize) -> Vec<Cow<'a, str>> {
    let mut total = own;
    let mut taken: Vec<Cow<'a, str>> = Vec::new();
    let mut joined = own;
    for &text in added {
        if total + text.len() > DROPPED {
            break;
        }
        if total + text.len() > FULL {
            joined += TRUNCATED.len();
            match taken.last_mut() {
                Some(last) => last.to_mut().push_str(TRUNCATED),
                None => taken.push(Cow::Borrowed(TRUNCATED)),
            }
            break;
        }
        joined += text.len() + usize::from(joined > 0);
        taken.push(Cow::Borrowed(text));
        total += text.len();
    }
    if joined > FULL {
        taken.truncate(kept.min(taken.len()));
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CQL 6.2's answers: `n` bytes of nine-letter words, after `Game number
    /// 1` at the start of a game with no comment of its own.
    fn words(n: usize, letter: char) -> String {
        let text: String = format!("{} ", letter.to_string().repeat(9)).repeat(n / 10 + 1).chars().take(n).collect();
        format!("{}{letter}", &text[..n - 1])
    }

    #[test]
    fn added_texts_are_cut_as_cql_6_2_cuts_them() {
        let number = "Game number 1";
        let (a, b) = (words(4400, 'a'), words(90, 'b'));
        assert_eq!(within_limits(0, &[number, &a, &b, "CQL"], 1), [number.to_owned(), format!("{a}{TRUNCATED}")]);
        let b = words(400, 'b');
        assert_eq!(within_limits(0, &[number, &a, &b, "CQL"], 1), [number, &a]);
        let (c, d) = (words(4480, 'a'), words(10, 'b'));
        assert_eq!(within_limits(0, &[number, &c, &d, "CQL"], 1), [number]);
        let e = words(4460, 'a');
        let fits = within_limits(0, &[number, &e, "0123456789", "9876543210", "CQL"], 1);
        assert_eq!(fits.len(), 5);
        let over = within_limits(0, &[number, &e, "0123456789", "9876543210", "x", "CQL"], 1);
        assert_eq!(over, [number]);
    }
}
