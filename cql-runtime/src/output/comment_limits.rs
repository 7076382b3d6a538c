//! How much a search may add to one comment, as CQL 6.2 limits it when it
//! writes a game: the added texts go in, in order, while their length and
//! the comment's own stay within 4,500 bytes; one that would pass 4,800 is
//! left out with all after it, one between is replaced by `[cql
//! truncate]...` and ends the comment; and if the comment would then be
//! longer than 4,500 bytes, joining spaces counted, nothing is added.
//! Unlike CQL 6.2, which then drops the game's number too, the number stays
//! (a deliberate difference: the user would lose which game it is).

/// The most bytes a comment may have for an added text to go in whole.
const FULL: usize = 4500;

/// Past this, an added text is left out without a mark.
const DROPPED: usize = 4800;

/// What marks an added text cut short.
pub(super) const TRUNCATED: &[u8] = b"[cql truncate]...";

/// Which of the texts added to a comment are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fit {
    /// How many of them, from the first.
    pub taken: usize,
    /// Whether [`TRUNCATED`] follows them: glued to the last one taken (as
    /// CQL 6.2 writes it), or alone if none is.
    pub truncated: bool,
}

/// Of added texts of lengths `added` (in order, to go after `own` bytes of
/// the comment's own text, each to be joined to the next by a space), which
/// may be written; the first `kept` of them (the game's number) are kept
/// even where nothing else is.
pub(super) fn within_limits(own: usize, added: impl IntoIterator<Item = usize>, kept: usize) -> Fit {
    let mut total = own;
    let mut fit = Fit { taken: 0, truncated: false };
    let mut joined = own;
    for length in added {
        if total + length > DROPPED {
            break;
        }
        if total + length > FULL {
            joined += TRUNCATED.len();
            fit.truncated = true;
            break;
        }
        joined += length + usize::from(joined > 0);
        fit.taken += 1;
        total += length;
    }
    if joined > FULL {
        // The mark alone counts as one text; glued, it goes with its text.
        let texts = fit.taken + usize::from(fit.truncated && fit.taken == 0);
        let keep = kept.min(texts);
        if keep < texts {
            fit = Fit { taken: keep, truncated: false };
        }
    }
    fit
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts written of `added`, as [`within_limits`] fits them.
    fn written(own: usize, added: &[&str], kept: usize) -> Vec<String> {
        let fit = within_limits(own, added.iter().map(|text| text.len()), kept);
        let mut texts: Vec<String> = added[..fit.taken].iter().map(|text| text.to_string()).collect();
        let mark = String::from_utf8(TRUNCATED.to_vec()).unwrap();
        match texts.last_mut() {
            Some(last) if fit.truncated => last.push_str(&mark),
            None if fit.truncated => texts.push(mark),
            _ => {}
        }
        texts
    }

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
        assert_eq!(written(0, &[number, &a, &b, "CQL"], 1), [number.to_owned(), format!("{a}[cql truncate]...")]);
        let b = words(400, 'b');
        assert_eq!(written(0, &[number, &a, &b, "CQL"], 1), [number, &a]);
        let (c, d) = (words(4480, 'a'), words(10, 'b'));
        assert_eq!(written(0, &[number, &c, &d, "CQL"], 1), [number]);
        let e = words(4460, 'a');
        let fits = written(0, &[number, &e, "0123456789", "9876543210", "CQL"], 1);
        assert_eq!(fits.len(), 5);
        let over = written(0, &[number, &e, "0123456789", "9876543210", "x", "CQL"], 1);
        assert_eq!(over, [number]);
    }
}
