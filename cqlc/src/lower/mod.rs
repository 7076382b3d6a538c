//! Rewrites of the typed query between the checker and the code generator,
//! each a small pass over [`ir::visit`](crate::ir::visit)'s traversal:
//!
//! - [`calls`]: calls of a CQL function that differ only in constants
//!   share one template, each with its own values;
//! - [`steps`]: a path's identical constituents become one, so each is
//!   written once however often the path repeats it;
//! - [`guards`]: a loop whose body needs a path that starts with a move
//!   from the loop's variable tests that move first, where skipping the
//!   body leaves no variable otherwise ([`private_bindings`]);
//! - [`order`]: among filters that write nothing, the cheap bitboard tests
//!   run before the ones that read the move, generate moves or walk the
//!   game;
//! - [`attack_first`]: an attack test runs before the part of its set that
//!   reads the current move.

mod attack_first;
mod calls;
pub(crate) mod guards;
mod order;
mod private_bindings;
mod steps;

use crate::ir::Query;

/// The query, lowered: steps merged, cheap filters first, calls sharing
/// templates.
pub fn lower(mut query: Query) -> Query {
    for node in &mut query.body {
        node.rewrite_bottom_up(&mut |node| {
            steps::merge(node);
            order::cheap_first(node);
            attack_first::test_attack_before_costly_set(node);
        });
    }
    // Guards last: whether one may skip a body depends on where the query
    // mentions each variable, counted in the query as the others left it.
    let mentions = private_bindings::Mentions::of(&query);
    for node in &mut query.body {
        node.rewrite_bottom_up(&mut |node| guards::first_move_first(node, &mentions));
    }
    order::cheap_first_in(&mut query.body, true);
    calls::share_templates(&mut query);
    query
}
