//! CQLi's filters about chess variants: `variant` (the name of the game's
//! variant) and `variantwin`, `variantloss`, `variantdraw`, `variantend`
//! (a rule of the variant ends the game at the current position: a king on
//! the hill, a third check, a king exploded or on the eighth rank, all men
//! lost). Wins and losses are the side to move's, as `mate` is about the
//! side to move. In standard chess no variant rule ends a game.

use shakmaty::{CastlingMode, KnownOutcome, Outcome, Position, variant::Variant};

use crate::cursor::Cursor;

/// How a variant's rule ends the game, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantEnd {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Drawn.
    Draw,
}

impl Cursor<'_> {
    /// `variant`: the name of the variant the game is played in, as CQLi's
    /// manual names it (`Standard`, `Chess960`, `Crazyhouse`, `Giveaway`, ...).
    pub fn variant_name(&self) -> &'static str {
        let position = self.position();
        match position.variant() {
            Variant::Chess if position.castles().mode() == CastlingMode::Chess960 => "Chess960",
            Variant::Chess => "Standard",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Giveaway",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-Check",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::RacingKings => "Racing Kings",
            Variant::Horde => "Horde",
        }
    }

    /// How a rule of the variant ends the game at the current position, if
    /// one does.
    pub fn variant_end(&self) -> Option<VariantEnd> {
        let position = self.position();
        if !position.is_variant_end() {
            return None;
        }
        Some(match position.variant_outcome() {
            Outcome::Known(KnownOutcome::Decisive { winner }) if winner == position.turn() => VariantEnd::Win,
            Outcome::Known(KnownOutcome::Decisive { .. }) => VariantEnd::Loss,
            Outcome::Known(KnownOutcome::Draw) | Outcome::Unknown => VariantEnd::Draw,
        })
    }
}
