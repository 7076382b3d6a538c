//! The order in which CQL 6.2 evaluates a transform's images, which decides
//! the order of their comments (and which assignment stays): not the order
//! of the maps, but that of a sorted set of the images, compared by their
//! constants in the order the query writes them, each filter's own before
//! those of its parts. CQL 6.2 shows it: with pawns on both second and
//! seventh ranks, `⬓ {[♙♟]a-h7 comment(#♙)}` comments its image's count
//! first, as `[♟♙]a-h2`'s squares come first (a1 is square 0).
//!
//! Sets are compared by their squares, then by whether they hold all
//! pieces of a colour (`▲` before `△`: `⬓ {comment(#△) △}` comments the
//! black image's count first), then by the other pieces they hold,
//! numbered as CQL 6.2 numbers them (white king 1 to white pawn 6, the
//! empty square 7, black king 9 to black pawn 14); `wtm` comes before
//! `btm`, `result 1-0` before `0-1` before a draw, and the directions of a
//! direction filter by their steps (file, then rank: `left` before `down`
//! before `up` before `right`). cqlc knows the pieces of a colour listed
//! one by one (`[♔♕♖♗♘♙]`) as `△`, and `light`/`dark` as their squares, so
//! images that differ only in those may be ordered otherwise than CQL 6.2
//! orders them.

use crate::ir::{Directions, Expr, Kinds, Node, PositionTest};

/// One constant an image is compared by.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// A set: its squares, whether it holds all white and all black pieces,
    /// and its other pieces by CQL 6.2's numbers, in increasing order.
    Set(u64, [bool; 2], Vec<u8>),
    /// `wtm` (0) or `btm` (1).
    SideToMove(u8),
    /// A result: 1-0 (1), 0-1 (2), a draw (3).
    Result(u8),
    /// A direction filter's steps (file, rank), in increasing order.
    Directions(Vec<(i32, i32)>),
    /// `light` (true) or `dark`, compared before its set.
    SquareColor(bool),
}

/// The indices of `images` in the order CQL 6.2 evaluates them (equal
/// images in the order given).
pub fn evaluation_order(images: &[Node]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..images.len()).collect();
    let keys: Vec<Vec<Key>> = images.iter().map(keys).collect();
    order.sort_by(|&a, &b| keys[a].cmp(&keys[b]));
    order
}

/// The constants `node` is compared by, in order.
fn keys(node: &Node) -> Vec<Key> {
    let mut keys = Vec::new();
    collect(node, &mut keys);
    keys
}

/// Adds the constants of `node` (its own, then its parts') to `keys`; the
/// images of a transform inside it in their order: each image's keys are
/// collected once, and sorted (collecting them again in the order found
/// would double the work at each level of transforms inside transforms).
fn collect(node: &Node, keys: &mut Vec<Key>) {
    match &node.expr {
        Expr::Images(set) => {
            let mut each: Vec<Vec<Key>> = set.instantiated().iter().map(self::keys).collect();
            each.sort();
            keys.extend(each.into_iter().flatten());
        }
        expr => {
            keys.extend(own_key(expr));
            expr.for_each_child(|child| collect(child, keys));
        }
    }
}

/// The constant a filter itself holds that a transform may change.
fn own_key(expr: &Expr) -> Option<Key> {
    match expr {
        Expr::Squares(mask) => Some(Key::Set(*mask, [false; 2], Vec::new())),
        Expr::Pieces { kinds, within } => Some(set_key(*kinds, *within)),
        Expr::Position(PositionTest::WhiteToMove) => Some(Key::SideToMove(0)),
        Expr::Position(PositionTest::BlackToMove) => Some(Key::SideToMove(1)),
        Expr::Result(result) => Some(Key::Result(match result.as_str() {
            "1-0" => 1,
            "0-1" => 2,
            _ => 3,
        })),
        Expr::Direction { directions, .. } | Expr::Ray { directions, .. } => Some(Key::Directions(steps(*directions))),
        Expr::SquareColor { light, .. } => Some(Key::SquareColor(*light)),
        _ => None,
    }
}

/// A set's key: all pieces of a colour are named by the colour, the
/// others (and the empty square) by CQL 6.2's numbers.
fn set_key(kinds: Kinds, within: u64) -> Key {
    let colours = [kinds.contains(Kinds::WHITE), kinds.contains(Kinds::BLACK)];
    let mut pieces = Vec::new();
    for (index, white) in [true, false].into_iter().enumerate() {
        if colours[index] {
            continue;
        }
        // Roles are numbered pawn 0 to king 5; CQL 6.2 numbers kings first.
        for role in 0..6u8 {
            if kinds.contains(Kinds::piece(white, role)) {
                pieces.push(if white { 6 - role } else { 14 - role });
            }
        }
    }
    if kinds.contains(Kinds::EMPTY) {
        pieces.push(7);
    }
    pieces.sort_unstable();
    Key::Set(within, colours, pieces)
}

/// The steps of `directions` as (file, rank) pairs, in increasing order.
fn steps(directions: Directions) -> Vec<(i32, i32)> {
    let mut steps: Vec<(i32, i32)> = Directions::STEPS
        .iter()
        .enumerate()
        .filter(|&(bit, _)| directions.0 & (1 << bit) != 0)
        .map(|(_, &step)| step)
        .collect();
    steps.sort_unstable();
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ImageSet, Type};

    fn set(expr: Expr) -> Node {
        Node { expr, ty: Type::Set, source: String::new() }
    }

    #[test]
    fn sets_go_by_their_squares_then_colours_then_pieces() {
        let rank = |rank: u32| 0xffu64 << (8 * (rank - 1));
        let both_pawns = Kinds::WHITE_PAWN.with(Kinds::BLACK_PAWN);
        // [♙♟]a-h7 and its colours swapped, [♟♙]a-h2: the second rank first.
        let images = [rank(7), rank(2)].map(|within| set(Expr::Pieces { kinds: both_pawns, within }));
        assert_eq!(evaluation_order(&images), [1, 0]);
        // △ and ▲: black first (its colour flag is the lesser); ♙ and ♟: white first.
        assert!(set_key(Kinds::BLACK, u64::MAX) < set_key(Kinds::WHITE, u64::MAX));
        assert!(set_key(Kinds::WHITE_PAWN, u64::MAX) < set_key(Kinds::BLACK_PAWN, u64::MAX));
    }

    #[test]
    fn a_transform_inside_an_image_is_compared_by_its_images_in_their_order() {
        let (b1, b8) = (1u64 << 1, 1u64 << 57);
        let images = vec![
            set(Expr::Pieces { kinds: Kinds::WHITE_ROOK, within: b8 }),
            set(Expr::Pieces { kinds: Kinds::BLACK_ROOK, within: b1 }),
        ];
        let images = Expr::Images(ImageSet::new(images, vec![0, 1], None));
        let squares: Vec<u64> = keys(&set(images))
            .into_iter()
            .map(|key| match key {
                Key::Set(squares, ..) => squares,
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(squares, [b1, b8]);
    }

    #[test]
    fn directions_go_by_their_steps() {
        let order = [Directions::LEFT, Directions::DOWN, Directions::UP, Directions::RIGHT];
        assert!(order.windows(2).all(|pair| steps(pair[0]) < steps(pair[1])));
    }
}
