//! Which material one side can have: the rule that limits un-captures and
//! un-promotions in reverse move generation.
//!
//! A side starts with 8 pawns, 2 knights, a light-squared and a dark-squared
//! bishop, 2 rooks, a queen and a king (in Chess960 too: its bishops also
//! start on squares of both colours). Every piece beyond those came from the
//! promotion of one of its pawns, and a pawn that promoted is no longer on
//! the board. So the material is possible when
//!
//! `pawns + surplus knights + surplus rooks + surplus queens + surplus light
//! bishops + surplus dark bishops ≤ 8`,
//!
//! which also keeps pawns to 8 and the side to 16 men at most.

use shakmaty::{Bitboard, Board, Color, Role, Square};

/// One side's men, counted the way the material rule needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Material {
    pawns: u32,
    knights: u32,
    light_bishops: u32,
    dark_bishops: u32,
    rooks: u32,
    queens: u32,
    kings: u32,
    /// All men, the king included.
    men: u32,
}

impl Material {
    /// The material of `color` on `board`.
    pub(super) fn of(board: &Board, color: Color) -> Material {
        let side = board.by_color(color);
        let bishops = board.bishops() & side;
        Material {
            pawns: (board.pawns() & side).count() as u32,
            knights: (board.knights() & side).count() as u32,
            light_bishops: (bishops & Bitboard::LIGHT_SQUARES).count() as u32,
            dark_bishops: (bishops & Bitboard::DARK_SQUARES).count() as u32,
            rooks: (board.rooks() & side).count() as u32,
            queens: (board.queens() & side).count() as u32,
            kings: (board.kings() & side).count() as u32,
            men: side.count() as u32,
        }
    }

    /// This material with one more `role` (standing on `square`, which
    /// matters for a bishop).
    pub(super) fn with(mut self, role: Role, square: Square) -> Material {
        *self.count_mut(role, square) += 1;
        self.men += 1;
        self
    }

    /// This material with one `role` on `square` less.
    pub(super) fn without(mut self, role: Role, square: Square) -> Material {
        let count = self.count_mut(role, square);
        *count = count.saturating_sub(1);
        self.men = self.men.saturating_sub(1);
        self
    }

    /// Whether a side could have this material in a game from the start
    /// position (see the module documentation).
    pub(super) fn is_possible(&self) -> bool {
        let promoted = self.knights.saturating_sub(2)
            + self.light_bishops.saturating_sub(1)
            + self.dark_bishops.saturating_sub(1)
            + self.rooks.saturating_sub(2)
            + self.queens.saturating_sub(1);
        self.pawns + promoted <= 8 && self.men <= 16
    }

    fn count_mut(&mut self, role: Role, square: Square) -> &mut u32 {
        match role {
            Role::Pawn => &mut self.pawns,
            Role::Knight => &mut self.knights,
            Role::Bishop if square.is_light() => &mut self.light_bishops,
            Role::Bishop => &mut self.dark_bishops,
            Role::Rook => &mut self.rooks,
            Role::Queen => &mut self.queens,
            Role::King => &mut self.kings,
        }
    }
}

/// The piece types a side may get back by an un-capture, for a capture on a
/// light and on a dark square: those that keep its material possible. Never
/// a king; pawns also need a square off the first and last ranks, which the
/// caller checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Recapturable {
    on_light: [bool; 5],
    on_dark: [bool; 5],
}

/// The piece types an un-capture can bring back, in the order they are tried.
pub(super) const CAPTURABLE_ROLES: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

impl Recapturable {
    /// What `color` could have lost on the last move, given its men on `board`.
    pub(super) fn for_side(board: &Board, color: Color) -> Recapturable {
        let material = Material::of(board, color);
        let allowed = |square: Square| CAPTURABLE_ROLES.map(|role| material.with(role, square).is_possible());
        Recapturable { on_light: allowed(Square::B1), on_dark: allowed(Square::A1) }
    }

    /// The piece types that could have been captured on `square`.
    pub(super) fn on(&self, square: Square) -> impl Iterator<Item = Role> + '_ {
        let allowed = if square.is_light() { &self.on_light } else { &self.on_dark };
        let pawn_fits = !Bitboard::BACKRANKS.contains(square);
        CAPTURABLE_ROLES
            .iter()
            .zip(allowed)
            .filter(move |&(&role, &ok)| ok && (role != Role::Pawn || pawn_fits))
            .map(|(&role, _)| role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn board(fen: &str) -> Board {
        fen.parse::<Fen>().unwrap().as_setup().board.clone()
    }

    fn roles(recapturable: &Recapturable, square: Square) -> Vec<Role> {
        recapturable.on(square).collect()
    }

    #[test]
    fn the_start_position_is_possible_and_full() {
        let start = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for color in Color::ALL {
            assert!(Material::of(&start, color).is_possible());
            let recapturable = Recapturable::for_side(&start, color);
            assert!(Square::ALL.iter().all(|&square| recapturable.on(square).next().is_none()), "16 men");
        }
    }

    #[test]
    fn with_all_pawns_only_missing_pieces_come_back() {
        // White has its 8 pawns, both knights and the light bishop (f1); it
        // lacks the dark bishop, both rooks and the queen.
        let missing = board("4k3/8/8/8/8/8/PPPPPPPP/1N2KBN1 w - - 0 1");
        let white = Recapturable::for_side(&missing, Color::White);
        assert_eq!(roles(&white, Square::E4), vec![Role::Rook, Role::Queen], "e4 is light, as f1");
        assert_eq!(roles(&white, Square::D4), vec![Role::Bishop, Role::Rook, Role::Queen], "d4 is dark");
    }

    #[test]
    fn missing_pawns_allow_promoted_pieces_and_pawns_never_on_the_back_rank() {
        // Two pawns missing: a third knight (one promotion) fits, so does a pawn.
        let two_missing = board("4k3/8/8/8/8/8/PPPPPP2/RNBQKBNR w - - 0 1");
        let white = Recapturable::for_side(&two_missing, Color::White);
        assert_eq!(roles(&white, Square::E4), CAPTURABLE_ROLES.to_vec());
        assert_eq!(roles(&white, Square::E8), CAPTURABLE_ROLES[1..].to_vec());
    }

    #[test]
    fn surplus_beyond_the_missing_pawns_is_impossible() {
        // Seven pawns and three queens: two promotions for one missing pawn.
        let three_queens = board("4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1");
        assert!(!Material::of(&three_queens, Color::White).is_possible());
        let two_queens = Material::of(&three_queens, Color::White).without(Role::Queen, Square::A1);
        assert!(two_queens.is_possible());
        assert!(!two_queens.with(Role::Pawn, Square::H2).is_possible(), "a 9th pawn-or-promotion");
    }
}
