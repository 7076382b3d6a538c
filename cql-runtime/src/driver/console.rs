//! Lines for the user on standard output and standard error. A closed pipe
//! (`searcher -help | head -1`) is no failure of the search: what cannot be
//! written is dropped, quietly, where `println!` would panic.

use std::io::{self, Write};

/// Prints `line` on standard output, unless it is closed.
pub(crate) fn out(line: &str) {
    let mut stdout = io::stdout().lock();
    let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
}

/// Prints `line` on standard error, unless it is closed.
pub(crate) fn err(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}
