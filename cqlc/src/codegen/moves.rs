//! The filters about moves of the game: the dash filter `F――G` and the path
//! filter `⊢`.

use proc_macro2::TokenStream;
use quote::quote;

use super::expr::{all, matches, may_comment, noted, number, set};
use crate::ir::{Dash, MoveTest, Node, Step, Type};

/// A dash filter as a `bool`: some move of the game from here passes it, and
/// its target holds after the move.
pub(super) fn dash_matches(dash: &Dash) -> TokenStream {
    let sides = sides(&dash.test);
    let test = move_test(&dash.test);
    let target = if dash.target.is_empty() {
        quote!(|_| true)
    } else {
        let target = all(&dash.target);
        quote!(|at| #target)
    };
    let mv = if test.to_string() == "true" { quote!(_) } else { quote!(mv) };
    quote!({
        #sides
        at.any_move(MoveSource::Game, |#mv| #test, #target)
    })
}

/// A dash filter with a target, as the value of its last target filter after
/// the first move that passes it.
pub(super) fn dash_value(dash: &Dash, ty: Type) -> TokenStream {
    let sides = sides(&dash.test);
    let test = move_test(&dash.test);
    let (last, first) = dash.target.split_last().expect("a dash with a value has a target");
    let condition = all(first);
    let value = match ty {
        Type::Set => {
            let squares = set(last);
            quote!(Some(#squares).filter(|squares: &Bitboard| !squares.is_empty()))
        }
        _ => number(last),
    };
    let mv = if test.to_string() == "true" { quote!(_) } else { quote!(mv) };
    let found = quote!({
        #sides
        at.first_move_value(MoveSource::Game, |#mv| #test, |at| if #condition { #value } else { None })
    });
    match ty {
        Type::Set => quote!(#found.unwrap_or(Bitboard::EMPTY)),
        _ => found,
    }
}

/// A path: its length in moves, `None` if no path from here matches.
pub(super) fn path(steps: &[Step]) -> TokenStream {
    let steps = steps.iter().map(|step| match step {
        Step::Move(test) => {
            let sides = sides(test);
            let check = move_test(test);
            let source = &test.source;
            let at = if test.from.is_some() || test.to.is_some() { quote!(at) } else { quote!(_) };
            let mv = if check.to_string() == "true" { quote!(_) } else { quote!(mv) };
            quote!(Step::Move(&|#at, #mv| {
                note(#source);
                #sides
                #check
            }))
        }
        Step::Filter(node) => {
            let code = noted(node, matches(node));
            quote!(Step::Filter(&|at| #code))
        }
    });
    quote!(path(at, &[#(#steps),*]))
}

/// Whether the sets of a move test may write comments.
pub(super) fn test_may_comment(test: &MoveTest) -> bool {
    test.from.as_deref().is_some_and(may_comment) || test.to.as_deref().is_some_and(may_comment)
}

/// `let from = ...; let to = ...;`: the sides of the move, evaluated at the
/// position before it.
fn sides(test: &MoveTest) -> TokenStream {
    let side = |node: Option<&Node>| node.map(set);
    let from = side(test.from.as_deref()).map(|from| quote!(let from = #from;));
    let to = side(test.to.as_deref()).map(|to| quote!(let to = #to;));
    quote!(#from #to)
}

/// The test of one move `mv` against a dash's sides, capture and promotion.
fn move_test(test: &MoveTest) -> TokenStream {
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
        let roles = proc_macro2::Literal::u8_unsuffixed(roles);
        parts.push(quote!(mv.promotes_to(#roles)));
    }
    if parts.is_empty() { quote!(true) } else { quote!(#(#parts)&&*) }
}
