//! The piece kinds a filter needs on the board to match at all
//! ([`Node::needed_pieces`]): `{♕d4 ◭e4 ♛f4}` matches only where a white
//! queen and a black queen are on the board. A transform's images that all
//! need some kinds are not tried one by one where one of them is missing.

use cql_vocabulary::Kinds;

use super::{Expr, ImageSet, Node, Type};

impl Node {
    /// Kinds of pieces of which this filter, to match, needs one on the
    /// board each (not every such kind: those its parts that must all
    /// match test directly).
    pub fn needed_pieces(&self) -> Vec<Kinds> {
        let mut needed = Vec::new();
        add_needed(self, &mut needed);
        needed
    }
}

impl ImageSet {
    /// For the transform to have an image that matches: one of these lists
    /// of kinds must all be on the board (each image needs one of the
    /// lists); `None` if some image needs none.
    pub fn needed_pieces(&self) -> Option<Vec<Vec<Kinds>>> {
        let mut lists: Vec<Vec<Kinds>> = Vec::new();
        for image in self.instantiated() {
            let needed = image.needed_pieces();
            if needed.is_empty() {
                return None;
            }
            if !lists.contains(&needed) {
                lists.push(needed);
            }
        }
        Some(lists)
    }
}

/// Adds to `needed` the kinds `node` needs on the board to match.
fn add_needed(node: &Node, needed: &mut Vec<Kinds>) {
    match &node.expr {
        Expr::Compound(nodes) => nodes.iter().for_each(|node| add_needed(node, needed)),
        Expr::And(left, right) => {
            add_needed(left, needed);
            add_needed(right, needed);
        }
        // A set matches where it is not empty: an intersection's sets must both be.
        Expr::Intersection(left, right) if node.ty == Type::Set => {
            add_needed(left, needed);
            add_needed(right, needed);
        }
        Expr::Pieces { kinds, .. } if kinds.0 & Kinds::EMPTY.0 == 0 && !needed.contains(kinds) => needed.push(*kinds),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use cql_vocabulary::Kinds;

    use crate::{
        compile,
        ir::{Expr, Node},
    };

    /// The needed lists of the first transform of `query`.
    fn needed(query: &str) -> Option<Vec<Vec<Kinds>>> {
        fn first_images(node: &Node) -> Option<Option<Vec<Vec<Kinds>>>> {
            if let Expr::Images(set) = &node.expr {
                return Some(set.needed_pieces());
            }
            node.expr.children().into_iter().find_map(first_images)
        }
        compile(query).unwrap().output.body.iter().find_map(first_images).expect("a transform")
    }

    #[test]
    fn every_piece_a_pattern_names_is_needed_in_each_image() {
        let queens = vec![vec![Kinds::WHITE_QUEEN, Kinds::ANY_PIECE, Kinds::BLACK_QUEEN]];
        assert_eq!(needed("cql() shift {♕d4 ◭e4 ♛f4}"), Some(queens));
        // The colours flipped: either list.
        let flipped = needed("cql() flipcolor {♔a1 ♖b1}").unwrap();
        assert_eq!(flipped, [vec![Kinds::WHITE_KING, Kinds::WHITE_ROOK], vec![Kinds::BLACK_KING, Kinds::BLACK_ROOK]]);
    }

    #[test]
    fn what_can_match_without_a_piece_needs_none() {
        // An empty square, a union, a negation, a count that may be 0.
        assert_eq!(needed("cql() shift {□d4}"), None);
        assert_eq!(needed("cql() shift {♕d4 ∪ ♛d5}"), None);
        assert_eq!(needed("cql() shift not ♕d4"), None);
        assert_eq!(needed("cql() shift (#♕d4 < 1)"), None);
    }
}
