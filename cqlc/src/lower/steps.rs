//! Merging a path's identical constituents: `(♕――up 1 ♕ ♕――right 1 ♕)+
//! ♕――up 1 ♕ ?` names `♕――up 1 ♕` twice. Each distinct constituent is kept
//! once and the steps refer to it, so its code is written once.

use crate::ir::{Expr, Node};

/// Merges the identical constituents of `node`, if it is a path.
pub(super) fn merge(node: &mut Node) {
    let Expr::Path(path) = &mut node.expr else { return };
    let mut kept = Vec::with_capacity(path.constituents.len());
    let mut renumbered = Vec::with_capacity(path.constituents.len());
    for constituent in path.constituents.drain(..) {
        let index = match kept.iter().position(|known| *known == constituent) {
            Some(index) => index,
            None => {
                kept.push(constituent);
                kept.len() - 1
            }
        };
        renumbered.push(index);
    }
    path.constituents = kept;
    path.steps = path.steps.iter().map(|step| step.renumbered(&|index| renumbered[index])).collect();
}

#[cfg(test)]
mod tests {
    use crate::{
        compile,
        ir::{Expr, Step},
    };

    fn path(body: &str) -> (usize, Vec<Step>) {
        let query = compile(&format!("cql() {body}")).unwrap().output;
        match &query.body[0].expr {
            Expr::Path(path) => (path.constituents.len(), path.steps.clone()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_constituent_named_twice_is_kept_once() {
        let (constituents, steps) = path("⊢ (♕――up 1 ♕ ♕――right 1 ♕)+ ♕――up 1 ♕ ?");
        assert_eq!(constituents, 2);
        let repeat = |steps: Vec<Step>| Step::Repeat { steps, min: 0, max: Some(1) };
        assert_eq!(steps[1], repeat(vec![Step::Constituent(0)]));
    }

    #[test]
    fn different_constituents_stay_apart() {
        assert_eq!(path("⊢ ♕――up 1 ♕ check ♕――down 1 ♕").0, 3);
    }
}
