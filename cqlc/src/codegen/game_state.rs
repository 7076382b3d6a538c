//! The filters about the state of the game at the current position.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::{self, PositionTest};

impl Emitter {
    /// `check`, `mate`, `wtm`, ...
    pub(super) fn game_state(&self, test: PositionTest) -> TokenStream {
        match test {
            PositionTest::Check => quote!(at.is_check()),
            PositionTest::Mate => quote!(at.is_mate()),
            PositionTest::Stalemate => quote!(at.is_stalemate()),
            PositionTest::WhiteToMove | PositionTest::BlackToMove => {
                let side = self.constant(ir::Constant::Side { white: test == PositionTest::WhiteToMove }.into());
                quote!(at.turn() == #side)
            }
            PositionTest::Initial => quote!(at.is_initial()),
            PositionTest::Mainline => quote!(at.is_mainline()),
            PositionTest::Variation => quote!(!at.is_mainline()),
            PositionTest::Terminal => quote!(at.is_terminal()),
            PositionTest::Try => quote!(at.is_try()),
            PositionTest::VirtualMainline => quote!(at.is_virtual_mainline()),
        }
    }
}
