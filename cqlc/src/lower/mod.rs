//! Rewrites of the typed query between the checker and the code generator,
//! each a small pass over [`ir::visit`](crate::ir::visit)'s traversal:
//!
//! - [`transforms`]: `⬓ F` and `✵ F` become the list of F's images, each
//!   with its own constants and its own query text;
//! - [`steps`]: a path's identical constituents become one, so each is
//!   written once however often the path repeats it;
//! - [`guards`]: a loop whose body needs a path that starts with a move
//!   from the loop's variable tests that move first;
//! - [`order`]: among filters that write nothing, the cheap bitboard tests
//!   run before the ones that read the move, generate moves or walk the
//!   game;
//! - [`attack_first`]: an attack test runs before the part of its set that
//!   reads the current move.

mod attack_first;
mod guards;
mod order;
mod steps;
pub mod transforms;

use crate::ir::Query;

/// The query, lowered: transforms expanded, steps merged, cheap filters first.
pub fn lower(mut query: Query) -> Query {
    for node in &mut query.body {
        node.rewrite_bottom_up(&mut |node| {
            transforms::expand(node);
            steps::merge(node);
            guards::first_move_first(node);
            order::cheap_first(node);
            attack_first::test_attack_before_costly_set(node);
        });
    }
    order::cheap_first_in(&mut query.body, true);
    query
}
