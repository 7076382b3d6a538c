//! Move generation beyond shakmaty's legal moves: the pseudo-legal moves of
//! the `move` and dash filters' `pseudolegal` mode, and the reverse moves of
//! the `move` filter's `reverse` modes.
//!
//! - [`pseudolegal_moves`]: what the side to move could play if its own
//!   king's safety did not matter (python-chess's definition).
//! - [`legal_destinations`] and [`pseudolegal_destinations`]: the same
//!   moves as sets of squares, one per piece, for counting them without
//!   listing them (`move legal from ♘ count`).
//! - [`reverse_moves`]: what could have been played to reach a position,
//!   each move with the position it was played from, as CQLi's
//!   `move legal reverse` and `move pseudolegal reverse` ([`Legality`]).
//!
//! - [`king_can_step`] and [`knight_or_pawn_can_move`]: a legal move found
//!   at once, for `mate` and `stalemate`.
//! - [`is_legal_position`] and [`is_reachable_position`]: CQLi's
//!   `legalposition` and `reachableposition` (a first layer of
//!   retro-analysis, on top of the reverse moves).
//!
//! All work on standard chess and Chess960 positions (castling rights given
//! by rook squares). The files, bottom first: `pseudolegal`,
//! `destinations`, `counters`, `material` and `reverse_move` stand alone;
//! `opposite_check` makes the previous positions shakmaty refuses,
//! `previous_position` builds and checks the others, `uncaptures` makes many of them at once, and `reverse` finds
//! the retractions.

mod counters;
mod destinations;
mod free_move;
mod king_step;
mod material;
mod opposite_check;
mod previous_position;
mod pseudolegal;
mod reachability;
mod reverse;
mod reverse_move;
mod uncaptures;

pub use destinations::{legal_destinations, pseudolegal_destinations};
pub use free_move::knight_or_pawn_can_move;
pub use king_step::king_can_step;
pub use pseudolegal::pseudolegal_moves;
pub use reachability::{is_legal_position, is_reachable_position};
pub use reverse::reverse_moves;
pub use reverse_move::{Legality, ReverseMove};
