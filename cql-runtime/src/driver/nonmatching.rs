//! The file the games that did not match go to (`-nonmatching FILE`,
//! [`NonmatchingFile`]): each game as it was read, written as the output is
//! (a temporary file renamed into place, or `.partial` if the search stops).

use super::output_file::{Kept, OutputFile};

/// The `-nonmatching` file of a run, with its name and first error.
pub(super) struct NonmatchingFile {
    file: OutputFile,
    name: String,
    /// The first error writing it: the search stops there.
    error: Option<String>,
}

impl NonmatchingFile {
    /// The games that did not match, to `file`, called `name`.
    pub(super) fn new(file: OutputFile, name: String) -> NonmatchingFile {
        NonmatchingFile { file, name, error: None }
    }

    /// Writes the text of a game that did not match, as read (with a line
    /// break at its end if the input's last game had none).
    pub(super) fn write(&mut self, text: &[u8]) {
        if self.error.is_some() {
            return;
        }
        let written = if text.ends_with(b"\n") {
            self.file.write_game(text)
        } else {
            self.file.write_game(&[text, b"\n\n"].concat())
        };
        self.error = written.err().map(|error| format!("{}: {error}", self.name));
    }

    /// Sends what is buffered on (after each batch of games).
    pub(super) fn flush(&mut self) {
        if self.error.is_none() {
            self.error = self.file.flush().err().map(|error| format!("{}: {error}", self.name));
        }
    }

    /// Why the file cannot be written, if it cannot.
    pub(super) fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Ends a complete run: the file is renamed into place.
    pub(super) fn commit(self) -> Result<(), String> {
        let name = self.name;
        self.file.commit().map_err(|error| format!("{name}: {error}"))
    }

    /// Ends a run that stopped early, keeping the whole games written:
    /// what a stopped run's message adds about them.
    pub(super) fn keep_partial(self) -> String {
        let name = self.name;
        match self.file.keep_partial() {
            Kept::AsWritten => format!("; the games that did not match went to {name}"),
            Kept::Partial(path) => format!("; the games that did not match so far are in {}", path.display()),
            Kept::Nothing => format!("; {name} was not written"),
        }
    }
}
