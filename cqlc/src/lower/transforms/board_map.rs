//! A map of the board and its colours, and the image of a filter under it.

use cql_vocabulary::SquareMap;

use super::text;
use crate::ir::{Constituent, Expr, Node, PositionTest};

/// A map of the board: where each square goes, and whether the colours (and
/// the side to move) swap.
#[derive(Clone, Copy)]
pub struct BoardMap {
    /// What the map does, for a person.
    pub name: &'static str,
    /// Where it takes each square.
    pub square: SquareMap,
    /// Whether white and black swap.
    pub swap_colours: bool,
}

impl BoardMap {
    /// `⬓`'s image: colours swapped, ranks reversed.
    pub const FLIP_COLOR: BoardMap =
        BoardMap { name: "colours swapped", square: |f, r| (f, 7 - r), swap_colours: true };

    /// `✵`'s images besides the filter as written: the other seven
    /// symmetries of the board.
    pub const SYMMETRIES: [BoardMap; 7] = [
        BoardMap { name: "reflected left to right", square: |f, r| (7 - f, r), swap_colours: false },
        BoardMap { name: "reflected top to bottom", square: |f, r| (f, 7 - r), swap_colours: false },
        BoardMap { name: "rotated 180 degrees", square: |f, r| (7 - f, 7 - r), swap_colours: false },
        BoardMap { name: "reflected in the a1-h8 diagonal", square: |f, r| (r, f), swap_colours: false },
        BoardMap { name: "reflected in the h1-a8 diagonal", square: |f, r| (7 - r, 7 - f), swap_colours: false },
        BoardMap { name: "rotated 90 degrees", square: |f, r| (r, 7 - f), swap_colours: false },
        BoardMap { name: "rotated 270 degrees", square: |f, r| (7 - r, f), swap_colours: false },
    ];

    /// The image of `node`: every constant mapped, every text its image's.
    pub fn image(self, node: &Node) -> Node {
        let mut image = node.clone();
        image.rewrite_bottom_up(&mut |node| self.map_constants(node));
        image
    }

    /// The image of a set of squares (bit 0 = a1 ... 63 = h8).
    pub fn squares(self, mask: u64) -> u64 {
        (0..64u32).filter(|i| mask & (1 << i) != 0).fold(0, |image, i| {
            let (file, rank) = (self.square)(i % 8, i / 8);
            image | 1 << (rank * 8 + file)
        })
    }

    /// Whether the map takes light squares to dark ones.
    pub fn swaps_square_colours(self) -> bool {
        let (file, rank) = (self.square)(0, 0);
        (file + rank) % 2 == 1
    }

    /// Maps the constants `node` itself holds (not its children's).
    fn map_constants(self, node: &mut Node) {
        node.source = text::image(&node.source, self);
        match &mut node.expr {
            Expr::Squares(mask) => *mask = self.squares(*mask),
            Expr::Pieces { kinds, within } => {
                if self.swap_colours {
                    *kinds = kinds.flip_colors();
                }
                *within = self.squares(*within);
            }
            Expr::Position(test) if self.swap_colours => {
                *test = match *test {
                    PositionTest::WhiteToMove => PositionTest::BlackToMove,
                    PositionTest::BlackToMove => PositionTest::WhiteToMove,
                    other => other,
                }
            }
            // With the colours swapped, a win for white is a win for black.
            Expr::Result(result) if self.swap_colours => {
                *result = match result.as_str() {
                    "1-0" => "0-1",
                    "0-1" => "1-0",
                    other => other,
                }
                .to_owned()
            }
            Expr::Direction { directions, .. } | Expr::Ray { directions, .. } => {
                *directions = directions.image(self.square)
            }
            Expr::Dash(dash) | Expr::CountMoves(dash) => dash.test.source = text::image(&dash.test.source, self),
            Expr::Path(path) => {
                for constituent in &mut path.constituents {
                    if let Constituent::Move(test) = constituent {
                        test.source = text::image(&test.source, self);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Kinds, Type};

    fn pieces(kinds: Kinds, within: u64) -> Node {
        Node { expr: Expr::Pieces { kinds, within }, ty: Type::Set, source: String::new() }
    }

    fn within(node: &Node) -> u64 {
        match node.expr {
            Expr::Pieces { within, .. } => within,
            Expr::Squares(mask) => mask,
            _ => unreachable!(),
        }
    }

    #[test]
    fn flipcolor_makes_the_white_king_on_e1_the_black_king_on_e8() {
        let e1 = 1u64 << 4;
        let image = BoardMap::FLIP_COLOR.image(&pieces(Kinds::WHITE_KING, e1));
        assert_eq!(image.expr, Expr::Pieces { kinds: Kinds::BLACK_KING, within: 1u64 << 60 });
    }

    #[test]
    fn flip_takes_a_corner_to_the_four_corners_and_keeps_colours() {
        let a1 = pieces(Kinds::WHITE_ROOK, 1);
        let corners = BoardMap::SYMMETRIES.iter().map(|t| within(&t.image(&a1))).fold(1, |all, w| all | w);
        assert_eq!(corners, 1 | 1 << 7 | 1 << 56 | 1 << 63);
        assert!(
            BoardMap::SYMMETRIES
                .iter()
                .all(|t| matches!(t.image(&a1).expr, Expr::Pieces { kinds: Kinds::WHITE_ROOK, .. }))
        );
        let a2 = Node { expr: Expr::Squares(1 << 8), ty: Type::Set, source: String::new() };
        let images = BoardMap::SYMMETRIES.iter().map(|t| within(&t.image(&a2))).fold(1u64 << 8, |all, w| all | w);
        assert_eq!(images.count_ones(), 8, "a2's images: the squares beside the corners");
    }
}
