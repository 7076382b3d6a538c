//! The attack test before the current move: `(A ∩ B) → Y` is the same set
//! as `(A → Y) ∩ B`, and `(A ∩ B) ← X` as `(A ← X) ∩ B` (each square of the
//! first set is kept or not by its own attacks, and so it is for chains).
//! When `B` costs more than `A`, as `~to` in `(△∩~to)→♚` costs more than
//! `△`, the attack test comes first, and the code generator's intersection
//! then reads `B` only for the rare position where the attack is found.
//!
//! `B` is then evaluated after the attack's other sets, or not at all, so
//! the rewrite is made only if nothing in the attack writes.

use crate::ir::{AttackDirection, Expr, Node, Type};

/// Takes the costlier part of an attack's first set out of the attack.
pub(super) fn test_attack_before_costly_set(node: &mut Node) {
    let Expr::Attack(direction, operands) = &mut node.expr else { return };
    let Some((Expr::Intersection(left, right), others)) =
        operands.split_first().map(|(first, others)| (&first.expr, others))
    else {
        return;
    };
    let (kept, costly) = if right.cost() > left.cost() { (left, right) } else { (right, left) };
    if costly.cost() <= kept.cost() || !costly.may_move_past(std::iter::once(&**kept).chain(others)) {
        return;
    }
    let (kept, costly, others) = ((**kept).clone(), (**costly).clone(), others.to_vec());
    let arrow = match direction {
        AttackDirection::Attacks => "→",
        AttackDirection::AttackedBy => "←",
    };
    let sources: Vec<&str> = std::iter::once(&kept).chain(&others).map(|operand| operand.source.as_str()).collect();
    let attack = Node {
        source: sources.join(arrow),
        expr: Expr::Attack(*direction, std::iter::once(kept).chain(others).collect()),
        ty: Type::Set,
    };
    node.expr = Expr::Intersection(Box::new(attack), Box::new(costly));
}

#[cfg(test)]
mod tests {
    use crate::{
        compile,
        ir::{AttackDirection, Expr, Node},
    };

    /// The query's last filter, lowered.
    fn lowered(body: &str) -> Expr {
        compile(&format!("cql() {body}")).unwrap().output.body.pop().unwrap().expr
    }

    /// The attack and the set taken out of it, as (direction, the attack's
    /// operands, the set taken out), by their source text.
    fn split(body: &str) -> (AttackDirection, Vec<String>, String) {
        let Expr::Intersection(attack, costly) = lowered(body) else { panic!("{body}: an intersection") };
        let Expr::Attack(direction, operands) = attack.expr else { panic!("{body}: an attack first") };
        (direction, operands.iter().map(|operand: &Node| operand.source.clone()).collect(), costly.source)
    }

    #[test]
    fn the_part_that_reads_the_move_comes_after_the_attack() {
        assert_eq!(split("(△∩~to)→♚"), (AttackDirection::Attacks, vec!["△".into(), "♚".into()], "~to".into()));
        assert_eq!(split("(from∩♖)←♝"), (AttackDirection::AttackedBy, vec!["♖".into(), "♝".into()], "from".into()));
        let chain = split("(♖∩~from)→♞→♚");
        assert_eq!(chain, (AttackDirection::Attacks, vec!["♖".into(), "♞".into(), "♚".into()], "~from".into()));
    }

    #[test]
    fn sets_of_equal_cost_or_attacks_that_write_stay_as_they_are() {
        assert!(matches!(lowered("(△∩a-h1)→♚"), Expr::Attack(..)));
        assert!(matches!(lowered("({comment(\"x\") to}∩△)→♚"), Expr::Attack(..)));
        // The move's set reads what the other set writes.
        assert!(matches!(lowered("x = 0 ({x == 0 to} ∩ {x = 1 △}) → ♚"), Expr::Attack(..)));
    }
}
