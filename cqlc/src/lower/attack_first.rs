//! The attack test before the current move: `(A ∩ B) → Y` is the same set
//! as `(A → Y) ∩ B`, and `(A ∩ B) ← X` as `(A ← X) ∩ B` (each square of the
//! first set is kept or not by its own attacks, and so it is for chains).
//! When `B` costs more than `A`, as `~to` in `(△∩~to)→♚` costs more than
//! `△`, the attack test comes first, and the code generator's intersection
//! then reads `B` only for the rare position where the attack is found.
//!
//! Only a `B` that writes nothing is moved: evaluated later or not at all,
//! it changes nothing.

use crate::ir::{AttackDirection, Expr, Node, Type};

/// Takes the costlier part of an attack's first set out of the attack.
pub(super) fn attack_first(node: &mut Node) {
    let Expr::Attack(direction, operands) = &mut node.expr else { return };
    let Some(Expr::Intersection(left, right)) = operands.first().map(|first| &first.expr) else { return };
    let right_costlier = right.cost() > left.cost();
    let (kept, costly) = if right_costlier { (left, right) } else { (right, left) };
    if costly.cost() <= kept.cost() || costly.writes() {
        return;
    }
    let (kept, costly) = ((**kept).clone(), (**costly).clone());
    let others: Vec<Node> = operands[1..].to_vec();
    let arrow = match direction {
        AttackDirection::Attacks => "→",
        AttackDirection::AttackedBy => "←",
    };
    let source = std::iter::once(&kept).chain(&others).map(|operand| operand.source.as_str()).collect::<Vec<_>>();
    let attack = Node {
        source: source.join(arrow),
        expr: Expr::Attack(*direction, std::iter::once(kept).chain(others).collect()),
        ty: Type::Set,
    };
    node.expr = Expr::Intersection(Box::new(attack), Box::new(costly));
}

#[cfg(test)]
mod tests {
    use crate::{compile, ir::Expr};

    /// The query's only filter, lowered.
    fn lowered(body: &str) -> Expr {
        compile(&format!("cql() {body}")).unwrap().output.body.remove(0).expr
    }

    #[test]
    fn the_part_that_reads_the_move_comes_after_the_attack() {
        let Expr::Intersection(attack, costly) = lowered("(△∩~to)→♚") else { panic!("an intersection") };
        assert_eq!((attack.source.as_str(), costly.source.as_str()), ("△→♚", "~to"));
        let Expr::Intersection(attack, costly) = lowered("(from∩♖)←♝") else { panic!("an intersection") };
        assert_eq!((attack.source.as_str(), costly.source.as_str()), ("♖←♝", "from"));
    }

    #[test]
    fn sets_of_equal_cost_or_that_write_stay_in_the_attack() {
        assert!(matches!(lowered("(△∩a-h1)→♚"), Expr::Attack(..)));
        assert!(matches!(lowered("({comment(\"x\") to}∩△)→♚"), Expr::Attack(..)));
    }
}
