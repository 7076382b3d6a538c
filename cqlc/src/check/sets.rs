//! Checking the set filters: piece designators and squares, `∪`, `∩`, `~`,
//! `in`, `#`, `light` and `dark`.

use super::{Checked, Checker};
use crate::{
    ir::{Expr, Node, StringFunction, Type, VarKind},
    syntax::ast::{Designator, Filter},
};

impl Checker<'_> {
    /// A piece designator: its kinds on its squares, or just its squares.
    pub(super) fn designator(&self, filter: &Filter, designator: &Designator) -> Node {
        let squares = designator.squares.unwrap_or(u64::MAX);
        let expr = match designator.pieces {
            Some(kinds) => Expr::Pieces { kinds, within: squares },
            None => Expr::Squares(squares),
        };
        self.node(filter, expr, Type::Set)
    }

    /// `F ∪ G` (`union`) or `F ∩ G`, which of two positions is the squares
    /// where both have the same piece or are both empty.
    pub(super) fn set_operation(&self, filter: &Filter, union: bool, left: &Filter, right: &Filter) -> Checked {
        let role = if union { "each side of '∪'" } else { "each side of '∩'" };
        let checked_left = self.filter(left)?;
        if !union && checked_left.ty == Type::Position {
            let right = self.typed(right, Type::Position, "the right side of '∩' after a position")?;
            return Ok(self.node(filter, Expr::CommonSquares(Box::new(checked_left), Box::new(right)), Type::Set));
        }
        let left = Box::new(self.require(left, checked_left, Type::Set, role)?);
        let right = Box::new(self.typed(right, Type::Set, role)?);
        let expr = if union { Expr::Union(left, right) } else { Expr::Intersection(left, right) };
        Ok(self.node(filter, expr, Type::Set))
    }

    /// `~F`: the squares not in F.
    pub(super) fn complement(&self, filter: &Filter, inner: &Filter) -> Checked {
        let inner = self.typed(inner, Type::Set, "the operand of '~'")?;
        Ok(self.node(filter, Expr::Complement(Box::new(inner)), Type::Set))
    }

    /// `#F`: the number of squares in F.
    /// `#S` of a string: its length.
    pub(super) fn count(&self, filter: &Filter, inner: &Filter) -> Checked {
        let checked = self.filter(inner)?;
        if let Expr::Var(dict) = &checked.expr
            && dict.kind == VarKind::Dictionary
        {
            return Ok(self.entry_count(filter, dict.clone()));
        }
        if checked.ty == Type::String {
            return Ok(self.strings(filter, StringFunction::Length, vec![checked]));
        }
        let inner = self.require(inner, checked, Type::Set, "the operand of '#'")?;
        Ok(self.node(filter, Expr::Count(Box::new(inner)), Type::Numeric))
    }

    /// `F in G`: F is a subset of G.
    /// `S in T` of strings: whether S occurs in T.
    pub(super) fn subset(&self, filter: &Filter, left: &Filter, right: &Filter) -> Checked {
        let checked = self.filter(left)?;
        if checked.ty == Type::String {
            let right = self.typed(right, Type::String, "the right side of 'in' after a string")?;
            return Ok(self.strings(filter, StringFunction::Contains, vec![checked, right]));
        }
        let left = self.require(left, checked, Type::Set, "the left side of 'in'")?;
        let right = self.typed(right, Type::Set, "the right side of 'in'")?;
        Ok(self.node(filter, Expr::Subset(Box::new(left), Box::new(right)), Type::Boolean))
    }

    /// `light F`, `dark F`: F's light (dark) squares.
    pub(super) fn square_colour(&self, filter: &Filter, light: bool, squares: &Filter) -> Checked {
        let role = if light { "the operand of 'light'" } else { "the operand of 'dark'" };
        let squares = Box::new(self.typed(squares, Type::Set, role)?);
        Ok(self.node(filter, Expr::SquareColor { light, squares }, Type::Set))
    }
}
