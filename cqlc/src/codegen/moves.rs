//! The dash filter `F――G` (over the game's moves, the legal or pseudo-legal
//! ones, or the current move for `currentmove`) and `countmoves`.

use proc_macro2::TokenStream;
use quote::quote;

use super::{
    expr::{all, number, set, string},
    param, with_cursor,
};
use crate::ir::{CurrentMoveTest, Dash, Expr, MoveSource, MoveTest, Node, Type};

/// A dash filter as a `bool`: some move of its source passes it, and its
/// target holds after the move.
pub(super) fn dash_matches(dash: &Dash) -> TokenStream {
    let target = if dash.target.is_empty() { quote!(|_| true) } else { target_closure(dash, all(&dash.target)) };
    let (test, mv) = (move_test(&dash.test), move_name(&dash.test));
    let source = dash.source;
    with_sides(dash, quote!(at.any_move(#source, |#mv| #test, #target)), quote!(false))
}

/// A dash filter with a target, as the value of its last target filter after
/// the first move that passes it.
pub(super) fn dash_value(dash: &Dash, ty: Type) -> TokenStream {
    let found = dash_found(dash, ty);
    match ty {
        Type::Set => quote!(#found.unwrap_or(Bitboard::EMPTY)),
        _ => found,
    }
}

/// A dash filter with a target as an `Option`: `None` if no move passes it
/// (for a set value, also a set filter that does not match is `None`).
pub(super) fn dash_found(dash: &Dash, ty: Type) -> TokenStream {
    let (last, first) = dash.target.split_last().expect("a dash with a value has a target");
    let condition = all(first);
    let value = match ty {
        Type::Set => {
            let squares = set(last);
            quote!(Some(#squares).filter(|squares: &Bitboard| !squares.is_empty()))
        }
        Type::String => string(last),
        Type::Position => super::positions::position(last),
        _ => number(last),
    };
    let target = target_closure(dash, quote!(if #condition { #value } else { None }));
    let (test, mv) = (move_test(&dash.test), move_name(&dash.test));
    let source = dash.source;
    with_sides(dash, quote!(at.first_move_value(#source, |#mv| #test, #target)), quote!(None))
}

/// `countmoves F――G`: the number of moves of the dash's source it matches.
pub(super) fn count_moves(dash: &Dash) -> TokenStream {
    let (test, mv) = (move_test(&dash.test), move_name(&dash.test));
    let source = dash.source;
    let count = if dash.target.is_empty() && dash.source == MoveSource::Legal && mv.to_string() == "_" {
        quote!(at.count_legal_moves())
    } else if dash.target.is_empty() {
        quote!(at.count_moves(#source, |#mv| #test))
    } else {
        let target = target_closure(dash, all(&dash.target));
        quote!(at.count_moves_where(#source, |#mv| #test, #target))
    };
    with_sides(dash, count, quote!(None))
}

/// `code` with the dash's sides bound as `from` and `to`: evaluated here, or
/// for `currentmove` before the current move (`otherwise` at the root).
fn with_sides(dash: &Dash, code: TokenStream, otherwise: TokenStream) -> TokenStream {
    let test = &dash.test;
    if dash.source != MoveSource::Previous {
        let sides = sides(test);
        return if sides.is_empty() { code } else { quote!({ #sides #code }) };
    }
    if test.from.is_none() && test.to.is_none() {
        // Without a current move (at the root) the dash finds no move anyway.
        return code;
    }
    let from = test.from.as_deref().map_or_else(|| quote!(Bitboard::FULL), set);
    let to = test.to.as_deref().map_or_else(|| quote!(Bitboard::FULL), set);
    let sides = quote!((#from, #to));
    let (at, from, to) = (param("at", &sides), param("from", &code), param("to", &code));
    quote!(at.before_current_move(|#at| #sides).map_or(#otherwise, |(#from, #to)| #code))
}

/// `|at| target`, remembering the dash's sides when the target asks `from`
/// or `to` about the move.
fn target_closure(dash: &Dash, target: TokenStream) -> TokenStream {
    if !dash.target.iter().any(asks_current_squares) {
        let at = param("at", &target);
        return quote!(|#at| #target);
    }
    let from = if dash.test.from.is_some() { quote!(from) } else { quote!(Bitboard::FULL) };
    let to = if dash.test.to.is_some() { quote!(to) } else { quote!(Bitboard::FULL) };
    let target = with_cursor(target);
    quote!(|at| at.within_dash(#from, #to, #target))
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

/// `let from = ...; let to = ...;`: the sides of the move, evaluated at the
/// position before it.
pub(super) fn sides(test: &MoveTest) -> TokenStream {
    let side = |node: Option<&Node>| node.map(set);
    let from = side(test.from.as_deref()).map(|from| quote!(let from = #from;));
    let to = side(test.to.as_deref()).map(|to| quote!(let to = #to;));
    quote!(#from #to)
}

/// `mv` if the move test reads the move, else `_`.
pub(super) fn move_name(test: &MoveTest) -> TokenStream {
    if test.from.is_none() && test.to.is_none() && !test.capture && test.promotion.is_none() {
        quote!(_)
    } else {
        quote!(mv)
    }
}

/// The test of one move `mv` against a dash's sides, capture and promotion.
pub(super) fn move_test(test: &MoveTest) -> TokenStream {
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
    if let Some(roles) = test.promotion {
        parts.push(quote!(mv.promotes_to(#roles)));
    }
    if parts.is_empty() { quote!(true) } else { quote!(#(#parts)&&*) }
}
