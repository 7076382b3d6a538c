//! Values a `find` reads that are the same at every position it looks at:
//! `Start:N2` in `find N1 == Start:N2`, where `Start` is a position the
//! find does not assign and `N2` a piece it does not move to another
//! variable. The code generator computes each once, before the find, instead
//! of going to that position again at every position the find looks at.
//!
//! `P:F` is the same everywhere in the find when P is a position variable
//! the find's body does not assign (or the game's initial position), F
//! writes nothing and reads only the position P and variables the body does
//! not assign ([`reads_only_its_position`]), and F's value has a type Rust
//! copies (a set, a number, true or false, a position). Only the `P:F`
//! written in the find's own Rust function are taken: not those inside a
//! CQL function's call, a transform's images or a path, which have
//! functions of their own.

use std::collections::HashSet;

use super::{Distance, Echo, Expr, Node, Relative, Type, VarKind};

impl Node {
    /// The filters `P:F` inside this filter, the body of a `find`, whose
    /// value is the same at every position the find looks at, in the order
    /// they are written (one of them inside another is not taken apart).
    pub fn position_invariants(&self) -> Vec<&Node> {
        let assigned = Assigned::by(self);
        let mut found = Vec::new();
        collect_invariants(self, &assigned, &mut found);
        found
    }

    /// Whether this filter may assign, bind or unbind a variable.
    pub fn assigns_variables(&self) -> bool {
        let assigned = Assigned::by(self);
        assigned.any || !assigned.indices.is_empty()
    }
}

/// The variables (and dictionaries) a filter may assign, bind or unbind.
#[derive(Default)]
struct Assigned {
    /// Their indices.
    indices: HashSet<usize>,
    /// Whether the filter has a part that binds a variable this pass cannot
    /// name: then any variable may be assigned.
    any: bool,
}

impl Assigned {
    /// What `node` may assign.
    fn by(node: &Node) -> Assigned {
        let mut assigned = Assigned::default();
        assigned.add(node);
        assigned
    }

    /// Whether the variable with this index may be assigned.
    fn contains(&self, index: usize) -> bool {
        self.any || self.indices.contains(&index)
    }

    /// Adds what `node` may assign: the variables of the filters that bind
    /// one ([`Node::binds_itself`], which names every such filter), those
    /// of a call's body.
    fn add(&mut self, node: &Node) {
        match &node.expr {
            // The variables a call passes are in its body, not its template.
            Expr::Call(call) => return self.add(&call.body()),
            _ if !node.binds_itself() => {}
            Expr::Assign { var, .. }
            | Expr::ForEach { var, .. }
            | Expr::EachKey { var, .. }
            | Expr::Unbind { var, .. }
            | Expr::AssignEntry { dict: var, .. } => {
                self.indices.insert(var.index);
            }
            Expr::Echo(echo) => {
                let Echo { source, target, .. } = &**echo;
                self.indices.extend([source.index, target.index]);
            }
            _ => self.any = true,
        }
        node.expr.for_each_child(|child| self.add(child));
    }
}

/// Adds the invariant `P:F` filters of `node` that are written in the same
/// Rust function as `node` to `found`.
fn collect_invariants<'n>(node: &'n Node, assigned: &Assigned, found: &mut Vec<&'n Node>) {
    if is_invariant(node, assigned) {
        found.push(node);
        return;
    }
    // These are written as functions (or closures in statics) of their own.
    if matches!(node.expr, Expr::Call(_) | Expr::Images(_) | Expr::Path(_)) {
        return;
    }
    node.expr.for_each_child(|child| collect_invariants(child, assigned, found));
}

/// Whether `node` is a `P:F` whose value does not change while variables
/// other than `assigned` keep theirs.
fn is_invariant(node: &Node, assigned: &Assigned) -> bool {
    let Expr::At { position, filter } = &node.expr else { return false };
    let copied = matches!(node.ty, Type::Set | Type::Numeric | Type::Boolean | Type::Position);
    copied && is_fixed_position(position, assigned) && reads_only_its_position(filter, assigned)
}

/// Whether `position` names the same position wherever it is evaluated: a
/// position variable not in `assigned`, or the initial position.
fn is_fixed_position(position: &Node, assigned: &Assigned) -> bool {
    match &position.expr {
        Expr::Var(var) => var.kind == VarKind::Position && !assigned.contains(var.index),
        Expr::PositionOf(Relative::Initial) => true,
        _ => false,
    }
}

/// Whether the value of `node` depends only on the position it is
/// evaluated at and on variables not in `assigned`, and evaluating it
/// writes nothing: it is made only of tests of the board and the position's
/// place in the game, arithmetic, and reads of such variables. (Filters
/// that read the move, the path being matched, the game's tags or anything
/// written along the way are not taken.)
fn reads_only_its_position(node: &Node, assigned: &Assigned) -> bool {
    let own = match &node.expr {
        Expr::Var(var) => !assigned.contains(var.index),
        Expr::Direction { min, max, .. } => [min, max].into_iter().all(|distance| match distance {
            Distance::Var(var) => !assigned.contains(var.index),
            Distance::Steps(_) => true,
        }),
        Expr::At { position, .. } => is_fixed_position(position, assigned),
        Expr::Bool(_)
        | Expr::Number(_)
        | Expr::Squares(_)
        | Expr::Pieces { .. }
        | Expr::ColorValue { .. }
        | Expr::Position(_)
        | Expr::Pawns(_)
        | Expr::PositionOf(Relative::Current | Relative::Initial)
        | Expr::TreeNumber(_)
        | Expr::SideToMove
        | Expr::Compound(_)
        | Expr::Not(_)
        | Expr::And(..)
        | Expr::Or(..)
        | Expr::If { .. }
        | Expr::Compare(..)
        | Expr::SetEquality { .. }
        | Expr::Union(..)
        | Expr::Intersection(..)
        | Expr::Complement(_)
        | Expr::SquareColor { .. }
        | Expr::Count(_)
        | Expr::Subset(..)
        | Expr::Arithmetic(..)
        | Expr::Negate(_)
        | Expr::Abs(_)
        | Expr::Sqrt(_)
        | Expr::Attack(..)
        | Expr::Between(..)
        | Expr::Pin { .. }
        | Expr::Ray { .. }
        | Expr::Power(_)
        | Expr::SquareValue(..) => true,
        _ => false,
    };
    own && node.expr.children().into_iter().all(|child| reads_only_its_position(child, assigned))
}

#[cfg(test)]
mod tests {
    use crate::{
        compile,
        ir::{Expr, Node},
    };

    /// The sources of the invariant `P:F` filters of each `find` of `query`, outermost first.
    fn invariants(query: &str) -> Vec<Vec<String>> {
        fn finds(node: &Node, found: &mut Vec<Vec<String>>) {
            if let Expr::Find { body, .. } = &node.expr {
                found.push(body.position_invariants().iter().map(|node| node.source.clone()).collect());
            }
            node.expr.for_each_child(|child| finds(child, found));
        }
        let mut found = Vec::new();
        for node in &compile(query).unwrap().output.body {
            finds(node, &mut found);
        }
        found
    }

    #[test]
    fn a_position_variable_set_before_the_find_fixes_its_values() {
        // platzwechseln1: both sides of each comparison at Start.
        let query = "cql() Start=∙ ◭N1∊♘ ◭N2∊♘∩~N1 find N1 == Start:N2 and N2 == Start:N1";
        assert_eq!(invariants(query), [["Start:N2", "Start:N1"]]);
        // Numbers and tests of the board at the initial position, inside a dash's target too.
        let query = "cql() S=∙ find { (positionid - S:positionid) > 3 initialposition:check ♙――S:♙ }";
        assert_eq!(invariants(query), [["S:positionid", "initialposition:check", "S:♙"]]);
    }

    #[test]
    fn what_the_find_assigns_or_moves_is_not_fixed() {
        // The position is assigned in the find; the piece variable is bound by a loop in it.
        assert_eq!(invariants("cql() S=∙ find { S=∙ S:♙ }"), [Vec::<String>::new()]);
        assert_eq!(invariants("cql() S=∙ find ◭x∊♘ S:x"), [Vec::<String>::new()]);
        // A number the find adds to.
        assert_eq!(invariants("cql() Steps=0 S=∙ find { Steps+=1 S:(Steps > 2) }"), [Vec::<String>::new()]);
        // A position named from the current one, and filters that read the move or write.
        assert_eq!(invariants("cql() find parent:check"), [Vec::<String>::new()]);
        assert_eq!(invariants("cql() S=∙ find S:(move from ♘)"), [Vec::<String>::new()]);
        assert_eq!(invariants("cql() S=∙ find S:comment(\"x\")"), [Vec::<String>::new()]);
    }

    #[test]
    fn every_filter_that_binds_a_variable_unfixes_it() {
        // Unbinding, and echo's positions.
        assert_eq!(invariants("cql() S=∙ find { unbind S S:♘ }"), [Vec::<String>::new()]);
        let query = "cql() S=∙ find { echo (S There) true S:♘ }";
        assert_eq!(invariants(query), [Vec::<String>::new()]);
        // A variable the find only reads stays fixed beside one it binds.
        let query = "cql() S=∙ T=∙ find { echo (S There) true T:♘ }";
        assert_eq!(invariants(query), [["T:♘"]]);
    }

    #[test]
    fn a_call_in_the_find_assigns_the_variables_it_passes() {
        // F's template is its first call's body, which assigns T; the call in the find assigns S.
        let query = "cql() function F(Here) { Here = ∙ } T=∙ F(T) S=∙ find { F(S) S:♘ }";
        assert_eq!(invariants(query), [Vec::<String>::new()]);
    }

    #[test]
    fn an_inner_find_takes_what_only_it_leaves_fixed() {
        let query = "cql() S=∙ find { T=∙ find { S:♘ T:♗ } }";
        assert_eq!(invariants(query), [vec!["S:♘"], vec!["S:♘", "T:♗"]]);
    }
}
