//! The filters of pieces in line: `pin` with its parameters `from`,
//! `through` and `to` (each once, in any order), `ray` with its directions
//! (`ray up (x y ...)`, `ray attack (...)`) and `xray`.

use super::{Parsed, Parser, precedence::Level};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{Directions, Filter, FilterKind, Pin, PinPart},
        error::{Expected, SyntaxError},
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

impl Parser<'_> {
    /// `pin [from X] [through Y] [to Z]`, after `pin`. Each set is read as a
    /// move filter's is (`pin through ♙ | ♕` is `(pin through ♙) | ♕`).
    pub(super) fn pin(&mut self) -> Parsed<FilterKind> {
        let mut pin = Pin { from: None, through: None, to: None, value: PinPart::Pinned };
        let mut first = None;
        loop {
            let start = self.here().start;
            let (parameter, part) = match self.peek_kind() {
                Some(TokenKind::Word(word)) if word == "from" => ("from", PinPart::Pinner),
                Some(TokenKind::Word(word)) if word == "through" => ("through", PinPart::Pinned),
                Some(TokenKind::Word(word)) if word == "to" => ("to", PinPart::Target),
                _ => break,
            };
            self.next();
            if pin_parameter(&mut pin, part).is_some() {
                return Err(Diagnostic::new(self.span_from(start), SyntaxError::PinParameterTwice { parameter }));
            }
            let set: Filter = self.level(Level::Complement)?;
            *pin_parameter(&mut pin, part) = Some(Box::new(set));
            first.get_or_insert(part);
        }
        pin.value = first.unwrap_or(PinPart::Pinned);
        Ok(FilterKind::Pin(pin))
    }

    /// `ray [directions] (x y ...)` (`x_ray` false) or `xray (x y ...)`,
    /// after the keyword `token`. `ray attack` is `xray`.
    pub(super) fn ray(&mut self, token: &Token, mut x_ray: bool) -> Parsed<FilterKind> {
        let keyword = if x_ray { "xray" } else { "ray" };
        let mut directions: Option<Directions> = None;
        while !x_ray {
            let start = self.here().start;
            let Some(TokenKind::Word(word)) = self.peek_kind() else { break };
            let word = word.clone();
            if directions.is_none() && (word == "attack" || word == "attacks") {
                self.next();
                x_ray = true;
                break;
            }
            let Some(named) = Directions::named(&word) else { break };
            self.next();
            let known = directions.unwrap_or(Directions(0));
            if known.0 & named.0 != 0 {
                return Err(Diagnostic::new(self.span_from(start), SyntaxError::RayDirectionTwice { word }));
            }
            directions = Some(Directions(known.0 | named.0));
        }
        let open = self.expect(Symbol::OpenParen, Expected::RayOpen { keyword })?;
        let operands = self.sequence(Symbol::OpenParen, open.span)?;
        if operands.len() < 2 {
            return Err(Diagnostic::new(self.span_from(token.span.start), SyntaxError::RayArity { keyword }));
        }
        Ok(FilterKind::Ray { directions, x_ray, operands })
    }
}

/// The parameter of `pin` that names `part`.
fn pin_parameter(pin: &mut Pin, part: PinPart) -> &mut Option<Box<Filter>> {
    match part {
        PinPart::Pinner => &mut pin.from,
        PinPart::Pinned => &mut pin.through,
        PinPart::Target => &mut pin.to,
    }
}
