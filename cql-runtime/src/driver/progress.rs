//! A progress bar on standard error, shown only when it is a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// Progress through an input of `total` bytes (unknown for standard input).
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar if standard error is a terminal, else nothing.
    pub fn new(total: Option<u64>) -> Self {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = match total {
            Some(total) => {
                let bar = ProgressBar::new(total);
                bar.set_style(
                    ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {msg} ({eta})")
                        .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                bar
            }
            None => ProgressBar::new_spinner(),
        };
        Progress(Some(bar))
    }

    /// No bar: lines are printed plainly.
    pub fn hidden() -> Self {
        Progress(None)
    }

    /// Records that `bytes` of the input have been read and `matched` of
    /// `games` games matched.
    pub fn update(&self, bytes: u64, games: u64, matched: u64) {
        if let Some(bar) = &self.0 {
            bar.set_position(bytes);
            bar.set_message(format!("{matched} matches of {games} games"));
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }

    /// Prints a line above the bar (or plainly, without one).
    pub fn println(&self, line: &str) {
        match &self.0 {
            Some(bar) => bar.println(line),
            None => super::console::err(line),
        }
    }
}
