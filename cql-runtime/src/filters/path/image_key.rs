//! The constants a path written once for several images was made with, as
//! keys: each image's memory of best continuations is its own (`memo`).

use cql_vocabulary::{Directions, Kinds};
use shakmaty::{Bitboard, Color};

use crate::state::Var;

/// A constant a shared function takes as a parameter, as a key that tells
/// its values apart exactly: two values with the same key are the same
/// value (a text by its address and length, a table by its address).
pub trait ImageKey {
    /// The key of the value.
    fn image_key(&self) -> [u64; 2];
}

impl ImageKey for Bitboard {
    fn image_key(&self) -> [u64; 2] {
        [self.0, 0]
    }
}

impl ImageKey for Kinds {
    fn image_key(&self) -> [u64; 2] {
        [u64::from(self.0), 0]
    }
}

impl ImageKey for Directions {
    fn image_key(&self) -> [u64; 2] {
        [u64::from(self.0), 0]
    }
}

impl ImageKey for Color {
    fn image_key(&self) -> [u64; 2] {
        [u64::from(self.is_white()), 0]
    }
}

impl ImageKey for Var {
    fn image_key(&self) -> [u64; 2] {
        [u64::from(self.0), 0]
    }
}

impl ImageKey for i64 {
    fn image_key(&self) -> [u64; 2] {
        [self.cast_unsigned(), 0]
    }
}

impl ImageKey for &'static str {
    fn image_key(&self) -> [u64; 2] {
        [self.as_ptr() as u64, self.len() as u64]
    }
}

impl<T, const N: usize> ImageKey for &'static [T; N] {
    fn image_key(&self) -> [u64; 2] {
        [self.as_ptr() as u64, N as u64]
    }
}
