//! The filters about the game tree: `find`, the position numbers,
//! `child`, `position N`, and the relations of two positions. Each is a
//! call of the runtime's `game_tree` or `find` family, the positions first
//! and the cursor last.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::{Emitter, rust};
use crate::ir::{FindSpec, Lineage, Node, TreeNumber};

impl Emitter {
    /// `find`: the first position where the body matches, or how many do.
    pub(super) fn find(&self, spec: FindSpec, body: &Node) -> TokenStream {
        let FindSpec { backward, quiet, count } = spec;
        let matches = rust::with_cursor(self.matches(body));
        let settings = quote!(FindSettings { backward: #backward, quiet: #quiet });
        match count {
            None => quote!(at.find_first(#settings, #matches)),
            Some((least, most)) => {
                let least = Literal::i64_unsuffixed(least);
                let most = match most {
                    i64::MAX => quote!(i64::MAX),
                    most => Literal::i64_unsuffixed(most).to_token_stream(),
                };
                quote!(at.find_count(#settings, (#least, #most), #matches))
            }
        }
    }

    /// `ply`, `depth`, `movenumber`, `positionid`.
    pub(super) fn tree_number(&self, number: TreeNumber) -> TokenStream {
        quote!(at.tree_number(#number))
    }

    /// `sidetomove`.
    pub(super) fn side_to_move(&self) -> TokenStream {
        quote!(at.side_to_move())
    }

    /// `child N`.
    pub(super) fn child(&self, index: i64) -> TokenStream {
        let index = Literal::i64_unsuffixed(index);
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
