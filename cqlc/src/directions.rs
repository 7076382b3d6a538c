//! Sets of the eight board directions, as the direction filters (`up`,
//! `diagonal`, ...) name them: one bit per direction, in the order of the
//! runtime's `Directions::STEPS`, so that a set is emitted as the runtime
//! constant of the same name.

/// A symmetry of the board: where it takes the square `(file, rank)`.
pub type SquareMap = fn(u32, u32) -> (u32, u32);

/// A set of directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectionSet(pub u8);

/// Each direction filter's keyword, its set, and the runtime constant's name.
const NAMED: [(&str, u8, &str); 15] = [
    ("up", 1, "UP"),
    ("down", 1 << 1, "DOWN"),
    ("right", 1 << 2, "RIGHT"),
    ("left", 1 << 3, "LEFT"),
    ("northeast", 1 << 4, "NORTHEAST"),
    ("northwest", 1 << 5, "NORTHWEST"),
    ("southeast", 1 << 6, "SOUTHEAST"),
    ("southwest", 1 << 7, "SOUTHWEST"),
    ("vertical", 0b11, "VERTICAL"),
    ("horizontal", 0b1100, "HORIZONTAL"),
    ("orthogonal", 0b1111, "ORTHOGONAL"),
    ("diagonal", 0b1111_0000, "DIAGONAL"),
    ("maindiagonal", 0b1001_0000, "MAINDIAGONAL"),
    ("offdiagonal", 0b0110_0000, "OFFDIAGONAL"),
    ("anydirection", 0xff, "ANYDIRECTION"),
];

/// The step of each direction (bit 0 first): files right, ranks up.
const STEPS: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

impl DirectionSet {
    /// The set a direction keyword names.
    pub fn named(keyword: &str) -> Option<DirectionSet> {
        NAMED.iter().find(|(word, ..)| *word == keyword).map(|(_, bits, _)| DirectionSet(*bits))
    }

    /// The runtime constant for this set, if it has a name (every set a
    /// keyword names, and their images under the board's symmetries, do).
    pub fn constant_name(self) -> Option<&'static str> {
        NAMED.iter().find(|(_, bits, _)| *bits == self.0).map(|(.., constant)| *constant)
    }

    /// The set's image under a symmetry of the board.
    pub fn image(self, square: SquareMap) -> DirectionSet {
        let (centre_file, centre_rank) = square(3, 3);
        let mut image = 0;
        for (bit, (file_step, rank_step)) in STEPS.into_iter().enumerate() {
            if self.0 & (1 << bit) == 0 {
                continue;
            }
            let (file, rank) = square((3 + file_step) as u32, (3 + rank_step) as u32);
            let step = (file as i32 - centre_file as i32, rank as i32 - centre_rank as i32);
            let index = STEPS.iter().position(|s| *s == step).expect("a symmetry takes a step to a step");
            image |= 1 << index;
        }
        DirectionSet(image)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(keyword: &str) -> DirectionSet {
        DirectionSet::named(keyword).unwrap()
    }

    #[test]
    fn reflections_and_rotations_take_directions_to_their_images() {
        let top_to_bottom = |f, r| (f, 7 - r);
        assert_eq!(set("up").image(top_to_bottom), set("down"));
        assert_eq!(set("northeast").image(top_to_bottom), set("southeast"));
        assert_eq!(set("vertical").image(top_to_bottom), set("vertical"));
        let quarter_turn = |f, r| (r, 7 - f);
        assert_eq!(set("vertical").image(quarter_turn), set("horizontal"));
        assert_eq!(set("maindiagonal").image(quarter_turn), set("offdiagonal"));
        assert_eq!(set("up").image(|f, r| (r, f)), set("right"));
    }

    #[test]
    fn every_image_of_a_named_set_has_a_name() {
        let symmetries: [SquareMap; 4] = [|f, r| (7 - f, r), |f, r| (f, 7 - r), |f, r| (r, f), |f, r| (r, 7 - f)];
        for (keyword, ..) in NAMED {
            for symmetry in symmetries {
                assert!(set(keyword).image(symmetry).constant_name().is_some(), "{keyword}");
            }
        }
    }
}
