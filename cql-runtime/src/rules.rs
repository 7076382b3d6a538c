//! The rules a game is played by ([`Rules`]), from its `[Variant]` tag: the
//! names CQLi's manual lists for each variant, in any case, with lichess's
//! spellings among them (`Three-check`, `King of the Hill`, `From Position`).
//! Losers and Suicide, which CQLi also plays, are not among shakmaty's
//! variants, so their games are refused as unsupported.

use shakmaty::{CastlingMode, variant::Variant};

/// A variant, and whether its start position may be a Chess960 one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// The variant.
    pub variant: Variant,
    /// Chess960 (Fischer random): castling with rooks on any file.
    pub chess960: bool,
}

impl Rules {
    /// Standard chess, with the start position and castling of the laws of
    /// chess: the rules of games without a `[Variant]` tag unless
    /// `-variant` says otherwise.
    pub const STANDARD: Rules = Rules { variant: Variant::Chess, chess960: false };

    /// The rules `tag`, the value of a `[Variant]` tag, names; none if it
    /// names no variant cqlc plays.
    pub fn named(tag: &[u8]) -> Option<Rules> {
        let name = tag.trim_ascii().to_ascii_lowercase();
        if name.windows(3).any(|w| w == b"960") || name.starts_with(b"fischer") {
            return Some(Rules { variant: Variant::Chess, chess960: true });
        }
        let variant = match &name[..] {
            b"" | b"standard" | b"chess" | b"classical" | b"normal" | b"from position" => Variant::Chess,
            b"atom" | b"atomic" | b"atomic chess" => Variant::Atomic,
            b"crazyhouse" | b"crazy house" | b"house" | b"zh" => Variant::Crazyhouse,
            b"antichess" | b"giveaway" | b"give away" | b"giveaway chess" | b"give away chess" => Variant::Antichess,
            b"horde" | b"horde chess" => Variant::Horde,
            b"king of the hill" | b"kingofthehill" | b"koth" => Variant::KingOfTheHill,
            b"race" | b"racing" | b"racingkings" | b"racing kings" => Variant::RacingKings,
            b"three-check" | b"three check" | b"threecheck" | b"three check chess" | b"3-check" | b"3 check" => {
                Variant::ThreeCheck
            }
            _ => return None,
        };
        Some(Rules { variant, chess960: false })
    }

    /// How castling rights of a `[FEN]` are read: by rook files in Chess960,
    /// else as the FEN writes them.
    pub fn castling_mode(&self, detected: CastlingMode) -> CastlingMode {
        if self.chess960 { CastlingMode::Chess960 } else { detected }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cqli_and_lichess_names_choose_the_variant_in_any_case() {
        let variant = |tag: &str| Rules::named(tag.as_bytes()).map(|rules| (rules.variant, rules.chess960));
        assert_eq!(variant("ZH"), Some((Variant::Crazyhouse, false)));
        assert_eq!(variant("Three-check"), Some((Variant::ThreeCheck, false)));
        assert_eq!(variant("King of the Hill"), Some((Variant::KingOfTheHill, false)));
        assert_eq!(variant("Antichess"), Some((Variant::Antichess, false)));
        assert_eq!(variant(" From Position "), Some((Variant::Chess, false)));
        assert_eq!(variant("Chess960"), Some((Variant::Chess, true)));
        assert_eq!(variant("Suicide"), None);
        assert_eq!(variant("Losers"), None);
    }
}
