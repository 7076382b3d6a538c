//! The colour image of a filter, for `⬓` (`flipcolor`): white and black
//! swapped and the board reflected top to bottom (`♔e1` becomes `♚e8`,
//! `wtm` becomes `btm`).

use crate::ir::{Dash, Expr, MoveTest, Node, PositionTest, Step};

/// The image of `node` with the colours swapped.
pub(super) fn flip_colors(node: &Node) -> Node {
    Node {
        expr: flip_expr(&node.expr),
        ty: node.ty,
        source: format!("colours swapped: {}", node.source),
    }
}

fn flip_box(node: &Node) -> Box<Node> {
    Box::new(flip_colors(node))
}

fn flip_all(nodes: &[Node]) -> Vec<Node> {
    nodes.iter().map(flip_colors).collect()
}

fn flip_expr(expr: &Expr) -> Expr {
    use Expr as E;
    match expr {
        E::Bool(_) | E::Number(_) | E::Str(_) => expr.clone(),
        E::Squares(mask) => E::Squares(mirror(*mask)),
        E::Pieces { kinds, within } => E::Pieces {
            kinds: swap_colours(*kinds),
            within: mirror(*within),
        },
        E::Position(test) => E::Position(match test {
            PositionTest::WhiteToMove => PositionTest::BlackToMove,
            PositionTest::BlackToMove => PositionTest::WhiteToMove,
            other => *other,
        }),
        E::Compound(nodes) => E::Compound(flip_all(nodes)),
        E::Not(inner) => E::Not(flip_box(inner)),
        E::And(l, r) => E::And(flip_box(l), flip_box(r)),
        E::Or(l, r) => E::Or(flip_box(l), flip_box(r)),
        E::Compare(relation, l, r) => E::Compare(*relation, flip_box(l), flip_box(r)),
        E::SetEquality { equal, left, right } => E::SetEquality {
            equal: *equal,
            left: flip_box(left),
            right: flip_box(right),
        },
        E::CompareStrings(relation, l, r) => E::CompareStrings(*relation, flip_box(l), flip_box(r)),
        E::Union(l, r) => E::Union(flip_box(l), flip_box(r)),
        E::Intersection(l, r) => E::Intersection(flip_box(l), flip_box(r)),
        E::Complement(inner) => E::Complement(flip_box(inner)),
        E::Arithmetic(op, l, r) => E::Arithmetic(*op, flip_box(l), flip_box(r)),
        E::Negate(inner) => E::Negate(flip_box(inner)),
        E::Count(inner) => E::Count(flip_box(inner)),
        E::Subset(l, r) => E::Subset(flip_box(l), flip_box(r)),
        E::Attack(direction, operands) => E::Attack(*direction, flip_all(operands)),
        E::Comment(arguments) => E::Comment(flip_all(arguments)),
        E::Dash(dash) => E::Dash(Dash {
            test: flip_test(&dash.test),
            target: flip_all(&dash.target),
        }),
        E::Path(steps) => E::Path(
            steps
                .iter()
                .map(|step| match step {
                    Step::Move(test) => Step::Move(flip_test(test)),
                    Step::Filter(node) => Step::Filter(flip_colors(node)),
                })
                .collect(),
        ),
        E::FirstOf(images) => E::FirstOf(flip_all(images)),
    }
}

fn flip_test(test: &MoveTest) -> MoveTest {
    MoveTest {
        from: test.from.as_deref().map(flip_box),
        to: test.to.as_deref().map(flip_box),
        capture: test.capture,
        promotion: test.promotion,
        source: test.source.clone(),
    }
}

/// The squares reflected top to bottom (rank 1 to rank 8).
fn mirror(mask: u64) -> u64 {
    mask.swap_bytes()
}

/// Piece kinds with white and black swapped (bits 0-5 white, 6-11 black).
fn swap_colours(kinds: u16) -> u16 {
    ((kinds & 0x003f) << 6) | ((kinds >> 6) & 0x003f) | (kinds & 0x1000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Type;

    #[test]
    fn white_king_on_e1_becomes_black_king_on_e8() {
        let e1 = 1u64 << 4;
        let node = Node {
            expr: Expr::Pieces {
                kinds: 1 << 5,
                within: e1,
            },
            ty: Type::Set,
            source: "♔e1".into(),
        };
        assert_eq!(
            flip_colors(&node).expr,
            Expr::Pieces {
                kinds: 1 << 11,
                within: 1u64 << 60
            }
        );
    }
}
