//! CQL 6.2's line breaking of movetext, reproduced exactly so that its output
//! and ours can be compared with `diff`.
//!
//! Movetext is a sequence of atoms (move numbers, moves, NAGs, comment words,
//! parentheses, the result), each either separated from the one before by a
//! space or glued to it. Lines are at most 79 columns: a separating space that
//! would reach column 80 becomes the line break; an atom that does not fit
//! moves to the next line (the space before it stays at the end of the line).
//! The closing brace of the game's first comment is the one atom allowed to
//! reach column 80. An atom longer than a line sits alone on its line, after
//! an empty one if it would have started a line anyway.

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

/// Lays out atoms into lines as they come (see the module's doc).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    column: usize,
    first: bool,
    /// Whether the next atom starts a new line, whatever its join.
    break_next: bool,
}

impl Default for Layout {
    fn default() -> Self {
        Layout { column: 0, first: true, break_next: false }
    }
}

impl Layout {
    /// Makes the next atom start a new line, whatever its join.
    pub(crate) fn break_before_next(&mut self) {
        self.break_next = true;
    }

    /// Appends `text` to `out`, joined to the atom before as `join` says
    /// (unless a break was asked for).
    #[inline]
    pub(crate) fn push(&mut self, text: &[u8], join: Join, out: &mut Vec<u8>) {
        let join = if self.break_next { Join::NewLine } else { join };
        self.break_next = false;
        match join {
            Join::NewLine => {
                out.push(b'\n');
                self.column = 0;
            }
            Join::Space if !self.first => {
                if self.column + 1 > WIDTH {
                    out.push(b'\n');
                    self.column = 0;
                } else {
                    out.push(b' ');
                    self.column += 1;
                }
            }
            _ => {}
        }
        // At the start of a line too: an atom longer than a line follows an
        // empty one (SCID's `TextBuffer::PrintWord` breaks whatever the column).
        if self.column + text.len() > WIDTH && join != Join::GluedMayOverhang {
            out.push(b'\n');
            self.column = 0;
        }
        out.extend_from_slice(text);
        self.column += text.len();
        self.first = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lay_out(atoms: &[(&str, Join)]) -> String {
        let (mut layout, mut out) = (Layout::default(), Vec::new());
        atoms.iter().for_each(|(text, join)| layout.push(text.as_bytes(), *join, &mut out));
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
    fn an_atom_longer_than_a_line_at_the_start_of_one_follows_an_empty_line() {
        // From CQL 6.2's output of rundlaufe.cql on master-games.pgn (game
        // 22547): a line of 79 columns ending `{Focus path:`, an empty line,
        // the 133-character piece path, then `}` on a line of its own.
        let (filler, long) = ("x".repeat(79), "y".repeat(133));
        let atoms = [(filler.as_str(), Join::Glued), (long.as_str(), Join::Space), ("}", Join::Glued)];
        assert_eq!(lay_out(&atoms), format!("{filler}\n\n{long}\n}}"));
        let short = "x".repeat(50);
        let atoms = [(short.as_str(), Join::Glued), (long.as_str(), Join::Space)];
        assert_eq!(lay_out(&atoms), format!("{short} \n{long}"));
    }

    #[test]
    fn the_first_comments_closing_brace_may_reach_column_80() {
        let filler = "x".repeat(79);
        assert_eq!(lay_out(&[(filler.as_str(), Join::Glued), ("}", Join::GluedMayOverhang)]), format!("{filler}}}"));
        assert_eq!(lay_out(&[(filler.as_str(), Join::Glued), ("}", Join::Glued)]), format!("{filler}\n}}"));
    }
}
