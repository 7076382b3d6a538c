//! `P:F` filters whose value is the same at every position a `find` looks
//! at ([`Node::position_invariants`]), computed once before the find: the
//! find's body reads a local variable instead of going to P again at each
//! position (`find N1 == Start:N2`).

use std::cell::RefCell;

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::Emitter;
use crate::ir::{Expr, Node};

/// A `P:F` whose value the find being written computes before it.
pub(super) struct Invariant {
    /// The filter as written in each place the body has it (compared by
    /// address: the same nodes of the query).
    nodes: Vec<*const Node>,
    /// The filter.
    filter: Node,
    /// The local variable that holds its value.
    name: Ident,
    /// Its value's code, written where the body first reads it (`None`
    /// if the body never does, so no variable is written for it).
    value: RefCell<Option<TokenStream>>,
}

impl Emitter {
    /// The code `write` writes for a `find` whose body is `body`, preceded
    /// by the values of the body's invariant `P:F` filters that it reads,
    /// each computed once.
    pub(super) fn with_invariants(&self, body: &Node, write: impl FnOnce() -> TokenStream) -> TokenStream {
        // In a function shared by calls that pass different variables, two
        // of its variables may be one in some call: one the body assigns
        // may be one a `P:F` reads.
        if self.takes_variables() && body.assigns_variables() {
            return write();
        }
        let outer = self.invariants.borrow().len();
        for node in body.position_invariants() {
            // An inner find's invariant may be its outer find's already; the
            // same filter written twice is computed once.
            let mut invariants = self.invariants.borrow_mut();
            if invariants.iter().any(|known| known.nodes.contains(&std::ptr::from_ref(node))) {
                continue;
            }
            match invariants[outer..].iter_mut().find(|known| known.filter == *node) {
                Some(known) => known.nodes.push(node),
                None => {
                    drop(invariants);
                    let name = self.invariant_name(&node.source);
                    let invariant =
                        Invariant { nodes: vec![node], filter: node.clone(), name, value: RefCell::new(None) };
                    self.invariants.borrow_mut().push(invariant);
                }
            }
        }
        let code = write();
        let added = self.invariants.borrow_mut().split_off(outer);
        let lets: Vec<TokenStream> = added
            .into_iter()
            .filter_map(|invariant| {
                let value = invariant.value.into_inner()?;
                let note =
                    self.note(&format!("{}: the same at every position the find looks at", invariant.filter.source));
                let name = invariant.name;
                Some(quote!(#note let #name = #value;))
            })
            .collect();
        if lets.is_empty() { code } else { quote!({ #(#lets)* #code }) }
    }

    /// The variable holding `node`'s value, if it is an invariant of a find
    /// being written (its value's code is written at the first read).
    pub(super) fn invariant_value(&self, node: &Node) -> Option<TokenStream> {
        let address = std::ptr::from_ref(node);
        let index = self.invariants.borrow().iter().position(|known| known.nodes.contains(&address))?;
        if self.invariants.borrow()[index].value.borrow().is_none() {
            let Expr::At { position, filter } = &node.expr else { unreachable!("an invariant is a P:F") };
            let value = self.at(position, filter);
            *self.invariants.borrow()[index].value.borrow_mut() = Some(value);
        }
        let name = &self.invariants.borrow()[index].name;
        Some(quote!(#name))
    }

    /// A name for the variable holding the value of `source` (`Start:N2`
    /// is `fixed_start_n2`), unlike those of the invariants being written.
    fn invariant_name(&self, source: &str) -> Ident {
        let mut stem = String::from("fixed");
        for word in source.split(|c: char| !c.is_ascii_alphanumeric()).filter(|word| !word.is_empty()) {
            stem.push('_');
            stem.push_str(&word.to_ascii_lowercase());
        }
        if stem.len() > 32 || stem == "fixed" {
            stem = String::from("fixed_value");
        }
        let taken = |name: &str| self.invariants.borrow().iter().any(|known| known.name == name);
        let name = (1..).map(|n| if n == 1 { stem.clone() } else { format!("{stem}_{n}") }).find(|name| !taken(name));
        format_ident!("{}", name.expect("an unused name"))
    }
}

#[cfg(test)]
mod tests {
    use crate::searcher_source;

    #[test]
    fn a_fixed_value_is_computed_once_before_the_find_and_read_in_it() {
        let source = "cql() Start=∙ ◭N1∊♘ ◭N2∊♘∩~N1 find N1 == Start:N2 and N2 == Start:N1 and N1 != Start:N2";
        let program = searcher_source(source, "q", "q.cql").unwrap();
        assert_eq!(program.matches("let fixed_start_n2 = at_position(").count(), 1, "{program}");
        assert_eq!(program.matches("let fixed_start_n1 = at_position(").count(), 1, "{program}");
        // Written once each before the find, read at each position it looks at.
        assert!(program.find("let fixed_start_n1").unwrap() < program.find("at.find_first(").unwrap(), "{program}");
        assert_eq!(program.matches("at.set_of(N1) == fixed_start_n2").count(), 1, "{program}");
        assert_eq!(program.matches("at.set_of(N1) != fixed_start_n2").count(), 1, "{program}");
        assert_eq!(program.matches("at_position(").count(), 2, "{program}");
    }

    #[test]
    fn a_function_passed_one_variable_twice_computes_nothing_before_its_find() {
        // In F(S S), Here and There are one variable: the find assigns what Here:♘ reads.
        let source = "cql() function F(Here There) { find { There = ∙ Here:♘ } } S=∙ T=∙ F(S T) F(S S)";
        let program = searcher_source(source, "q", "q.cql").unwrap();
        assert!(program.contains("at_position(") && !program.contains("fixed_"), "{program}");
        // Without an assignment in the find, nothing read can change.
        let source = "cql() function F(Here There) { find { check Here:♘ There:♗ } } S=∙ T=∙ F(S T) F(S S)";
        let program = searcher_source(source, "q", "q.cql").unwrap();
        assert!(program.contains("let fixed_here = at_position("), "{program}");
    }

    #[test]
    fn a_value_inside_a_function_of_its_own_stays_there() {
        // The path's constituents are closures of its own function: `S:♘` is read there.
        let source = "cql() S=∙ find ⊢ ――(S:♘ & to)";
        let program = searcher_source(source, "q", "q.cql").unwrap();
        assert!(program.contains("at_position(") && !program.contains("fixed_"), "{program}");
    }
}
