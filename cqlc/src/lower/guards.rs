//! Loops that wait for a move: a loop over a piece or square variable
//! (`◭T∊♕♖♗ body`) whose body can only match if a path starts here with a
//! move from the variable's square (`⊢ T――□ ...`, perhaps inside further
//! loops) first tests that some move of the game from here starts there
//! (`T――`). The body is then tried only for the piece that moves next,
//! instead of for every piece and every combination of the inner loops.
//!
//! The test is the path's own first move test, without its destination,
//! capture or promotion, over the moves the path looks at (the game's, from
//! the current position), so it holds wherever the body can match; it
//! writes nothing. Only paths the body cannot match without count: those
//! reached through compounds, `and` and other `∊` loops that need one
//! element, not through `or`, `not`, `if` or another position.

use super::private_bindings::{Mentions, skipping_is_unseen};
use crate::ir::{Constituent, Dash, Expr, MoveSource, MoveTest, Node, PathFilter, Step, Type, VarRef};

/// Puts the first move test in front of a loop's body, if the body needs a
/// path that starts with a move from the loop's variable and skipping it
/// leaves no variable as the query can see it otherwise (`mentions`: the
/// query's, see [`private_bindings`](super::private_bindings)).
pub(super) fn first_move_first(node: &mut Node, mentions: &Mentions) {
    let Expr::ForEach { var, all: false, body, .. } = &mut node.expr else { return };
    let Some(from) = needed_first_moves(body).into_iter().find(|from| is_var(from, var)) else { return };
    // A body that binds the loop's own variable is refused here too: the
    // loop mentions it outside the body.
    if !skipping_is_unseen(body, mentions) {
        return;
    }
    let guard = Node {
        source: format!("{}――", from.source),
        expr: Expr::Dash(Dash {
            source: MoveSource::Game,
            test: MoveTest {
                from: Some(Box::new(from.clone())),
                to: None,
                capture: false,
                promotion: None,
                source: format!("{}――", from.source),
            },
            target: Vec::new(),
        }),
        ty: Type::Boolean,
    };
    let original = std::mem::replace(&mut **body, guard.clone());
    let ty = original.ty;
    let source = original.source.clone();
    **body = Node { expr: Expr::Compound(vec![guard, original]), ty, source };
}

/// Whether a loop's body begins with the test [`first_move_first`] puts
/// there (or the same written by hand): `x――`, a move of the game from the
/// loop variable's square. The runtime then tries the body only where a move
/// of the game leaves from.
pub(crate) fn starts_with_the_first_move_test(body: &Node, var: &VarRef) -> bool {
    let Expr::Compound(nodes) = &body.expr else { return false };
    let Some(Expr::Dash(dash)) = nodes.first().map(|first| &first.expr) else { return false };
    let test = &dash.test;
    dash.source == MoveSource::Game
        && dash.target.is_empty()
        && test.to.is_none()
        && !test.capture
        && test.promotion.is_none()
        && test.from.as_deref().is_some_and(|from| is_var(from, var))
}

fn is_var(node: &Node, var: &VarRef) -> bool {
    matches!(&node.expr, Expr::Var(reference) if reference == var)
}

/// The `from` sides of the first moves of the paths `node` cannot match
/// without, each starting at the current position with a move of the game.
fn needed_first_moves(node: &Node) -> Vec<&Node> {
    match &node.expr {
        Expr::Compound(nodes) => nodes.iter().flat_map(needed_first_moves).collect(),
        Expr::And(left, right) => [left, right].into_iter().flat_map(|side| needed_first_moves(side)).collect(),
        Expr::ForEach { all: false, body, .. } => needed_first_moves(body),
        // A sort matches only where its body has a value.
        Expr::Sort { body, .. } => needed_first_moves(body),
        Expr::Path(path) => first_move_from(path).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// The `from` side of a path's first step, if that is a move of the game
/// from the current position (not a line's, whose first move leads here,
/// nor one back to the parent).
fn first_move_from(path: &PathFilter) -> Option<&Node> {
    if path.flags.line || path.flags.backward {
        return None;
    }
    match &path.constituents[first_constituent(&path.steps)?] {
        Constituent::Move(test) => test.from.as_deref(),
        Constituent::Filter(_) => None,
    }
}

/// The constituent every way through `steps` starts with: the first step's,
/// or that of a repetition that must happen once (`( ... )+`).
fn first_constituent(steps: &[Step]) -> Option<usize> {
    match steps.first()? {
        Step::Constituent(first) => Some(*first),
        Step::Repeat { steps, min, .. } if *min >= 1 => first_constituent(steps),
        Step::Repeat { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile, ir::Expr};

    /// The sources of the filters a loop's body starts with, for the query's
    /// first loop.
    fn loop_body(query: &str) -> Vec<String> {
        let query = compile(&format!("cql() {query}")).unwrap().output;
        let body = query.body.iter().find_map(|node| match &node.expr {
            Expr::ForEach { body, .. } => Some(body),
            _ => None,
        });
        let Some(body) = body else { panic!("{query:?} has a loop") };
        match &body.expr {
            Expr::Compound(nodes) => nodes.iter().map(|node| node.source.clone()).collect(),
            _ => vec![body.source.clone()],
        }
    }

    #[test]
    fn a_loop_tests_the_first_move_of_the_path_it_needs() {
        let body = loop_body("◭T∊♕♖♗ ◭U∊♕♖♗∩~T ⊢◎T∪U T――□ U――");
        assert_eq!(body[0], "T――");
        assert_eq!(body.len(), 2);
        assert_eq!(loop_body("x∊▦ {check ⊢ x―― ――}")[0], "x――");
    }

    #[test]
    fn a_loop_sees_through_a_sort_and_a_repetition_that_must_happen() {
        let body = loop_body("◭T∊♘ {C = T sort \"moves\" ⊢ (T――~C C = C ∪ T)+}");
        assert_eq!(body[0], "T――");
        // two-piece-cycle: the outer loop's piece moves first.
        let body = loop_body("◭T1∊▲ ◭T2∊△ {C1 = T1 C2 = T2 sort \"c\" ⊢◎T1∪T2 piecepath (T1――~C1 T2――~C2)+}");
        assert_eq!(body[0], "T1――");
    }

    #[test]
    fn a_loop_whose_skipped_body_would_leave_a_variable_otherwise_is_left_alone() {
        // Read after the loop; read before it is assigned (`cnt` counts the
        // evaluations); assigned by something a failure keeps (a message).
        for query in [
            "◭T∊♘ {Last = T ⊢ T――} comment(Last)",
            "Seen = [] ◭T∊♘ {Seen = Seen ∪ T ⊢ T――}",
            "◭T∊♘ {message(\"knight\") ⊢ T――}",
        ] {
            let body = loop_body(query);
            assert!(!body.iter().any(|source| source == "T――"), "{query}: {body:?}");
        }
    }

    #[test]
    fn a_loop_that_may_match_without_the_path_is_left_alone() {
        for query in [
            "◭T∊♕ {check or ⊢ T――□}",
            "◭T∊♕ not ⊢ T――□",
            "◭T∊♕ ⊢ ―― T――□",
            "◭T∊♕ ⊢ line --> T",
            "x∊▦ {x = e4 ⊢ x――}",
            "◭T∊♕ ◭U∊♖ ⊢ U――",
            "◭T∊♕ ⊢ (T――)* ――",
        ] {
            let body = loop_body(query);
            assert!(!body.iter().any(|source| source == "T――" || source == "x――"), "{query}: {body:?}");
        }
    }
}
