//! The path filter `⊢` as a call of the runtime's `path` with the path's
//! automaton: each move and filter constituent a constant closure (a
//! closure, inside a shared function), written once and commented with its
//! CQL source, and one line per state.

mod automaton;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::{Emitter, dash::move_name, rust};
use crate::ir::{Constituent, Expr, MoveTest, Node, PathFilter, PathStatus, Step};
use automaton::{State, automaton};

impl Emitter {
    /// A path: its length in moves (or `max`/`min` value, or with
    /// `lastposition` its last position), `None` if no path from here
    /// matches. The path is a function of its own (`path_1(at)`), unless it
    /// is part of code being recorded (a transform's image or a CQL
    /// function's body), whose shared function it stays in.
    pub(super) fn path(&self, source: &str, path: &PathFilter) -> TokenStream {
        let search = self.path_run(source, path, None);
        match &path.range {
            Some(range) => {
                let range = self.bounds(range);
                quote!(in_range(#search, #range))
            }
            None => search,
        }
    }

    /// `sort ⊢ ...` for a path with no range whose value is a number: the
    /// path's search records the sort's evaluation itself, once it knows
    /// the path can start (`sorted_path`); `None` for any other body.
    pub(super) fn sorted_path(&self, index: usize, body: &Node) -> Option<TokenStream> {
        let Expr::Path(path) = &body.expr else { return None };
        (path.range.is_none() && !path.flags.lastposition).then(|| self.path_run(&body.source, path, Some(index)))
    }

    /// The path's search, as a call of the function written for it; as the
    /// evaluation of sort number `sort`, if given.
    fn path_run(&self, source: &str, path: &PathFilter, sort: Option<usize>) -> TokenStream {
        let code = self.path_search(path, sort);
        if self.in_shared_function() {
            return quote!({ #code });
        }
        let value = if path.flags.lastposition { quote!(Option<NodeId>) } else { quote!(Option<i64>) };
        let doc = super::doc_lines(&format!("`{source}`"));
        let name = self.item(format!("{value} {code}"), "path", |name| {
            quote! {
                #(#[doc = #doc])*
                fn #name(at: &mut Cursor<'_>) -> #value {
                    #code
                }
            }
        });
        quote!(#name(at))
    }

    /// The search of a path from the cursor's position (recorded as the
    /// evaluation of sort number `sort`, if given).
    fn path_search(&self, path: &PathFilter, sort: Option<usize>) -> TokenStream {
        let automaton = automaton(&path.steps, &path.constituents);
        // A constituent repeated no time (`{0}`) is in no state: it is not written.
        let used = |index: usize| {
            automaton.iter().any(|state| matches!(state, State::Move(_, i) | State::Filter(_, i) if *i == index))
        };
        // In a path's own function the constituents are constants, so that
        // the states (and often the whole `Path`) are too, kept in static
        // memory instead of being built at every call; in a shared function
        // they may read its parameters: closures.
        let constant_steps = !self.in_shared_function();
        let step_name = |index: usize| step_name(index, constant_steps);
        let constituents: Vec<TokenStream> = path
            .constituents
            .iter()
            .enumerate()
            .filter(|(index, _)| used(*index))
            .map(|(index, constituent)| {
                let name = step_name(index);
                match constituent {
                    Constituent::Move(test) => {
                        let note = self.note(&test.source);
                        let (sides, check) = (self.sides(test), self.move_test(test));
                        let body = quote!({ #sides #check });
                        let (at, mv) = (rust::param("at", &body), move_name(test));
                        let step = match constant_steps {
                            true => quote!(const #name: MoveTest<'static> = &|#at, #mv| #body;),
                            false => quote!(let #name = |#at: &mut Cursor<'_>, #mv: &MoveView| -> bool #body;),
                        };
                        quote!(#note #step)
                    }
                    Constituent::Filter(node) => {
                        let note = self.note(&node.source);
                        let check = rust::block(rust::tail(self.matches_body(node)));
                        let at = rust::param("at", &check);
                        let step = match constant_steps {
                            true => quote!(const #name: PositionTest<'static> = &|#at| #check;),
                            false => quote!(let #name = |#at: &mut Cursor<'_>| -> bool #check;),
                        };
                        quote!(#note #step)
                    }
                }
            })
            .collect();
        let reference = if constant_steps { quote!() } else { quote!(&) };
        let states = automaton.into_iter().map(|state| match state {
            State::Move(next, index) => {
                let (next, name) = (Literal::usize_unsuffixed(next), step_name(index));
                quote!(State::Move(#next, #reference #name))
            }
            State::Filter(next, index) => {
                let (next, name) = (Literal::usize_unsuffixed(next), step_name(index));
                quote!(State::Filter(#next, #reference #name))
            }
            State::Split(first, second) => {
                let (first, second) = (Literal::usize_unsuffixed(first), Literal::usize_unsuffixed(second));
                quote!(State::Split(#first, #second))
            }
            State::Accept => quote!(State::Accept),
        });
        let focus = path.focus.as_ref().map(|(capture, pieces)| {
            let pieces = rust::with_cursor(self.noted(pieces, self.set(pieces)));
            quote!(focus: Some(Focus { capture: #capture, pieces: &#pieces }),)
        });
        let best = path.best.as_ref().map(|(min, value)| {
            let value = rust::with_cursor(self.noted(value, self.number(value)));
            quote!(best: Some(Best { min: #min, value: &#value }),)
        });
        let settings = settings(path, &self.atomics).map(|settings| quote!(settings: #settings,));
        let memo = position_only(path).then(|| quote!(memo: Some({ static SITE: Site = Site(0); &SITE }),));
        // Written once for several images, the path keeps a memory for each
        // and bans starts for each: by the constants its images differ in.
        let image = (memo.is_some() || path.flags.nestban).then(|| self.parameters_read());
        let image = image.filter(|image| !image.is_empty()).map(|image| quote!(image: &[#(#image.image_key()),*],));
        let run = match sort {
            Some(_) => quote!(sorted_path),
            None if path.flags.lastposition => quote!(path_tail),
            None => quote!(path),
        };
        let sort = sort.map(|index| {
            let index = Literal::usize_unsuffixed(index);
            quote!(, #index)
        });
        quote! {
            #(#constituents)*
            #run(at, &Path { states: &[#(#states),*], #focus #best #settings #memo #image ..Path::DEFAULT } #sort)
        }
    }

    /// `pathcount`, `pathcountunfocused`, `pathstart`, `pathlastposition`.
    pub(super) fn path_status(&self, status: PathStatus) -> TokenStream {
        match status {
            PathStatus::Count => quote!(at.path_count()),
            PathStatus::CountUnfocused => quote!(at.path_count_unfocused()),
            PathStatus::Start => quote!(at.path_start()),
            PathStatus::LastPosition => quote!(at.path_last_position()),
        }
    }
}

/// The name of the constant (`STEP_1`) or closure (`step_1`) of constituent
/// number `index`.
fn step_name(index: usize, constant: bool) -> proc_macro2::Ident {
    match constant {
        true => format_ident!("STEP_{}", index + 1),
        false => format_ident!("step_{}", index + 1),
    }
}

/// Whether `node` writes nothing and reads no path status: its value at a
/// position does not depend on the path being matched.
fn pure(node: &Node) -> bool {
    !node.writes() && !node.any(&|node| matches!(node.expr, Expr::PathStatus(_)))
}

/// Whether a filter constituent that follows the path's first move is
/// [`pure`] (so the runtime may try it after each first move before setting
/// up a search): every filter constituent is, or the path starts with a move
/// and such a filter.
fn pure_first_filter(path: &PathFilter) -> bool {
    let filter_is_pure = |constituent: &Constituent| match constituent {
        Constituent::Move(_) => true,
        Constituent::Filter(node) => pure(node),
    };
    if path.constituents.iter().all(filter_is_pure) {
        return true;
    }
    let [Step::Constituent(first), Step::Constituent(second), ..] = path.steps[..] else { return false };
    matches!(path.constituents[first], Constituent::Move(_))
        && matches!(&path.constituents[second], Constituent::Filter(node) if pure(node))
}

/// Whether the path's first step is a [`pure`] filter constituent (so the
/// runtime may try it at the start before setting up a search: `⊢ ♕∩diagonal
/// 1 T  T―― ...` at most positions holds no queen beside the bishop).
fn pure_start_filter(path: &PathFilter) -> bool {
    let [Step::Constituent(first), ..] = path.steps[..] else { return false };
    matches!(&path.constituents[first], Constituent::Filter(node) if pure(node))
}

/// Whether the runtime is to look, before a search, for a first move of a
/// focused piece: the `focus` set is [`pure`] (it may be read before the
/// path is known to start), and not every move constituent says already
/// that its piece is one of them (`◎T1∪T2 ... T1――`: a move of T1 is a
/// focused move; `◭T∊△ ⊢◎T ――~pathstart:T∩□`: any piece's move passes).
fn focus_first(path: &PathFilter) -> bool {
    let Some((_, pieces)) = &path.focus else { return false };
    let mut focused = Vec::new();
    union_variables(pieces, &mut focused);
    let names_a_focused_piece = |test: &MoveTest| {
        test.from.as_deref().is_some_and(|from| matches!(&from.expr, Expr::Var(var) if focused.contains(&var.index)))
    };
    pure(pieces)
        && !path.constituents.iter().all(|constituent| match constituent {
            Constituent::Move(test) => names_a_focused_piece(test),
            Constituent::Filter(_) => true,
        })
}

/// The variables `set` is a union of, put in `variables` (`T1∪T2`: both;
/// nothing of a set that is not such a union).
fn union_variables(set: &Node, variables: &mut Vec<usize>) {
    match &set.expr {
        Expr::Var(var) => variables.push(var.index),
        Expr::Union(left, right) => {
            union_variables(left, variables);
            union_variables(right, variables);
        }
        _ => {}
    }
}

/// Whether nothing the path does depends on where it started, so that the
/// runtime may keep its best continuations for the game (see the runtime's
/// `Site`): no `focus`, `max`/`min`, `keepallbest`, `firstmatch` or
/// `singlecolor`, and
/// constituents that read no variable or path status and write nothing.
fn position_only(path: &PathFilter) -> bool {
    let flags = &path.flags;
    let plain =
        path.focus.is_none() && path.best.is_none() && !flags.keepallbest && !flags.firstmatch && !flags.singlecolor;
    let position_only = |node: &Node| pure(node) && !node.any(&|node| matches!(node.expr, Expr::Var(_)));
    plain
        && path.constituents.iter().all(|constituent| match constituent {
            Constituent::Move(test) => [&test.from, &test.to].into_iter().flatten().all(|node| position_only(node)),
            Constituent::Filter(node) => position_only(node),
        })
}

/// Whether a constituent writes (comments, variables) so that the path must
/// be matched one way at a time, as CQL 6.2 matches it, for what it writes
/// to be CQL's (see the runtime's `backtrack`); not a `line`.
fn backtrack(path: &PathFilter) -> bool {
    !path.flags.line
        && path.constituents.iter().any(|constituent| match constituent {
            Constituent::Move(test) => [&test.from, &test.to].into_iter().flatten().any(|node| node.writes()),
            Constituent::Filter(node) => node.writes(),
        })
}

/// Whether no move constituent looks at the move (a `line`'s arrows): the
/// runtime then follows any move without describing it.
fn any_move(path: &PathFilter) -> bool {
    path.constituents.iter().all(|constituent| match constituent {
        Constituent::Move(test) => !super::dash::reads_the_move(test),
        Constituent::Filter(_) => true,
    })
}

/// The path's flags and title, naming only those that are set, and the
/// query's `atomic` variables, which it takes back (`None` if none is).
fn settings(path: &PathFilter, atomics: &[proc_macro2::Ident]) -> Option<TokenStream> {
    let flags = &path.flags;
    let set = [
        ("primary", flags.primary),
        ("secondary", flags.secondary),
        ("verbose", flags.verbose),
        ("keepallbest", flags.keepallbest),
        ("piecepath", flags.piecepath),
        ("quiet", flags.quiet),
        ("nestban", flags.nestban),
        ("firstmatch", flags.firstmatch),
        ("backtrack", backtrack(path)),
        ("line", flags.line),
        ("singlecolor", flags.singlecolor),
        ("backward", flags.backward),
        ("pure_first_filter", pure_first_filter(path)),
        ("pure_start_filter", pure_start_filter(path)),
        ("focus_first", focus_first(path)),
        ("any_move", any_move(path)),
    ];
    let mut fields: Vec<TokenStream> = set
        .iter()
        .filter(|(_, on)| *on)
        .map(|(name, _)| {
            let name = format_ident!("{name}");
            quote!(#name: true)
        })
        .collect();
    if flags.nestban {
        let index = Literal::usize_unsuffixed(path.index);
        fields.insert(0, quote!(index: #index));
    }
    if let Some(title) = &flags.title {
        fields.push(quote!(title: Some(#title)));
    }
    if !atomics.is_empty() {
        fields.push(quote!(atomics: &[#(#atomics),*]));
    }
    (!fields.is_empty()).then(|| quote!(PathSettings { #(#fields,)* ..PathSettings::DEFAULT }))
}

#[cfg(test)]
mod tests {
    use super::{pure_first_filter, pure_start_filter};
    use crate::{
        compile,
        ir::{Expr, PathFilter},
    };

    /// A path's constituents are constants (`STEP_1` ...) in its own
    /// function, closures in a shared one; a CQL variable named like one
    /// gets another name.
    #[test]
    fn constituents_are_constants_named_apart_from_the_variables() {
        let program = crate::searcher_source("cql() step_1 = 3 ⊢ ―― check step_1 > 2", "q", "q.cql").unwrap();
        assert!(program.contains("const STEP_1: MoveTest<'static>"), "{program}");
        assert!(program.contains("State::Filter(2, STEP_2)"), "{program}");
        assert!(program.contains("const STEP_1_2: Var"), "{program}");
        let program = crate::searcher_source("cql() flipcolor ⊢ ♔――□ check", "q", "q.cql").unwrap();
        assert!(program.contains("let step_1 = |"), "in the images' shared function: {program}");
    }

    /// What `rule` says of the path `path` (a query's only filter).
    fn path_flag(path: &str, rule: fn(&PathFilter) -> bool) -> bool {
        let query = compile(&format!("cql() {path}")).unwrap().output;
        let Expr::Path(path) = &query.body[0].expr else { panic!("{path} is a path") };
        rule(path)
    }

    fn first_filter_is_pure(path: &str) -> bool {
        path_flag(path, pure_first_filter)
    }

    #[test]
    fn only_a_filter_that_writes_nothing_is_tried_before_the_search() {
        assert!(first_filter_is_pure("⊢ ♗×h7 check ♚×h7"));
        assert!(first_filter_is_pure("⊢ ―― check{5,}"));
        assert!(first_filter_is_pure("⊢ ♗――h7 check ///\"checked\" ♘――g5"));
        assert!(!first_filter_is_pure("⊢ ♗――h7 ///\"here\" check"));
        assert!(!first_filter_is_pure("⊢ ♗――h7 pathcount == 1 ///\"c\""));
        assert!(!first_filter_is_pure("⊢ (♗――h7 ///\"c\")+"));
    }

    fn start_filter_is_pure(path: &str) -> bool {
        path_flag(path, pure_start_filter)
    }

    #[test]
    fn only_a_first_filter_that_writes_nothing_is_tried_at_the_start() {
        assert!(start_filter_is_pure("⊢ check ♗――h7"));
        assert!(start_filter_is_pure("⊢ not ▲→♙ ♙――□ ///\"moved\" ♙――"));
        assert!(!start_filter_is_pure("⊢ ♗――h7 check"));
        assert!(!start_filter_is_pure("⊢ ///\"c\" check ♗――h7"));
        assert!(!start_filter_is_pure("⊢ pathcount == 0 ♗――h7"));
        assert!(!start_filter_is_pure("⊢ (check ♗――h7)+"));
    }
}
