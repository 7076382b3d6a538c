//! The transforms CQL expands at compile time: `⬓ F` (`flipcolor`) is F
//! and F with white and black swapped and the board reflected top to bottom
//! (`♔e1` becomes `♚e8`, `wtm` becomes `btm`); `✵ F` (`flip`) is F in the
//! eight reflections and rotations of the board, colours unchanged;
//! `rotate90`, `fliphorizontal`, `flipvertical` are some of those;
//! `rotate45` turns directions by eighths; `shift` and its horizontal and
//! vertical kinds move the board's squares ([`BoardMap`]). Each image is F
//! with its constants mapped, and with its own query text for the comments
//! of the generated code ([`text`]). An image in which a set of squares
//! the query names is left empty (moved off the board) is no image, as in
//! CQL 6.2. CQL 6.2 evaluates the images in an order of its own
//! ([`evaluation_order`]).

mod board_map;
mod order;
mod text;

pub use board_map::BoardMap;
pub use order::evaluation_order;

use crate::ir::{Expr, ImageCount, ImageSet, Node, Transform, without_text};

/// `images` (the query's own first) as families, with CQL 6.2's order.
pub fn image_set(images: Vec<Node>, range: Option<ImageCount>) -> ImageSet {
    let order = evaluation_order(&images);
    ImageSet::new(images, order, range)
}

/// The distinct images of `body` under `transform` with `range`, the
/// query's own first, and the range they take. Without a range, a body that
/// is (in braces holding it alone) the images of an inner transform gives
/// their compositions, with the inner transform's range: each image of the
/// outer map applied to each inner image, in that order, the first of equal
/// images kept, so nested transforms never give more images than the maps
/// they compose.
pub fn images(transform: Transform, range: Option<ImageCount>, body: &Node) -> (Vec<Node>, Option<ImageCount>) {
    let (parts, range) = match (range, alone_in_braces(body)) {
        (None, Node { expr: Expr::Images(set), .. }) => (set.instantiated(), set.range.clone()),
        (range, _) => (vec![body.clone()], range),
    };
    let mut images: Vec<Node> = Vec::new();
    let mut shapes: Vec<Node> = Vec::new();
    for map in BoardMap::of(transform) {
        for part in &parts {
            let image = map.image(part);
            if empty_sets(&image) > empty_sets(part) {
                continue;
            }
            let shape = same_in_every_image(&image);
            if !shapes.contains(&shape) {
                shapes.push(shape);
                images.push(image);
            }
        }
    }
    (images, range)
}

/// How many sets of squares the query names are empty in `node` (or
/// transforms in it have no image).
fn empty_sets(node: &Node) -> usize {
    match &node.expr {
        Expr::Squares(0) | Expr::Pieces { within: 0, .. } => 1,
        Expr::Images(set) if set.images.is_empty() => 1,
        Expr::Images(set) => set.instantiated().iter().map(empty_sets).sum(),
        expr => expr.children().into_iter().map(empty_sets).sum(),
    }
}

/// The filter that `node` is, looking through braces holding it alone.
fn alone_in_braces(mut node: &Node) -> &Node {
    while let Expr::Compound(nodes) = &node.expr {
        match nodes.as_slice() {
            [only] => node = only,
            _ => break,
        }
    }
    node
}

/// `node` without its query text and the names of the maps that made it
/// (`currenttransform` tells no two images apart), to compare what images
/// do.
fn same_in_every_image(node: &Node) -> Node {
    let mut shape = without_text(node);
    shape.rewrite_bottom_up(&mut |node| {
        if let Expr::CurrentTransform(names) = &mut node.expr {
            names.clear();
        }
    });
    shape
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Kinds, Type};

    /// `transforms` (outermost first) around the white king on a1, each
    /// inner transform in braces where `braces` says.
    fn nested(transforms: &[Transform], braces: bool) -> Node {
        let king =
            Node { expr: Expr::Pieces { kinds: Kinds::WHITE_KING, within: 1 }, ty: Type::Set, source: "♔a1".into() };
        transforms.iter().rev().fold(king, |body, &transform| {
            let inner = matches!(body.expr, Expr::Images(_));
            let body = if braces && inner { Node { expr: Expr::Compound(vec![body.clone()]), ..body } } else { body };
            let (images, range) = images(transform, None, &body);
            Node { expr: Expr::Images(image_set(images, range)), ty: Type::Set, source: String::new() }
        })
    }

    fn images_of(node: &Node) -> Vec<(Kinds, u64)> {
        let Expr::Images(set) = &node.expr else { panic!("not expanded") };
        set.instantiated()
            .iter()
            .map(|image| match image.expr {
                Expr::Pieces { kinds, within } => (kinds, within),
                _ => panic!("not a piece"),
            })
            .collect()
    }

    #[test]
    fn nested_flipcolors_are_the_identity_and_the_colour_swap() {
        use Transform::FlipColor;
        let once = images_of(&nested(&[FlipColor], false));
        assert_eq!(once, [(Kinds::WHITE_KING, 1), (Kinds::BLACK_KING, 1 << 56)]);
        assert_eq!(images_of(&nested(&[FlipColor; 2], false)), once);
        assert_eq!(images_of(&nested(&[FlipColor; 40], true)), once);
    }

    #[test]
    fn nested_flips_and_flipcolors_are_at_most_sixteen_maps_as_written_first() {
        use Transform::{Flip, FlipColor};
        let flip = images_of(&nested(&[Flip], false));
        assert_eq!(flip.len(), 4, "a1's images: the four corners");
        assert_eq!(images_of(&nested(&[Flip; 30], true)), flip);
        let both = images_of(&nested(&[Flip, FlipColor], false));
        assert_eq!(both.len(), 8, "two colours in four corners");
        // The outer image first: as written, then the outer map's images.
        assert_eq!(both[..2], [(Kinds::WHITE_KING, 1), (Kinds::BLACK_KING, 1 << 56)]);
        let mixed: Vec<Transform> = (0..30).map(|i| if i % 3 == 0 { FlipColor } else { Flip }).collect();
        assert_eq!(images_of(&nested(&mixed, true)).len(), 8);
    }
}
