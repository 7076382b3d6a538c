//! CQL 6.2's progress lines (`-lineincrement N`): a dot every N/10 games
//! (every game below 10) and `[k]` on a line of its own at each k-th game
//! that is a multiple of N, then an empty line before the summary; with
//! `-gamenumber`, for the games of its range only. They go to standard
//! output, as CQL 6.2's, or to standard error when the games do.

use std::io::{self, Write};

/// The progress lines of a run, if it asked for them.
pub(super) struct LineIncrement {
    every: u64,
    dot_every: u64,
    /// The games searched (`-gamenumber`), if not all.
    range: Option<(u64, u64)>,
    to_stderr: bool,
}

impl LineIncrement {
    /// Progress every `every` games, if given, of the games in `range`; on
    /// standard error if `games_to_stdout`.
    pub(super) fn new(every: Option<u64>, range: Option<(u64, u64)>, games_to_stdout: bool) -> Option<Self> {
        let every = every?;
        Some(LineIncrement { every, dot_every: (every / 10).max(1), range, to_stderr: games_to_stdout })
    }

    /// Game `number` has been searched (or passed over, outside the range).
    pub(super) fn game(&self, number: u64) {
        if self.range.is_some_and(|(first, last)| !(first..=last).contains(&number)) {
            return;
        }
        if number.is_multiple_of(self.every) {
            self.print(&format!("[{number}]\n"));
        } else if number.is_multiple_of(self.dot_every) {
            self.print(".");
        }
    }

    /// The search is over: the line before the summary.
    pub(super) fn finish(&self) {
        self.print("\n");
    }

    fn print(&self, text: &str) {
        // A closed output must not stop the search.
        let _ = if self.to_stderr {
            io::stderr().lock().write_all(text.as_bytes())
        } else {
            let mut stdout = io::stdout().lock();
            stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush())
        };
    }
}
