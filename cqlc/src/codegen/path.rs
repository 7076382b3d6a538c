//! The path filter `⊢` as a call of the runtime's `path` with the path's
//! automaton: one line per state, each move and filter constituent a
//! closure, commented with its CQL source.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{
    automaton::{State, automaton},
    expr::{matches, noted, number, set},
    moves::{move_name, move_test, sides},
    param, with_cursor,
};
use crate::ir::{PathFilter, PathStatus};

/// A path: its length in moves (or `max`/`min` value, or with
/// `lastposition` its last position), `None` if no path from here matches.
pub(super) fn path(path: &PathFilter) -> TokenStream {
    let states = automaton(&path.steps).into_iter().map(|state| match state {
        State::Move(next, test) => {
            let next = Literal::usize_unsuffixed(next);
            let sides = sides(test);
            let check = move_test(test);
            let source = &test.source;
            let body = quote!({
                note(#source);
                #sides
                #check
            });
            let (at, mv) = (param("at", &body), move_name(test));
            quote!(State::Move(#next, &|#at, #mv| #body))
        }
        State::Filter(next, node) => {
            let next = Literal::usize_unsuffixed(next);
            let filter = with_cursor(noted(node, matches(node)));
            quote!(State::Filter(#next, &#filter))
        }
        State::Split(first, second) => {
            let (first, second) = (Literal::usize_unsuffixed(first), Literal::usize_unsuffixed(second));
            quote!(State::Split(#first, #second))
        }
        State::Accept => quote!(State::Accept),
    });
    let focus = match &path.focus {
        Some((capture, pieces)) => {
            let pieces = with_cursor(noted(pieces, set(pieces)));
            quote!(Some(Focus { capture: #capture, pieces: &#pieces }))
        }
        None => quote!(None),
    };
    let best = match &path.best {
        Some((min, value)) => {
            let value = with_cursor(noted(value, number(value)));
            quote!(Some(Best { min: #min, value: &#value }))
        }
        None => quote!(None),
    };
    let settings = settings(path);
    let run = if path.flags.lastposition { quote!(path_tail) } else { quote!(path) };
    quote!(#run(at, &Path { states: &[#(#states),*], focus: #focus, best: #best, settings: #settings }))
}

/// The path's flags and title, naming only those that are set.
fn settings(path: &PathFilter) -> TokenStream {
    let index = path.index;
    let path = &path.flags;
    let flags = [
        ("primary", path.primary),
        ("verbose", path.verbose),
        ("keepallbest", path.keepallbest),
        ("piecepath", path.piecepath),
        ("quiet", path.quiet),
        ("nestban", path.nestban),
        ("firstmatch", path.firstmatch),
    ];
    let mut fields: Vec<TokenStream> = flags
        .iter()
        .filter(|(_, set)| *set)
        .map(|(name, _)| {
            let name = proc_macro2::Ident::new(name, proc_macro2::Span::call_site());
            quote!(#name: true)
        })
        .collect();
    if path.nestban {
        let index = Literal::usize_unsuffixed(index);
        fields.insert(0, quote!(index: #index));
    }
    if let Some(title) = &path.title {
        fields.push(quote!(title: Some(#title)));
    }
    if fields.is_empty() {
        quote!(PathSettings::DEFAULT)
    } else {
        quote!(PathSettings { #(#fields,)* ..PathSettings::DEFAULT })
    }
}

/// `pathcount`, `pathcountunfocused`, `pathstart`, `pathlastposition`.
pub(super) fn status(status: PathStatus) -> TokenStream {
    match status {
        PathStatus::Count => quote!(at.path_count()),
        PathStatus::CountUnfocused => quote!(at.path_count_unfocused()),
        PathStatus::Start => quote!(at.path_start()),
        PathStatus::LastPosition => quote!(at.path_last_position()),
    }
}
