//! The transforms CQL expands at compile time: `⬓ F` (`flipcolor`) is F
//! and F with white and black swapped and the board reflected top to bottom
//! (`♔e1` becomes `♚e8`, `wtm` becomes `btm`); `✵ F` (`flip`) is F in the
//! eight reflections and rotations of the board, colours unchanged. Each
//! image is F with its constants mapped, and with its own query text for
//! the comments of the generated code ([`text`]).

mod board_map;
mod text;

pub use board_map::BoardMap;

use crate::ir::{Expr, Node, Transform};

/// Replaces a transform by the list of its images (nested transforms
/// giving one flat list, in the same order: `✵⬓F` is 16 images).
pub(super) fn expand(node: &mut Node) {
    let Expr::Transform(transform, body) = &node.expr else { return };
    let images = images(*transform, body);
    node.expr = Expr::FirstOf(images);
}

/// The images of `body` under `transform`, the identity first.
pub fn images(transform: Transform, body: &Node) -> Vec<Node> {
    let maps: &[BoardMap] = match transform {
        Transform::FlipColor => &[BoardMap::FLIP_COLOR],
        Transform::Flip => &BoardMap::SYMMETRIES,
    };
    let mut images = vec![body.clone()];
    images.extend(maps.iter().map(|map| map.image(body)));
    images
        .into_iter()
        .flat_map(|image| match image.expr {
            Expr::FirstOf(inner) => inner,
            _ => vec![image],
        })
        .collect()
}
