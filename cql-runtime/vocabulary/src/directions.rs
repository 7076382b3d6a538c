//! The eight directions of the board and the sets of them that CQL's
//! direction filters name (`up`, `diagonal`, ...). `up` is towards the
//! eighth rank whichever side is to move.

/// A symmetry of the board: where it takes the square `(file, rank)`.
pub type SquareMap = fn(u32, u32) -> (u32, u32);

/// A set of the eight directions, one bit each (see [`Directions::STEPS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Directions(pub u8);

/// Each direction filter's keyword, its set, and the constant's name.
const NAMED: [(&str, Directions, &str); 15] = [
    ("up", Directions::UP, "UP"),
    ("down", Directions::DOWN, "DOWN"),
    ("right", Directions::RIGHT, "RIGHT"),
    ("left", Directions::LEFT, "LEFT"),
    ("northeast", Directions::NORTHEAST, "NORTHEAST"),
    ("northwest", Directions::NORTHWEST, "NORTHWEST"),
    ("southeast", Directions::SOUTHEAST, "SOUTHEAST"),
    ("southwest", Directions::SOUTHWEST, "SOUTHWEST"),
    ("vertical", Directions::VERTICAL, "VERTICAL"),
    ("horizontal", Directions::HORIZONTAL, "HORIZONTAL"),
    ("orthogonal", Directions::ORTHOGONAL, "ORTHOGONAL"),
    ("diagonal", Directions::DIAGONAL, "DIAGONAL"),
    ("maindiagonal", Directions::MAINDIAGONAL, "MAINDIAGONAL"),
    ("offdiagonal", Directions::OFFDIAGONAL, "OFFDIAGONAL"),
    ("anydirection", Directions::ANYDIRECTION, "ANYDIRECTION"),
];

impl Directions {
    /// `up`: towards the eighth rank.
    pub const UP: Directions = Directions(1);
    /// `down`: towards the first rank.
    pub const DOWN: Directions = Directions(1 << 1);
    /// `right`: towards the h-file.
    pub const RIGHT: Directions = Directions(1 << 2);
    /// `left`: towards the a-file.
    pub const LEFT: Directions = Directions(1 << 3);
    /// `northeast`: up and right.
    pub const NORTHEAST: Directions = Directions(1 << 4);
    /// `northwest`: up and left.
    pub const NORTHWEST: Directions = Directions(1 << 5);
    /// `southeast`: down and right.
    pub const SOUTHEAST: Directions = Directions(1 << 6);
    /// `southwest`: down and left.
    pub const SOUTHWEST: Directions = Directions(1 << 7);
    /// `vertical`: up and down.
    pub const VERTICAL: Directions = Directions(0b11);
    /// `horizontal`: left and right.
    pub const HORIZONTAL: Directions = Directions(0b1100);
    /// `orthogonal`: along ranks and files.
    pub const ORTHOGONAL: Directions = Directions(0b1111);
    /// `diagonal`: the four diagonal directions.
    pub const DIAGONAL: Directions = Directions(0b1111_0000);
    /// `maindiagonal`: along the a1-h8 diagonals.
    pub const MAINDIAGONAL: Directions = Directions(0b1001_0000);
    /// `offdiagonal`: along the h1-a8 diagonals.
    pub const OFFDIAGONAL: Directions = Directions(0b0110_0000);
    /// `anydirection`: all eight.
    pub const ANYDIRECTION: Directions = Directions(0xff);

    /// The step of each direction, by bit: files right, ranks up.
    pub const STEPS: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

    /// The set a direction filter's keyword names (`up`, `diagonal`, ...).
    pub fn named(keyword: &str) -> Option<Directions> {
        NAMED.iter().find(|(word, ..)| *word == keyword).map(|(_, set, _)| *set)
    }

    /// The keyword that names this set, if one does.
    pub fn keyword(self) -> Option<&'static str> {
        NAMED.iter().find(|(_, set, _)| *set == self).map(|(word, ..)| *word)
    }

    /// The name of the constant for this set, if it has one (every set a
    /// keyword names, and their images under the board's symmetries, do).
    pub fn constant_name(self) -> Option<&'static str> {
        NAMED.iter().find(|(_, set, _)| *set == self).map(|(.., constant)| *constant)
    }

    /// The set's image under a symmetry of the board.
    pub fn image(self, square: SquareMap) -> Directions {
        let (centre_file, centre_rank) = square(3, 3);
        let mut image = 0;
        for (bit, (file_step, rank_step)) in Self::STEPS.into_iter().enumerate() {
            if self.0 & (1 << bit) == 0 {
                continue;
            }
            let (file, rank) = square((3 + file_step) as u32, (3 + rank_step) as u32);
            let step = (file as i32 - centre_file as i32, rank as i32 - centre_rank as i32);
            if let Some(index) = Self::STEPS.iter().position(|s| *s == step) {
                image |= 1 << index;
            }
        }
        Directions(image)
    }

    /// The squares (bit 0 = a1 ... 63 = h8) `min` to `max` steps away from
    /// a square of `from` in one of these directions, negative steps going
    /// the opposite way and 0 staying; squares off the board are dropped.
    #[inline]
    pub fn reach(self, from: u64, min: i32, max: i32) -> u64 {
        let (min, max) = (min.max(-7), max.min(7));
        if self.0 == 0 || min > max {
            return 0;
        }
        if (min, max) == (1, 1) {
            return self.one_step(from);
        }
        let mut found = 0;
        let mut squares = from;
        while squares != 0 {
            found |= self.reach_from(squares.trailing_zeros() as usize, min, max);
            squares &= squares - 1;
        }
        found
    }

    /// [`Directions::reach`] one step away (`up 1 ♔`, the commonest): the
    /// whole set shifted once per direction, the files it would wrap
    /// round from left out.
    #[inline]
    fn one_step(self, from: u64) -> u64 {
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        const FILE_H: u64 = FILE_A << 7;
        let mut found = 0;
        let mut bits = self.0;
        while bits != 0 {
            let (file_step, rank_step) = Self::STEPS[bits.trailing_zeros() as usize];
            let staying = match file_step {
                1 => from & !FILE_H,
                -1 => from & !FILE_A,
                _ => from,
            };
            let shift = rank_step * 8 + file_step;
            found |= if shift > 0 { staying << shift } else { staying >> -shift };
            bits &= bits - 1;
        }
        found
    }

    /// [`Directions::reach`] from one square, for `min` to `max` within
    /// -7 to 7: along each direction's ray the squares as many steps away
    /// as allowed (a ray's kth square is k steps away in the king's
    /// distance too), along the opposite ray those of the negative steps.
    fn reach_from(self, square: usize, min: i32, max: i32) -> u64 {
        let forward = within_steps(square, min.max(1), max);
        let backward = within_steps(square, (-max).max(1), -min);
        let mut found = if min <= 0 && 0 <= max { 1 << square } else { 0 };
        for (bit, opposite) in OPPOSITE.into_iter().enumerate() {
            if self.0 & (1 << bit) != 0 {
                found |= (RAYS[bit][square] & forward) | (RAYS[opposite][square] & backward);
            }
        }
        found
    }
}

/// The squares `least` to `most` king's steps from `square` (none if
/// `least` is greater), `least` at least 1 and `most` at most 7.
fn within_steps(square: usize, least: i32, most: i32) -> u64 {
    if least > most {
        return 0;
    }
    WITHIN_STEPS[square][most as usize] & !WITHIN_STEPS[square][least as usize - 1]
}

/// The direction opposite each one, by bit (see [`Directions::STEPS`]).
const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

/// Each direction's ray from each square: the squares 1 to 7 steps away
/// in that direction, by direction bit and square.
const RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut bit = 0;
    while bit < 8 {
        let (file_step, rank_step) = Directions::STEPS[bit];
        let mut square = 0;
        while square < 64 {
            let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
            loop {
                file += file_step;
                rank += rank_step;
                if file < 0 || file > 7 || rank < 0 || rank > 7 {
                    break;
                }
                rays[bit][square] |= 1 << (rank * 8 + file);
            }
            square += 1;
        }
        bit += 1;
    }
    rays
};

/// For each square and each distance 0 to 7, the squares at most that many
/// king's steps away.
const WITHIN_STEPS: [[u64; 8]; 64] = {
    let mut within = [[0; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut other = 0usize;
        while other < 64 {
            let (file_steps, rank_steps) = (((other % 8) as i32 - file).abs(), ((other / 8) as i32 - rank).abs());
            let steps = if file_steps > rank_steps { file_steps } else { rank_steps };
            let mut distance = steps as usize;
            while distance < 8 {
                within[square][distance] |= 1 << other;
                distance += 1;
            }
            other += 1;
        }
        square += 1;
    }
    within
};

#[cfg(test)]
mod tests {
    use super::*;

    fn set(keyword: &str) -> Directions {
        Directions::named(keyword).unwrap()
    }

    /// A mask of squares by name.
    fn squares(names: &[&str]) -> u64 {
        names.iter().fold(0, |mask, name| {
            let (file, rank) = (name.as_bytes()[0] - b'a', name.as_bytes()[1] - b'1');
            mask | 1 << (rank * 8 + file)
        })
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
        for (keyword, set, _) in NAMED {
            assert_eq!(set.keyword(), Some(keyword));
            for symmetry in symmetries {
                assert!(set.image(symmetry).constant_name().is_some(), "{keyword}");
            }
        }
    }

    #[test]
    fn steps_along_the_directions_ignoring_pieces() {
        let d4 = squares(&["d4"]);
        assert_eq!(Directions::UP.reach(d4, 1, 1), squares(&["d5"]));
        assert_eq!(Directions::UP.reach(d4, 1, 7), squares(&["d5", "d6", "d7", "d8"]));
        assert_eq!(Directions::HORIZONTAL.reach(d4, 2, 2), squares(&["b4", "f4"]));
        assert_eq!(Directions::ANYDIRECTION.reach(d4, 1, 7).count_ones(), 27, "a queen's reach from d4");
        assert_eq!(Directions::SOUTHWEST.reach(squares(&["a1"]), 1, 7), 0);
        assert_eq!(Directions::MAINDIAGONAL.reach(squares(&["a1"]), 1, 7).count_ones(), 7);
    }

    #[test]
    fn nothing_wraps_round_the_edge_of_the_board() {
        let h_file = squares(&["h1", "h4", "h8"]);
        assert_eq!(Directions::RIGHT.reach(h_file, 1, 7), 0);
        assert_eq!(Directions::NORTHEAST.reach(h_file, 1, 7), 0);
        assert_eq!(Directions::LEFT.reach(squares(&["a5"]), 1, 7), 0);
        assert_eq!(Directions::UP.reach(squares(&["c8"]), 1, 7), 0);
    }

    #[test]
    fn negative_distances_go_the_other_way_and_zero_stays() {
        let d4 = squares(&["d4"]);
        assert_eq!(Directions::UP.reach(d4, -2, -2), squares(&["d2"]));
        assert_eq!(Directions::RIGHT.reach(d4, 0, 0), d4);
        assert_eq!(Directions::NORTHEAST.reach(d4, -1, 1), squares(&["c3", "d4", "e5"]));
    }

    /// From every square, each direction's squares at each distance (of
    /// any sign) are the ones counted square by square on the board, and a
    /// set reaches the union of what its squares reach.
    #[test]
    fn reach_is_counted_square_by_square() {
        for (bit, (file_step, rank_step)) in Directions::STEPS.into_iter().enumerate() {
            let direction = Directions(1 << bit);
            for from in 0..64 {
                let (file, rank) = (from % 8, from / 8);
                for distance in -9..=9 {
                    let (to_file, to_rank) = (file + file_step * distance, rank + rank_step * distance);
                    let expected = if (0..8).contains(&to_file) && (0..8).contains(&to_rank) {
                        1u64 << (to_rank * 8 + to_file)
                    } else {
                        0
                    };
                    assert_eq!(direction.reach(1 << from, distance, distance), expected, "{bit} {from} {distance}");
                }
            }
        }
        // One step (computed by shifts) in a set of directions is the union
        // of its directions' steps, checked square by square above.
        let edges = squares(&["a1", "h1", "a8", "h8", "a4", "h5", "d1", "e8", "d4"]);
        for bits in 0..=u8::MAX {
            let each = (0..8).filter(|bit| bits & (1 << bit) != 0).map(|bit| Directions(1 << bit).reach(edges, 1, 1));
            assert_eq!(Directions(bits).reach(edges, 1, 1), each.fold(0, |all, step| all | step), "{bits:08b}");
        }
        let (corners, all) = (squares(&["a1", "h8"]), Directions(0xff));
        assert_eq!(all.reach(corners, 1, 7), all.reach(squares(&["a1"]), 1, 7) | all.reach(squares(&["h8"]), 1, 7));
        // A range reaches what each of its distances does.
        let from = squares(&["b2", "d4", "g7"]);
        for directions in [set("up"), set("vertical"), set("diagonal"), set("offdiagonal"), all] {
            for min in -9..=9 {
                for max in -9..=9 {
                    let each = (min..=max).fold(0, |found, d| found | directions.reach(from, d, d));
                    assert_eq!(directions.reach(from, min, max), each, "{directions:?} {min} {max}");
                }
            }
        }
    }
}
