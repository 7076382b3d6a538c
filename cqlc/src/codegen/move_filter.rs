//! The `move` filter: the moves of its source that pass all its parameters,
//! as a Boolean, a count, or their from, to or capture squares.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{Castling, Legality, MoveFilter, MoveResult, MoveSource, MoveSquare, Moves, Node};

impl Emitter {
    /// The code of a `move` filter; its Rust type follows its result
    /// (`bool`, `Option<i64>` or `Bitboard`).
    pub(super) fn move_filter(&self, filter: &MoveFilter) -> TokenStream {
        let source = match filter.moves {
            Moves::Forward(source) => castling_source(filter, source),
            Moves::Reverse(legality) => return self.reverse_move_filter(filter, legality),
        };
        let test = test(filter);
        let mv = if test.to_string() == "true" { quote!(_) } else { quote!(mv) };
        let value = match &filter.speculative {
            Some(target) => {
                let target = rust::with_cursor(self.all(std::slice::from_ref(target)));
                speculation_value(filter, quote!(at.speculate(#source, |#mv| #test, #target)))
            }
            None => plain_value(filter, source, &test, &mv),
        };
        let value = match &filter.custodial {
            // The comment right after an ordinary `move` stands after each move it matches.
            Some(comment) => {
                let comment = rust::with_cursor(self.all(std::slice::from_ref(comment)));
                let kept = quote!(at.each_move(#source, |#mv| #test, #comment));
                if filter.result == MoveResult::Exists { kept } else { quote!({ #kept; #value }) }
            }
            None => value,
        };
        let value = castling_guard(filter, source, value);
        let sets = sets(filter);
        if sets.is_empty() {
            return value;
        }
        let names: Vec<&Ident> = sets.iter().map(|(name, _)| name).collect();
        let codes: Vec<TokenStream> = sets.iter().map(|(_, node)| self.set(node)).collect();
        if source == MoveSource::Previous {
            // The sets of `move previous` are read in the position before the move.
            let otherwise = match filter.result {
                MoveResult::Exists => quote!(false),
                MoveResult::Count => quote!(Some(0)),
                MoveResult::Squares(_) => quote!(Bitboard::EMPTY),
            };
            let sides = quote!((#(#codes,)*));
            let at = rust::param("at", &sides);
            quote!(at.before_current_move(|#at| #sides).map_or(#otherwise, |(#(#names,)*)| #value))
        } else {
            quote!({
                #(let #names = #codes;)*
                #value
            })
        }
    }

    /// A `move legal reverse` or `move pseudolegal reverse` filter: each
    /// reverse move is tested in the position it was played from, where the
    /// sets are read.
    fn reverse_move_filter(&self, filter: &MoveFilter, legality: Legality) -> TokenStream {
        let test = test(filter);
        let sets = sets(filter).into_iter().map(|(name, node)| {
            let code = self.set(node);
            quote!(let #name = #code;)
        });
        let body = quote!({ #(#sets)* #test });
        let (at, mv) = (rust::param("at", &body), rust::param("mv", &body));
        let target = match &filter.speculative {
            Some(target) => rust::with_cursor(self.all(std::slice::from_ref(target))),
            None => quote!(|_| true),
        };
        speculation_value(filter, quote!(at.reverse_moves_where(#legality, |#at, #mv| #body, #target)))
    }
}

/// The legal castling moves alone for a filter of legal moves that passes
/// castling moves only (`legal ――(castle)`, `move legal o-o`): the others
/// need not be generated. (`all` asks about every move, so a filter with it
/// keeps its source.)
fn castling_source(filter: &MoveFilter, source: MoveSource) -> MoveSource {
    match source {
        MoveSource::Legal if filter.castle.is_some() && !filter.all => MoveSource::LegalCastling,
        _ => source,
    }
}

/// `value` only where the side to move may castle, for a filter of
/// generated castling moves (`legal ――(o-o)`): elsewhere there are none to
/// generate, and the filter's value is that of no move. (`all` holds of no
/// move, so a filter with it is left as it is.)
fn castling_guard(filter: &MoveFilter, source: MoveSource, value: TokenStream) -> TokenStream {
    let Some(castling) = filter.castle.filter(|_| source.is_generated() && !filter.all) else { return value };
    let side = match castling {
        Castling::Either => quote!(None),
        Castling::Short => quote!(Some(CastlingSide::KingSide)),
        Castling::Long => quote!(Some(CastlingSide::QueenSide)),
    };
    let none = match filter.result {
        MoveResult::Exists => quote!(false),
        MoveResult::Count => quote!(Some(0)),
        MoveResult::Squares(_) => quote!(Bitboard::EMPTY),
    };
    quote!(if at.may_castle(#side) { #value } else { #none })
}

/// The value of a `move` filter that is not speculative, over the moves of
/// `source` that pass `test` (of a move named `mv`).
fn plain_value(filter: &MoveFilter, source: MoveSource, test: &TokenStream, mv: &TokenStream) -> TokenStream {
    if let Some(value) = value_between(filter, source) {
        return value;
    }
    match filter.result {
        MoveResult::Exists => quote!(at.has_move(#source, |#mv| #test)),
        MoveResult::Count => quote!(at.count_moves(#source, |#mv| #test)),
        MoveResult::Squares(square) => quote!(at.move_squares(#source, #square, |#mv| #test)),
    }
}

/// The value of a filter of generated moves (`legal`, `pseudolegal`) that
/// asks nothing of them but their from and to squares, which the runtime
/// reads from the pieces' destinations without listing the moves (`move
/// legal from ♘ count`). `None` for any other filter.
fn value_between(filter: &MoveFilter, source: MoveSource) -> Option<TokenStream> {
    // (A filter of castling moves asks more than squares.)
    if !source.is_generated() || !asks_only_squares(filter) {
        return None;
    }
    let from = if filter.from.is_some() { quote!(Some(from)) } else { quote!(None) };
    let to = if filter.to.is_some() { quote!(to) } else { quote!(Bitboard::FULL) };
    match filter.result {
        MoveResult::Count => Some(quote!(at.count_moves_between(#source, #from, #to))),
        MoveResult::Exists => Some(quote!(at.count_moves_between(#source, #from, #to) != Some(0))),
        MoveResult::Squares(MoveSquare::Capture) => None,
        MoveResult::Squares(square) => Some(quote!(at.move_squares_between(#source, #square, #from, #to))),
    }
}

/// Whether the filter tests its moves' from and to squares and nothing
/// else.
fn asks_only_squares(filter: &MoveFilter) -> bool {
    let MoveFilter {
        moves: _,
        from: _,
        to: _,
        capture,
        en_passant_square,
        promote,
        drop,
        en_passant,
        castle,
        null,
        primary,
        result: _,
        custodial: _,
        speculative,
        all,
    } = filter;
    capture.is_none()
        && en_passant_square.is_none()
        && promote.is_none()
        && drop.is_none()
        && !en_passant
        && castle.is_none()
        && !null
        && primary.is_none()
        && speculative.is_none()
        && !all
}

/// The value of a `move` filter from the moves it kept (`speculation`, a
/// the runtime's `Speculation`).
fn speculation_value(filter: &MoveFilter, speculation: TokenStream) -> TokenStream {
    match (filter.result, filter.all) {
        (MoveResult::Count, true) => quote!(#speculation.count_if_every()),
        (_, true) => quote!(#speculation.every()),
        (MoveResult::Exists, false) => quote!(#speculation.exists()),
        (MoveResult::Count, false) => quote!(#speculation.count()),
        (MoveResult::Squares(square), false) => quote!(#speculation.squares(#square)),
    }
}

/// The set arguments of the filter, with the names the test reads them by.
fn sets(filter: &MoveFilter) -> Vec<(Ident, &Node)> {
    [
        ("from", &filter.from),
        ("to", &filter.to),
        ("capture", &filter.capture),
        ("en_passant_square", &filter.en_passant_square),
    ]
    .into_iter()
    .filter_map(|(name, node)| node.as_deref().map(|node| (Ident::new(name, Span::call_site()), node)))
    .collect()
}

/// The test of one candidate move `mv` against every parameter.
fn test(filter: &MoveFilter) -> TokenStream {
    let mut parts = Vec::new();
    if filter.from.is_some() {
        parts.push(quote!(mv.starts_in(from)));
    }
    if filter.to.is_some() {
        parts.push(quote!(to.contains(mv.to)));
    }
    if filter.capture.is_some() {
        parts.push(quote!(mv.captured.is_some_and(|square| capture.contains(square))));
    }
    if filter.en_passant_square.is_some() {
        parts.push(quote!(mv.is_en_passant() && mv.captured.is_some_and(|square| en_passant_square.contains(square))));
    }
    if let Some(roles) = filter.promote {
        parts.push(quote!(mv.promotes_to(#roles)));
    }
    if let Some(roles) = filter.drop {
        parts.push(quote!(mv.drops(#roles)));
    }
    if filter.en_passant {
        parts.push(quote!(mv.is_en_passant()));
    }
    match filter.castle {
        Some(Castling::Either) => parts.push(quote!(mv.is_castling(None))),
        Some(Castling::Short) => parts.push(quote!(mv.is_castling(Some(CastlingSide::KingSide)))),
        Some(Castling::Long) => parts.push(quote!(mv.is_castling(Some(CastlingSide::QueenSide)))),
        None => {}
    }
    if filter.null {
        parts.push(quote!(mv.null));
    }
    match filter.primary {
        Some(true) => parts.push(quote!(mv.is_primary())),
        Some(false) => parts.push(quote!(mv.is_secondary())),
        None => {}
    }
    if parts.is_empty() { quote!(true) } else { quote!(#(#parts)&&*) }
}

#[cfg(test)]
mod tests {
    /// The generated code of `query`.
    fn program(query: &str) -> String {
        crate::searcher_source(query, "q", "q.cql").unwrap()
    }

    #[test]
    fn only_legal_castling_moves_are_generated_for_a_filter_of_castling_moves() {
        assert!(program("cql() legal ――(castle)").contains("MoveSource::LegalCastling"));
        assert!(program("cql() move legal o-o-o count == 1").contains("MoveSource::LegalCastling"));
        let others = program("cql() legal ――(castle) or move legal count > 30 or pseudolegal ――(o-o)");
        assert!(others.contains("MoveSource::Legal,") && others.contains("MoveSource::Pseudolegal"), "{others}");
        assert!(!program("cql() legal ♔―― ").contains("LegalCastling"));
    }
}
