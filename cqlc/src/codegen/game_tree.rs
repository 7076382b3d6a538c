//! The filters about the game tree: `find`, the position numbers,
//! `child`, `position N`, and the relations of two positions. Each is a
//! call of the runtime's `game_tree` or `find` family, the positions first
//! and the cursor last.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{Bounds, FindSpec, Lineage, Node, TreeNumber};

impl Emitter {
    /// `find`: the first position where the body matches, or how many do.
    pub(super) fn find(&self, spec: FindSpec, range: Option<&Bounds>, body: &Node) -> TokenStream {
        let FindSpec { backward, quiet, all } = spec;
        self.with_invariants(body, || {
            let matches = rust::with_cursor(self.matches(body));
            let settings = quote!(FindSettings { backward: #backward, quiet: #quiet });
            match (range, all) {
                (Some(range), _) => {
                    let range = self.bounds(range);
                    quote!(at.find_count(#settings, #range, #matches))
                }
                (None, true) => quote!(at.find_count(#settings, (Some(1), Some(i64::MAX)), #matches)),
                (None, false) => quote!(at.find_first(#settings, #matches)),
            }
        })
    }

    /// A range's endpoints, each an `Option<i64>`.
    pub(super) fn bounds(&self, (least, most): &Bounds) -> TokenStream {
        let (least, most) = (self.value(least), self.value(most));
        quote!((#least, #most))
    }

    /// `ply`, `depth`, `movenumber`, `positionid`.
    pub(super) fn tree_number(&self, number: TreeNumber) -> TokenStream {
        quote!(at.tree_number(#number))
    }

    /// `sidetomove`.
    pub(super) fn side_to_move(&self) -> TokenStream {
        quote!(at.side_to_move())
    }

    /// `child(N)`.
    pub(super) fn child(&self, index: Option<&Node>) -> TokenStream {
        let index = match index {
            Some(index) => self.value(index),
            None => quote!(Some(0)),
        };
        quote!(at.child_position(#index))
    }

    /// `position N`.
    pub(super) fn position_with_id(&self, id: &Node) -> TokenStream {
        let id = self.value(id);
        quote!(at.position_with_id(#id))
    }

    /// `x ≺ y` and the like.
    pub(super) fn lineage(&self, lineage: Lineage, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.value(left), self.value(right));
        quote!(lineage(#lineage, #left, #right, at))
    }

    /// `lca(x y)`.
    pub(super) fn lca(&self, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.value(left), self.value(right));
        quote!(lca(#left, #right, at))
    }

    /// `distance(x y)`.
    pub(super) fn distance(&self, left: &Node, right: &Node) -> TokenStream {
        let (left, right) = (self.value(left), self.value(right));
        quote!(distance(#left, #right, at))
    }
}
