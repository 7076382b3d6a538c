//! Whether a loop's body may be skipped where it cannot match without
//! anyone seeing the difference, as far as the variables it binds go. A
//! body that fails still leaves what it assigned before failing (`◭T∊♘ {cnt
//! += 1 ⊢ T―― ...}` counts every knight, moving or not), so a guard may
//! skip it only if each variable it binds is its own: mentioned nowhere
//! else in the query, not persistent, and bound in each evaluation before
//! anything reads it (`C1 = T1` first, or a loop's variable read only in
//! that loop's body). Filters that write what a failure does not take back
//! (`message`, dictionaries, `unbind`, ...) or whose bindings cannot be
//! seen here (a function call) keep the body as it is.

use std::collections::HashMap;

use super::guards::starts_with_the_first_move_test;
use crate::ir::{Constant, Expr, Node, Query, VarRef};

/// How often each variable is mentioned in the query (persistent ones as
/// if everywhere), counted once the other rewrites are done and before any
/// guard is added.
pub(super) struct Mentions {
    counts: HashMap<usize, usize>,
}

impl Mentions {
    /// The mentions of the variables in `query`.
    pub(super) fn of(query: &Query) -> Mentions {
        let mut counts = HashMap::new();
        for node in &query.body {
            count_into(node, &mut counts);
        }
        for (index, spec) in query.variables.iter().enumerate() {
            if spec.persistent.is_some() {
                counts.insert(index, usize::MAX);
            }
        }
        Mentions { counts }
    }

    fn total(&self, var: &VarRef) -> usize {
        self.counts.get(&var.index).copied().unwrap_or(0)
    }
}

/// Whether skipping `body` where it cannot match leaves every variable as
/// the query can see it (see the module's comment).
pub(super) fn skipping_is_unseen(body: &Node, mentions: &Mentions) -> bool {
    let mut bound = Vec::new();
    if !collect_bound(body, &mut bound) {
        return false;
    }
    bound.iter().all(|var| mentions_of(body, var) == mentions.total(var) && bound_before_read(body, var))
}

/// Adds the variables `node` binds to `bound`; false if it does something
/// a skipped body would leave undone that is not a binding of its own.
fn collect_bound<'n>(node: &'n Node, bound: &mut Vec<&'n VarRef>) -> bool {
    match &node.expr {
        Expr::Assign { var, .. } | Expr::ForEach { var, .. } => bound.push(var),
        Expr::Call(_) | Expr::Images(_) => return false,
        // What these write (comments, a sort's value) a failure takes back.
        Expr::Sort { .. }
        | Expr::Path(_)
        | Expr::Comment(_)
        | Expr::Find { .. }
        | Expr::ConsecutiveMoves { .. }
        | Expr::Move(_) => {}
        _ if node.writes_itself() => return false,
        _ => {}
    }
    node.expr.children().into_iter().all(|child| collect_bound(child, bound))
}

/// Whether every evaluation of `node` binds `var` before reading it: a loop
/// over it (that does not read it for its set), or a compound whose first
/// member to mention it is a plain assignment of it that does not read it,
/// the compound holding all its mentions; looked for through loops that do
/// not mention it in their sets.
fn bound_before_read(node: &Node, var: &VarRef) -> bool {
    let all = mentions_of(node, var);
    match &node.expr {
        Expr::ForEach { var: looped, set, .. } if looped == var => mentions_of(set, var) == 0,
        Expr::ForEach { set, body, .. } => mentions_of(set, var) == 0 && bound_before_read(body, var),
        Expr::Compound(nodes) => {
            let Some(first) = nodes.iter().find(|member| mentions_of(member, var) > 0) else { return true };
            let plain = matches!(&first.expr, Expr::Assign { var: assigned, op: None, conditional: false, value }
                if assigned == var && mentions_of(value, var) == 0);
            plain || (mentions_of(first, var) == all && bound_before_read(first, var))
        }
        _ => all == 0,
    }
}

/// How often `node` mentions `var`, not counting the first move test a
/// guard put in front of a loop's body.
fn mentions_of(node: &Node, var: &VarRef) -> usize {
    let mut counts = HashMap::new();
    count_into(node, &mut counts);
    counts.get(&var.index).copied().unwrap_or(0)
}

fn count_into(node: &Node, counts: &mut HashMap<usize, usize>) {
    for constant in node.expr.own_constants() {
        if let Constant::Var(var) = constant {
            *counts.entry(var.index).or_default() += 1;
        }
    }
    if let Expr::ForEach { var, set, body, .. } = &node.expr
        && starts_with_the_first_move_test(body, var)
        && let Expr::Compound(members) = &body.expr
    {
        count_into(set, counts);
        members.iter().skip(1).for_each(|member| count_into(member, counts));
        return;
    }
    node.expr.for_each_child(|child| count_into(child, counts));
}
