//! Move generation beyond shakmaty's legal moves, for the `move` filter's
//! `pseudolegal` and `reverse` modes.
//!
//! - [`pseudolegal_moves`]: what the side to move could play if its own
//!   king's safety did not matter (python-chess's definition).
//! - [`reverse_moves`]: what could have been played to reach a position,
//!   each move with the position it was played from, as CQLi's
//!   `move legal reverse` and `move pseudolegal reverse` ([`Legality`]).
//!
//! Both work on standard chess and Chess960 positions (castling rights given
//! by rook squares).

mod imaginary;
mod material;
mod previous;
mod pseudolegal;
mod reverse;
mod uncaptures;

pub use pseudolegal::pseudolegal_moves;
pub use reverse::{Legality, ReverseMove, reverse_moves};
