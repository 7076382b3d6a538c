//! The images of a filter under the transforms CQL expands at compile time:
//! `⬓` (`flipcolor`) swaps white and black and reflects the board top to
//! bottom (`♔e1` becomes `♚e8`, `wtm` becomes `btm`); `✵` (`flip`) takes the
//! eight reflections and rotations of the board, colours unchanged.

use cql_vocabulary::SquareMap;

use crate::ir::{Dash, Expr, Kinds, MoveFilter, MoveTest, Node, PathFilter, PositionTest, Step};

/// A transform of the board: where each square goes, and whether the colours
/// (and the side to move) swap.
#[derive(Clone, Copy)]
pub(super) struct Transform {
    name: &'static str,
    square: SquareMap,
    swap_colours: bool,
}

impl Transform {
    /// `⬓`'s image: colours swapped, ranks reversed.
    pub(super) const FLIP_COLOR: Transform =
        Transform { name: "colours swapped", square: |f, r| (f, 7 - r), swap_colours: true };

    /// `✵`'s images besides the filter as written: the other seven
    /// symmetries of the board.
    pub(super) const SYMMETRIES: [Transform; 7] = [
        Transform { name: "reflected left to right", square: |f, r| (7 - f, r), swap_colours: false },
        Transform { name: "reflected top to bottom", square: |f, r| (f, 7 - r), swap_colours: false },
        Transform { name: "rotated 180 degrees", square: |f, r| (7 - f, 7 - r), swap_colours: false },
        Transform { name: "reflected in the a1-h8 diagonal", square: |f, r| (r, f), swap_colours: false },
        Transform { name: "reflected in the h1-a8 diagonal", square: |f, r| (7 - r, 7 - f), swap_colours: false },
        Transform { name: "rotated 90 degrees", square: |f, r| (r, 7 - f), swap_colours: false },
        Transform { name: "rotated 270 degrees", square: |f, r| (7 - r, f), swap_colours: false },
    ];

    /// The image of `node`.
    pub(super) fn apply(self, node: &Node) -> Node {
        Node { expr: self.expr(&node.expr), ty: node.ty, source: format!("{}: {}", self.name, node.source) }
    }

    fn boxed(self, node: &Node) -> Box<Node> {
        Box::new(self.apply(node))
    }

    fn all(self, nodes: &[Node]) -> Vec<Node> {
        nodes.iter().map(|node| self.apply(node)).collect()
    }

    fn squares(self, mask: u64) -> u64 {
        (0..64u32).filter(|i| mask & (1 << i) != 0).fold(0, |image, i| {
            let (file, rank) = (self.square)(i % 8, i / 8);
            image | 1 << (rank * 8 + file)
        })
    }

    fn kinds(self, kinds: Kinds) -> Kinds {
        if self.swap_colours { kinds.flip_colors() } else { kinds }
    }

    fn expr(self, expr: &Expr) -> Expr {
        use Expr as E;
        match expr {
            E::Bool(_) | E::Number(_) | E::Str(_) | E::PassedPawns | E::Year => expr.clone(),
            // With the colours swapped, a win for white is a win for black.
            E::Result(result) if self.swap_colours => E::Result(
                match result.as_str() {
                    "1-0" => "0-1",
                    "0-1" => "1-0",
                    other => other,
                }
                .to_owned(),
            ),
            E::Result(_) => expr.clone(),
            E::Between(x, y) => E::Between(self.boxed(x), self.boxed(y)),
            E::Squares(mask) => E::Squares(self.squares(*mask)),
            E::Pieces { kinds, within } => E::Pieces { kinds: self.kinds(*kinds), within: self.squares(*within) },
            E::Position(test) if self.swap_colours => E::Position(match test {
                PositionTest::WhiteToMove => PositionTest::BlackToMove,
                PositionTest::BlackToMove => PositionTest::WhiteToMove,
                other => *other,
            }),
            E::Position(_) => expr.clone(),
            E::Compound(nodes) => E::Compound(self.all(nodes)),
            E::Not(inner) => E::Not(self.boxed(inner)),
            E::And(l, r) => E::And(self.boxed(l), self.boxed(r)),
            E::Or(l, r) => E::Or(self.boxed(l), self.boxed(r)),
            E::Compare(relation, l, r) => E::Compare(*relation, self.boxed(l), self.boxed(r)),
            E::SetEquality { equal, left, right } => {
                E::SetEquality { equal: *equal, left: self.boxed(left), right: self.boxed(right) }
            }
            E::CompareStrings(relation, l, r) => E::CompareStrings(*relation, self.boxed(l), self.boxed(r)),
            E::ComparePositions(relation, l, r) => E::ComparePositions(*relation, self.boxed(l), self.boxed(r)),
            E::Union(l, r) => E::Union(self.boxed(l), self.boxed(r)),
            E::Intersection(l, r) => E::Intersection(self.boxed(l), self.boxed(r)),
            E::Complement(inner) => E::Complement(self.boxed(inner)),
            E::Arithmetic(op, l, r) => E::Arithmetic(*op, self.boxed(l), self.boxed(r)),
            E::Negate(inner) => E::Negate(self.boxed(inner)),
            E::Count(inner) => E::Count(self.boxed(inner)),
            E::Subset(l, r) => E::Subset(self.boxed(l), self.boxed(r)),
            E::Attack(direction, operands) => E::Attack(*direction, self.all(operands)),
            E::Comment(arguments) => E::Comment(self.all(arguments)),
            E::Message { quiet, arguments } => E::Message { quiet: *quiet, arguments: self.all(arguments) },
            E::Dash(dash) => E::Dash(self.dash(dash)),
            E::CountMoves(dash) => E::CountMoves(self.dash(dash)),
            E::Move(filter) => E::Move(MoveFilter {
                from: filter.from.as_deref().map(|n| self.boxed(n)),
                to: filter.to.as_deref().map(|n| self.boxed(n)),
                capture: filter.capture.as_deref().map(|n| self.boxed(n)),
                en_passant_square: filter.en_passant_square.as_deref().map(|n| self.boxed(n)),
                custodial: filter.custodial.as_deref().map(|n| self.boxed(n)),
                ..filter.clone()
            }),
            E::CurrentMove(_) | E::Var(_) => expr.clone(),
            E::Assign { var, op, value } => E::Assign { var: var.clone(), op: *op, value: self.boxed(value) },
            E::ForEach { var, all, set, body } => {
                E::ForEach { var: var.clone(), all: *all, set: self.boxed(set), body: self.boxed(body) }
            }
            E::Path(path) => E::Path(Box::new(PathFilter {
                steps: self.steps(&path.steps),
                focus: path.focus.as_ref().map(|(capture, node)| (*capture, self.apply(node))),
                best: path.best.as_ref().map(|(min, node)| (*min, self.apply(node))),
                ..(**path).clone()
            })),
            E::PathStatus(_) | E::PositionOf(_) => expr.clone(),
            E::At { position, filter } => E::At { position: self.boxed(position), filter: self.boxed(filter) },
            E::If { condition, then, otherwise } => E::If {
                condition: self.boxed(condition),
                then: self.boxed(then),
                otherwise: otherwise.as_deref().map(|e| self.boxed(e)),
            },
            E::FirstOf(images) => E::FirstOf(self.all(images)),
            E::Sort { index, body } => E::Sort { index: *index, body: self.boxed(body) },
            E::Power(inner) => E::Power(self.boxed(inner)),
            E::Abs(inner) => E::Abs(self.boxed(inner)),
            E::Direction { directions, min, max, squares } => E::Direction {
                directions: directions.image(self.square),
                min: *min,
                max: *max,
                squares: self.boxed(squares),
            },
        }
    }

    fn dash(self, dash: &Dash) -> Dash {
        Dash { source: dash.source, test: self.test(&dash.test), target: self.all(&dash.target) }
    }

    fn test(self, test: &MoveTest) -> MoveTest {
        MoveTest {
            from: test.from.as_deref().map(|n| self.boxed(n)),
            to: test.to.as_deref().map(|n| self.boxed(n)),
            capture: test.capture,
            promotion: test.promotion,
            source: test.source.clone(),
        }
    }

    fn steps(self, steps: &[Step]) -> Vec<Step> {
        steps
            .iter()
            .map(|step| match step {
                Step::Move(test) => Step::Move(self.test(test)),
                Step::Filter(node) => Step::Filter(self.apply(node)),
                Step::Repeat { steps, min, max } => Step::Repeat { steps: self.steps(steps), min: *min, max: *max },
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Type;

    fn pieces(kinds: Kinds, within: u64) -> Node {
        Node { expr: Expr::Pieces { kinds, within }, ty: Type::Set, source: String::new() }
    }

    fn within(node: &Node) -> u64 {
        match node.expr {
            Expr::Pieces { within, .. } => within,
            Expr::Squares(mask) => mask,
            _ => unreachable!(),
        }
    }

    #[test]
    fn flipcolor_makes_the_white_king_on_e1_the_black_king_on_e8() {
        let e1 = 1u64 << 4;
        let image = Transform::FLIP_COLOR.apply(&pieces(Kinds::WHITE_KING, e1));
        assert_eq!(image.expr, Expr::Pieces { kinds: Kinds::BLACK_KING, within: 1u64 << 60 });
    }

    #[test]
    fn flip_takes_a_corner_to_the_four_corners_and_keeps_colours() {
        let a1 = pieces(Kinds::WHITE_ROOK, 1);
        let corners = Transform::SYMMETRIES.iter().map(|t| within(&t.apply(&a1))).fold(1, |all, w| all | w);
        assert_eq!(corners, 1 | 1 << 7 | 1 << 56 | 1 << 63);
        assert!(
            Transform::SYMMETRIES
                .iter()
                .all(|t| matches!(t.apply(&a1).expr, Expr::Pieces { kinds: Kinds::WHITE_ROOK, .. }))
        );
        let a2 = Node { expr: Expr::Squares(1 << 8), ty: Type::Set, source: String::new() };
        let images = Transform::SYMMETRIES.iter().map(|t| within(&t.apply(&a2))).fold(1u64 << 8, |all, w| all | w);
        assert_eq!(images.count_ones(), 8, "a2's images: the squares beside the corners");
    }
}
