//! The speculative move filter, `move legal ... : F`: each move the filter
//! considers is made on a copy of the position (or, `reverse`, taken back),
//! and F is evaluated in the imaginary position that results. The filter's
//! value is computed over the moves after which F matched ([`Speculation`]);
//! with `all`, whether F matched after every one.

use shakmaty::Bitboard;

use crate::{
    cursor::Cursor,
    filters::{
        candidates::{Candidate, MoveSource, MoveSquare},
        move_filter::squares_of,
    },
    move_view::MoveView,
};

/// The moves a speculative move filter considered, and those whose
/// imaginary position its target matched.
#[derive(Clone, Debug, Default)]
pub struct Speculation {
    /// How many moves passed the filter's parameters.
    pub considered: usize,
    /// Those after which (before which, for reverse moves) the target matched.
    pub matched: Vec<MoveView>,
}

impl Speculation {
    /// Whether the target matched after some move.
    pub fn exists(&self) -> bool {
        !self.matched.is_empty()
    }

    /// `count`: after how many moves the target matched.
    pub fn count(&self) -> Option<i64> {
        Some(self.matched.len() as i64)
    }

    /// `move from ... : F`: these squares of the moves after which the target matched.
    pub fn squares(&self, square: MoveSquare) -> Bitboard {
        squares_of(&self.matched, square)
    }

    /// `all`: whether the target matched after every move considered (true
    /// if there was none).
    pub fn every(&self) -> bool {
        self.matched.len() == self.considered
    }

    /// `count all`: the number of moves considered if the target matched
    /// after every one of them; none otherwise.
    pub fn count_if_every(&self) -> Option<i64> {
        self.every().then_some(self.considered as i64)
    }
}

impl Cursor<'_> {
    /// Makes each move of `source` that passes `test` in an imaginary
    /// position and evaluates `target` there.
    pub fn speculate(
        &mut self,
        source: MoveSource,
        test: impl Fn(&Candidate) -> bool,
        mut target: impl FnMut(&mut Self) -> bool,
    ) -> Speculation {
        let mut speculation = Speculation::default();
        for candidate in self.candidates(source, test) {
            speculation.considered += 1;
            if self.after(&candidate, &mut target) {
                speculation.matched.push(candidate.view);
            }
        }
        speculation
    }
}
