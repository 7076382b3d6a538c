//! CQL 6.2's line breaking of movetext, reproduced exactly so that its output
//! and ours can be compared with `diff`.
//!
//! Movetext is a sequence of atoms (move numbers, moves, NAGs, comment words,
//! parentheses, the result), each either separated from the one before by a
//! space or glued to it. Lines are at most 79 columns: a separating space that
//! would reach column 80 becomes the line break; an atom that does not fit
//! moves to the next line (the space before it stays at the end of the line).
//! The closing brace of the game's first comment is the one atom allowed to
//! reach column 80. An atom longer than a line sits alone on its line.

/// The width CQL wraps movetext at.
const WIDTH: usize = 79;

/// How an atom joins the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Join {
    /// Separated by a space.
    Space,
    /// Written directly after (a move after its number, a word after `{`).
    Glued,
    /// Starts a new line (the first move after the game's first comment).
    NewLine,
    /// Glued, and allowed to reach column 80 (the first comment's `}`).
    GluedMayOverhang,
}

/// Lays out `atoms` (text and how it joins the previous atom) into lines.
pub(crate) fn wrap<'a>(atoms: impl IntoIterator<Item = (&'a [u8], Join)>, out: &mut Vec<u8>) {
    let mut column = 0;
    let mut first = true;
    for (text, join) in atoms {
        match join {
            Join::NewLine => {
                out.push(b'\n');
                column = 0;
            }
            Join::Space if !first => {
                if column + 1 > WIDTH {
                    out.push(b'\n');
                    column = 0;
                } else {
                    out.push(b' ');
                    column += 1;
                }
            }
            _ => {}
        }
        if column > 0 && column + text.len() > WIDTH && join != Join::GluedMayOverhang {
            out.push(b'\n');
            column = 0;
        }
        out.extend_from_slice(text);
        column += text.len();
        first = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lay_out(atoms: &[(&str, Join)]) -> String {
        let mut out = Vec::new();
        wrap(atoms.iter().map(|(t, j)| (t.as_bytes(), *j)), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_move_number_and_its_move_may_be_split_across_lines() {
        // From CQL's own output (greekgift): "... 8.Re1 Re8 9." then "e4 dxe4".
        let mut atoms = Vec::new();
        let filler = "x".repeat(75);
        atoms.push((filler.as_str(), Join::Space));
        atoms.push(("9.", Join::Space));
        atoms.push(("e4", Join::Glued));
        atoms.push(("dxe4", Join::Space));
        assert_eq!(lay_out(&atoms), format!("{filler} 9.\ne4 dxe4"));
    }

    #[test]
    fn a_space_that_would_reach_column_80_becomes_the_break() {
        let filler = "x".repeat(79);
        assert_eq!(lay_out(&[(filler.as_str(), Join::Space), ("e4", Join::Space)]), format!("{filler}\ne4"));
    }

    #[test]
    fn an_atom_that_does_not_fit_leaves_its_space_at_the_end_of_the_line() {
        let filler = "x".repeat(76);
        assert_eq!(lay_out(&[(filler.as_str(), Join::Space), ("Nf3", Join::Space)]), format!("{filler} \nNf3"));
    }

    #[test]
    fn the_first_comments_closing_brace_may_reach_column_80() {
        let filler = "x".repeat(79);
        assert_eq!(lay_out(&[(filler.as_str(), Join::Glued), ("}", Join::GluedMayOverhang)]), format!("{filler}}}"));
        assert_eq!(lay_out(&[(filler.as_str(), Join::Glued), ("}", Join::Glued)]), format!("{filler}\n}}"));
    }
}
