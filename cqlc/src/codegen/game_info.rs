//! The filters about the game as a whole: `year`, `result`, the players,
//! their ratings, the event and the other tags.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::{
    ir::{self, GameField},
    syntax::ast::AwardKind,
};

impl Emitter {
    /// `year`.
    pub(super) fn year(&self) -> TokenStream {
        quote!(at.year())
    }

    /// `player white`, `elo`, `tag "Name"` and the other values of the game.
    pub(super) fn game_data(&self, field: &GameField) -> TokenStream {
        let side = |white: bool| self.constant(ir::Constant::Side { white }.into());
        match field {
            GameField::Player { white } => {
                let side = side(*white);
                quote!(at.player(#side))
            }
            GameField::Event => quote!(at.event()),
            GameField::Site => quote!(at.site()),
            GameField::Date => quote!(at.date()),
            GameField::EventDate => quote!(at.event_date()),
            GameField::Eco => quote!(at.eco()),
            GameField::Elo { white: Some(white) } => {
                let side = side(*white);
                quote!(at.elo(Some(#side)))
            }
            GameField::Elo { white: None } => quote!(at.elo(None)),
            GameField::Tag(name) => quote!(at.tag_value(#name)),
            GameField::GameNumber => quote!(at.game_number()),
            GameField::LastGameNumber => quote!(at.last_game_number()),
            GameField::Fen => quote!(at.fen()),
            GameField::OriginalComment => quote!(at.original_comment()),
            GameField::RemoveComment => quote!(at.remove_comment()),
            GameField::HasCook => quote!(at.has_cook()),
            GameField::Award { kind, max, special } => {
                let kind = award_letter(*kind);
                quote!(at.award(#kind, #max, #special))
            }
            GameField::HasNag(nag) => {
                let nag = proc_macro2::Literal::u8_unsuffixed(*nag);
                quote!(at.has_nag(#nag))
            }
        }
    }

    /// `hhdb prize` and the other awards as filters, which match a special
    /// award without `special` too (CQL 6.2's `match_position`).
    pub(super) fn award_matches(&self, kind: AwardKind, special: bool) -> TokenStream {
        let kind = award_letter(kind);
        quote!(at.has_award(#kind, #special))
    }

    /// `result 1-0`.
    pub(super) fn result(&self, result: &str) -> TokenStream {
        let result = self.constant(ir::Constant::Result(result.to_owned()).into());
        quote!(at.result_is(#result))
    }
}

/// The letter of an award of `kind` in the runtime's calls (`None` for any).
fn award_letter(kind: AwardKind) -> TokenStream {
    match kind {
        AwardKind::Any => quote!(None),
        AwardKind::Prize => quote!(Some('p')),
        AwardKind::HonourableMention => quote!(Some('h')),
        AwardKind::Commendation => quote!(Some('c')),
    }
}
