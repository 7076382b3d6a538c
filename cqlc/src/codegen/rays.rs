//! The filters of pieces in line: `pin`, `ray`, `xray`.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;
use crate::ir::{self, Directions, Node, PinPart};

impl Emitter {
    /// `pin from X through Y to Z`: the part `value` of the pins found.
    pub(super) fn pin(&self, [from, through, to]: [Option<&Node>; 3], value: PinPart) -> TokenStream {
        let every = quote!(Bitboard::FULL);
        let from = from.map_or_else(|| every.clone(), |set| self.set(set));
        let through = through.map_or_else(|| every.clone(), |set| self.set(set));
        let to = to.map_or_else(|| quote!(at.board().kings()), |set| self.set(set));
        let part = match value {
            PinPart::Pinner => quote!(pinners),
            PinPart::Pinned => quote!(pinned),
            PinPart::Target => quote!(targets),
        };
        quote!(pins(#from, #through, #to, at.board()).#part)
    }

    /// `ray directions (x y ...)`, `xray (x y ...)`.
    pub(super) fn ray(&self, directions: Directions, x_ray: bool, operands: &[Node]) -> TokenStream {
        let sets: Vec<TokenStream> = operands.iter().map(|operand| self.set(operand)).collect();
        if x_ray {
            quote!(xray(&[#(#sets),*], at.board()))
        } else {
            let directions = self.constant(ir::Constant::Directions(directions).into());
            quote!(ray(#directions, &[#(#sets),*], at.board()))
        }
    }
}
