//! Checking the filters about the game tree: `find`, the position numbers,
//! `child`, `position N`, and the relations of two positions.

use super::{Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Bounds, Expr, FindSpec, Lineage, Node, Relation, TreeNumber, Type},
    syntax::ast::{self, Filter},
};

impl Checker<'_> {
    /// `find`: a position, or with `all` or a range a number.
    pub(super) fn find(&self, filter: &Filter, spec: FindSpec, range: Option<&ast::Bounds>, body: &Filter) -> Checked {
        let range = range.map(|range| self.bounds(range)).transpose()?;
        let body = Box::new(self.filter(body)?);
        let ty = if spec.all || range.is_some() { Type::Numeric } else { Type::Position };
        Ok(self.node(filter, Expr::Find { spec, range, body }, ty))
    }

    /// A range's endpoints: numbers.
    pub(super) fn bounds(&self, (least, most): &ast::Bounds) -> Result<Bounds, Diagnostic> {
        let least = self.typed(least, Type::Numeric, "a range's endpoint")?;
        let most = self.typed(most, Type::Numeric, "a range's endpoint")?;
        Ok((Box::new(least), Box::new(most)))
    }

    /// `ply` and the other numbers of where the position is.
    pub(super) fn tree_number(&self, filter: &Filter, number: TreeNumber) -> Checked {
        Ok(self.node(filter, Expr::TreeNumber(number), Type::Numeric))
    }

    /// `sidetomove`: a number.
    pub(super) fn side_to_move(&self, filter: &Filter) -> Checked {
        Ok(self.node(filter, Expr::SideToMove, Type::Numeric))
    }

    /// `child(N)`: a position, from a number.
    pub(super) fn child(&self, filter: &Filter, index: Option<&Filter>) -> Checked {
        let index = index.map(|index| self.typed(index, Type::Numeric, "the index of 'child'")).transpose()?;
        Ok(self.node(filter, Expr::Child(index.map(Box::new)), Type::Position))
    }

    /// `position N`: a position, from a number.
    pub(super) fn position_with_id(&self, filter: &Filter, id: &Filter) -> Checked {
        let id = self.typed(id, Type::Numeric, "the id of 'position'")?;
        Ok(self.node(filter, Expr::PositionWithId(Box::new(id)), Type::Position))
    }

    /// `x ≺ y`, `ancestor(x y)`, ...: of two positions, the first if they
    /// are so related. Of two other values CQL 6.2 reads `≺ ≼ ≻ ≽` as `< <=
    /// > >=` (`1≺2`, `"a"≺"b"`).
    pub(super) fn lineage(&self, filter: &Filter, lineage: Lineage, left: &Filter, right: &Filter) -> Checked {
        let (left, right) = (self.filter(left)?, self.filter(right)?);
        if left.ty != Type::Position || right.ty != Type::Position {
            let relation = match lineage {
                Lineage::Before => Relation::Less,
                Lineage::BeforeOrSame => Relation::LessEqual,
                Lineage::After => Relation::Greater,
                Lineage::AfterOrSame => Relation::GreaterEqual,
            };
            return self.compare_checked(filter, relation, left, right);
        }
        Ok(self.node(filter, Expr::Lineage(lineage, Box::new(left), Box::new(right)), Type::Position))
    }

    /// `lca(x y)`: a position.
    pub(super) fn lca(&self, filter: &Filter, left: &Filter, right: &Filter) -> Checked {
        let (left, right) = self.two_positions(left, right)?;
        Ok(self.node(filter, Expr::Lca(left, right), Type::Position))
    }

    /// `distance(x y)`: a number.
    pub(super) fn distance(&self, filter: &Filter, left: &Filter, right: &Filter) -> Checked {
        let (left, right) = self.two_positions(left, right)?;
        Ok(self.node(filter, Expr::Distance(left, right), Type::Numeric))
    }

    /// The two positions a relation takes.
    fn two_positions(&self, left: &Filter, right: &Filter) -> Result<(Box<Node>, Box<Node>), Diagnostic> {
        let left = self.typed(left, Type::Position, "the first position")?;
        let right = self.typed(right, Type::Position, "the second position")?;
        Ok((Box::new(left), Box::new(right)))
    }
}
