//! The direction filters (`up 1 3 ♕`, ...) and `between(x y)`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{Emitter, constants::Constant};
use crate::ir::{Directions, Node};

impl Emitter {
    /// The squares `min` to `max` steps from `squares` in the directions.
    pub(super) fn direction(&self, directions: Directions, min: i64, max: i64, squares: &Node) -> TokenStream {
        let directions = self.constant(Constant::Directions(directions));
        let squares = self.set(squares);
        let (min, max) = (distance(min), distance(max));
        quote!(#directions.squares(#squares, #min, #max))
    }

    /// `between(x y)`.
    pub(super) fn between(&self, x: &Node, y: &Node) -> TokenStream {
        let (x, y) = (self.set(x), self.set(y));
        quote!(between(#x, #y))
    }
}

/// A direction filter's distance, clamped to the board.
fn distance(steps: i64) -> Literal {
    Literal::i32_unsuffixed(steps.clamp(-8, 8) as i32)
}
