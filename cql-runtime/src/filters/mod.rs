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
