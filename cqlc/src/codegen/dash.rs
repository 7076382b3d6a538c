//! The dash filter `F――G` (over the game's moves, the legal or pseudo-legal
//! ones, or the current move for `currentmove`) and `countmoves`; and the
//! test of one move, which a path's move constituents share.

use proc_macro2::TokenStream;
use quote::quote;

use super::{
    Emitter, rust,
    values::{unwrap_optional, wrap_optional},
};
use crate::ir::{CurrentMoveTest, Dash, Expr, MoveSource, MoveTest, Node, Promotion, Type};

impl Emitter {
    /// A dash filter of type `ty`: as a `bool`, whether some move of its
    /// source passes it and its target holds after the move; with a value,
    /// the value of its last target filter after the first such move.
    pub(super) fn dash(&self, ty: Type, dash: &Dash) -> TokenStream {
        if ty == Type::Boolean {
            return self.dash_matches(dash);
        }
        unwrap_optional(ty, self.dash_found(dash))
    }

    fn dash_matches(&self, dash: &Dash) -> TokenStream {
        let (test, mv) = (self.move_test(&dash.test), move_name(&dash.test));
        let source = dash.source;
        let code = if dash.target.is_empty() {
            quote!(at.has_move(#source, |#mv| #test))
        } else {
            let target = self.target(dash, self.all(&dash.target));
            quote!(at.any_move(#source, |#mv| #test, #target))
        };
        self.with_sides(dash, code, quote!(false))
    }

    /// The value of a dash with a target as an `Option`: `None` if no move
    /// passes it (for a set value, also where the set is empty).
    fn dash_found(&self, dash: &Dash) -> TokenStream {
        if let [target] = dash.target.as_slice()
            && let Some(end) = moved_end(target)
        {
            return self.first_move_squares(dash, end);
        }
        let Some((last, first)) = dash.target.split_last() else { return quote!(None) };
        let value = wrap_optional(last.ty, self.value(last));
        let value = if first.is_empty() { value } else { super::logic::branch(self.all(first), value, quote!(None)) };
        let target = self.target(dash, value);
        let (test, mv) = (self.move_test(&dash.test), move_name(&dash.test));
        let source = dash.source;
        self.with_sides(dash, quote!(at.first_move_value(#source, |#mv| #test, #target)), quote!(None))
    }

    /// `F――(from)` or `F――(to)` as a value: the squares of the first move
    /// that passes, read from the move itself (`end`: `.0` its from squares,
    /// `.1` its to squares) instead of at the position after it.
    fn first_move_squares(&self, dash: &Dash, end: TokenStream) -> TokenStream {
        let (test, mv) = (self.move_test(&dash.test), move_name(&dash.test));
        let source = dash.source;
        let from = if dash.test.from.is_some() { quote!(from) } else { quote!(Bitboard::FULL) };
        let to = if dash.test.to.is_some() { quote!(to) } else { quote!(Bitboard::FULL) };
        let code = quote!(at.first_move_squares(#source, |#mv| #test, (#from, #to)).map(|squares| squares.#end));
        self.with_sides(dash, code, quote!(None))
    }

    /// `countmoves F――G`: the number of moves of the dash's source it matches.
    pub(super) fn count_moves(&self, dash: &Dash) -> TokenStream {
        let (test, mv) = (self.move_test(&dash.test), move_name(&dash.test));
        let source = dash.source;
        let count = if dash.target.is_empty() {
            quote!(at.count_moves(#source, |#mv| #test))
        } else {
            let target = self.target(dash, self.all(&dash.target));
            quote!(at.count_moves_where(#source, |#mv| #test, #target))
        };
        self.with_sides(dash, count, quote!(None))
    }

    /// `code` with the dash's sides bound as `from` and `to`: evaluated here,
    /// or for `currentmove` before the current move (`otherwise` at the root).
    fn with_sides(&self, dash: &Dash, code: TokenStream, otherwise: TokenStream) -> TokenStream {
        let test = &dash.test;
        if dash.source != MoveSource::Previous {
            let sides = self.sides(test);
            return if sides.is_empty() { code } else { quote!({ #sides #code }) };
        }
        if test.from.is_none() && test.to.is_none() {
            // Without a current move (at the root) the dash finds no move anyway.
            return code;
        }
        let side = |node: Option<&Node>| node.map_or_else(|| quote!(Bitboard::FULL), |node| self.set(node));
        let sides = {
            let (from, to) = (side(test.from.as_deref()), side(test.to.as_deref()));
            quote!((#from, #to))
        };
        let (at, from, to) = (rust::param("at", &sides), rust::param("from", &code), rust::param("to", &code));
        quote!(at.before_current_move(|#at| #sides).map_or(#otherwise, |(#from, #to)| #code))
    }

    /// `|at| target`, remembering the dash's sides when the target asks
    /// `from` or `to` about the move.
    fn target(&self, dash: &Dash, target: TokenStream) -> TokenStream {
        if !dash.target.iter().any(asks_current_squares) {
            return rust::with_cursor(target);
        }
        let from = if dash.test.from.is_some() { quote!(from) } else { quote!(Bitboard::FULL) };
        let to = if dash.test.to.is_some() { quote!(to) } else { quote!(Bitboard::FULL) };
        let target = rust::with_cursor(target);
        quote!(|at| at.within_dash(#from, #to, #target))
    }

    /// `let from = ...; let to = ...;`: the sides of a move, and the pieces
    /// a string names it promotes to, evaluated at the position before it.
    pub(super) fn sides(&self, test: &MoveTest) -> TokenStream {
        let promotion = match &test.promotion {
            Some(Promotion::Named(var)) => {
                let name = self.var(var);
                quote!(let promotion = Roles::promoted_to(at.str_of(#name));)
            }
            _ => TokenStream::new(),
        };
        let from = test.from.as_deref().map(|from| {
            let from = self.set(from);
            quote!(let from = #from;)
        });
        let to = test.to.as_deref().map(|to| {
            let to = self.set(to);
            quote!(let to = #to;)
        });
        quote!(#from #to #promotion)
    }

    /// The test of one move `mv` against a dash's sides, capture and promotion.
    pub(super) fn move_test(&self, test: &MoveTest) -> TokenStream {
        let mut parts = Vec::new();
        match (&test.from, &test.to) {
            (None, None) => {}
            (Some(_), None) => parts.push(quote!(mv.goes(from, Bitboard::FULL))),
            (None, Some(_)) => parts.push(quote!(mv.goes(Bitboard::FULL, to))),
            (Some(_), Some(_)) => parts.push(quote!(mv.goes(from, to))),
        }
        if test.capture {
            parts.push(quote!(mv.is_capture()));
        }
        match &test.promotion {
            Some(Promotion::Roles(roles)) => parts.push(quote!(mv.promotes_to(#roles))),
            Some(Promotion::Named(_)) => parts.push(quote!(mv.promotes_to(promotion))),
            None => {}
        }
        if parts.is_empty() { quote!(true) } else { quote!(#(#parts)&&*) }
    }
}

/// `mv` if the move test reads the move, else `_`.
pub(super) fn move_name(test: &MoveTest) -> TokenStream {
    if reads_the_move(test) { quote!(mv) } else { quote!(_) }
}

/// Whether the move test looks at the move at all (else any move passes it).
pub(super) fn reads_the_move(test: &MoveTest) -> bool {
    test.from.is_some() || test.to.is_some() || test.capture || test.promotion.is_some()
}

/// For a dash target that is `from` or `to` alone, which of the squares
/// the runtime's `first_move_squares` finds it is (`0` or `1`).
fn moved_end(target: &Node) -> Option<TokenStream> {
    match target.expr {
        Expr::CurrentMove(CurrentMoveTest::From) => Some(quote!(0)),
        Expr::CurrentMove(CurrentMoveTest::To) => Some(quote!(1)),
        _ => None,
    }
}

/// Whether `node` reads `from` or `to` of the current move (not counting
/// inside another dash or path).
fn asks_current_squares(node: &Node) -> bool {
    match &node.expr {
        Expr::CurrentMove(CurrentMoveTest::From | CurrentMoveTest::To) => true,
        Expr::Dash(_) | Expr::Path(_) | Expr::CountMoves(_) | Expr::Move(_) => false,
        expr => expr.children().into_iter().any(asks_current_squares),
    }
}
