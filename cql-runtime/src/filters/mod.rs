//! What generated code calls to evaluate filters: piece designators, attacks,
//! moves of the game, paths, positions, and the values filters compute.

pub mod attacks;
pub mod between;
pub mod candidates;
pub mod current;
pub mod directions;
pub mod kinds;
pub mod material;
pub mod moves;
pub mod path;
pub mod positions;
pub mod reverse;
pub mod values;
pub mod variables;

/// Squares by name, for the filters' tests: `squares(&["a1", "h8"])`.
#[cfg(test)]
pub(crate) fn squares(names: &[&str]) -> shakmaty::Bitboard {
    names.iter().map(|name| name.parse::<shakmaty::Square>().unwrap()).collect()
}
