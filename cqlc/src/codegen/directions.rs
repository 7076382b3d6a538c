//! The direction filters (`up 1 3 ♕`, ...) and `between(x y)`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Emitter;
use crate::ir::{self, Directions, Distance, Node};

impl Emitter {
    /// The squares `min` to `max` steps from `squares` in the directions.
    pub(super) fn direction(
        &self,
        directions: Directions,
        min: &Distance,
        max: &Distance,
        squares: &Node,
    ) -> TokenStream {
        let directions = self.constant(ir::Constant::Directions(directions).into());
        let squares = self.set(squares);
        match (min, max) {
            (Distance::Steps(min), Distance::Steps(max)) => {
                let (min, max) = (distance(*min), distance(*max));
                quote!(#directions.squares(#squares, #min, #max))
            }
            _ => {
                let (min, max) = (self.distance_value(min), self.distance_value(max));
                quote!(#directions.squares_within(#squares, #min, #max))
            }
        }
    }

    /// A distance as a number.
    fn distance_value(&self, distance: &Distance) -> TokenStream {
        match distance {
            Distance::Steps(steps) => self.number_literal(*steps),
            Distance::Var(var) => {
                let var = self.var(var);
                quote!(at.number_of(#var))
            }
        }
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
