//! The files of an input read as one ([`InputFiles`]): which file each game
//! came from, for the lines that name a game.

use std::sync::{Arc, Mutex, PoisonError};

/// The files of an input, each with the number of its first game, as far
/// as the reader has reached them. Clones share what is reached.
#[derive(Clone, Debug)]
pub struct InputFiles(Arc<Mutex<Vec<(u64, String)>>>);

impl InputFiles {
    /// An input whose first file is `name`.
    pub fn new(name: &str) -> Self {
        InputFiles::starting_at(name, 1)
    }

    /// An input (a part of one) whose first file is `name`, with game `first`.
    pub(super) fn starting_at(name: &str, first: u64) -> Self {
        InputFiles(Arc::new(Mutex::new(vec![(first, name.to_owned())])))
    }

    /// The reader has reached the file `name`, whose first game is game
    /// `first` of the input.
    pub(super) fn reached(&self, name: &str, first: u64) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).push((first, name.to_owned()));
    }

    /// The name of the file game `number` came from.
    pub fn of_game(&self, number: u64) -> String {
        let files = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let at = files.partition_point(|(first, _)| *first <= number).max(1);
        files[at - 1].1.clone()
    }
}
