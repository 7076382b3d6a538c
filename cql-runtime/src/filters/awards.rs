//! The awards of studies, as the `[Event]` tag of the Harold van der Heijden
//! database names them and CQL 6.2's `hhdb` filters read them.

/// An award of a study, as the `[Event]` tag of the Harold van der Heijden
/// database starts: places (`1`, `1/2`, none), `sp` for a special one,
/// then `.p` (a prize), `.hm` (an honourable mention) or `.c` (a
/// commendation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Award {
    /// The first place (1 without places).
    pub first: u32,
    /// The last place (10,000 without places).
    pub last: u32,
    /// A special award.
    pub special: bool,
    /// `p`, `h` or `c`.
    pub kind: char,
}

/// The award `event` starts with, as CQL 6.2 reads it.
pub fn award(event: &str) -> Option<Award> {
    let (first, rest) = leading_number(event);
    let first = first.filter(|&place| place > 0 && place <= 100_000_000);
    let (places, rest) = match (first, rest.strip_prefix('/')) {
        (None, _) if event.starts_with(|c: char| c.is_ascii_digit()) => return None,
        (None, _) => (None, event),
        (Some(first), Some(rest)) => {
            let (last, rest) = leading_number(rest);
            let last = last.filter(|&last| last > first && last <= 100_000_000)?;
            (Some((first as u32, last as u32)), rest)
        }
        (Some(first), None) => (Some((first as u32, first as u32)), rest),
    };
    let special_mark = if places.is_some() { ".sp" } else { "sp" };
    let (special, rest) = match rest.strip_prefix(special_mark) {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let kind = [(".p", 'p'), (".hm", 'h'), (".c", 'c')].into_iter().find(|(mark, _)| rest.starts_with(mark))?.1;
    let (first, last) = places.unwrap_or((1, 10_000));
    Some(Award { first, last, special, kind })
}

/// The number at the start of `text` (after spaces), and what follows it.
fn leading_number(text: &str) -> (Option<u64>, &str) {
    let text = text.trim_start();
    let end = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    (text[..end].parse().ok(), &text[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CQL 6.2's readings of awards in the `[Event]` tag.
    #[test]
    fn awards_are_read_from_the_event() {
        let read = |event| award(event).map(|a| (a.first, a.last, a.special, a.kind));
        assert_eq!(read("1.p Berger-170 MT"), Some((1, 1, false, 'p')));
        assert_eq!(read("1/2.p x"), Some((1, 2, false, 'p')));
        assert_eq!(read(".c Polish ty"), Some((1, 10_000, false, 'c')));
        assert_eq!(read("7/13.hm"), Some((7, 13, false, 'h')));
        assert_eq!(read("sp.p"), Some((1, 10_000, true, 'p')));
        assert_eq!(read("1.sp.p"), Some((1, 1, true, 'p')));
        assert_eq!(read("2/1.p"), None);
        assert_eq!(read("Berlin"), None);
    }
}
