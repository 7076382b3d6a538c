//! Cheap filters first: in a list of filters that must all match (a
//! compound `{...}`, the query's body, `and`), a filter that reads the
//! current move (`from`, `to`), generates moves (`mate`, `stalemate`,
//! `legal ――`, `move legal`) or walks the game (a path) runs after the
//! bitboard tests that can reject the position for almost nothing.
//!
//! Only filters that write nothing move: no comment, message, variable,
//! sort value or path state. Such filters change nothing whatever their
//! order, so their result is the same, and a filter that writes stays
//! exactly where it was relative to every other one. A compound whose value
//! is used keeps its last filter last.

use crate::ir::{Expr, Node, Type};

/// Orders the filters `node` is a list of, if it is one.
pub(super) fn cheap_first(node: &mut Node) {
    let value_used = node.ty != Type::Boolean;
    match &mut node.expr {
        Expr::Compound(nodes) => cheap_first_in(nodes, !value_used),
        Expr::And(left, right) if left.may_move_past([&**right]) && left.cost() > right.cost() => {
            std::mem::swap(left, right);
        }
        _ => {}
    }
}

/// Orders `nodes`, which must all match, cheapest first within each run of
/// filters that write nothing; with `last_free` false the last filter (whose
/// value is used) stays last.
pub(super) fn cheap_first_in(nodes: &mut [Node], last_free: bool) {
    let movable = if last_free { nodes.len() } else { nodes.len().saturating_sub(1) };
    let mut start = 0;
    while start < movable {
        let end = (start..movable).find(|&i| nodes[i].writes()).unwrap_or(movable);
        nodes[start..end].sort_by_key(Node::cost);
        start = end + 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::compile;

    /// The query's body in the order it is evaluated.
    fn order(body: &str) -> Vec<String> {
        compile(&format!("cql() {body}")).unwrap().output.body.into_iter().map(|node| node.source).collect()
    }

    #[test]
    fn move_generation_runs_after_bitboard_tests() {
        assert_eq!(order("mate ♘g5 btm"), ["♘g5", "btm", "mate"]);
        assert_eq!(order("move legal count > 3 ♕"), ["♕", "move legal count > 3"]);
    }

    #[test]
    fn a_filter_that_writes_keeps_its_place() {
        // x is assigned before `♕` may fail: moving `♕` first would leave x unassigned here.
        assert_eq!(order("mate x = #♘ ♕"), ["mate", "x = #♘", "♕"]);
        assert_eq!(order("stalemate comment(\"s\") ♖"), ["stalemate", "comment(\"s\")", "♖"]);
    }

    #[test]
    fn a_compound_whose_value_is_used_keeps_its_last_filter() {
        let query = compile("cql() x = {mate ♖ #♘}").unwrap().output;
        let crate::ir::Expr::Assign { value, .. } = &query.body[0].expr else { panic!() };
        let crate::ir::Expr::Compound(nodes) = &value.expr else { panic!() };
        let sources: Vec<&str> = nodes.iter().map(|node| node.source.as_str()).collect();
        assert_eq!(sources, ["♖", "mate", "#♘"]);
    }
}
