//! Transforms (`⬓ F`, `✵ F`): the compiler writes each image of F. What
//! needs the runtime is a numeric transform's value: the greatest of its
//! images' values, with the comments of the images that give it and of
//! no other (CQL 6.2: `x = ⬓ {comment(#♙) #♙}` with two white pawns and
//! three black ones assigns 3 and comments `3`; of images that give the
//! same greatest value, each keeps its comments).

use crate::{cursor::Cursor, notes::Mark};

/// The images of a numeric transform (or the operands of `max`, `min`:
/// `T` is `Reverse<_>` for `min`, a `String` for strings), evaluated in
/// turn: the greatest value so far, and where the first image's comments
/// start.
#[derive(Debug)]
pub struct Greatest<T = i64> {
    start: Mark,
    best: Option<T>,
}

impl<T: Ord> Greatest<T> {
    /// Before the first image is evaluated at `at`.
    pub fn start(at: &Cursor<'_>) -> Greatest<T> {
        Greatest { start: at.mark(), best: None }
    }

    /// Evaluates the next image (`image` gives its value, `None` if it does
    /// not match, when what it wrote is taken back). A value greater than
    /// the images' before takes back what they wrote; a smaller one is
    /// taken back itself; an equal one keeps both.
    pub fn offer(&mut self, at: &mut Cursor<'_>, image: impl FnOnce(&mut Cursor<'_>) -> Option<T>) {
        let mark = at.mark();
        let Some(value) = at.attempt_value(image) else { return };
        match &self.best {
            Some(best) if value < *best => at.rollback(mark),
            Some(best) if value == *best => {}
            Some(_) => {
                at.state.notes.remove_between(self.start, mark);
                self.best = Some(value);
            }
            None => self.best = Some(value),
        }
    }

    /// The greatest value of the images, `None` if none matched.
    pub fn value(self) -> Option<T> {
        self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        game::Game,
        pgn::{GameParser, RawGame},
        settings::EvalSettings,
        state::GameState,
        tree::NodeId,
    };

    /// The greatest of `values` offered as images that each comment their
    /// value (`None`: an image that comments, then fails), and the comments
    /// that stay.
    fn greatest(values: &[Option<i64>]) -> (Option<i64>, Vec<String>) {
        let mut game = Game::default();
        let raw = RawGame::new(1, 1, b"*");
        GameParser::default().parse(&raw, &mut game).expect("a game");
        let settings = EvalSettings::default();
        let mut state = GameState::default();
        let mut at = Cursor::new(&game, NodeId::ROOT, &settings, &mut state);
        at.comment("before".into());
        let mut greatest = Greatest::start(&at);
        for (index, &value) in values.iter().enumerate() {
            greatest.offer(&mut at, |at| {
                at.comment(format!("image {index}"));
                value
            });
        }
        let value = greatest.value();
        let comments = state.notes().resolve(&[], "").pieces.into_iter().map(|(_, text)| text.to_owned()).collect();
        (value, comments)
    }

    #[test]
    fn only_the_images_that_give_the_greatest_value_keep_their_comments() {
        let (value, comments) = greatest(&[Some(2), None, Some(3), Some(1), Some(3)]);
        assert_eq!(value, Some(3));
        assert_eq!(comments, ["before", "image 2", "image 4"]);
        assert_eq!(greatest(&[None, None]), (None, vec!["before".to_owned()]));
    }
}
