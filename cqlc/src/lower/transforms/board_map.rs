//! A map of the board and its colours, and the image of a filter under it.

use cql_vocabulary::{Directions, SquareMap};

use super::text;
use crate::ir::{Constituent, Expr, Node, PositionTest, Transform};

/// What a map does to squares and directions.
#[derive(Clone, Copy)]
pub enum Motion {
    /// A symmetry of the board: where each square goes (directions turn
    /// with it).
    Symmetry(SquareMap),
    /// Every square moved this many files and ranks, those leaving the board
    /// dropped; a full rank stays where it is when moved along the ranks, a
    /// full file when moved along the files, as in CQL 6.2 (the move along
    /// the files first). Directions stay.
    Shift {
        /// Files to the right (negative: to the left).
        files: i32,
        /// Ranks up (negative: down).
        ranks: i32,
    },
    /// Directions turned this many eighths counterclockwise; squares stay
    /// (the checker refuses particular squares under it).
    Eighths(u32),
}

/// A map of the board: what it does to squares and directions, and whether
/// the colours (and the side to move) swap.
#[derive(Clone, Copy)]
pub struct BoardMap {
    /// What it does to squares and directions.
    pub motion: Motion,
    /// Whether white and black swap.
    pub swap_colours: bool,
}

/// The directions in the order an eighth turn counterclockwise goes
/// through them: right, up-right, up, ... (file step, rank step).
const EIGHTHS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

impl BoardMap {
    /// The filter as written.
    pub const IDENTITY: BoardMap = BoardMap::symmetry(|f, r| (f, r));

    /// `⬓`'s image: colours swapped, ranks reversed.
    pub const FLIP_COLOR: BoardMap = BoardMap { swap_colours: true, ..BoardMap::symmetry(|f, r| (f, 7 - r)) };

    /// Reflected left to right (`flipvertical`'s image: CQL names it by the
    /// vertical line it reflects in).
    pub const REFLECT_FILES: BoardMap = BoardMap::symmetry(|f, r| (7 - f, r));

    /// Reflected top to bottom (`fliphorizontal`'s image).
    pub const REFLECT_RANKS: BoardMap = BoardMap::symmetry(|f, r| (f, 7 - r));

    /// The quarter turns and the half turn (`rotate90`'s images).
    pub const TURNS: [BoardMap; 3] = [
        BoardMap::symmetry(|f, r| (7 - r, f)),
        BoardMap::symmetry(|f, r| (7 - f, 7 - r)),
        BoardMap::symmetry(|f, r| (r, 7 - f)),
    ];

    /// `✵`'s images besides the filter as written: the other seven
    /// symmetries of the board.
    pub const SYMMETRIES: [BoardMap; 7] = [
        BoardMap::REFLECT_FILES,
        BoardMap::REFLECT_RANKS,
        BoardMap::symmetry(|f, r| (7 - f, 7 - r)),
        BoardMap::symmetry(|f, r| (r, f)),
        BoardMap::symmetry(|f, r| (7 - r, 7 - f)),
        BoardMap::symmetry(|f, r| (r, 7 - f)),
        BoardMap::symmetry(|f, r| (7 - r, f)),
    ];

    /// A symmetry of the board, colours kept.
    const fn symmetry(square: SquareMap) -> BoardMap {
        BoardMap { motion: Motion::Symmetry(square), swap_colours: false }
    }

    /// The maps of `transform`, the filter as written first (but for
    /// `reversecolor`, which has only its image), in CQL 6.2's order.
    pub fn of(transform: Transform) -> Vec<BoardMap> {
        let shifts = |files: &[i32], ranks: &[i32]| -> Vec<BoardMap> {
            let moves = files.iter().flat_map(|&files| ranks.iter().map(move |&ranks| (files, ranks)));
            let moves = moves.filter(|&(files, ranks)| (files, ranks) != (0, 0));
            let maps =
                moves.map(|(files, ranks)| BoardMap { motion: Motion::Shift { files, ranks }, swap_colours: false });
            std::iter::once(BoardMap::IDENTITY).chain(maps).collect()
        };
        let all: Vec<i32> = (-7..=7).collect();
        match transform {
            Transform::FlipColor => vec![BoardMap::IDENTITY, BoardMap::FLIP_COLOR],
            Transform::ReverseColor => vec![BoardMap::FLIP_COLOR],
            Transform::Flip => std::iter::once(BoardMap::IDENTITY).chain(BoardMap::SYMMETRIES).collect(),
            Transform::FlipHorizontal => vec![BoardMap::IDENTITY, BoardMap::REFLECT_RANKS],
            Transform::FlipVertical => vec![BoardMap::IDENTITY, BoardMap::REFLECT_FILES],
            Transform::Rotate90 => std::iter::once(BoardMap::IDENTITY).chain(BoardMap::TURNS).collect(),
            Transform::Rotate45 => {
                (0..8).map(|turns| BoardMap { motion: Motion::Eighths(turns), swap_colours: false }).collect()
            }
            Transform::Shift => shifts(&all, &all),
            Transform::ShiftHorizontal => shifts(&all, &[0]),
            Transform::ShiftVertical => shifts(&[0], &all),
        }
    }

    /// What the map does, for a person.
    pub fn name(self) -> String {
        let moved = match self.motion {
            Motion::Symmetry(square) => symmetry_names(square).0.to_owned(),
            Motion::Shift { files, ranks } => format!("moved {files} files and {ranks} ranks"),
            Motion::Eighths(turns) => format!("turned {} degrees", 45 * turns),
        };
        if self.swap_colours { format!("colours swapped, {moved}") } else { moved }
    }

    /// The map as CQL 6.2's `currenttransform` names it (empty for the
    /// filter as written).
    pub fn cql_name(self) -> String {
        let moved = match self.motion {
            Motion::Symmetry(square) => symmetry_names(square).1.to_owned(),
            Motion::Shift { files, ranks } => {
                let step = |n: i32, forward: &str, back: &str| match n {
                    0 => None,
                    1.. => Some(format!("{forward}^{n}")),
                    _ => Some(format!("{back}^{}", -n)),
                };
                [step(files, "right", "left"), step(ranks, "up", "down")]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            Motion::Eighths(0) => String::new(),
            Motion::Eighths(turns) => format!("rotate45^{turns}"),
        };
        match (self.swap_colours, moved.is_empty()) {
            (false, _) => moved,
            (true, true) => "invertcolor".to_owned(),
            (true, false) => format!("invertcolor {moved}"),
        }
    }

    /// The image of `node`: every constant mapped, every text its image's.
    pub fn image(self, node: &Node) -> Node {
        let mut image = node.clone();
        self.map_all(&mut image);
        image
    }

    /// Maps the constants of `node` and of the filters it is made of, but
    /// for those inside `notransform`.
    fn map_all(self, node: &mut Node) {
        if matches!(node.expr, Expr::NoTransform(_)) {
            return;
        }
        self.map_constants(node);
        node.expr.for_each_child_mut(|child| self.map_all(child));
    }

    /// The image of a set of squares (bit 0 = a1 ... 63 = h8).
    pub fn squares(self, mask: u64) -> u64 {
        match self.motion {
            Motion::Symmetry(square) => (0..64u32).filter(|i| mask & (1 << i) != 0).fold(0, |image, i| {
                let (file, rank) = square(i % 8, i / 8);
                image | 1 << (rank * 8 + file)
            }),
            Motion::Shift { files, ranks } => along_ranks(along_files(mask, ranks), files),
            Motion::Eighths(_) => mask,
        }
    }

    /// The image of a set of directions.
    pub fn directions(self, directions: Directions) -> Directions {
        match self.motion {
            Motion::Symmetry(square) => directions.image(square),
            Motion::Shift { .. } => directions,
            Motion::Eighths(turns) => {
                let mut image = 0;
                for (bit, step) in Directions::STEPS.into_iter().enumerate() {
                    if directions.0 & (1 << bit) != 0 {
                        let at = EIGHTHS.iter().position(|&s| s == step).expect("a direction's step");
                        let turned = EIGHTHS[(at + turns as usize) % 8];
                        image |= 1 << Directions::STEPS.iter().position(|&s| s == turned).expect("a step");
                    }
                }
                Directions(image)
            }
        }
    }

    /// Whether the map takes light squares to dark ones.
    pub fn swaps_square_colours(self) -> bool {
        match self.motion {
            Motion::Symmetry(square) => {
                let (file, rank) = square(0, 0);
                (file + rank) % 2 == 1
            }
            Motion::Shift { files, ranks } => (files + ranks) % 2 != 0,
            Motion::Eighths(_) => false,
        }
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
            Expr::ColorValue { white } if self.swap_colours => *white = !*white,
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
            // With the colours swapped, White's name or rating is Black's.
            Expr::GameData(field) if self.swap_colours => *field = field.colours_swapped(),
            Expr::Direction { directions, .. } | Expr::Ray { directions, .. } => {
                *directions = self.directions(*directions)
            }
            Expr::SquareColor { light, .. } if self.swaps_square_colours() => *light = !*light,
            Expr::CurrentTransform(names) => {
                let own = self.cql_name();
                *names = [own.as_str(), names.as_str()]
                    .into_iter()
                    .filter(|name| !name.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ");
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

/// Where a symmetry takes a1 and b1, its name for a person, and CQL 6.2's.
type SymmetryNames = ((u32, u32), (u32, u32), &'static str, &'static str);

/// Each symmetry of the board, told by where it takes a1 and b1: its name
/// for a person and the one CQL 6.2's `currenttransform` gives it.
const SYMMETRY_NAMES: [SymmetryNames; 8] = [
    ((0, 0), (1, 0), "as written", ""),
    ((7, 0), (6, 0), "reflected left to right", "reflect_v"),
    ((0, 7), (1, 7), "reflected top to bottom", "reflect_h"),
    ((7, 7), (6, 7), "rotated 180 degrees", "rotate180"),
    ((0, 0), (0, 1), "reflected in the a1-h8 diagonal", "reflect_a1h8"),
    ((7, 7), (7, 6), "reflected in the h1-a8 diagonal", "reflect_a8h1"),
    ((0, 7), (0, 6), "rotated 90 degrees clockwise", "clockwise90"),
    ((7, 0), (7, 1), "rotated 90 degrees counterclockwise", "counterclockwise90"),
];

/// The names of the symmetry `square` (see [`SYMMETRY_NAMES`]).
fn symmetry_names(square: SquareMap) -> (&'static str, &'static str) {
    let (a1, b1) = (square(0, 0), square(1, 0));
    SYMMETRY_NAMES
        .iter()
        .find(|(to_a1, to_b1, ..)| (*to_a1, *to_b1) == (a1, b1))
        .map(|&(.., person, cql)| (person, cql))
        .expect("one of the eight symmetries of the board")
}

/// `mask` moved `ranks` (-7 to 7) ranks up, file by file: a full file
/// stays, the squares of another leaving the board are dropped.
fn along_files(mask: u64, ranks: i32) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    (0..8).fold(0, |image, file| {
        let column = mask & (FILE_A << file);
        let moved = match ranks {
            _ if column == FILE_A << file => column,
            0.. => column << (8 * ranks),
            _ => column >> (8 * -ranks),
        };
        image | moved
    })
}

/// `mask` moved `files` (-7 to 7) files right, rank by rank: a full rank
/// stays, the squares of another leaving the board are dropped.
fn along_ranks(mask: u64, files: i32) -> u64 {
    (0..8).fold(0, |image, rank| {
        let row = (mask >> (8 * rank)) & 0xff;
        let moved = match files {
            _ if row == 0xff => row,
            0.. => (row << files) & 0xff,
            _ => row >> -files,
        };
        image | moved << (8 * rank)
    })
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
