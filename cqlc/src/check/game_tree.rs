//! Checking the filters about the game tree: `find`, the position numbers,
//! `child`, `position N`, and the relations of two positions.

use super::{Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, FindSpec, Lineage, Node, TreeNumber, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `find`: a position, or with `all` or a range a number.
    pub(super) fn find(&self, filter: &Filter, spec: FindSpec, body: &Filter) -> Checked {
        let body = Box::new(self.filter(body)?);
        let ty = if spec.count.is_some() { Type::Numeric } else { Type::Position };
        Ok(self.node(filter, Expr::Find { spec, body }, ty))
    }

    /// `ply` and the other numbers of where the position is.
    pub(super) fn tree_number(&self, filter: &Filter, number: TreeNumber) -> Checked {
        Ok(self.node(filter, Expr::TreeNumber(number), Type::Numeric))
    }

    /// `sidetomove`: a number.
    pub(super) fn side_to_move(&self, filter: &Filter) -> Checked {
        Ok(self.node(filter, Expr::SideToMove, Type::Numeric))
    }

    /// `child N`: a position.
    pub(super) fn child(&self, filter: &Filter, index: i64) -> Checked {
        Ok(self.node(filter, Expr::Child(index), Type::Position))
    }

    /// `position N`: a position, from a number.
    pub(super) fn position_with_id(&self, filter: &Filter, id: &Filter) -> Checked {
        let id = self.typed(id, Type::Numeric, "the id of 'position'")?;
        Ok(self.node(filter, Expr::PositionWithId(Box::new(id)), Type::Position))
    }

    /// `x ≺ y`, `ancestor(x y)`, ...: of two positions, the first if they
    /// are so related.
    pub(super) fn lineage(&self, filter: &Filter, lineage: Lineage, left: &Filter, right: &Filter) -> Checked {
        let (left, right) = self.two_positions(left, right)?;
        Ok(self.node(filter, Expr::Lineage(lineage, left, right), Type::Position))
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
