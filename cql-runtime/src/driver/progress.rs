//! A progress bar on standard error, shown only when it is a terminal: the
//! input read, the matches, games a second and the time left.

use std::{io::IsTerminal, time::Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// Progress through an input of `total` bytes (unknown for standard input).
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Progress {
    /// A bar if standard error is a terminal, else nothing.
    pub fn new(total: Option<u64>) -> Self {
        if !std::io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let bar = match total {
            Some(total) => {
                let bar = ProgressBar::new(total);
                bar.set_style(
                    ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {msg}, {eta} left")
                        .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                bar
            }
            None => ProgressBar::new_spinner(),
        };
        Progress { bar: Some(bar), started: Instant::now() }
    }

    /// No bar: lines are printed plainly.
    pub fn hidden() -> Self {
        Progress { bar: None, started: Instant::now() }
    }

    /// Records that `bytes` of the input have been read and `matched` of
    /// `games` games matched.
    pub fn update(&self, bytes: u64, games: u64, matched: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(bytes);
            let seconds = self.started.elapsed().as_secs_f64();
            let rate = if seconds > 0.0 { (games as f64 / seconds).round() as u64 } else { 0 };
            bar.set_message(format!("{matched} matches of {games} games, {rate} games/s"));
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    /// Prints a line above the bar (or plainly, without one).
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => super::console::err(line),
        }
    }
}
