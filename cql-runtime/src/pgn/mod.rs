//! Reading PGN: sources (`source`), splitting them into games (`split`, at
//! the ends `game_end` finds), parsing each game (`parse`: tokens from
//! `lexer`, moves read by `move_word`) into a tree (`tree_builder`), and
//! what can be wrong with a game (`irregular`); and CQL 6.2's estimate of
//! an input's number of games (`white_tags`).

mod buffers;
mod decode;
mod game_end;
mod input_files;
mod irregular;
mod lexer;
mod move_word;
mod parse;
mod part;
mod prefilter;
mod quick_move;
mod source;
mod split;
mod tree_builder;
mod white_tags;

pub use input_files::InputFiles;
pub use irregular::{Irregularity, Problem, describe_game};
pub use parse::GameParser;
pub use part::InputPart;
pub use prefilter::TextCheck;
pub use source::{Batch, Source, SourceError};
pub use split::{MAX_GAME_BYTES, RawGame, Splitter, looks_like_pgn};
pub use tree_builder::{MAX_GAME_PLIES, MAX_VARIATION_DEPTH, Warnings};
pub(crate) use tree_builder::{play_null, start_position};
pub use white_tags::count_white_tags;

use std::path::Path;

use crate::game::Game;

/// The UTF-8 byte order mark, which may stand before a file's first game and,
/// in files joined together, before any other.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// Reads every game of a PGN input in order, one at a time: the simple way to
/// go through a file game by game. Each item is a parsed game (with the
/// warnings about what could still be read) or the reason it could not be read.
pub fn read_games(path: impl AsRef<Path>) -> Result<Games, SourceError> {
    Ok(Games { source: Source::open(path.as_ref())?, batch: None, next: 0, parser: GameParser::default() })
}

/// Iterator over the games of an input, see [`read_games`].
pub struct Games {
    source: Source,
    batch: Option<Batch>,
    next: usize,
    parser: GameParser,
}

/// One game read by [`Games`].
pub type GameRead = Result<(Game, Warnings), Irregularity>;

impl Iterator for Games {
    type Item = Result<GameRead, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(batch) = &self.batch
                && self.next < batch.len()
            {
                let raw = batch.game(self.next);
                self.next += 1;
                let mut game = Game::default();
                let read = self.parser.parse(&raw, &mut game).map(|warnings| (game, warnings));
                return Some(Ok(read));
            }
            match self.source.next_batch() {
                Ok(Some(batch)) => {
                    self.batch = Some(batch);
                    self.next = 0;
                }
                Ok(None) => return None,
                Err(error) => return Some(Err(error)),
            }
        }
    }
}
