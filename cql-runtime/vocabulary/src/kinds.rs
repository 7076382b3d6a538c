//! What a piece designator names: kinds of piece (colour and role) and the
//! empty square; and piece roles alone, for promotions and drops.

use std::ops::BitOr;

/// The roles in the order of their bits: pawn first, king last.
pub const ROLE_NAMES: [&str; 6] = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];

/// A set of piece kinds: the twelve pieces and the empty square. The bit of
/// a piece is `colour * 6 + role` (white first; roles pawn, knight, bishop,
/// rook, queen, king), bit 12 is the empty square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kinds(pub u16);

impl Kinds {
    /// No kind.
    pub const NONE: Kinds = Kinds(0);
    /// `♙` `P`
    pub const WHITE_PAWN: Kinds = Kinds::piece(true, 0);
    /// `♘` `N`
    pub const WHITE_KNIGHT: Kinds = Kinds::piece(true, 1);
    /// `♗` `B`
    pub const WHITE_BISHOP: Kinds = Kinds::piece(true, 2);
    /// `♖` `R`
    pub const WHITE_ROOK: Kinds = Kinds::piece(true, 3);
    /// `♕` `Q`
    pub const WHITE_QUEEN: Kinds = Kinds::piece(true, 4);
    /// `♔` `K`
    pub const WHITE_KING: Kinds = Kinds::piece(true, 5);
    /// `♟` `p`
    pub const BLACK_PAWN: Kinds = Kinds::piece(false, 0);
    /// `♞` `n`
    pub const BLACK_KNIGHT: Kinds = Kinds::piece(false, 1);
    /// `♝` `b`
    pub const BLACK_BISHOP: Kinds = Kinds::piece(false, 2);
    /// `♜` `r`
    pub const BLACK_ROOK: Kinds = Kinds::piece(false, 3);
    /// `♛` `q`
    pub const BLACK_QUEEN: Kinds = Kinds::piece(false, 4);
    /// `♚` `k`
    pub const BLACK_KING: Kinds = Kinds::piece(false, 5);
    /// `△` `A`: any white piece.
    pub const WHITE: Kinds = Kinds(0x003f);
    /// `▲` `a`: any black piece.
    pub const BLACK: Kinds = Kinds(0x0fc0);
    /// `◭` `[Aa]`: any piece.
    pub const ANY_PIECE: Kinds = Kinds(0x0fff);
    /// `□` `_`: an empty square.
    pub const EMPTY: Kinds = Kinds(0x1000);

    /// The kind of the piece of colour `white` (else black) and `role`
    /// (0 = pawn ... 5 = king).
    pub const fn piece(white: bool, role: u8) -> Kinds {
        Kinds(1 << (if white { 0 } else { 6 } + role as u16))
    }

    /// Both sets of kinds.
    pub const fn with(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    /// Whether every kind of `other` is one of these.
    pub const fn contains(self, other: Kinds) -> bool {
        self.0 & other.0 == other.0
    }

    /// The same kinds with the colours swapped (for `⬓`/`flipcolor`).
    pub const fn flip_colors(self) -> Kinds {
        Kinds(((self.0 & 0x003f) << 6) | ((self.0 >> 6) & 0x003f) | (self.0 & 0x1000))
    }

    /// The roles of these kinds, colour ignored (the empty square has none).
    pub const fn roles(self) -> Roles {
        Roles(((self.0 & 0x3f) | ((self.0 >> 6) & 0x3f)) as u8)
    }

    /// The names of the constants whose union these kinds are, groups
    /// (`WHITE`, `ANY_PIECE`) before single pieces (`BLACK_KING`).
    pub fn constant_names(self) -> Vec<String> {
        const GROUPS: [(Kinds, &str); 4] = [
            (Kinds::ANY_PIECE, "ANY_PIECE"),
            (Kinds::WHITE, "WHITE"),
            (Kinds::BLACK, "BLACK"),
            (Kinds::EMPTY, "EMPTY"),
        ];
        let mut rest = self.0;
        let mut names = Vec::new();
        for (group, name) in GROUPS {
            if rest & group.0 == group.0 {
                names.push(name.to_owned());
                rest &= !group.0;
            }
        }
        for bit in 0..12 {
            if rest & (1 << bit) != 0 {
                let colour = if bit < 6 { "WHITE" } else { "BLACK" };
                names.push(format!("{colour}_{}", ROLE_NAMES[bit % 6]));
            }
        }
        names
    }
}

impl BitOr for Kinds {
    type Output = Kinds;

    fn bitor(self, other: Kinds) -> Kinds {
        self.with(other)
    }
}

/// A set of piece roles, colour ignored: bit 0 = pawn ... bit 5 = king
/// (`=♖♗♘` in a dash, `promote N`, `drop [RB]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Roles(pub u8);

impl Roles {
    /// A pawn.
    pub const PAWN: Roles = Roles(1);
    /// A knight.
    pub const KNIGHT: Roles = Roles(1 << 1);
    /// A bishop.
    pub const BISHOP: Roles = Roles(1 << 2);
    /// A rook.
    pub const ROOK: Roles = Roles(1 << 3);
    /// A queen.
    pub const QUEEN: Roles = Roles(1 << 4);
    /// A king.
    pub const KING: Roles = Roles(1 << 5);
    /// What a pawn can promote to.
    pub const PROMOTIONS: Roles = Roles(0b01_1110);
    /// Every role.
    pub const ALL: Roles = Roles(0b11_1111);

    /// The roles named by the piece letters in `text`, either case
    /// (`"RBN"`); other characters name none (`"Ro9"` is a rook), as in
    /// CQL 6.2's promotions.
    pub fn named_in(text: &str) -> Roles {
        // A letter is one byte; no byte of another character is a letter.
        let role = |byte: u8| match byte.to_ascii_lowercase() {
            b'p' => Roles::PAWN,
            b'n' => Roles::KNIGHT,
            b'b' => Roles::BISHOP,
            b'r' => Roles::ROOK,
            b'q' => Roles::QUEEN,
            b'k' => Roles::KING,
            _ => Roles(0),
        };
        text.bytes().fold(Roles(0), |roles, byte| Roles(roles.0 | role(byte).0))
    }

    /// The roles a promotion named by a string (`――=T`) may be to: those
    /// its letters name, any for `""` or `"."`, none without a value.
    pub fn promoted_to(text: Option<&str>) -> Roles {
        match text {
            None => Roles(0),
            Some("" | ".") => Roles::PROMOTIONS,
            Some(text) => Roles::named_in(text),
        }
    }

    /// Whether role number `role` (0 = pawn ... 5 = king) is one of these.
    pub const fn contains_role(self, role: u8) -> bool {
        role < 6 && self.0 & (1 << role) != 0
    }

    /// Whether every role of `other` is one of these.
    pub const fn contains(self, other: Roles) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether these and `other` share a role.
    pub const fn intersects(self, other: Roles) -> bool {
        self.0 & other.0 != 0
    }

    /// The names of the single-role constants these roles are the union of.
    pub fn constant_names(self) -> Vec<&'static str> {
        if self == Roles::ALL {
            return vec!["ALL"];
        }
        (0..6).filter(|&role| self.contains_role(role)).map(|role| ROLE_NAMES[role as usize]).collect()
    }
}

impl BitOr for Roles {
    type Output = Roles;

    fn bitor(self, other: Roles) -> Roles {
        Roles(self.0 | other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_swap_colours_and_name_themselves() {
        assert_eq!(Kinds::WHITE.flip_colors(), Kinds::BLACK);
        assert_eq!(Kinds::EMPTY.flip_colors(), Kinds::EMPTY);
        assert_eq!(Kinds::WHITE_KING.flip_colors(), Kinds::BLACK_KING);
        assert_eq!((Kinds::WHITE | Kinds::EMPTY).constant_names(), ["WHITE", "EMPTY"]);
        assert_eq!((Kinds::WHITE_BISHOP | Kinds::BLACK_KING).constant_names(), ["WHITE_BISHOP", "BLACK_KING"]);
        assert!(Kinds::ANY_PIECE.contains(Kinds::BLACK_QUEEN) && !Kinds::WHITE.contains(Kinds::BLACK_QUEEN));
    }

    #[test]
    fn roles_come_from_kinds_or_letters() {
        assert_eq!((Kinds::WHITE_ROOK | Kinds::BLACK_KNIGHT).roles(), Roles::ROOK | Roles::KNIGHT);
        assert_eq!(Roles::named_in("RBn"), Roles::ROOK | Roles::BISHOP | Roles::KNIGHT);
        assert_eq!(Roles::named_in("Ro9"), Roles::ROOK);
        assert_eq!(Roles::named_in("éQ—k"), Roles::QUEEN | Roles::KING);
        assert_eq!((Roles::QUEEN | Roles::KNIGHT).constant_names(), ["KNIGHT", "QUEEN"]);
    }
}
