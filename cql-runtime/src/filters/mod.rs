//! The filters: what generated code calls to evaluate them, one family to a
//! file, each named as the compiler names the family, so that a filter's
//! parser, checker, code generator and runtime support share one name. Most
//! are `Cursor` methods (`impl Cursor` blocks); filters that only compute
//! with squares are functions.
//!
//! - [`sets`]: piece designators, `#S`, sets in comments;
//!   [`numbers`]: comparisons, arithmetic, numbers in comments;
//! - [`attacks`] (`→ ←`), [`rays`] (`pin ray xray`), [`directions`] (`up ...`, `between`), [`material`]
//!   (`power`), [`pawns`] (`passedpawns`), [`square_values`] (`rank file
//!   typename makesquare sqrt ...`);
//! - [`game_state`] (`check mate stalemate wtm btm initial mainline`),
//!   [`composers_mates`] (`puremate modelmate idealmate purestalemate ...`),
//!   [`game_info`] (`year result`); [`imaginary`] (`currentmutation
//!   legalposition reachableposition`), [`imagine`];
//! - [`candidates`]: the moves of a source, shared by [`move_filter`] (`move`)
//!   and [`dash`] (`F――G`, `countmoves`); [`current_move`] (`from to castle
//!   ...`); [`speculation`] (`move legal : F`); [`next_moves`] (what a
//!   transform's images need of the game's next moves);
//! - [`path`] (`⊢`), [`positions`] (`parent`, `∙`, `P:F`), [`game_tree`]
//!   (`ply child ancestor lca ...`), [`find`], [`echo`] (with
//!   `consecutivemoves`), [`variables`]
//!   (`x = F`, `x∊S`, `◭x∊S`), [`piece_ids`] (`pieceid`), [`comment`] (`comment message`, taking back
//!   what failed), [`sort`], [`transforms`] (the value of `⬓ N`);
//!   [`variants`] (`variant variantwin ...`).

pub mod attacks;
pub mod awards;
mod board_fen;
pub mod candidates;
mod castling_kept;
pub mod comment;
pub mod composers_mates;
pub mod current_move;
pub mod dash;
pub mod dictionaries;
pub mod directions;
pub mod echo;
pub mod find;
pub mod game_info;
pub mod game_state;
pub mod game_tree;
pub mod imaginary;
pub mod imagine;
pub mod material;
pub mod move_filter;
pub mod next_moves;
pub mod numbers;
pub mod path;
pub mod pawns;
pub mod piece_ids;
pub mod positions;
pub mod rays;
pub mod sets;
pub mod sort;
pub mod speculation;
pub mod square_values;
pub mod strings;
pub mod transforms;
pub mod variables;
pub mod variants;

/// Squares by name, for the filters' tests: `squares(&["a1", "h8"])`.
#[cfg(test)]
pub(crate) fn squares(names: &[&str]) -> shakmaty::Bitboard {
    names.iter().map(|name| name.parse::<shakmaty::Square>().unwrap()).collect()
}

/// The board of a FEN, for the filters' tests.
#[cfg(test)]
pub(crate) fn board(fen: &str) -> shakmaty::Board {
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
    let position: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    position.board().clone()
}
